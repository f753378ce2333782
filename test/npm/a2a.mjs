// Buys one call over A2A with the official A2A client (@a2a-js/sdk),
// carrying the payment as the x402 extension for A2A defines it: the
// message names the skill and holds its input, the task that answers asks
// for payment in its status metadata, the payment signed with @x402/evm is
// sent to the task, and the completed task holds the answer as an artifact
// with the settlement among x402.payment.receipts. Then the same payment
// sent again gets the same answer, uncharged.
//
//   BASE_URL   the service (default http://localhost:8080)
//   COINSLOT_BUYER_KEY  the buyer's private key, 0x-hex, funded on the service's network
//   TOOL       the skill to buy (default business_days); its contract's
//              requestBody is the input
//
// Exit status 0 only when the call was served, settled, and its receipt
// matches the payment.
import { randomUUID } from "node:crypto";
import { Role, TaskState } from "@a2a-js/sdk";
import {
  ClientFactory,
  ClientFactoryOptions,
  DefaultAgentCardResolver,
  JsonRpcTransportFactory,
  ServiceParameters,
  withA2AExtensions,
} from "@a2a-js/sdk/client";
import { x402Client } from "@x402/core/client";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";

const x402Extension = "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2";
const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const tool = process.env.TOOL || "business_days";
if (!key) {
  console.error("COINSLOT_BUYER_KEY is required");
  process.exit(2);
}
const account = privateKeyToAccount(key);

function check(ok, what) {
  if (!ok) throw new Error(what);
}

// The card is A2A v0.3 (message/send, tasks/get): the SDK speaks it with
// its compatibility layer.
const legacyCompat = { enabled: true };
const factory = new ClientFactory(
  ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
    transports: [new JsonRpcTransportFactory({ legacyCompat })],
    cardResolver: new DefaultAgentCardResolver({ legacyCompat }),
  }),
);
const client = await factory.createFromUrl(base);
const card = await client.getAgentCard();
check(card.capabilities.extensions.some((e) => e.uri === x402Extension && e.required), "the card does not declare the x402 extension");
check(card.skills.some((s) => s.id === tool), `the card has no skill ${tool}`);
const options = { serviceParameters: ServiceParameters.create(withA2AExtensions(x402Extension)) };

const quote = await (await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`)).json();
const input = quote.buyer_contract.requestBody ?? {};

function message(parts, metadata, taskId = "") {
  return {
    message: {
      messageId: randomUUID(),
      role: Role.ROLE_USER,
      parts,
      contextId: "",
      taskId,
      metadata,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
    tenant: "",
  };
}
const data = (value) => ({ content: { $case: "data", value }, metadata: undefined, filename: "", mediaType: "" });
const text = (value) => ({ content: { $case: "text", value }, metadata: undefined, filename: "", mediaType: "" });

// 1. The call: a task that asks for payment.
const asked = await client.sendMessage(message([text(`please run ${tool}`), data(input)], { skill: tool }), options);
const askedMeta = asked.status?.message?.metadata ?? {};
check(asked.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED, `state ${asked.status?.state}: ${JSON.stringify(asked)}`);
check(askedMeta["x402.payment.status"] === "payment-required", `payment status ${askedMeta["x402.payment.status"]}`);
const required = askedMeta["x402.payment.required"];
check(required?.x402Version === 2 && required.accepts?.length > 0, "no PaymentRequired in the task's metadata");
const terms = required.accepts.find((r) => r.scheme === "exact");
check(terms && BigInt(terms.amount) === BigInt(Math.round(Number(quote.buyer_contract.priceUsd) * 1e6)), "the terms are not the quoted price");

// 2. The payment, signed by the official x402 client for the exact terms.
const payer = new x402Client();
payer.register("eip155:*", new ExactEvmScheme(account));
// The sandbox token is not a default asset: allow exactly the contract's.
const contract = quote.buyer_contract;
payer.setSpendControls({ allowedAssets: [{ network: contract.network, asset: contract.assetContract }] });
payer.registerPolicy((version, reqs) => reqs.filter((r) => r.scheme === "exact" && r.payTo.toLowerCase() === contract.payTo.toLowerCase()));
const payload = await payer.createPaymentPayload(required);
const pay = () =>
  client.sendMessage(
    message([text("here is the payment")], { "x402.payment.status": "payment-submitted", "x402.payment.payload": payload }, asked.id),
    options,
  );
const done = await pay();
const doneMeta = done.status?.message?.metadata ?? {};
check(done.id === asked.id, "the payment answered another task");
check(done.status?.state === TaskState.TASK_STATE_COMPLETED, `state ${done.status?.state}: ${JSON.stringify(doneMeta)}`);
check(doneMeta["x402.payment.status"] === "payment-completed", `payment status ${doneMeta["x402.payment.status"]}`);
const settled = doneMeta["x402.payment.receipts"]?.[0];
check(settled?.success && settled.transaction && settled.payer?.toLowerCase() === account.address.toLowerCase(), `receipts ${JSON.stringify(doneMeta["x402.payment.receipts"])}`);
const answer = done.artifacts?.[0]?.parts?.[0]?.content;
check(answer?.$case === "data" && answer.value && typeof answer.value === "object", "no answer artifact");

// 3. The receipt names the payment and the answer's digest.
const res = await fetch(`${base}/receipt/${settled.transaction}`);
check(res.ok, `receipt ${settled.transaction}: HTTP ${res.status}`);
const receipt = await res.json();
check(receipt.tx === settled.transaction && receipt.tool === tool && receipt.amount_usd === quote.buyer_contract.priceUsd, `receipt ${JSON.stringify(receipt)}`);
check(receipt.payer.toLowerCase() === account.address.toLowerCase(), `receipt payer ${receipt.payer}`);

// 4. tasks/get and the same payment again: the same answer, no new charge.
const got = await client.getTask({ id: asked.id, tenant: "", historyLength: undefined }, options);
const again = await pay();
for (const [name, t] of [["tasks/get", got], ["retry", again]]) {
  check(t.status?.state === TaskState.TASK_STATE_COMPLETED, `${name}: state ${t.status?.state}`);
  check(JSON.stringify(t.artifacts[0].parts[0].content.value) === JSON.stringify(answer.value), `${name}: another answer`);
  check(t.status.message.metadata["x402.payment.receipts"][0].transaction === settled.transaction, `${name}: another settlement`);
}
console.log(`a2a: paid ${receipt.amount_usd} USD for ${tool} over A2A, tx ${receipt.tx}, receipt ${receipt.receipt_url}`);
