#!/bin/sh
# info --json against an independent count (tests/oracle/info-json-check.js,
# JSON.parse; tests/oracle/read-profiles.js reads traces per thread) on every
# profile of the test corpus (.cpuprofile modern and legacy, Chrome trace
# events) and the JS Self-Profiling inputs.
. "$(dirname "$0")/lib.sh"
command -v node >/dev/null 2>&1 || { echo "SKIP: node not found"; exit 77; }
n=0
for f in $(find "$DATA/corpus" "$DATA/inputs/self-profiling" -maxdepth 3 -type f \
	\( -name '*.cpuprofile' -o -name '*.json' \) | sort); do
	if "$FLAMECHART" info -q --json --top 25 "$f" >"$TMP/info.json" 2>"$TMP/info.err"; then
		json=$TMP/info.json
	else
		# a trace with no sampled thread: info refuses it (exit 2)
		[ $? = 2 ] || fail "info --json $f"
		json=-
	fi
	node "$ROOT/tests/oracle/info-json-check.js" "$f" "$json" >"$TMP/check.txt" ||
		{ fail "info-json-check $f"; cat "$TMP/check.txt"; }
	n=$((n + 1))
done
echo "info --json checked on $n profile files"
[ "$n" -ge 40 ] || fail "only $n profiles checked"
finish
