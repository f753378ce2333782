#!/bin/sh
# Regenerates the committed build outputs of TestUSDC.sol:
#   contracts/TestUSDC.abi, contracts/TestUSDC.bin  (solc 0.8.37 from npm, via standard JSON)
#   edge/facilitator/usdc/testusdc.go               (go-ethereum abigen, bind/v2 style)
# The Go build uses only the committed files; this script needs node/npx and Go.
# Run from anywhere: contracts/generate.sh
set -eu

SOLC_VERSION=0.8.37
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Cancun keeps the bytecode deployable on Base and on go-ethereum's simulated chain.
node -e '
const fs = require("fs");
process.stdout.write(JSON.stringify({
  language: "Solidity",
  sources: { "TestUSDC.sol": { content: fs.readFileSync(process.argv[1], "utf8") } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: "cancun",
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
  },
}));' "$here/TestUSDC.sol" >"$work/input.json"

# solcjs prints a notice about SMT solvers before the JSON; keep the JSON only.
(cd "$work" && npx --yes "solc@$SOLC_VERSION" --standard-json <input.json | sed -n '/^{/,$p' >output.json)

node -e '
const fs = require("fs");
const out = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const errors = (out.errors || []).filter(e => e.severity === "error");
if (errors.length) { console.error(errors.map(e => e.formattedMessage).join("\n")); process.exit(1); }
const c = out.contracts["TestUSDC.sol"].TestUSDC;
fs.writeFileSync(process.argv[2] + "/TestUSDC.abi", JSON.stringify(c.abi) + "\n");
fs.writeFileSync(process.argv[2] + "/TestUSDC.bin", c.evm.bytecode.object + "\n");
' "$work/output.json" "$here"

cd "$root"
go run github.com/ethereum/go-ethereum/cmd/abigen@v1.17.10 --v2 \
	--abi contracts/TestUSDC.abi --bin contracts/TestUSDC.bin \
	--pkg usdc --type TestUSDC --out edge/facilitator/usdc/testusdc.go
chmod 644 edge/facilitator/usdc/testusdc.go
