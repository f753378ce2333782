// Buys one call from a coinslot with the official x402 client (@x402/fetch
// + @x402/evm), then reads its answer again with only a SIGN-IN-WITH-X
// header that the official sign-in-with-x client (@x402/extensions'
// wrapFetchWithSIWx) builds from the 402's challenge: the answer must be
// byte for byte the one paid for, and the seller's revenue must not move.
// A proof from a wallet that never paid gets the 402. Then the wallet reads
// its payments at /payments with a proof the same client builds
// (createSIWxPayload) from that route's 401 challenge: the purchase is
// among the newest, and a wallet that never paid sees an empty list.
//
//   BASE_URL            the service (default http://localhost:8080), with siwx.enabled
//   COINSLOT_BUYER_KEY  the buyer's private key, 0x-hex, funded on the service's network
//   TOOL                the tool to buy (default business_days)
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { createSIWxPayload, encodeSIWxHeader, wrapFetchWithSIWx } from "@x402/extensions/sign-in-with-x";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const tool = process.env.TOOL || "business_days";
if (!key) {
  console.error("COINSLOT_BUYER_KEY is required");
  process.exit(2);
}
function check(ok, what) {
  if (!ok) throw new Error(what);
}
// revenue is the seller's coinslot_revenue_atomic_total for the tool, summed
// over networks.
async function revenue() {
  const text = await (await fetch(`${base}/metrics`)).text();
  let sum = 0n;
  for (const line of text.split("\n")) {
    const m = /^coinslot_revenue_atomic_total\{([^}]*)\} (\S+)$/.exec(line);
    if (m && m[1].includes(`tool="${tool}"`)) sum += BigInt(Math.round(Number(m[2])));
  }
  return sum;
}

const quote = await (await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`)).json();
const c = quote.buyer_contract;
const price = BigInt(Math.round(Number(c.priceUsd) * 1e6));
const request = () => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(c.requestBody ?? {}) });
const buyer = privateKeyToAccount(key);

const client = new x402Client();
client.register("eip155:*", new ExactEvmScheme(buyer));
client.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
const before = await revenue();
const bought = await wrapFetchWithPayment(fetch, client)(c.endpoint, request());
const paidAnswer = await bought.text();
check(bought.status === 200, `buy: HTTP ${bought.status}: ${paidAnswer}`);
const tx = JSON.parse(Buffer.from(bought.headers.get("PAYMENT-RESPONSE"), "base64").toString()).transaction;
const afterBuy = await revenue();
check(afterBuy - before === price, `the purchase moved revenue by ${afterBuy - before}, want ${price}`);

// The re-read carries no payment: the plain fetch is wrapped by the
// sign-in-with-x client alone, which signs the 402's challenge and retries.
const reread = await wrapFetchWithSIWx(fetch, buyer)(c.endpoint, request());
const again = await reread.text();
check(reread.status === 200, `sign-in: HTTP ${reread.status}: ${again}`);
check(again === paidAnswer, `sign-in: the answer differs from the one paid for:\n${again}\n${paidAnswer}`);
check((await revenue()) === afterBuy, "the sign-in moved the seller's revenue");
console.log(`siwx: ${buyer.address} read its ${tool} answer again (${again.length} bytes, identical), revenue unchanged at ${afterBuy}`);

const stranger = privateKeyToAccount(generatePrivateKey());
const refused = await wrapFetchWithSIWx(fetch, stranger)(c.endpoint, request());
const why = await refused.json();
check(refused.status === 402 && why.reason === "siwx_not_paid", `another wallet: HTTP ${refused.status}: ${JSON.stringify(why)}`);
check((await revenue()) === afterBuy, "the refused sign-in moved the seller's revenue");
console.log(`siwx: ${stranger.address}, which never paid, got a 402: ${why.error}`);

// payments reads /payments as wallet signs in: wrapFetchWithSIWx answers
// only 402s, so the proof of the 401's challenge is built with the same
// package's createSIWxPayload.
async function payments(wallet) {
  const url = `${base}/payments`;
  const challenged = await fetch(url);
  const body = await challenged.json();
  check(challenged.status === 401 && body.error.code === "sign_in_required", `/payments without a proof: HTTP ${challenged.status}: ${JSON.stringify(body)}`);
  const ext = body.extensions["sign-in-with-x"];
  const chain = ext.supportedChains.find((ch) => ch.chainId === c.network);
  check(chain, `/payments: no challenge on ${c.network}: ${JSON.stringify(ext.supportedChains)}`);
  const proof = await createSIWxPayload({ ...ext.info, chainId: chain.chainId, type: chain.type }, wallet, url);
  const read = await fetch(url, { headers: { "SIGN-IN-WITH-X": encodeSIWxHeader(proof) } });
  const doc = await read.json();
  check(read.status === 200, `/payments signed in: HTTP ${read.status}: ${JSON.stringify(doc)}`);
  return doc;
}
const mine = await payments(buyer);
// Settlement times are whole seconds, and payments of the same second are
// listed by nonce: an earlier script's purchase with this key can share the
// purchase's second and come first.
const purchase = mine.payments.find((p) => p.tx === tx);
check(mine.payer === buyer.address && purchase && purchase.since === mine.payments[0].since && purchase.tool === tool && purchase.state === "settled" && BigInt(purchase.amount_atomic) === price,
  `/payments: the purchase ${tx} is not among the newest payments: ${JSON.stringify(mine)}`);
const theirs = await payments(stranger);
check(theirs.payer === stranger.address && theirs.payments.length === 0 && theirs.channels.length === 0, `/payments of a wallet that never paid: ${JSON.stringify(theirs)}`);
console.log(`siwx: ${buyer.address} read ${mine.payments.length} payments and ${mine.channels.length} channels at /payments, its ${tool} purchase among the newest; ${stranger.address} read none`);
