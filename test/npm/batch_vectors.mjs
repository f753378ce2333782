// Prints the batch-settlement test vectors of edge/x402/testdata/batch_vectors.json, computed
// by the official client (@x402/evm) and viem: node batch_vectors.mjs > ../../edge/x402/testdata/batch_vectors.json
import { hashTypedData, keccak256, encodeAbiParameters } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { computeChannelId, signVoucher } from "@x402/evm/batch-settlement/client";
const key = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"; // dev account 1
const acct = privateKeyToAccount(key);
const domain = { name: "x402 Batch Settlement", version: "1", chainId: 1337, verifyingContract: "0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003" };
const cfg = { payer: acct.address, payerAuthorizer: acct.address, receiver: "0x90F79bf6EB2c4f870365E785982E1f101E93b906", receiverAuthorizer: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", token: "0x5FbDB2315678afecb367f032d93F642f64180aa3", withdrawDelay: 900, salt: "0x0000000000000000000000000000000000000000000000000000000000000000" };
const id = computeChannelId(cfg, "eip155:1337");
const v = await signVoucher(acct, id, "3000", "eip155:1337");
const voucherDigest = hashTypedData({ domain, types: { Voucher: [{name:"channelId",type:"bytes32"},{name:"maxClaimableAmount",type:"uint128"}]}, primaryType: "Voucher", message: { channelId: id, maxClaimableAmount: 3000n } });
const refundDigest = hashTypedData({ domain, types: { Refund: [{name:"channelId",type:"bytes32"},{name:"nonce",type:"uint256"},{name:"amount",type:"uint128"}]}, primaryType: "Refund", message: { channelId: id, nonce: 2n, amount: 1500n } });
const claimDigest = hashTypedData({ domain, types: { ClaimBatch: [{ name: "claims", type: "ClaimEntry[]" }], ClaimEntry: [{name:"channelId",type:"bytes32"},{name:"maxClaimableAmount",type:"uint128"},{name:"totalClaimed",type:"uint128"}]}, primaryType: "ClaimBatch", message: { claims: [{channelId: id, maxClaimableAmount: 3000n, totalClaimed: 2000n}, {channelId: "0x"+"11".repeat(32), maxClaimableAmount: 5n, totalClaimed: 5n}] } });
const nonce = keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [id, 12345n]));
console.log(JSON.stringify({ config: cfg, chainId: 1337, channelId: id, voucher: { maxClaimableAmount: "3000", signature: v.signature, digest: voucherDigest, signer: acct.address }, refund: { nonce: "2", amount: "1500", digest: refundDigest }, claimBatch: { entries: [[id, "3000", "2000"], ["0x"+"11".repeat(32), "5", "5"]], digest: claimDigest }, depositNonce: { salt: "12345", nonce } }, null, 2));
