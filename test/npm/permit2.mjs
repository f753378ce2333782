// Buys from a coinslot through Permit2 with the official x402 npm
// clients, unmodified: @x402/fetch with @x402/evm's exact client on the
// 402's exact entry that names assetTransferMethod "permit2", and with its
// upto client on a metered tool's upto entry. The buyer is a fresh wallet
// holding only USDC (no ETH, never approved Permit2), funded by the
// funded key: the clients sign the EIP-2612 permit the seller's 402
// declares it takes (eip2612GasSponsoring). Each purchase must move the
// buyer's and the seller's balances by exactly the settled amount, once,
// and a replay of the same payment must move nothing.
//
//   BASE_URL            the service (default http://localhost:8080)
//   NETWORK             the CAIP-2 network paid on (default: the contract's first)
//   RPC                 its chain's JSON-RPC (default: the sandbox's, BASE_URL/sandbox/rpc)
//   COINSLOT_BUYER_KEY  a key holding USDC and gas there, 0x-hex
//   TOOL                the tool bought exact through Permit2 (default business_days)
//   UPTO_TOOL           the metered tool bought under upto
//   UPTO_BODY           its request, JSON (default its contract's requestBody)
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { toClientEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { UptoEvmScheme } from "@x402/evm/upto/client";
import { createPublicClient, createWalletClient, http, erc20Abi, defineChain } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const exactTool = process.env.TOOL || "business_days";
const uptoTool = process.env.UPTO_TOOL;
if (!key || !uptoTool) {
  console.error("COINSLOT_BUYER_KEY and UPTO_TOOL are required");
  process.exit(2);
}
function check(ok, what) {
  if (!ok) throw new Error(what);
}

// quote is the tool's buyer contract on the network paid on: its asset
// there as assetContract.
async function quote(tool) {
  const res = await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`);
  check(res.ok, `quote for ${tool}: HTTP ${res.status}`);
  const c = (await res.json()).buyer_contract;
  const on = (c.networks ?? []).find((n) => n.network === (process.env.NETWORK || c.network));
  check(on, `the contract of ${tool} lists no network ${process.env.NETWORK}`);
  return { ...c, network: on.network, assetContract: on.assetContract };
}
const first = await quote(exactTool);
const rpc = process.env.RPC || `${base}/sandbox/rpc`;
const chainId = Number(first.network.split(":")[1]);
const chain = defineChain({ id: chainId, name: first.network, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpc] } } });
const publicClient = createPublicClient({ chain, transport: http(rpc) });
const priceOf = (c) => BigInt(Math.round(Number(c.priceUsd) * 1e6));
const balanceOf = (c, who) => publicClient.readContract({ address: c.assetContract, abi: erc20Abi, functionName: "balanceOf", args: [who] });

// A fresh wallet with 1 USDC from the funded key, and no ETH.
const funder = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpc) });
const buyer = privateKeyToAccount(generatePrivateKey());
const funding = await funder.writeContract({ address: first.assetContract, abi: erc20Abi, functionName: "transfer", args: [buyer.address, 1_000_000n] });
await publicClient.waitForTransactionReceipt({ hash: funding });
check((await publicClient.getBalance({ address: buyer.address })) === 0n, "the fresh wallet holds ETH");
const signer = toClientEvmSigner(buyer, publicClient);

// buy pays c's route with scheme on the entries pick keeps, then replays
// the very payment; it returns the settlement after checking the balances.
async function buy(c, scheme, pick, request = c.requestBody ?? {}) {
  const client = new x402Client();
  client.register(c.network, scheme);
  client.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
  client.registerPolicy((version, reqs) => reqs.filter((r) => r.network === c.network && pick(r)));
  let sent; // the PAYMENT-SIGNATURE of the paid request, to replay
  const recording = async (input, init) => {
    const request = new Request(input, init);
    if (request.headers.get("PAYMENT-SIGNATURE")) sent = request.headers.get("PAYMENT-SIGNATURE");
    return fetch(request);
  };
  const body = JSON.stringify(request);
  const init = () => ({ method: "POST", headers: { "Content-Type": "application/json" }, body });
  const [buyerBefore, sellerBefore] = [await balanceOf(c, buyer.address), await balanceOf(c, c.payTo)];
  const res = await wrapFetchWithPayment(recording, client)(c.endpoint, init());
  const answer = await res.text();
  check(res.status === 200, `${scheme.scheme}: HTTP ${res.status}: ${answer}`);
  const settled = new x402HTTPClient(client).getPaymentSettleResponse((n) => res.headers.get(n));
  check(settled?.success, `${scheme.scheme}: no settlement`);
  // upto states what it settled; exact settles the price.
  const amount = settled.amount !== undefined ? BigInt(settled.amount) : priceOf(c);
  const [buyerAfter, sellerAfter] = [await balanceOf(c, buyer.address), await balanceOf(c, c.payTo)];
  check(buyerBefore - buyerAfter === amount && sellerAfter - sellerBefore === amount,
    `${scheme.scheme}: settled ${amount}, the buyer paid ${buyerBefore - buyerAfter} and the seller got ${sellerAfter - sellerBefore}`);
  const again = await fetch(c.endpoint, { ...init(), headers: { ...init().headers, "PAYMENT-SIGNATURE": sent } });
  await again.text();
  check(again.status === 200, `${scheme.scheme}: replay HTTP ${again.status}`);
  check((await balanceOf(c, buyer.address)) === buyerAfter, `${scheme.scheme}: the replay moved funds`);
  return { settled, amount };
}

const exact = await buy(first, new ExactEvmScheme(signer), (r) => r.scheme === "exact" && r.extra?.assetTransferMethod === "permit2");
check((await receipt(exact.settled)).amount_atomic === exact.amount.toString(), `exact through Permit2: the receipt's amount is not ${exact.amount}`);
console.log(`exact (permit2): ${exactTool} bought for ${exact.amount} atomic units from a wallet holding only USDC; the replay moved nothing`);

const metered = await quote(uptoTool);
const upto = await buy(metered, new UptoEvmScheme(signer), (r) => r.scheme === "upto", process.env.UPTO_BODY ? JSON.parse(process.env.UPTO_BODY) : undefined);
const most = priceOf(metered);
check(upto.settled.amount !== undefined && upto.amount <= most, `upto settled ${upto.settled.amount}, at most ${most}`);
if (upto.amount > 0n) {
  const r = await receipt(upto.settled);
  check(r.amount_atomic === upto.amount.toString(), `upto receipt ${r.amount_atomic}, settled ${upto.amount}`);
}
console.log(`upto: ${uptoTool} settled ${upto.amount} of at most ${most} atomic units; the replay moved nothing`);

async function receipt(settled) {
  const res = await fetch(`${base}/receipt/${settled.transaction}`);
  check(res.ok, `receipt ${settled.transaction}: HTTP ${res.status}`);
  return res.json();
}
