#!/usr/bin/env bash
# Renders coinslot's /docs page in headless Chromium and saves a PNG, to look
# at how the catalog reads.
#   scripts/screenshot-docs.sh [OUT.png]                   build and start the service here
#   BASE_URL=http://host scripts/screenshot-docs.sh [OUT]  use a running service
# WIDTH and HEIGHT set the window (default 1280x2400).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=service.sh
. "$here/service.sh"
out=$(realpath -m "${1:-coinslot-docs.png}")

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
	browser=$(command -v chromium)
fi

start_service
profile=$(mktemp -d)
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
	--window-size="${WIDTH:-1280},${HEIGHT:-2400}" --screenshot="$out" "$BASE_URL/docs" 2>/dev/null
rm -rf "$profile"
[ -s "$out" ] || { echo "no screenshot was written" >&2; exit 1; }
echo "$out"
