// Prints edge/x402/testdata/permit2_vectors.json: an exact payment through
// Permit2 and an upto payment, each with its eip2612GasSponsoring permit,
// made by the official client (@x402/evm's ExactEvmScheme and UptoEvmScheme)
// for the sandbox chain, and their EIP-712 digests by viem:
//   node permit2_vectors.mjs > ../../edge/x402/testdata/permit2_vectors.json
// The payer is a fresh wallet (no ETH, no approval). The clock is fixed and
// the timeout long, so the payments stay valid on a sandbox chain for twenty
// years; the upto permit is signed with the token nonce the exact one leaves.
import { getContractAddress, hashTypedData, keccak256, toBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { ExactEvmScheme, UptoEvmScheme, PERMIT2_ADDRESS, permit2WitnessTypes, uptoPermit2WitnessTypes } from "@x402/evm";

const now = 1767225600; // 2026-01-01
Date.now = () => now * 1000;
const sandboxKey = (role) => keccak256(toBytes("coinslot sandbox " + role)); // edge/facilitator/sandbox.go
const facilitator = privateKeyToAccount(sandboxKey("gas key")).address;
const token = getContractAddress({ from: facilitator, nonce: 0n });
const payTo = privateKeyToAccount(sandboxKey("seller")).address;
const payer = privateKeyToAccount(keccak256(toBytes("coinslot permit2 vectors payer")));
const network = "eip155:1337";
const chainId = 1337;

async function pay(Scheme, scheme, amount, extra, tokenNonce, types) {
  const signer = {
    address: payer.address,
    signTypedData: (m) => payer.signTypedData(m),
    // A fresh wallet: no allowance for Permit2; the token's permit nonce.
    readContract: async ({ functionName }) => (functionName === "nonces" ? tokenNonce : 0n),
  };
  const accepted = { scheme, network, amount, asset: token, payTo, maxTimeoutSeconds: 20 * 365 * 86400, extra: { name: "USD Coin", version: "2", ...extra } };
  const result = await new Scheme(signer).createPaymentPayload(2, accepted, { extensions: { eip2612GasSponsoring: {} } });
  const a = result.payload.permit2Authorization;
  const witness = { to: a.witness.to, validAfter: BigInt(a.witness.validAfter) };
  if (a.witness.facilitator) witness.facilitator = a.witness.facilitator;
  const digest = hashTypedData({
    domain: { name: "Permit2", chainId, verifyingContract: PERMIT2_ADDRESS },
    types, primaryType: "PermitWitnessTransferFrom",
    message: { permitted: { token: a.permitted.token, amount: BigInt(a.permitted.amount) }, spender: a.spender, nonce: BigInt(a.nonce), deadline: BigInt(a.deadline), witness },
  });
  const p = result.extensions.eip2612GasSponsoring.info;
  const permitDigest = hashTypedData({
    domain: { name: "USD Coin", version: "2", chainId, verifyingContract: token },
    types: { Permit: [{ name: "owner", type: "address" }, { name: "spender", type: "address" }, { name: "value", type: "uint256" }, { name: "nonce", type: "uint256" }, { name: "deadline", type: "uint256" }] },
    primaryType: "Permit",
    message: { owner: p.from, spender: p.spender, value: BigInt(p.amount), nonce: BigInt(p.nonce), deadline: BigInt(p.deadline) },
  });
  return { payment: { x402Version: 2, accepted, payload: result.payload, extensions: result.extensions }, digest, permitDigest };
}

const exact = await pay(ExactEvmScheme, "exact", "10000", { assetTransferMethod: "permit2" }, 0n, permit2WitnessTypes);
const upto = await pay(UptoEvmScheme, "upto", "50000", { facilitatorAddress: facilitator }, 1n, uptoPermit2WitnessTypes);
console.log(JSON.stringify({ chainId, token, payTo, facilitator, payer: payer.address, exact, upto }, null, 2));
