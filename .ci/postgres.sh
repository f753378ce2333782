#!/bin/sh
# Makes sure PostgreSQL answers on 127.0.0.1:5432, trusts local connections
# and has a database named test, as the ledger's PostgreSQL suite expects
# (postgres://postgres@127.0.0.1:5432/test). Idempotent and quiet: when the
# server already answers it does nothing; on a fresh Debian or Ubuntu machine
# it installs the packaged server, trusts loopback, starts the cluster and
# creates the database.
set -eu

export PGCONNECT_TIMEOUT=3
hba_marker='# coinslot ci: trust local connections'

say() { echo "postgres.sh: $*" >&2; }

ready() {
	command -v psql >/dev/null 2>&1 &&
		psql -h 127.0.0.1 -p 5432 -U postgres -d test -Atqc 'SELECT 1' >/dev/null 2>&1
}

ready && exit 0

if [ "$(id -u)" = 0 ]; then root=; else root=sudo; fi

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
	command -v apt-get >/dev/null 2>&1 || { say "no PostgreSQL and no apt-get to install it"; exit 1; }
	$root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
	$root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

# Use the cluster that owns port 5432, or make one with the newest server.
set -- $(pg_lsclusters -h | awk '$3 == 5432 { print $1, $2; exit }')
if [ $# -eq 0 ]; then
	set -- "$(ls /usr/lib/postgresql | sort -n | tail -n 1)" main
	$root pg_createcluster --port 5432 "$1" "$2" >/dev/null
fi
version=$1
cluster=$2

# The first matching pg_hba.conf line wins, so trust goes on top. The file is
# rewritten in place to keep its owner and mode.
hba=/etc/postgresql/$version/$cluster/pg_hba.conf
if [ "$($root head -n 1 "$hba")" != "$hba_marker" ]; then
	tmp=$(mktemp)
	{
		printf '%s\n' "$hba_marker" \
			'local all all trust' \
			'host all all 127.0.0.1/32 trust' \
			'host all all ::1/128 trust'
		$root cat "$hba"
	} >"$tmp"
	$root sh -c "cat '$tmp' >'$hba'"
	rm -f "$tmp"
fi

if $root pg_ctlcluster "$version" "$cluster" status >/dev/null 2>&1; then
	$root pg_ctlcluster "$version" "$cluster" reload
else
	$root pg_ctlcluster "$version" "$cluster" start
fi

tries=0
until pg_isready -q -h 127.0.0.1 -p 5432; do
	tries=$((tries + 1))
	[ "$tries" -lt 30 ] || { say "PostgreSQL $version/$cluster did not start on 127.0.0.1:5432"; exit 1; }
	sleep 1
done

if [ -z "$(psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atqc "SELECT 1 FROM pg_database WHERE datname = 'test'")" ]; then
	createdb -h 127.0.0.1 -p 5432 -U postgres test
fi

ready || { say "PostgreSQL answers but postgres@127.0.0.1:5432/test does not"; exit 1; }
