#!/usr/bin/env bash
# The loopback load test: builds coinslot, the ceiling, the facilitator
# double and the driver, installs the peer's npm packages, and runs every
# phase on 127.0.0.1. Extra arguments go to the driver (go run ./bench/load -h).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The soak alone (-sections 5) needs neither the peer nor the ceiling.
if [[ " $* " != *" -sections 5 "* ]]; then
	(cd bench/peer && npm ci --no-audit --no-fund --loglevel=error)
fi
go build -o "$out/coinslot" ./cmd/coinslot
go build -o "$out/ceiling" ./bench/ceiling
go build -o "$out/facilitator" ./bench/facilitator
go build -o "$out/load" ./bench/load
"$out/load" -coinslot "$out/coinslot" -ceiling "$out/ceiling" -facilitator "$out/facilitator" \
	-peer bench/peer -logs "$out/logs" "$@"
