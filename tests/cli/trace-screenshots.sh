#!/bin/sh
# --screenshots: a trace's screenshots drawn as a filmstrip above the chart
# (docs/rendering.md, "The filmstrip"; input-rules §C8). On a made trace
# each slot shows the screenshot its middle time picks, derived here from
# the rule (trace_screenshots.py); on the recorded one the filmstrip is
# there in SVG, PNG and PDF; unreadable screenshots and traces without any
# are said on stderr and the chart is drawn all the same.
. "$(dirname "$0")/lib.sh"

traces="$DATA/traces"
here=$(dirname "$0")

# the recorded trace: 11 screenshots of a table growing in steps
run 0 --tasks --screenshots "$traces/table-steps.json.gz" -o "$TMP/steps.svg"
n=$(grep -c "<image " "$TMP/steps.svg")
if [ "$n" -lt 5 ] || [ "$n" -gt 11 ]; then
	fail "table-steps.json.gz: $n screenshots drawn, want 5 to 11 (one per screenshot shown)"
fi
contains "$TMP/steps.svg" 'xlink:href="data:image/jpeg;base64,/9j/'
run 0 --tasks "$traces/table-steps.json.gz" -o "$TMP/plain.svg"
lacks "$TMP/plain.svg" "<image "
lacks "$TMP/err" "screenshot"
for f in png pdf; do
	run 0 --tasks --screenshots "$traces/table-steps.json.gz" -o "$TMP/steps.$f"
done
if command -v pdfimages >/dev/null 2>&1; then
	n=$(pdfimages -list "$TMP/steps.pdf" | tail -n +3 | wc -l)
	[ "$n" -ge 5 ] || fail "table-steps.pdf: $n images, want the filmstrip's (5 or more)"
else
	missing_tool pdfimages "the PDF's images"
fi

# where no filmstrip is drawn, said
run 0 -m graph --tasks --screenshots "$traces/table-steps.json.gz" -o "$TMP/graph.svg"
contains "$TMP/err" "--screenshots: no filmstrip: a graph has no time axis"
lacks "$TMP/graph.svg" "<image "
run 0 --screenshots "$traces/table-steps.json.gz" -f json -o "$TMP/steps.json"
contains "$TMP/err" "no filmstrip: only images"

# no screenshots: said, and drawn without
run 0 --screenshots "$traces/minimal-tasks.json" -o "$TMP/none.svg"
contains "$TMP/err" "minimal-tasks.json: the trace has no screenshots"
lacks "$TMP/none.svg" "<image "
run 0 --screenshots "$DATA/inputs/hostile-names.cpuprofile" -o "$TMP/cpu.svg"
contains "$TMP/err" "not a Chrome trace: --screenshots has nothing to draw"
run 0 -q --screenshots "$traces/minimal-tasks.json" -o "$TMP/none.svg"
[ -s "$TMP/err" ] && fail "-q: stderr not empty: $(cat "$TMP/err")"

if ! command -v python3 >/dev/null 2>&1 || ! command -v convert >/dev/null 2>&1; then
	missing_tool "python3 and convert" "the made traces' filmstrips"
	finish
fi
for c in red green blue yellow; do
	convert -size 80x60 "xc:$c" -quality 90 "$TMP/$c.jpg"
done
bad=$(python3 "$here/trace_screenshots.py" make "$TMP") || fail "making shots.json"
run 0 --screenshots "$TMP/shots.json" -o "$TMP/shots.svg"
python3 "$here/trace_screenshots.py" check "$TMP" "$TMP/shots.svg" ||
	fail "shots.json: the filmstrip's slots"
# each unreadable one named, with why
set -- $bad
contains "$TMP/err" "traceEvents[$1]"
contains "$TMP/err" "is not base64"
contains "$TMP/err" "traceEvents[$2]"
contains "$TMP/err" "traceEvents[$3]"
contains "$TMP/err" "Not a JPEG file"
[ "$(grep -c 'left out' "$TMP/err")" = 3 ] || fail "shots.json: not 3 screenshots left out"
run 2 --strict --screenshots "$TMP/shots.json" -o "$TMP/strict.svg"

# 1000 screenshots: a band of one thumbnail height (60 px) and a gap (4 px)
# more than without; as many thumbnails as slots (14 at 1200 px)
python3 "$here/trace_screenshots.py" many "$TMP" 1000
run 0 --screenshots "$TMP/many.json" -o "$TMP/many.png"
run 0 "$TMP/many.json" -o "$TMP/many-plain.png"
h1=$(file "$TMP/many.png" | sed -n 's/.* x \([0-9]*\),.*/\1/p')
h0=$(file "$TMP/many-plain.png" | sed -n 's/.* x \([0-9]*\),.*/\1/p')
[ "$((h1 - h0))" = 64 ] || fail "many.json: the filmstrip is $((h1 - h0)) px tall, want 64"
run 0 --screenshots "$TMP/many.json" -o "$TMP/many.svg"
n=$(grep -c "<image " "$TMP/many.svg")
[ "$n" = 14 ] || fail "many.json: $n thumbnails, want 14"
finish
