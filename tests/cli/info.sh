#!/bin/sh
# `flamechart info`: exact output on two profiles; numbers cross-checked with
# an independent JSON.parse script when node is available.
. "$(dirname "$0")/lib.sh"

for name in timing-data-samples synthetic-frames; do
	case $name in
	timing-data-samples) f=$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile ;;
	synthetic-frames) f=$DATA/corpus/seed-examples/minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile ;;
	esac
	run 0 info "$f"
	if ! diff -u "$ROOT/tests/cli/expected/info-$name.txt" "$TMP/out"; then
		fail "info $name differs from tests/cli/expected/info-$name.txt"
	fi
done

# two files in one call: two blocks, blank line between
run 0 info "$DATA/corpus/minimal/valley.20250519.270340.10004.2.001.cpuprofile" \
	"$DATA/corpus/minimal/flat-line.20250519.050090.10002.0.001.cpuprofile"
[ "$(grep -c '^  format' "$TMP/out")" = 2 ] || fail "info on two files: not two blocks"

if command -v node >/dev/null 2>&1; then
	for f in "$DATA"/corpus/seed-examples/*.cpuprofile "$DATA"/corpus/minimal/*.cpuprofile \
		"$DATA"/corpus/real/*/*.cpuprofile "$DATA"/corpus/chrome-versions/Chrome-65*.cpuprofile; do
		"$FLAMECHART" info -q "$f" >"$TMP/info.txt" || fail "info $f"
		node "$ROOT/tests/oracle/info-check.js" "$f" "$TMP/info.txt" || fail "info-check $f"
	done
else
	missing_tool node "the independent cross-check"
fi

# a damaged file: the warning is printed and counted; --strict makes it an error
printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"children":[2,9]},{"id":2,"callFrame":{"functionName":"a","scriptId":"1","url":"file:///a.js"}}],"startTime":0,"endTime":10,"samples":[2],"timeDeltas":[1]}' >"$TMP/damaged.cpuprofile"
run 0 info "$TMP/damaged.cpuprofile"
contains "$TMP/err" "flamechart: warning: $TMP/damaged.cpuprofile: nodes[0].children[1] (line 1, column 11): unknown node id 9 (ignored)"
contains "$TMP/out" "  repairs       1"
run 0 info -q "$TMP/damaged.cpuprofile"
[ -s "$TMP/err" ] && fail "-q still printed warnings"
run 2 info --strict "$TMP/damaged.cpuprofile"
contains "$TMP/err" "flamechart: $TMP/damaged.cpuprofile: nodes[0].children[1] (line 1, column 11): unknown node id 9 (ignored) (an error under --strict)"

# --top N rows; --json: the same numbers as data (docs/info-json.md),
# checked against an independent count on every .cpuprofile of the corpus
P=$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile
run 0 info --top 2 "$P"
contains "$TMP/out" "  top 2 functions by self time"
[ "$(grep -c '^ *[0-9.]* *[0-9.]*% ' "$TMP/out")" = 2 ] || fail "info --top 2: not 2 rows"
run 0 info --json --top 2 "$P"
if command -v jq >/dev/null 2>&1; then
	jq -e '.version == 1 and (.profiles | length) == 1 and (.profiles[0].top | length) == 2
		and (.profiles[0].top_total | length) == 2 and .profiles[0].samples == 16' \
		"$TMP/out" >/dev/null || fail "info --json shape"
fi
run 1 info --json --top x "$P"
# (the independent check of every corpus profile: tests/cli/info-json.sh)

finish
