// Pays one coinslot route on each of several networks with the official
// x402 client (@x402/fetch + @x402/evm, x402 v2): the 402 must offer exact
// on every one, and each payment's settlement, receipt and the seller's
// coinslot_revenue_atomic_total{network} must name the network paid on.
//
//   BASE_URL  the service
//   BUYERS    network=key pairs, comma-separated: a buyer funded on each
//             network, e.g. eip155:31337=0xac09...,eip155:1337=0x59c6...
//   TOOL      the tool to buy (default business_days)
//
// Exit status 0 only when every network was paid on as above.
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";

const base = (process.env.BASE_URL || "").replace(/\/$/, "");
const tool = process.env.TOOL || "business_days";
const buyers = (process.env.BUYERS || "").split(",").filter(Boolean).map((pair) => {
  const i = pair.lastIndexOf("=");
  return { network: pair.slice(0, i), key: pair.slice(i + 1) };
});
if (!base || buyers.length === 0) {
  console.error("BASE_URL and BUYERS are required");
  process.exit(2);
}

function check(ok, what) {
  if (!ok) throw new Error(what);
}

// revenue is the seller's revenue metric for the tool on network.
async function revenue(network) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`coinslot_revenue_atomic_total{network="${network}",tool="${tool}"} `));
  return line ? BigInt(line.split(" ")[1]) : 0n;
}

const quote = await (await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`)).json();
const endpoint = quote.buyer_contract.endpoint;
const body = JSON.stringify(quote.buyer_contract.requestBody ?? {});
const probe = await fetch(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body });
check(probe.status === 402, `unpaid call: HTTP ${probe.status}`);
const terms = new x402HTTPClient(new x402Client()).getPaymentRequiredResponse((n) => probe.headers.get(n), await probe.json());

let failed = false;
for (const { network, key } of buyers) {
  try {
    const offer = terms.accepts.find((r) => r.scheme === "exact" && r.network === network);
    check(offer, `the 402 offers no exact on ${network}`);
    const account = privateKeyToAccount(key);
    const client = new x402Client();
    client.register("eip155:*", new ExactEvmScheme(account));
    client.setSpendControls({ allowedAssets: [{ network, asset: offer.asset }] });
    client.registerPolicy((version, reqs) => reqs.filter((r) => r.scheme === "exact" && r.network === network));
    const before = await revenue(network);
    const res = await wrapFetchWithPayment(fetch, client)(endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    const answer = await res.text();
    check(res.status === 200, `HTTP ${res.status}: ${answer}`);
    const settled = new x402HTTPClient(client).getPaymentSettleResponse((n) => res.headers.get(n));
    check(settled?.success && settled.network === network, `settled ${JSON.stringify(settled)}`);
    const r = await (await fetch(`${base}/receipt/${settled.transaction}`)).json();
    check(r.network === network && r.tx === settled.transaction, `receipt names ${r.network}, tx ${r.tx}`);
    check(r.payer.toLowerCase() === account.address.toLowerCase() && r.amount_atomic === offer.amount, `receipt ${r.payer} paid ${r.amount_atomic}`);
    const after = await revenue(network);
    check(after - before === BigInt(offer.amount), `revenue on ${network} rose by ${after - before}, not ${offer.amount}`);
    console.log(`${network}: paid ${r.amount_usd} USD for ${tool}, tx ${r.tx}; revenue ${after}`);
  } catch (e) {
    failed = true;
    console.error(`${network}: FAILED: ${e.message}`);
  }
}
process.exit(failed ? 1 : 0);
