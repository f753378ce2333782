// Checks a coinslot's signed offers and receipts (the x402 offer-and-receipt
// extension) with the official verifier, @x402/extensions: every offer of a
// route's 402 and the receipt of a paid answer recover to the seller's
// signing address; a tampered offer or receipt does not; the same payment
// sent again gets the same receipt.
//
//   BASE_URL      the service (default http://localhost:8080)
//   COINSLOT_BUYER_KEY the buyer's private key, 0x-hex, funded on the service's network
//   OFFER_SIGNER  the address of the seller's offer_receipt key
//   TOOL          the tool to buy (default business_days)
import { x402Client, x402HTTPClient } from "@x402/fetch";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import {
  extractOffersFromPaymentRequired,
  extractReceiptFromResponse,
  findAcceptsObjectFromSignedOffer,
  verifyOfferSignatureEIP712,
  verifyReceiptMatchesOffer,
  verifyReceiptSignatureEIP712,
} from "@x402/extensions/offer-receipt";
import { privateKeyToAccount } from "viem/accounts";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const signer = (process.env.OFFER_SIGNER || "").toLowerCase();
const tool = process.env.TOOL || "business_days";
if (!key || !signer) {
  console.error("COINSLOT_BUYER_KEY and OFFER_SIGNER are required");
  process.exit(2);
}
function check(ok, what) {
  if (!ok) throw new Error(what);
}
// recovers is who the official verifier says signed: an address, or null
// when the signature does not even recover.
async function recovers(verify, artifact) {
  try {
    return (await verify(artifact)).signer.toLowerCase();
  } catch {
    return null;
  }
}
const tampered = (artifact, change) => ({ ...artifact, payload: { ...artifact.payload, ...change } });

const quote = await (await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`)).json();
const c = quote.buyer_contract;
const account = privateKeyToAccount(key);
const client = new x402Client();
client.register("eip155:*", new ExactEvmScheme(account));
client.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
const http402 = new x402HTTPClient(client);
const request = { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(c.requestBody ?? {}) };

const probe = await fetch(c.endpoint, request);
check(probe.status === 402, `402 expected, got HTTP ${probe.status}`);
const required = http402.getPaymentRequiredResponse((n) => probe.headers.get(n), await probe.json());
const offers = extractOffersFromPaymentRequired(required);
check(offers.length === required.accepts.length, `${offers.length} offers for ${required.accepts.length} accepts entries`);
for (const offer of offers) {
  check((await recovers(verifyOfferSignatureEIP712, offer)) === signer, `offer ${offer.acceptIndex} is not signed by ${signer}`);
  check(findAcceptsObjectFromSignedOffer(offer, required.accepts), `offer ${offer.acceptIndex} matches no accepts entry`);
  check((await recovers(verifyOfferSignatureEIP712, tampered(offer, { amount: "1" }))) !== signer, `offer ${offer.acceptIndex} verifies with amount 1`);
  check((await recovers(verifyOfferSignatureEIP712, { ...offer, signature: offer.signature.replace(/..$/, "1d") })) !== signer, `offer ${offer.acceptIndex} verifies with another signature`);
}
console.log(`offer-receipt: ${offers.length} offers of ${tool} signed by ${signer}`);

// Only the exact offer is paid here; the same payment is then sent again.
const exact = { ...required, accepts: required.accepts.filter((a) => a.scheme === "exact") };
const payload = await client.createPaymentPayload(exact);
const paid = { ...request, headers: { ...request.headers, ...http402.encodePaymentSignatureHeader(payload) } };
const receipts = [];
for (const attempt of ["first", "retry"]) {
  const res = await fetch(c.endpoint, paid);
  check(res.status === 200, `${attempt}: HTTP ${res.status}: ${await res.text()}`);
  const receipt = extractReceiptFromResponse(res);
  check(receipt, `${attempt}: no receipt in PAYMENT-RESPONSE`);
  receipts.push(receipt);
}
const [receipt, again] = receipts;
check(JSON.stringify(again) === JSON.stringify(receipt), "the retry got another receipt");
check((await recovers(verifyReceiptSignatureEIP712, receipt)) === signer, `the receipt is not signed by ${signer}`);
const offer = offers.find((o) => o.payload.scheme === "exact");
check(verifyReceiptMatchesOffer(receipt, offer.payload, [account.address]), `the receipt ${JSON.stringify(receipt.payload)} does not match the offer`);
check((await recovers(verifyReceiptSignatureEIP712, tampered(receipt, { payer: c.payTo }))) !== signer, "the receipt verifies for another payer");
check((await recovers(verifyReceiptSignatureEIP712, tampered(receipt, { issuedAt: receipt.payload.issuedAt + 1 }))) !== signer, "the receipt verifies at another time");
console.log(`offer-receipt: the receipt of tx ${receipt.payload.transaction} for ${account.address} verifies; tampered ones do not`);
