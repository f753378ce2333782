#!/usr/bin/env bash
# Starts a sandbox coinslot on loopback, buys a tool over MCP with the
# official clients (pay.mjs), and runs the MCP conformance scenarios when a
# Node >= 22 is named in NODE22. Every tool of the catalog must be listed.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --loglevel=error
port=${PORT:-18090}
base=http://127.0.0.1:$port
work=$(mktemp -d)
(cd ../.. && go build -o "$work/coinslot" ./cmd/coinslot)
COINSLOT_BASE_URL=$base COINSLOT_LEDGER_PATH=$work/ledger.db "$work/coinslot" serve --listen "127.0.0.1:$port" 2>"$work/serve.log" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 150); do
  curl -fs "$base/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
key=$(grep -m1 -oE '0x[0-9a-f]{64}' "$work/serve.log") || { cat "$work/serve.log"; exit 1; }
count=$(curl -fs "$base/api/info" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).tools.length))')
BASE_URL=$base COINSLOT_BUYER_KEY=$key TOOLS_COUNT=$count node pay.mjs
if [ -n "${NODE22:-}" ]; then
  NODE=$NODE22 MCP_URL=$base/mcp bash conformance.sh
fi
