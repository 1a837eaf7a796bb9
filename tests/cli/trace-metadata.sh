#!/bin/sh
# A trace's metadata (input-rules §C9): the source maps DevTools saves in it,
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
# the source maps rename JS frames only: each lane's CPU and idle time,
# categories and tiers are the same with and without them (the trace events
# keep their DevTools categories, the gaps stay idle)
run 0 info --tasks --json "$meta"
jq -c '[.profiles[] | [.cpu_ms, .idle_ms, .tasks.categories_ms, .tiers_ms]]' "$TMP/out" >"$TMP/cats-plain"
run 0 info --tasks --sourcemaps --json "$meta"
jq -c '[.profiles[] | [.cpu_ms, .idle_ms, .tasks.categories_ms, .tiers_ms]]' "$TMP/out" >"$TMP/cats-mapped"
cmp -s "$TMP/cats-plain" "$TMP/cats-mapped" ||
	fail "--tasks --sourcemaps changes the lanes' times: $(cat "$TMP/cats-plain") / $(cat "$TMP/cats-mapped")"
run 0 -m graph --sourcemaps "$meta" -o "$TMP/graph.svg"
contains "$TMP/graph.svg" "renderOrderTable"
run 0 --sourcemaps "$meta" -o "$TMP/chart.pdf"

# info's hot lines quote the sources the embedded map carries (the page's
# renderer: the process that dispatched the click)
page_pid=$(python3 -c '
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
print(next(e["pid"] for e in d["traceEvents"] if e.get("name") == "EventDispatch"))' "$meta")
run 0 info --sourcemaps --function computeTotals --pid "$page_pid" "$meta"
contains "$TMP/out" "$(grep -F "function computeTotals(" "$src/prices.js")"

# the metadata after traceEvents (the maps are used all the same)
python3 - "$meta" "$TMP/after.json" <<'EOF'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
json.dump({"traceEvents": d["traceEvents"], "metadata": d["metadata"]}, open(sys.argv[2], "w"))
EOF
run 0 info --sourcemaps "$TMP/after.json"
contains "$TMP/out" "handleCheckout"

# --- annotations drawn on the chart ---------------------------------------------------
# The click's length, which the labelled range shows, read from the trace.
click_ms=$(python3 - "$meta" <<'EOF'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
c = next(e for e in d["traceEvents"] if e.get("name") == "EventDispatch"
         and e.get("args", {}).get("data", {}).get("type") == "click")
print("%.1f ms" % (c["dur"] / 1000))
EOF
)
# y of the first <text> holding exactly TEXT in an SVG
text_y() {
	sed -n "s/.*<text [^>]*y=\"\([0-9.]*\)\"[^>]*>$2<\/text>.*/\1/p" "$1" | head -n 1
}
run 0 --tasks --sourcemaps "$meta" -o "$TMP/ann.svg"
for t in ">checkout click<" ">checkout handler<" ">checkout<" ">$click_ms<"; do
	contains "$TMP/ann.svg" "$t"
done
# the handler's label is above its entry, within three rows
ly=$(text_y "$TMP/ann.svg" "checkout handler")
ey=$(text_y "$TMP/ann.svg" "handleCheckout")
if [ -z "$ly" ] || [ -z "$ey" ] ||
	! awk -v l="$ly" -v e="$ey" 'BEGIN { exit !(l < e && e - l < 70) }'; then
	fail "the label 'checkout handler' (y $ly) is not just above handleCheckout (y $ey)"
fi
# every label (the range's name and length, the entries' labels) clear of
# the lane titles, at widths where the range starts under a title's text
# (800 px) or has no room beside it (560 px); the boxes from the SVG's
# text: x, textLength and the baseline, a line of text above it
clear_of_titles() {
	python3 - "$1" <<'EOF'
import re, sys
svg = open(sys.argv[1]).read()
titles, labels = [], []
for m in re.finditer(r'<text ([^>]*)>([^<]*)</text>', svg):
    a = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
    if "textLength" not in a:
        continue
    x, y, w = float(a["x"]), float(a["y"]), float(a["textLength"])
    box = (x, x + w, y - 12, y + 3, m.group(2))
    if m.group(2).startswith("Renderer / ") and "fill" not in a:
        titles.append(box)
    elif m.group(2).startswith("checkout") or a.get("fill") == "#d63384":
        labels.append(box)
assert len(titles) == 2 and len(labels) == 4, (titles, labels)
for t in titles:
    for l in labels:
        if l[0] < t[1] and t[0] < l[1] and l[2] < t[3] and t[2] < l[3]:
            sys.exit("%r overlaps the lane title %r" % (l[4], t[4]))
EOF
}
for w in 560 800 1200; do
	run 0 --tasks "$meta" -w $w -o "$TMP/ann-$w.svg"
	clear_of_titles "$TMP/ann-$w.svg" || fail "--tasks -w $w: a label over a lane title"
	run 0 --tasks --sourcemaps "$meta" -w $w -o "$TMP/ann-$w.svg"
	clear_of_titles "$TMP/ann-$w.svg" || fail "--tasks --sourcemaps -w $w: a label over a lane title"
done
# without --tasks there is no event to label, but the JS call is there
run 0 --sourcemaps "$meta" -o "$TMP/ann-js.svg"
contains "$TMP/ann-js.svg" ">checkout handler<"
lacks "$TMP/ann-js.svg" ">checkout click<"
# found through the bundle's name too, without --sourcemaps
run 0 "$meta" -o "$TMP/ann-plain.svg"
contains "$TMP/ann-plain.svg" ">checkout handler<"
# the range's owner left out by --thread: the kept lane draws them
run 0 --tasks --sourcemaps "$meta" --thread ThreadPool -o "$TMP/ann-worker.svg"
contains "$TMP/ann-worker.svg" ">checkout<"
# idle cut out of the axis moves the annotations with the samples, and an
# entry begun before a cropped window is labelled where it is drawn from
run 0 --tasks --sourcemaps --trim-idle "$meta" -o "$TMP/ann-trim.svg"
contains "$TMP/ann-trim.svg" ">checkout click<"
contains "$TMP/ann-trim.svg" ">checkout handler<"
run 0 --tasks "$meta" -f json -o "$TMP/origin.json"
click_from=$(python3 - "$meta" "$TMP/origin.json" <<'EOF'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
c = next(e for e in d["traceEvents"] if e.get("name") == "EventDispatch"
         and e.get("args", {}).get("data", {}).get("type") == "click")
# --from counts from the chart's start, the earliest lane's start
t0 = min(p["start_us"] for p in json.load(open(sys.argv[2]))["profiles"])
print("%.1f" % ((c["ts"] - t0) / 1000 + 5))
EOF
)
run 0 --tasks --sourcemaps "$meta" --from "$click_from" -o "$TMP/ann-crop.svg"
contains "$TMP/ann-crop.svg" ">checkout handler<"

# the layout JSON: the range is the click's time in the trace, the handler's
# label names the original function and starts where its bar does
run 0 --tasks --sourcemaps "$meta" -f json -o "$TMP/ann.json"
python3 - "$meta" "$TMP/ann.json" <<'EOF' || fail "the layout JSON's annotations"
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
c = next(e for e in d["traceEvents"] if e.get("name") == "EventDispatch"
         and e.get("args", {}).get("data", {}).get("type") == "click")
a = json.load(open(sys.argv[2]))["annotations"]
r = a["time_ranges"][0]
assert (r["label"], r["start_us"], r["end_us"]) == ("checkout", c["ts"], c["ts"] + c["dur"]), r
labels = {l["label"]: l["entry"] for l in a["entry_labels"]}
click = labels["checkout click"]
assert (click["name"], click["start_us"], click["end_us"]) == \
    ("Event: click", c["ts"], c["ts"] + c["dur"]), click
h = labels["checkout handler"]
assert h["name"] == "handleCheckout", h
starts = [f["start_us"] for p in json.load(open(sys.argv[2]))["profiles"]
          for f in p["frames"] if f["name"] == "handleCheckout"]
assert h["start_us"] in starts, (h, starts)
assert len(a["links"]) == 1 and a["links"][0]["to"]["name"] == "handleCheckout", a["links"]
EOF
run 0 --tasks --sourcemaps --no-annotations "$meta" -f json -o "$TMP/none.json"
lacks "$TMP/none.json" '"annotations"'

# two traces: each one's annotations, on its own clock
run 0 --tasks --sourcemaps "$meta" "$meta" -o "$TMP/two.svg"
[ "$(grep -c '>checkout handler<' "$TMP/two.svg")" = 2 ] || fail "two traces: not two handler labels"

# --no-annotations, a graph, and a trace without metadata: none
run 0 --tasks --sourcemaps --no-annotations "$meta" -o "$TMP/none.svg"
lacks "$TMP/none.svg" "checkout"
run 0 -m graph "$meta" -o "$TMP/none-graph.svg"
lacks "$TMP/none-graph.svg" "checkout"
run 0 --tasks "$plain" -o "$TMP/none-plain.svg"
lacks "$TMP/none-plain.svg" "checkout"
# PNG and PDF draw them too (the PDF's text is checked when pdftotext is here)
run 0 --tasks --sourcemaps "$meta" -o "$TMP/ann.png"
run 0 --tasks --sourcemaps "$meta" -o "$TMP/ann.pdf"
if command -v pdftotext >/dev/null 2>&1; then
	pdftotext "$TMP/ann.pdf" "$TMP/ann.txt"
	contains "$TMP/ann.txt" "checkout handler"
	contains "$TMP/ann.txt" "checkout click"
fi

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
