#!/bin/sh
# V8 heap sampling profiles (docs/inputs.md "Heap sampling profiles"), on the
# files tests/data/heap/record.sh recorded with node --heap-prof and the
# inspector's HeapProfiler.startSampling: info --json against an independent
# count (tests/oracle/heap-check.js), bytes and never ms in every text
# output, -m chart refused, the graph's options.
. "$(dirname "$0")/lib.sh"
H=$DATA/heap

# totals and the top 10 by self and total bytes against the oracle
if command -v node >/dev/null 2>&1; then
	for f in "$H"/*.heapprofile "$H"/npm.heapprofile.gz; do
		run 0 info -q --json --top 25 "$f"
		node "$ROOT/tests/oracle/heap-check.js" "$f" "$TMP/out" >"$TMP/check" ||
			{ fail "heap-check $f"; cat "$TMP/check"; }
	done
else
	missing_tool node "info --json against tests/oracle/heap-check.js"
fi

# text: bytes, the function that allocates most first, no ms anywhere
run 0 info "$H/double.heapprofile"
contains "$TMP/out" "format        heapprofile"
contains "$TMP/out" "allocated     32.8 MB"
contains "$TMP/out" "top 15 functions by self bytes allocated"
sed -n '/top 15/{n;n;p}' "$TMP/out" | grep -q "parseRows" || fail "parseRows is not first"
lacks "$TMP/out" " ms"
run 0 -f md -o - "$H/double.heapprofile"
contains "$TMP/out" "**32.8 MB** allocated"
contains "$TMP/out" "| self | % of bytes | total |"
lacks "$TMP/out" " ms"
lacks "$TMP/out" "CPU"

# gzip is found by content, whatever the name
cp "$H/npm.heapprofile.gz" "$TMP/npm.data"
run 0 info --json "$TMP/npm.data"
contains "$TMP/out" '"format": "heapprofile"'

# folded stacks: bytes per stack (not one "sample" per node), adding up to
# the total info gives
run 0 info --json "$H/base.heapprofile"
total=$(sed -n 's/.*"allocated_bytes": \([0-9]*\).*/\1/p' "$TMP/out")
run 0 -f folded -o - "$H/base.heapprofile"
sum=$(awk '{ s += $NF } END { print s }' "$TMP/out")
[ -n "$total" ] && [ "$sum" = "$total" ] || fail "folded stacks add up to $sum bytes, not $total"

# no time, so no chart: exit 1 and why
run 1 "$H/alloc.heapprofile" -o "$TMP/c.svg"
contains "$TMP/err" "alloc.heapprofile: a heap profile weighs allocations in bytes and has no time"

# the graph and its options, in bytes
for opts in "" "--inverted" "--reverse" "--focus parseRows" "--sandwich parseRows" \
	"--sort weight"; do
	# shellcheck disable=SC2086
	run 0 -m graph $opts "$H/double.heapprofile" -o "$TMP/g.svg"
	contains "$TMP/g.svg" "MB"
	lacks "$TMP/g.svg" " ms"
done
run 0 -m graph "$H/double.heapprofile" -o "$TMP/g.svg"
contains "$TMP/g.svg" "32.8 MB allocated"
contains "$TMP/g.svg" "share of self bytes allocated"
# the header names the heaviest functions by the bytes they allocate
contains "$TMP/g.svg" "most bytes allocated: "
lacks "$TMP/g.svg" "most self time"

# diff in bytes: parseRows allocates twice as much in double.heapprofile
# (alloc.js run with parse-factor 2); base-again is base recorded again
run 6 diff "$H/base.heapprofile" "$H/double.heapprofile" --fail-on 'self>+10%' \
	-f md -o "$TMP/d.md"
contains "$TMP/err" "--fail-on 'self>+10%': parseRows (alloc.js): +8.64 MB"
head -1 "$TMP/d.md" | grep -q "regression: parseRows" || fail "parseRows is not named first"
contains "$TMP/d.md" "**Total allocated per run:** 25.0 MB"
contains "$TMP/d.md" "| Function | File | Base | Head | Δ | Δ % |"
lacks "$TMP/d.md" " ms"
run 6 diff "$H/base.heapprofile" "$H/double.heapprofile" --fail-on 'self>+5MB' -o "$TMP/d.svg"
contains "$TMP/d.svg" "allocated per run 25.0 MB"
lacks "$TMP/d.svg" " ms"
run 0 diff "$H/base.heapprofile" "$H/double.heapprofile" --fail-on 'self>+10MB' -o "$TMP/d.svg"
run 0 diff "$H/base.heapprofile" "$H/base-again.heapprofile" --fail-on 'self>+10%' \
	--fail-on 'total>+5%' -o "$TMP/n.svg"
# a rule in time against bytes, and a CPU profile against a heap profile
run 1 diff "$H/base.heapprofile" "$H/double.heapprofile" --fail-on 'self>+20ms' -o "$TMP/d.svg"
contains "$TMP/err" "is in time, but the profiles weigh bytes allocated"
cpu=$(ls "$DATA"/corpus/minimal/*.cpuprofile | head -1)
run 1 diff "$cpu" "$H/base.heapprofile" -o "$TMP/d.svg"
contains "$TMP/err" "a CPU profile and a heap profile cannot be compared"

# damaged files: clear errors naming the place, exit 2
printf '{"head":{"callFrame":{"functionName":"(root)"},"id":1,"selfSize":-5,"children":[]}}' \
	>"$TMP/neg.heapprofile"
run 2 info "$TMP/neg.heapprofile"
contains "$TMP/err" "negative selfSize -5"
printf '{"head":{"callFrame":{"functionName":"(root)"},"id":1,"selfSize":0,"children":[]}}' \
	>"$TMP/empty.heapprofile"
run 2 info "$TMP/empty.heapprofile"
contains "$TMP/err" "no allocations"
printf '{"head":{"callFrame":{},"id":1,"selfSize":1,"children":[]},"samples":[{"nodeId":1}]}' \
	>"$TMP/nosize.heapprofile"
run 2 info "$TMP/nosize.heapprofile"
contains "$TMP/err" 'sample has no "size"'
finish
