#!/usr/bin/env bash
# Checks /docs in headless Chromium: at 390 and 1280 px the whole page fits
# the viewport and no table header breaks inside a word, and its search
# lists what the route finder ranks, in its order, or says nothing matches.
#   scripts/check-docs-layout.sh                  build and start the service here
#   BASE_URL=http://host scripts/check-docs-layout.sh   check a running service
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=service.sh
. "$here/service.sh"

if [ ! -x /usr/bin/chromium ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

start_service
node "$here/check-docs-layout.mjs" "$BASE_URL/docs"
