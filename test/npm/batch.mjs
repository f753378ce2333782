// Buys CALLS calls of one coinslot route over a single batch-settlement
// deposit with the official x402 npm clients: @x402/fetch + @x402/evm's
// batch-settlement client, reading channel state through the sandbox
// chain's JSON-RPC. Then waits for the seller's claim and sweep to land and
// checks that the seller's balance grew by the sum charged.
//
//   BASE_URL            the service (default http://localhost:8080), a sandbox
//   COINSLOT_BUYER_KEY  the buyer's private key, 0x-hex, funded on the sandbox chain
//   TOOL                the tool to buy (default business_days)
//   CALLS               how many calls (default 100)
import { wrapFetchWithPayment, x402Client, x402HTTPClient } from "@x402/fetch";
import { toClientEvmSigner } from "@x402/evm";
import { BatchSettlementEvmScheme } from "@x402/evm/batch-settlement/client";
import { createPublicClient, http, erc20Abi, defineChain } from "viem";
import { privateKeyToAccount } from "viem/accounts";

const base = (process.env.BASE_URL || "http://localhost:8080").replace(/\/$/, "");
const key = process.env.COINSLOT_BUYER_KEY;
const tool = process.env.TOOL || "business_days";
const calls = Number(process.env.CALLS || 100);
if (!key) {
  console.error("COINSLOT_BUYER_KEY is required");
  process.exit(2);
}
function check(ok, what) {
  if (!ok) throw new Error(what);
}

const quote = await (await fetch(`${base}/api/quote?tool=${encodeURIComponent(tool)}`)).json();
const c = quote.buyer_contract;
check(c?.network === "eip155:1337", `not a sandbox: ${c?.network}`);
const rpc = `${base}/sandbox/rpc`;
const chain = defineChain({ id: 1337, name: "coinslot sandbox", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpc] } } });
const publicClient = createPublicClient({ chain, transport: http(rpc) });
const account = privateKeyToAccount(key);
const balanceOf = (who) => publicClient.readContract({ address: c.assetContract, abi: erc20Abi, functionName: "balanceOf", args: [who] });

const client = new x402Client();
client.register("eip155:1337", new BatchSettlementEvmScheme(toClientEvmSigner(account, publicClient), { depositPolicy: { depositMultiplier: calls } }));
client.setSpendControls({ allowedAssets: [{ network: c.network, asset: c.assetContract }] });
const pay = wrapFetchWithPayment(fetch, client);
const http402 = new x402HTTPClient(client);

const sellerBefore = await balanceOf(c.payTo);
let charged = 0n;
let deposits = 0;
const started = Date.now();
for (let i = 0; i < calls; i++) {
  const res = await pay(c.endpoint, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(c.requestBody ?? {}) });
  const body = await res.text();
  check(res.status === 200, `call ${i + 1}: HTTP ${res.status}: ${body}`);
  const settled = http402.getPaymentSettleResponse((n) => res.headers.get(n));
  check(settled?.success, `call ${i + 1}: no settlement`);
  if (settled.transaction) deposits++;
  charged += BigInt(settled.extra.chargedAmount);
  check(settled.extra.channelState.chargedCumulativeAmount === charged.toString(), `call ${i + 1}: charged total ${settled.extra.channelState.chargedCumulativeAmount}, expected ${charged}`);
}
const elapsed = Date.now() - started;
check(deposits === 1, `${deposits} deposits for ${calls} calls, expected 1`);
console.log(`batch-settlement: ${calls} calls of ${tool} over 1 deposit in ${elapsed} ms; charged ${charged} atomic units`);

// The seller claims and sweeps on its own schedule (batch_settlement.claim_every).
const deadline = Date.now() + 120_000;
for (;;) {
  const grown = (await balanceOf(c.payTo)) - sellerBefore;
  if (grown === charged) {
    console.log(`batch-settlement: the seller's balance grew by ${grown}, the sum charged`);
    break;
  }
  check(grown < charged, `the seller's balance grew by ${grown}, more than the ${charged} charged`);
  check(Date.now() < deadline, `the seller's balance grew by ${grown} of ${charged} within 120 s`);
  await new Promise((r) => setTimeout(r, 1000));
}
