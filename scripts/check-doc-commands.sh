#!/usr/bin/env bash
# Runs the commands of every sh block in README.md and docs/*.md as printed,
# one by one from the repository's root, against the sandbox the first of
# them, make run, serves on :8080. Each must exit 0, and every HTTP answer
# curl gets must be 2xx, 3xx or the 402 of the payment terms. make install
# runs as printed, and the bare coinslot commands after it find the binary
# where the README says it goes, $(go env GOPATH)/bin (or GOBIN), on the
# PATH. make test and make fuzz are .ci/run's own steps and must be there
# as printed. A block
# right after a line <!-- not run here: WHY --> is skipped; a test it names
# must exist. Last, SIGTERM to make run (as a supervisor sends) must turn
# /readyz 503 before :8080 refuses connections, and end make.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
work=$(mktemp -d)
make_pid=

finish() {
	local status=$?
	if [ -n "$make_pid" ] && kill -0 "$make_pid" 2>/dev/null; then
		kill -TERM "$make_pid" 2>/dev/null || true
		wait "$make_pid" 2>/dev/null || true
	fi
	rm -rf "$work"
	exit "$status"
}
trap finish EXIT

fail() {
	echo "check-doc-commands: $*" >&2
	exit 1
}

if curl -s -o /dev/null localhost:8080/; then
	fail ":8080 already answers; the README's commands need it free"
fi

# Every curl a command runs reports its status on stderr.
mkdir "$work/curl"
printf 'write-out = "%%{stderr}check-doc-commands: HTTP %%{http_code}\\n"\n' >"$work/curl/.curlrc"

# One line per command, "RUN<TAB>FILE:LINE<TAB>COMMAND" (continuation lines
# joined as the shell joins them), or "SKIP<TAB>FILE:LINE<TAB>WHY" per block.
commands() {
	awk '
		FNR == 1 { fence = 0; sh = 0; skip = ""; prev = ""; cmd = "" }
		/^```/ {
			if (!fence) {
				fence = 1
				sh = ($0 ~ /^```sh[[:space:]]*$/)
				skip = ""
				if (sh && prev ~ /^<!-- not run here: .* -->$/) {
					skip = prev
					sub(/^<!-- not run here: /, "", skip)
					sub(/ -->$/, "", skip)
					print "SKIP\t" FILENAME ":" FNR "\t" skip
				}
			} else {
				fence = 0
				sh = 0
			}
			prev = $0
			next
		}
		fence && sh && skip == "" {
			line = $0
			if (cmd == "") at = FILENAME ":" FNR
			if (line ~ /\\$/) {
				cmd = cmd substr(line, 1, length(line) - 1)
				next
			}
			cmd = cmd line
			if (cmd !~ /^[[:space:]]*(#|$)/) print "RUN\t" at "\t" cmd
			cmd = ""
		}
		{ prev = $0 }
	' README.md docs/*.md
}

ready() {
	[ "$(curl -s -o /dev/null -w '%{http_code}' localhost:8080/readyz 2>/dev/null)" = 200 ]
}

start_make_run() {
	echo "check-doc-commands: make run"
	make run >"$work/make-run.log" 2>&1 &
	make_pid=$!
	for _ in $(seq 1 900); do
		ready && break
		kill -0 "$make_pid" 2>/dev/null || { cat "$work/make-run.log" >&2; fail "make run ended before it was ready"; }
		sleep 1
	done
	ready || { cat "$work/make-run.log" >&2; fail "make run was not ready after 15 minutes"; }
	head -n 1 "$work/make-run.log" | grep -q "compiling" || fail "make run did not say it was compiling: $(head -n 1 "$work/make-run.log")"
}

ran=0
skipped=0
installed=
while IFS=$'\t' read -r kind at cmd; do
	if [ "$kind" = SKIP ]; then
		test_name=$(grep -o 'Test[A-Za-z0-9_]*' <<<"$cmd" || true)
		if [ -n "$test_name" ] && ! grep -rqs --include='*_test.go' "^func $test_name(" .; then
			fail "$at: the block is left to $test_name, which does not exist"
		fi
		echo "check-doc-commands: $at: not run here: $cmd"
		skipped=$((skipped + 1))
		continue
	fi
	bare=$(sed -E 's/[[:space:]]+#.*$//' <<<"$cmd")
	case "$bare" in
	"make run")
		start_make_run
		;;
	"make install")
		echo "check-doc-commands: $at: make install"
		make install >"$work/out" 2>&1 || { cat "$work/out" >&2; fail "$at: make install failed"; }
		gobin=$(go env GOBIN)
		export PATH="${gobin:-$(go env GOPATH)/bin}:$PATH"
		installed=1
		;;
	make\ *)
		grep -qxF "$bare" .ci/run || fail "$at: $bare is neither run here nor a step of .ci/run"
		echo "check-doc-commands: $at: $bare is a step of .ci/run"
		;;
	*)
		if [[ "$bare" =~ (^|[[:space:]])coinslot[[:space:]] ]] && [ -z "$installed" ]; then
			fail "$at: a bare coinslot command before any block runs make install"
		fi
		echo "check-doc-commands: $at: $cmd"
		ran=$((ran + 1))
		if ! CURL_HOME="$work/curl" bash -euo pipefail -c "$cmd" >"$work/out" 2>"$work/err"; then
			cat "$work/out" "$work/err" >&2
			fail "$at: exits non-zero: $cmd"
		fi
		if grep -E '^check-doc-commands: HTTP ' "$work/err" | grep -vqE 'HTTP (2..|3..|402)$'; then
			cat "$work/out" "$work/err" >&2
			fail "$at: an HTTP answer failed: $cmd"
		fi
		;;
	esac
done < <(commands)

[ -n "$make_pid" ] || fail "no block runs make run"
kill -TERM "$make_pid"
saw503=
for _ in $(seq 1 600); do
	code=$(curl -s -o /dev/null -w '%{http_code}' localhost:8080/readyz 2>/dev/null || true)
	case "$code" in
	503) saw503=1 ;;
	000) break ;;
	esac
	sleep 0.1
done
[ "$code" = 000 ] || fail ":8080 still answers 60 s after SIGTERM to make run"
[ -n "$saw503" ] || fail "/readyz never answered 503 between SIGTERM and the closed port"
wait "$make_pid" || true
make_pid=
echo "check-doc-commands: $ran commands ran, $skipped blocks left to others; make run drained on SIGTERM"
