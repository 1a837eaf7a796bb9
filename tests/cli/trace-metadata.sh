#!/bin/sh
# A trace's metadata (input-rules §C8): the source maps DevTools saves in it,
# used with --sourcemaps before any on disk, and the author's annotations.
# bundled.json.gz is a recorded click on a page whose script is an esbuild
# bundle (minified: handleCheckout is "a" there); bundled-annotated.json.gz
# is the same trace with the metadata DevTools writes
# (tests/tools/traces/embed-metadata.mjs). The functions' names and lines
# expected are read from the page's sources, not from flamechart.
. "$(dirname "$0")/lib.sh"

traces="$DATA/traces"
src="$ROOT/tests/tools/traces/pages/bundled-src"
plain="$traces/bundled.json.gz"
meta="$traces/bundled-annotated.json.gz"

# where each function of the page's sources is declared (1-based)
decl() {
	n=$(grep -n "function $2(" "$src/$1" | cut -d: -f1)
	echo "bundled-src/$1:$n"
}

# --- embedded source maps ---------------------------------------------------------
run 0 info --sourcemaps "$meta"
contains "$TMP/out" "1 map"
for f in "main.js handleCheckout" "prices.js computeTotals" "prices.js taxOf" \
	"prices.js spinFor" "table.js renderOrderTable"; do
	set -- $f
	contains "$TMP/out" "$2"
	# the function and its source line on one line of the table
	grep -F "$2" "$TMP/out" | grep -qF "$(decl "$1" "$2")" ||
		fail "info --sourcemaps: $2 not at $(decl "$1" "$2")"
done
# without --sourcemaps, or without the metadata: the bundle's names
run 0 info "$meta"
lacks "$TMP/out" "handleCheckout"
contains "$TMP/out" "/bundled.js:1"
run 0 info --sourcemaps "$plain"
lacks "$TMP/out" "handleCheckout"
lacks "$TMP/out" "bundled-src/"

# with --tasks, in the chart's JSON and the graph's SVG
run 0 --tasks --sourcemaps "$meta" -f json -o "$TMP/tasks.json"
contains "$TMP/tasks.json" '"name":"handleCheckout"'
contains "$TMP/tasks.json" '"name":"Event: click"'
run 0 --tasks "$meta" -f json -o "$TMP/tasks-plain.json"
lacks "$TMP/tasks-plain.json" '"name":"handleCheckout"'
run 0 -m graph --sourcemaps "$meta" -o "$TMP/graph.svg"
contains "$TMP/graph.svg" "renderOrderTable"
run 0 --sourcemaps "$meta" -o "$TMP/chart.pdf"

# the metadata after traceEvents (the maps are used all the same)
python3 - "$meta" "$TMP/after.json" <<'EOF'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
json.dump({"traceEvents": d["traceEvents"], "metadata": d["metadata"]}, open(sys.argv[2], "w"))
EOF
run 0 info --sourcemaps "$TMP/after.json"
contains "$TMP/out" "handleCheckout"

# --- bad metadata: warnings naming the file, the path and the line ------------------
python3 - "$meta" "$TMP" <<'EOF'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
out = sys.argv[2]
def write(name, metadata):
    with open(f"{out}/{name}.json", "w") as f:
        f.write('{"metadata":')
        f.write(json.dumps(metadata, indent=1))
        f.write(',\n"traceEvents":')
        json.dump(d["traceEvents"], f)
        f.write('}')
m = json.loads(json.dumps(d["metadata"]))
m["sourceMaps"][0]["url"] = 7
write("bad-url", m)
m = json.loads(json.dumps(d["metadata"]))
m["modifications"]["annotations"]["entryLabels"][0]["entry"] = "q-1"
m["modifications"]["annotations"]["labelledTimeRanges"][0]["bounds"]["max"] = "soon"
write("bad-annotations", m)
m = json.loads(json.dumps(d["metadata"]))
m["sourceMaps"][0]["sourceMap"]["version"] = 2
write("bad-map", m)
EOF
run 0 info --sourcemaps "$TMP/bad-url.json"
contains "$TMP/err" "bad-url.json"
contains "$TMP/err" "metadata.sourceMaps[0].url"
contains "$TMP/err" "expected a string, found"
lacks "$TMP/out" "handleCheckout"
run 2 info --strict --sourcemaps "$TMP/bad-url.json"
contains "$TMP/err" "metadata.sourceMaps[0].url"
run 0 info "$TMP/bad-annotations.json"
contains "$TMP/err" 'entry key "q-1"'
contains "$TMP/err" "labelledTimeRanges[0].bounds.max"
run 0 info --sourcemaps "$TMP/bad-map.json"
contains "$TMP/err" "embedded in the trace"
lacks "$TMP/out" "handleCheckout"
# broken JSON inside the metadata is the trace's error: file, line, column
printf '{"metadata":{"sourceMaps":[{"url":"a.js","sourceMap":{"version":3,}}]},\n"traceEvents":[]}' \
	>"$TMP/broken.json"
run 2 info --sourcemaps "$TMP/broken.json"
contains "$TMP/err" "broken.json"
contains "$TMP/err" "line 1, column"

finish
