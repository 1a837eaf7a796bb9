#!/bin/sh
# flamechart report over a folder of mixed profiles: those without time
# order (folded stacks, a speedscope file weighed in counts, a heap
# profile, a pprof CPU profile) are drawn as their merged graph, never
# failed, and their
# numbers keep their unit (samples, bytes) in every output; the
# expected totals are summed here from the input files.
. "$(dirname "$0")/lib.sh"

IN=$TMP/in
mkdir -p "$IN"
cp "$DATA/inputs/folded/basic.folded" "$DATA/inputs/speedscope/0.0.1_simple.speedscope.json" \
	"$DATA/heap/alloc.heapprofile" "$DATA/pprof/go-cpu.pb.gz" \
	"$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile" "$IN/"
chmod -R u+w "$IN"
CPU=minimal-cpu-profile-timing-data-samples

# the weights in all, from the inputs: the folded counts (lines ending in
# a number, CRLF too), the speedscope profile's endValue (unit none: samples), the
# heap profile's self sizes
folded=$(tr -d '\r' <"$IN/basic.folded" | grep -v '^#' | awk '$NF ~ /^[0-9]+$/ { s += $NF } END { print s }')
[ "$folded" = 104 ] || fail "basic.folded sums to $folded"
python3 - "$IN" >"$TMP/expect" <<'PY' || fail "expected values"
import json, sys
d = sys.argv[1]
s = json.load(open(d + "/0.0.1_simple.speedscope.json"))["profiles"][0]
assert s["unit"] == "none"
print(f'{s["endValue"] - s["startValue"]:,} samples')
def total(n):
    return n["selfSize"] + sum(total(c) for c in n.get("children", []))
b = float(total(json.load(open(d + "/alloc.heapprofile"))["head"]))
units, u = ["B", "kB", "MB", "GB"], 0
while u + 1 < len(units) and b >= 999.5:
    b, u = b / 1000, u + 1
print(f"{b:.{0 if b >= 99.95 else 1 if b >= 9.995 else 2}f} {units[u]}")
PY
speedscope=$(sed -n 1p "$TMP/expect")
heap=$(sed -n 2p "$TMP/expect")

# every profile drawn: exit 0, a graph for each, a chart for the CPU
# profile only, and it is said once why
run 0 report "$IN" -o "$TMP/rep" --summary "$TMP/summary.json"
contains "$TMP/err" "5 profiles, 0 failed"
contains "$TMP/err" "4 profiles without time order (folded stacks, pprof, counts, bytes) drawn as their merged graphs"
[ "$(grep -c 'without time order' "$TMP/err")" = 1 ] || fail "the note is not said once"
for s in basic 0.0.1_simple.speedscope alloc go-cpu.pb $CPU; do
	for f in $s.graph.svg $s.graph.png thumbs/$s.png $s.html $s.summary.md; do
		[ -s "$TMP/rep/$f" ] || fail "missing $f"
	done
done
[ -s "$TMP/rep/$CPU.chart.svg" ] || fail "no chart of the CPU profile"
for s in basic 0.0.1_simple.speedscope alloc go-cpu.pb; do
	[ -e "$TMP/rep/$s.chart.svg" ] && fail "$s: a chart without time order"
	lacks "$TMP/rep/index.md" "[chart svg]($s.chart.svg)"
	contains "$TMP/rep/$s.html" "no time order: drawn as a graph"
done

# units: counts as samples, bytes as bytes, each kind in a table of its own
contains "$TMP/rep/index.md" "| basic.folded | $folded samples | "
contains "$TMP/rep/index.md" "| 0.0.1\\_simple.speedscope.json | $speedscope | "
contains "$TMP/rep/index.md" "| alloc.heapprofile | $heap | "
# pprof CPU time: time (its sum checked by cli-pprof-crosscheck), no wall time
grep -q '^| go-cpu.pb.gz | [0-9.,]* ms (no time order) | ' "$TMP/rep/index.md" ||
	fail "index.md: go-cpu.pb.gz is not CPU time without time order"
contains "$TMP/rep/index.md" "Counts: no time order, drawn as graphs"
contains "$TMP/rep/index.md" "Memory: allocations sampled"
grep '^| basic.folded\|^| 0.0.1\|^| alloc' "$TMP/rep/index.md" | grep -q ' ms' &&
	fail "index.md shows ms for a profile without time"
contains "$TMP/rep/index.html" "$folded samples"
contains "$TMP/rep/basic.html" "$folded samples in all"
contains "$TMP/rep/alloc.html" "$heap allocated"

# the summary: counts in samples, bytes in bytes, neither in the totals
# (times: the two CPU profiles')
python3 - "$TMP/summary.json" "$folded" <<'PY' || fail "summary.json"
import json, sys
s = json.load(open(sys.argv[1]))
by = {p["file"]: p for p in s["profiles"]}
assert all(p["status"] == "ok" for p in by.values()), by
assert by["basic.folded"]["unit"] == "samples", by["basic.folded"]
assert by["basic.folded"]["cpu"] == float(sys.argv[2]), by["basic.folded"]["cpu"]
assert by["0.0.1_simple.speedscope.json"]["unit"] == "samples"
assert by["alloc.heapprofile"]["unit"] == "bytes"
cpu = [p for f, p in by.items() if f.endswith(".cpuprofile") or f.endswith(".pb.gz")]
assert len(cpu) == 2 and all("unit" not in p for p in cpu)
assert by["go-cpu.pb.gz"]["duration_ms"] == 0
for t, v in s["totals"]["tiers_ms"].items():
    want = sum(p["tiers_ms"][t] for p in cpu)
    assert abs(v - want) < 1e-9, (t, v, want)
PY

# a chart alone asked: still a graph of each, not a failure
run 0 report -q "$IN" -o "$TMP/chart" -m chart
[ -s "$TMP/chart/basic.graph.svg" ] || fail "-m chart: no graph of the folded stacks"
[ -s "$TMP/chart/$CPU.chart.svg" ] || fail "-m chart: no chart of the CPU profile"
[ -e "$TMP/chart/$CPU.graph.svg" ] && fail "-m chart: a graph of the CPU profile"
contains "$TMP/chart/index.md" "[graph svg](basic.graph.svg)"

# shards + merge write the same index (the manifests keep the units)
run 0 report "$IN" -o "$TMP/sh" --shard 1/2 -q
run 0 report "$IN" -o "$TMP/sh" --shard 2/2 -q
run 0 report --merge -o "$TMP/sh" -q
diff -r -x .flamechart-report -x summary.json "$TMP/rep" "$TMP/sh" >/dev/null ||
	fail "shards + merge differ from one run"

# --history: the counts and bytes are no CPU time in the trend
mkdir "$TMP/hist"
run 0 report "$IN" -o "$TMP/hist/run1" --history "$TMP/hist" -q
run 0 report "$IN" -o "$TMP/h2" --history "$TMP/hist" -q
lacks "$TMP/h2/history.md" "tokenize"
lacks "$TMP/h2/history.md" "makeRows"
finish
