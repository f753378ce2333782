#!/usr/bin/env bash
# Writes edge/x402/testdata/evm-networks.json from the official x402 client's
# own tables (test/networks/networks.mjs, package versions pinned there); the
# Go tests check the built-in networks against it.
#   scripts/evm-networks.sh           regenerate the file
#   scripts/evm-networks.sh --check   fail when the file differs from the packages' tables
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
snapshot="$here/../edge/x402/testdata/evm-networks.json"
cd "$here/../test/networks"
npm ci --no-audit --no-fund --loglevel=error
if [ "${1:-}" = --check ]; then
	node networks.mjs | diff -u "$snapshot" - || { echo "evm-networks.json is stale: run scripts/evm-networks.sh" >&2; exit 1; }
else
	node networks.mjs >"$snapshot"
fi
