// Pays one coinslot route end to end with the official x402 npm clients:
// @x402/fetch + @x402/evm (x402 v2) and x402-fetch (x402 v1). Each buyer
// first reads the tool's buyer contract and pays only terms that match it.
//
//   BASE_URL            the service (default http://localhost:8080)
//   COINSLOT_BUYER_KEY  the buyer's private key, 0x-hex, funded on the service's network
//   TOOL                the tool to buy (default business_days); its contract's
//                       requestBody is the request
//   CLIENTS             which clients to run: "v2,v1" (default)
//
// Exit status 0 only when every client was served, settled and got a
// receipt that matches its payment.
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { privateKeyToAccount } from "viem/accounts";
import { wrapFetchWithPayment as wrapFetchV1, createSigner, decodeXPaymentResponse } from "x402-fetch";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const tool = process.env.TOOL || "business_days";
const clients = (process.env.CLIENTS || "v2,v1").split(",");
if (!key) {
  console.error("COINSLOT_BUYER_KEY is required");
  process.exit(2);
}
const account = privateKeyToAccount(key);

function check(ok, what) {
  if (!ok) throw new Error(what);
}

async function contract() {
  const res = await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`);
  check(res.ok, `quote for ${tool}: HTTP ${res.status}`);
  const quote = await res.json();
  const c = quote.buyer_contract;
  check(c && c.endpoint && c.verifyBeforePaying?.length === 5, "the quote has no buyer contract");
  return c;
}

// matches applies the buyer contract to one accepts entry of either version.
function matches(c, req, network) {
  const amount = BigInt(req.amount ?? req.maxAmountRequired);
  const max = BigInt(Math.round(Number(c.maxPaymentUsd) * 1e6));
  return (
    network === c.network &&
    req.asset.toLowerCase() === c.assetContract.toLowerCase() &&
    req.payTo.toLowerCase() === c.payTo.toLowerCase() &&
    amount <= max
  );
}

async function receiptOf(settled, c) {
  check(settled?.success && settled.transaction, `no settlement: ${JSON.stringify(settled)}`);
  const res = await fetch(`${base}/receipt/${settled.transaction}`);
  check(res.ok, `receipt ${settled.transaction}: HTTP ${res.status}`);
  const r = await res.json();
  check(r.schema === "svc.receipt.v1" && r.tx === settled.transaction, "receipt does not name the transaction");
  check(r.payer.toLowerCase() === account.address.toLowerCase(), `receipt payer ${r.payer}`);
  check(r.amount_usd === c.priceUsd && r.tool === tool, `receipt ${r.amount_usd} for ${r.tool}`);
  return r;
}

async function payV2(c) {
  const client = new x402Client();
  client.register("eip155:*", new ExactEvmScheme(account));
  // The sandbox token is not a default asset: allow exactly the contract's.
  client.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
  client.registerPolicy((version, reqs) => reqs.filter((r) => matches(c, r, r.network)));
  const pay = wrapFetchWithPayment(fetch, client);
  const res = await pay(c.endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(c.requestBody ?? {}),
  });
  const body = await res.text();
  check(res.status === 200, `v2: HTTP ${res.status}: ${body}`);
  const settled = new x402HTTPClient(client).getPaymentSettleResponse((n) => res.headers.get(n));
  return receiptOf(settled, c);
}

async function payV1(c) {
  // x402-fetch reads the v1 terms from the 402 body and names networks
  // from a fixed list; find the v1 name of the contract's network there.
  const probe = await fetch(c.endpoint, { method: "GET" });
  const terms = await probe.json();
  const req = terms.accepts?.[0];
  check(probe.status === 402 && req, `v1 terms: HTTP ${probe.status}`);
  check(matches(c, req, c.network), "v1 terms do not match the buyer contract");
  const signer = await createSigner(req.network, key);
  const pay = wrapFetchV1(fetch, signer, BigInt(req.maxAmountRequired));
  const res = await pay(c.endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(c.requestBody ?? {}),
  });
  const body = await res.text();
  check(res.status === 200, `v1: HTTP ${res.status}: ${body}`);
  return receiptOf(decodeXPaymentResponse(res.headers.get("x-payment-response")), c);
}

const c = await contract();
let failed = false;
for (const [name, run] of [["v2", payV2], ["v1", payV1]]) {
  if (!clients.includes(name)) continue;
  try {
    const r = await run(c);
    console.log(`${name}: paid ${r.amount_usd} USD for ${tool}, tx ${r.tx}, receipt ${r.receipt_url}`);
  } catch (e) {
    failed = true;
    console.error(`${name}: FAILED: ${e.message}`);
  }
}
process.exit(failed ? 1 : 0);
