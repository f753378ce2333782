// Prints the tables a buyer's x402 client signs from: @x402/evm's default
// assets per CAIP-2 network (address, EIP-712 domain name and version,
// decimals), its v1 network names, and viem's USDC addresses by chain id for
// chains the first table does not list. scripts/evm-networks.sh writes the
// output to edge/x402/testdata/evm-networks.json, which the Go tests read.
import { readFileSync } from "node:fs";
import { DEFAULT_ASSETS } from "@x402/evm";
import { EVM_NETWORK_CHAIN_ID_MAP } from "@x402/evm/v1";
import { usdc } from "viem/tokens";

const version = (pkg) => JSON.parse(readFileSync(new URL(`node_modules/${pkg}/package.json`, import.meta.url))).version;
const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b, "en", { numeric: true })));

const out = {
  packages: { "@x402/evm": version("@x402/evm"), viem: version("viem") },
  assets: sorted(DEFAULT_ASSETS),
  v1Networks: sorted(EVM_NETWORK_CHAIN_ID_MAP),
  viemUSDC: { name: usdc.name, decimals: usdc.decimals, addresses: sorted(usdc.addresses) },
};
process.stdout.write(JSON.stringify(out, null, 2) + "\n");
