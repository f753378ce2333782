#!/usr/bin/env bash
# Lints coinslot's OpenAPI document with @redocly/cli (rules: redocly.yaml);
# any error fails.
#   scripts/lint-openapi.sh FILE        lint a saved document
#   BASE_URL=http://host scripts/lint-openapi.sh   lint a running service's
#   scripts/lint-openapi.sh             build and start the service here, lint its document
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=service.sh
. "$here/service.sh"

if [ ! -x "$here/node_modules/.bin/redocly" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

doc=${1:-}
if [ -z "$doc" ]; then
	start_service
	doc=$(mktemp --suffix=.json)
	curl -fsS "$BASE_URL/openapi.json" -o "$doc"
fi

export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
"$here/node_modules/.bin/redocly" lint "$doc" --config "$here/redocly.yaml" --format=stylish
