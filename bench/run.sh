#!/usr/bin/env bash
# The loopback load test: builds coinslot, the ceiling, the facilitator
# double and the driver, installs the peer's npm packages, and runs every
# phase on 127.0.0.1. Extra arguments go to the driver (go run ./bench/load -h).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# One load driver is one address and a few wallets: the per-address and
# per-payer admission limits would cap the very throughput being measured.
export COINSLOT_LIMITS_PAID_RATE_PER_IP=1000000 COINSLOT_LIMITS_PAID_BURST_PER_IP=1000000 \
	COINSLOT_LIMITS_PAID_RATE_PER_PAYER=1000000 COINSLOT_LIMITS_PAID_BURST_PER_PAYER=1000000

(cd bench/peer && npm ci --no-audit --no-fund --loglevel=error)
go build -o "$out/coinslot" ./cmd/coinslot
go build -o "$out/ceiling" ./bench/ceiling
go build -o "$out/facilitator" ./bench/facilitator
go build -o "$out/load" ./bench/load
"$out/load" -coinslot "$out/coinslot" -ceiling "$out/ceiling" -facilitator "$out/facilitator" \
	-peer bench/peer -logs "$out/logs" "$@"
