#!/bin/sh
# Images that read where they are shown: --preset, --max-depth, --height,
# --trim-idle, --from/--to (chart window, ruler on the profile's clock).
. "$(dirname "$0")/lib.sh"
REAL=$DATA/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile

# png_size FILE -> "W H" from the IHDR chunk
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'
}

# a profile: 100 ms idle, 50 ms of work in a 5-deep stack, 100 ms idle
# (one sample per ms), and a 1 ms blip of work 1 ms before the end
{
	printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},'
	printf '{"id":2,"callFrame":{"functionName":"(idle)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1}},'
	printf '{"id":3,"callFrame":{"functionName":"a","scriptId":"1","url":"file:///w.js","lineNumber":0,"columnNumber":0},"children":[4]},'
	printf '{"id":4,"callFrame":{"functionName":"b","scriptId":"1","url":"file:///w.js","lineNumber":1,"columnNumber":0},"children":[5]},'
	printf '{"id":5,"callFrame":{"functionName":"c","scriptId":"1","url":"file:///w.js","lineNumber":2,"columnNumber":0},"children":[6]},'
	printf '{"id":6,"callFrame":{"functionName":"d","scriptId":"1","url":"file:///w.js","lineNumber":3,"columnNumber":0},"children":[7]},'
	printf '{"id":7,"callFrame":{"functionName":"e","scriptId":"1","url":"file:///w.js","lineNumber":4,"columnNumber":0}}],'
	printf '"startTime":0,"endTime":250000,"samples":['
	i=0
	while [ $i -lt 250 ]; do
		if [ $i -ge 100 ] && [ $i -lt 150 ]; then s=7; elif [ $i = 248 ]; then s=3; else s=2; fi
		printf '%s%s' "$([ $i = 0 ] || echo ,)" $s
		i=$((i + 1))
	done
	printf '],"timeDeltas":[0'
	i=1
	while [ $i -lt 250 ]; do printf ',1000'; i=$((i + 1)); done
	printf ']}'
} >"$TMP/idle.cpuprofile"

extent() { jq -r '.profiles[0] | "\(.start_us) \(.end_us)"' "$TMP/out"; }

# --trim-idle: the busy span, the 1 ms blip at the end (2% of the work)
# stays, and the 98 ms of idle before it (over 1% of the span) is cut out
# of the axis: 50 + 1 ms of work from 100 ms on the profile's clock
run 0 -f json --trim-idle "$TMP/idle.cpuprofile"
[ "$(extent)" = "100000 151000" ] || fail "--trim-idle: extent $(extent), want 100000 151000"
# header text read back from a PDF
pdf_text() {
	run 0 "$@" -o "$TMP/t.pdf"
	pdftotext "$TMP/t.pdf" "$TMP/t.txt" || fail "pdftotext $*"
}
command -v pdftotext >/dev/null 2>&1 || { echo "SKIP: pdftotext (poppler-utils) not found"; exit 77; }
pdf_text --trim-idle "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "showing 100.0 to 249.0 ms of 250.0 ms; the idle time before, after and inside (98.0 ms in 1 stretch, grey lines) was cut"
# the real build's main thread: idle inside the span is cut, the work fills the width
MAIN=$DATA/corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile
pdf_text --trim-idle "$MAIN"
grep -q "the idle time before, after and inside (.* ms in [0-9]* stretches, grey lines) was cut" "$TMP/t.txt" ||
	fail "--trim-idle on the build's main thread: no idle cut inside"
run 0 -f json --trim-idle "$MAIN"
[ "$(jq '.profiles[0] | (.end_us - .start_us) < 2500000' "$TMP/out")" = true ] ||
	fail "--trim-idle: the main thread still spans $(extent)"
# --from/--to: a window; the ruler keeps the clock (labels past the window's start)
run 0 -f json --from 120 --to 130 "$TMP/idle.cpuprofile"
[ "$(extent)" = "120000 130000" ] || fail "--from/--to: extent $(extent)"
pdf_text --from 120 --to 130 "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "showing 120.0 to 130.0 ms of 250.0 ms"
grep -qx "125 ms" "$TMP/t.txt" || fail "--from 120: no ruler label 125 ms"
grep -qx "5 ms" "$TMP/t.txt" && fail "--from 120: the ruler restarted at 0"
pdf_text --from 200 "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "showing 200.0 to 250.0 ms of 250.0 ms"
run 1 --from 300 "$TMP/idle.cpuprofile" -o "$TMP/x.svg"
contains "$TMP/err" "outside the profile (0 to 250.000 ms)"
run 1 --from 10 --to 5 "$TMP/idle.cpuprofile" -o "$TMP/x.svg"
run 1 --from -3 "$TMP/idle.cpuprofile" -o "$TMP/x.svg"
[ -e "$TMP/x.svg" ] && fail "a refused window left a file"

# --max-depth: 2 of the 5 rows, the header counts the rest
pdf_text --max-depth 2 "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "rows deeper than 2 not drawn in 1 lane"
run 0 --max-depth 2 "$REAL" -o "$TMP/d2.png"
run 0 "$REAL" -o "$TMP/full.png"
set -- $(png_size "$TMP/d2.png")
h2=$2
set -- $(png_size "$TMP/full.png")
[ "$h2" -lt "$2" ] || fail "--max-depth 2: height $h2, not below $2"

# --height: folded until the image fits
run 0 --height 400 "$REAL" -o "$TMP/h.png"
set -- $(png_size "$TMP/h.png")
[ "$2" -le 400 ] && [ "$2" -gt 300 ] || fail "--height 400: image is $2 px tall"
run 1 --height 50 "$REAL" -o "$TMP/x.png"

# the height budget: 1.5 x the width by default, 1.25 x with a preset;
# --full-height draws every row (this profile is 57 rows deep: 1 000 px
# and more of rows at 1200 px wide)
set -- $(png_size "$TMP/full.png")
[ "$2" -le 1800 ] || fail "default: image is $2 px tall at 1200 px wide"
run 0 --full-height "$REAL" -o "$TMP/every.png"
set -- $(png_size "$TMP/every.png")
[ "$2" -gt 1800 ] || fail "--full-height: image is only $2 px tall"
run 0 --preset github --scale 1 "$REAL" -o "$TMP/gh.png"
set -- $(png_size "$TMP/gh.png")
[ "$1" = 880 ] && [ "$2" -le 1100 ] || fail "--preset github: image is $1 x $2"
# 261 px with every row (five of 21 px): a to e, five frames each the only
# child of the last, fold from a on as far as the budget needs: one row
# less (250 px) takes a, b and c; 200 px leaves one row, the whole chain
pdf_text --height 250 "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "1 call chain of 3 frames drawn as one bar"
contains "$TMP/t.txt" "a … c · 3 frames"
pdf_text --height 200 "$TMP/idle.cpuprofile"
contains "$TMP/t.txt" "1 call chain of 5 frames drawn as one bar"
contains "$TMP/t.txt" "a … e · 5 frames"
# the layout JSON keeps the five bars and says the image folds them
run 0 -f json --height 200 "$TMP/idle.cpuprofile" -o "$TMP/fold.json"
python3 - "$TMP/fold.json" <<'PY' || fail "layout JSON: the fold is not recorded"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["profiles"][0]
names = [f["name"] for f in p["frames"]]
assert all(n in names for n in "abcde"), names
im = p["image"]
assert im["folded"] and not im["quiet"], im
s = im["spines"]
assert len(s) == 1 and (s[0]["first"], s[0]["last"], s[0]["frames"]) == ("a", "e", 5), s
assert d["image"]["height_px"] <= 200, d["image"]
PY
# e holds 50 of the 51 ms of CPU time, a 1 ms: 98 % and 2.0 %
contains "$TMP/t.txt" "most self time: e 98 %, a 2.0 %"

# report images: within the same budget unless --max-depth, --height or
# --full-height says otherwise
mkdir -p "$TMP/deep" && cp "$REAL" "$TMP/deep/"
report_height() {
	rm -rf "$TMP/rep" && run 0 report -q -m chart -f png -j 1 "$@" "$TMP/deep" -o "$TMP/rep"
	set -- $(png_size "$(ls "$TMP"/rep/*.chart.png | head -n 1)")
	echo "$2"
}
h=$(report_height)
[ "$h" -gt 900 ] && [ "$h" -le 1800 ] || fail "report: default chart is $h px tall, want at most 1800"
h=$(report_height --max-depth 100)
[ "$h" -gt 2000 ] || fail "report --max-depth 100: chart is $h px tall"
h=$(report_height --height 1800)
[ "$h" -gt 1600 ] && [ "$h" -le 1800 ] || fail "report --height 1800: chart is $h px tall"

# the default image reads at 880 px: 14 px labels (10 px at 880/1200)
run 0 "$TMP/idle.cpuprofile" -o "$TMP/default.svg"
contains "$TMP/default.svg" "font-size:14px"

# --preset github: 880 px (the comment column), PNG at 2x; --width still wins
run 0 --preset github "$TMP/idle.cpuprofile" -o "$TMP/gh.png"
[ "$(png_size "$TMP/gh.png" | cut -d' ' -f1)" = 1760 ] || fail "--preset github: $(png_size "$TMP/gh.png")"
run 0 --preset github "$TMP/idle.cpuprofile" -o "$TMP/gh.svg"
contains "$TMP/gh.svg" 'width="880'
run 0 --preset docs --width 600 "$TMP/idle.cpuprofile" -o "$TMP/docs.png"
[ "$(png_size "$TMP/docs.png" | cut -d' ' -f1)" = 1200 ] || fail "--preset docs --width 600: $(png_size "$TMP/docs.png")"
run 1 --preset phone "$TMP/idle.cpuprofile"
contains "$TMP/err" "--preset must be github or docs"
finish
