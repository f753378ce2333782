# Sourced by the scripts here. start_service sets BASE_URL: the caller's, or
# that of a coinslot built from this checkout and started on 127.0.0.1, which
# is stopped when the calling script exits.
start_service() {
	if [ -n "${BASE_URL:-}" ]; then
		BASE_URL=${BASE_URL%/}
		return
	fi
	local root port dir
	root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	port=${PORT:-18089}
	dir=$(mktemp -d)
	(cd "$root" && go build -o "$dir/coinslot" ./cmd/coinslot)
	BASE_URL="http://127.0.0.1:$port"
	COINSLOT_BASE_URL=$BASE_URL COINSLOT_LEDGER_PATH="$dir/ledger.db" \
		"$dir/coinslot" serve --listen "127.0.0.1:$port" >"$dir/serve.log" 2>&1 &
	service_pid=$!
	service_dir=$dir
	trap stop_service EXIT
	for _ in $(seq 1 150); do
		if curl -fsS "$BASE_URL/readyz" >/dev/null 2>&1; then
			return
		fi
		if ! kill -0 "$service_pid" 2>/dev/null; then
			break
		fi
		sleep 0.2
	done
	echo "coinslot did not become ready at $BASE_URL; its log:" >&2
	cat "$dir/serve.log" >&2
	exit 1
}

stop_service() {
	local status=$?
	kill "$service_pid" 2>/dev/null || true
	wait "$service_pid" 2>/dev/null || true
	rm -rf "$service_dir"
	exit "$status"
}
