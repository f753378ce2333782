// Buys one coinslot tool over MCP with the official clients: the MCP
// TypeScript SDK (Streamable HTTP) finds the tool and its terms, @x402/evm
// signs the payment, and the paid tools/call carries it in
// _meta["x402/payment"], as the x402 MCP transport says.
//
//   BASE_URL     the service (default http://localhost:8080); MCP is at /mcp
//   COINSLOT_BUYER_KEY the buyer's private key, 0x-hex, funded on the service's network
//   TOOL         the tool to buy (default business_days); its buyer contract's
//                requestBody is the arguments unless ARGS is set
//   ARGS         the arguments, a JSON object (optional)
//   TOOLS_COUNT  how many tools tools/list must show (optional)
//
// It prints one line per check and "N passed, N failed" last; the exit
// status is 0 only when every check passed.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { isDeepStrictEqual } from "node:util";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const tool = process.env.TOOL || "business_days";
if (!process.env.COINSLOT_BUYER_KEY) {
  console.error("COINSLOT_BUYER_KEY is required");
  process.exit(2);
}
const account = privateKeyToAccount(process.env.COINSLOT_BUYER_KEY);

let passed = 0;
let failed = 0;
function check(ok, what, detail) {
  if (ok) {
    passed++;
    console.log(`ok   ${what}`);
  } else {
    failed++;
    console.log(`FAIL ${what}${detail === undefined ? "" : ": " + JSON.stringify(detail)}`);
  }
  return ok;
}

// termsOf reads a payment-required result: the PaymentRequired document in
// structuredContent and, identical, in the first text block.
function termsOf(result) {
  const pr = result.structuredContent;
  let text;
  try {
    text = JSON.parse(result.content?.[0]?.text);
  } catch {
    text = undefined;
  }
  const ok = result.isError === true && pr?.x402Version === 2 && Array.isArray(pr.accepts) && isDeepStrictEqual(pr, text);
  return ok ? pr : undefined;
}

async function contract() {
  const res = await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`);
  if (!res.ok) throw new Error(`quote for ${tool}: HTTP ${res.status}`);
  const c = (await res.json()).buyer_contract;
  if (!c?.payTo) throw new Error("the quote has no buyer contract");
  return c;
}

const c = await contract();
const args = process.env.ARGS ? JSON.parse(process.env.ARGS) : c.requestBody ?? {};
const client = new Client({ name: "coinslot-mcp-buyer", version: "1.0.0" });
const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`));
await client.connect(transport);
check(client.getServerVersion()?.name === "coinslot", "initialize: server is coinslot", client.getServerVersion());
check(transport.protocolVersion === "2025-11-25", "initialize: protocol 2025-11-25", transport.protocolVersion);
check(client.getServerCapabilities()?.tools !== undefined, "initialize: tools capability");
check(isDeepStrictEqual(await client.ping(), {}), "ping");

const { tools } = await client.listTools();
if (process.env.TOOLS_COUNT) {
  check(tools.length === Number(process.env.TOOLS_COUNT), `tools/list: ${process.env.TOOLS_COUNT} tools`, tools.length);
}
const listed = tools.find((t) => t.name === tool);
check(
  tools.every((t) => t.inputSchema?.type === "object" && /Price: \d+\.\d\d USD per call/.test(t.description) &&
    t.annotations?.readOnlyHint === true && t.outputSchema?.type === "object"),
  "tools/list: every tool has an object input and output schema, its price and readOnlyHint",
);
check(listed?.description.includes(`Price: ${c.priceUsd} USD`), `tools/list: ${tool} costs ${c.priceUsd} USD`, listed?.description);

const invalid = await client.callTool({ name: tool, arguments: { no_such_parameter: 1 } });
check(invalid.isError === true && invalid.structuredContent?.error?.code === "invalid_params" &&
  invalid.structuredContent.error.fields.some((f) => f.name === "no_such_parameter"),
  "tools/call with a bad argument: invalid_params naming it, no terms", invalid.structuredContent);

const unpaid = await client.callTool({ name: tool, arguments: args });
const pr = termsOf(unpaid);
check(pr !== undefined, "tools/call without payment: PaymentRequired in structuredContent and content[0].text", unpaid);
const req = pr?.accepts[0];
check(req && req.network === c.network && req.asset.toLowerCase() === c.assetContract.toLowerCase() &&
  req.payTo.toLowerCase() === c.payTo.toLowerCase() && BigInt(req.amount) === BigInt(Math.round(Number(c.priceUsd) * 1e6)),
  "terms match the buyer contract (network, asset, payTo, price)", req);

const payer = new x402Client();
payer.register("eip155:*", new ExactEvmScheme(account));
// The sandbox token is not a default asset: allow exactly the contract's.
payer.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
const payment = await payer.createPaymentPayload(pr);
const paid = await client.callTool({ name: tool, arguments: args, _meta: { "x402/payment": payment } });
const settled = paid._meta?.["x402/payment-response"];
let text;
try {
  text = JSON.parse(paid.content?.[0]?.text);
} catch {
  text = undefined;
}
check(paid.isError !== true && paid.structuredContent?.meta && isDeepStrictEqual(paid.structuredContent, text),
  "paid tools/call: the answer in structuredContent and content[0].text", paid);
check(settled?.success === true && settled.payer?.toLowerCase() === account.address.toLowerCase() &&
  settled.network === c.network && /^0x[0-9a-f]{64}$/i.test(settled.transaction),
  `paid tools/call: _meta["x402/payment-response"] settled by ${account.address}`, settled);
if (settled?.transaction) {
  const res = await fetch(`${base}/receipt/${settled.transaction}`);
  const r = res.ok ? await res.json() : {};
  check(r.tx === settled.transaction && r.tool === tool && r.amount_usd === c.priceUsd,
    `receipt ${settled.transaction}`, r);
}

// A retry of a settled payment gets its answer again, with the original
// settlement: nothing is charged twice.
const retry = await client.callTool({ name: tool, arguments: args, _meta: { "x402/payment": payment } });
check(retry.isError !== true && isDeepStrictEqual(retry.structuredContent, paid.structuredContent) &&
  retry._meta?.["x402/payment-response"]?.transaction === settled?.transaction,
  "the same payment again gets the stored answer and the original settlement", retry);

await client.close();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
