#!/bin/sh
# Makes sure Redis answers on 127.0.0.1:6379, as the cluster tests expect.
# Idempotent and quiet: when a server already answers it does nothing; on a
# fresh Debian or Ubuntu machine it installs the packaged server and starts it
# on loopback.
set -eu

say() { echo "redis.sh: $*" >&2; }

ready() {
	command -v redis-cli >/dev/null 2>&1 && [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]
}

ready && exit 0

if [ "$(id -u)" = 0 ]; then root=; else root=sudo; fi

if ! command -v redis-server >/dev/null 2>&1; then
	command -v apt-get >/dev/null 2>&1 || { say "no Redis and no apt-get to install it"; exit 1; }
	$root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
	$root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

ready || redis-server --bind 127.0.0.1 --port 6379 --save '' --daemonize yes >/dev/null

tries=0
until ready; do
	tries=$((tries + 1))
	[ "$tries" -lt 30 ] || { say "Redis did not start on 127.0.0.1:6379"; exit 1; }
	sleep 1
done
