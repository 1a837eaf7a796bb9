#!/bin/sh
# info --json against an independent count (tests/oracle/info-json-check.js,
# JSON.parse) on every .cpuprofile of the test corpus, modern and legacy.
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "SKIP: node not found"; exit 77; }
	n=0
	for f in "$DATA"/corpus/*/*.cpuprofile "$DATA"/corpus/real/*/*.cpuprofile; do
		"$FLAMECHART" info -q --json --top 25 "$f" >"$TMP/info.json" || fail "info --json $f"
		node "$ROOT/tests/oracle/info-json-check.js" "$f" "$TMP/info.json" >"$TMP/check.txt" ||
			{ fail "info-json-check $f"; cat "$TMP/check.txt"; }
		n=$((n + 1))
	done
	echo "info --json checked on $n profiles"
[ "$n" -ge 20 ] || fail "only $n profiles checked"
finish
