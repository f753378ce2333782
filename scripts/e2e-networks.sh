#!/usr/bin/env bash
# One production instance selling on two networks through two facilitators:
# its own (coinslot facilitator) on a go-ethereum --dev node, and a
# sandbox's on the sandbox chain, paid by Go buyers under both schemes and by
# the official @x402/fetch client on each network, and on geth by its exact
# (Permit2) and upto clients from a wallet holding only USDC
# (TestTwoNetworksOnGeth).
# geth is built from the go-ethereum version go.mod requires, with its own
# go.mod, once: bin/ keeps it for the next run.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
version=$(go list -m -f '{{.Version}}' github.com/ethereum/go-ethereum)
geth=$root/bin/geth-$version
if [ ! -x "$geth" ]; then
	built=$(mktemp -d)
	trap 'rm -rf "$built"' EXIT
	started=$(date +%s)
	GOBIN=$built go install "github.com/ethereum/go-ethereum/cmd/geth@$version"
	mkdir -p bin
	mv "$built/geth" "$geth"
	echo "built geth $version in $(($(date +%s) - started)) s"
fi
# e2e-buyers.sh installs the same packages just before, in CI.
if [ ! test/npm/node_modules/.package-lock.json -nt test/npm/package-lock.json ]; then
	(cd test/npm && npm ci --no-audit --no-fund --loglevel=error)
fi
COINSLOT_GETH=$geth COINSLOT_REQUIRE_GETH=1 COINSLOT_REQUIRE_NODE=1 \
	go test -race -count=1 -run '^TestTwoNetworksOnGeth$' -v ./cmd/coinslot/
