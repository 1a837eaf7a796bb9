#!/bin/sh
# CLI tests of colours and themes: --theme (built-in names, files, errors
# with file, key, line and column), --color-by with every theme, --hide and
# --dim as the layout JSON shows them, the report's tier colours, and the
# traces without samples (an error, never an image).
# Usage: style.sh FLAMECHART (FC_SOURCE_ROOT and FC_TEST_DATA from meson)
. "$(dirname "$0")/lib.sh"

FONTCONFIG_FILE=$ROOT/tests/fonts.conf
export FONTCONFIG_FILE
fc=$FLAMECHART
case $fc in /*) ;; *) fc=$(pwd)/$fc ;; esac
FLAMECHART=$fc # the tests below change directory
seed=$DATA/corpus/seed-examples/minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile
real=$DATA/corpus/real/ng-build/CPU.20250519.000217.90620.4.005.cpuprofile

# pixel PNG X Y: "r,g,b" of one pixel of one of our PNGs (8-bit RGB, no
# row filter, as write_png.c writes them), decoded with node's zlib
pixel() {
	node -e '
const fs = require("fs"), zlib = require("zlib");
const b = fs.readFileSync(process.argv[1]), x = +process.argv[2], y = +process.argv[3];
let i = 8, idat = [], w = 0;
while (i < b.length) {
  const len = b.readUInt32BE(i), type = b.toString("ascii", i + 4, i + 8);
  if (type === "IHDR") w = b.readUInt32BE(i + 8);
  if (type === "IDAT") idat.push(b.subarray(i + 8, i + 8 + len));
  i += 12 + len;
}
const raw = zlib.inflateSync(Buffer.concat(idat)), row = 1 + 3 * w, at = y * row;
if (raw[at] !== 0) throw new Error("row filter " + raw[at]);
const p = at + 1 + 3 * x;
console.log(raw[p] + "," + raw[p + 1] + "," + raw[p + 2]);' "$1" "$2" "$3"
}

png_height() {
	od -An -tu1 -j20 -N4 "$1" | awk '{ print $1*16777216+$2*65536+$3*256+$4 }'
}

# --- built-in themes: the background each one paints -------------------------------
for t in light:255,255,255 dark:30,31,34 devtools:255,255,255 classic:238,238,238; do
	name=${t%%:*}
	run 0 "$real" --theme "$name" -o "$TMP/$name.png"
	got=$(pixel "$TMP/$name.png" 0 0)
	[ "$got" = "${t#*:}" ] || fail "--theme $name: background $got, expected ${t#*:}"
done
# classic: FlameGraph's gradient, #eeeeee at the top to #eeeeb0 at the bottom
h=$(png_height "$TMP/classic.png")
got=$(pixel "$TMP/classic.png" 0 $((h - 1)))
case $got in 238,238,17[6-9]) ;; *) fail "classic: bottom row $got, expected about 238,238,176" ;; esac

# devtools: the Performance panel's colours (devtools-rules §5.3) in the layout JSON
run 0 "$seed" --theme devtools -f json -o "$TMP/dt.json"
jq -r '.profiles[0].frames[] | "\(.name) \(.color)"' "$TMP/dt.json" | sort -u >"$TMP/dt.txt"
contains "$TMP/dt.txt" "(program) #facc15"
contains "$TMP/dt.txt" "(garbage collector) #facc15"
contains "$TMP/dt.txt" "(idle) #e3e3e3"
contains "$TMP/dt.txt" "main-work #c6ece3"

# every scheme with every theme
for t in light dark devtools classic; do
	for s in url tier package heat mono; do
		run 0 "$real" --theme "$t" --color-by "$s" -f json -o "$TMP/x.json"
		n=$(jq '[.profiles[0].frames[] | .color | select(test("^#[0-9a-f]{6}$"))] | length' \
			"$TMP/x.json")
		[ "$n" -gt 100 ] || fail "--theme $t --color-by $s: $n colours"
	done
done
# mono is grey
jq -r '.profiles[0].frames[].color' "$TMP/x.json" | sort -u >"$TMP/greys"
grep -vqE '^#(..)\1\1$' "$TMP/greys" && fail "--color-by mono: not all grey"

# --- theme files ---------------------------------------------------------------------
cd "$TMP" || exit 1
printf '{\n  "extends": "dark",\n  "background": "#102030"\n}\n' >mine.json
run 0 "$seed" --theme mine.json -o mine.png
[ "$(pixel mine.png 0 0)" = "16,32,48" ] || fail "--theme mine.json: background $(pixel mine.png 0 0)"

run 1 "$seed" --theme solarized -o never.png
contains "$TMP/err" "flamechart: unknown theme 'solarized' (light, dark, devtools, classic, or the path of a theme file)"
printf '{\n  "tiers": {\n    "app": "red"\n  }\n}\n' >bad.json
run 1 "$seed" --theme bad.json -o never.png
contains "$TMP/err" 'flamechart: bad.json: tiers.app (line 3, column 5): expected a colour "#rrggbb", not "red"'
printf '{\n  "tiers": {\n    "ap": "#ffffff"\n  }\n}\n' >typo.json
run 1 "$seed" --theme typo.json -o never.png
contains "$TMP/err" 'flamechart: typo.json: tiers.ap (line 3, column 5): unknown key "ap" (did you mean "app"?)'
printf '{\n  "text": "#000",\n  "grid": #000\n}\n' >syntax.json
run 1 "$seed" --theme syntax.json -o never.png
contains "$TMP/err" "flamechart: syntax.json: line 3, column 11: invalid token"
run 1 "$seed" --theme "$TMP/missing.json" -o never.png
contains "$TMP/err" "missing.json: cannot open the theme: No such file or directory"
[ -e never.png ] && fail "an image was written despite a bad theme"

# --- --hide and --dim ----------------------------------------------------------------
run 0 "$real" -f json -o all.json
run 0 "$real" --hide native,v8,gc -f json -o hidden.json
n=$(jq '[.profiles[0].frames[] | select(.tier == "native" or .tier == "v8" or .tier == "gc")] | length' hidden.json)
[ "$n" = 0 ] || fail "--hide native,v8,gc: $n such frames drawn"
n=$(jq '[.profiles[0].frames[] | select(.tier == "native")] | length' all.json)
[ "$n" -gt 0 ] || fail "the profile has no native frames to hide"
# the time axis is the same: no time disappears
[ "$(jq -c '.profiles[0] | [.start_us, .end_us, .samples]' all.json)" = \
	"$(jq -c '.profiles[0] | [.start_us, .end_us, .samples]' hidden.json)" ] ||
	fail "--hide changed the time axis or the samples"
# a hidden frame's time goes to its nearest kept ancestor: no kept tier
# loses self time, and the kept frames hold at least what they held before
selfs() { # FILE TIER...: the self time of those tiers' frames, in µs
	f=$1
	shift
	jq --arg t "$*" '[.profiles[0].frames[] | select(.tier as $x | ($t | split(" ")) | index($x)) | .self_us] | add // 0' "$f"
}
for t in app deps core idle; do
	a=$(selfs all.json "$t")
	b=$(selfs hidden.json "$t")
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(b >= a) }' || fail "--hide native,v8,gc: the $t tier's self time fell from $a to $b µs"
done
a=$(selfs all.json app deps core idle native v8 gc)
b=$(selfs hidden.json app deps core idle)
awk -v a="$a" -v b="$b" 'BEGIN { exit !(b < a) }' || fail "--hide native,v8,gc: kept frames hold $b of $a µs, want less (the root's share is not drawn)"
awk -v a="$(selfs all.json app deps core idle)" -v b="$b" 'BEGIN { exit !(b > a) }' ||
	fail "--hide native,v8,gc: no hidden frame's time went to a kept ancestor"
# every tier hidden: no bar at all, the time all the root's, the axis unchanged
run 0 "$real" --hide app,deps,core,native,v8,gc,idle -f json -o none.json
[ "$(jq '.profiles[0].frames | length' none.json)" = 0 ] || fail "--hide every tier: bars drawn"
[ "$(jq -c '.profiles[0] | [.start_us, .end_us, .samples]' all.json)" = \
	"$(jq -c '.profiles[0] | [.start_us, .end_us, .samples]' none.json)" ] ||
	fail "--hide every tier changed the time axis or the samples"
run 0 "$real" --hide app,deps,core,native,v8,gc,idle -o none.png
run 1 "$real" --hide bogus -o none.png
contains "$TMP/err" "unknown tier in 'bogus'"

run 0 "$real" --color-by tier --dim deps -f json -o dim.json
jq -r '.profiles[0].frames[] | select(.tier == "deps") | .color' dim.json | sort -u >deps
[ -s deps ] || fail "no deps frames"
grep -vqE '^#(..)\1\1$' deps && fail "--dim deps: a deps frame is not grey"
jq -r '.profiles[0].frames[] | select(.tier == "core") | .color' dim.json | sort -u >core
[ "$(cat core)" = "#009e73" ] || fail "--dim deps changed core: $(cat core)"

# --- traces without samples: an error in both modes, no image --------------------------
for f in "$DATA"/corpus/seed-examples/minimal-trace-event-instant-event-tracing-started-in-browser.json \
	"$DATA"/corpus/seed-examples/minimal-trace-event-pid-tid-grouping.json; do
	for m in chart graph; do
		for x in png svg pdf; do
			run 2 "$f" -m "$m" -o "empty.$x"
			contains "$TMP/err" "trace has no CPU profile samples (record with the disabled-by-default-v8.cpu_profiler category)"
			[ -e "empty.$x" ] && fail "$f -m $m: empty.$x written"
		done
	done
done

# --- report: the index uses the theme's tier colours -------------------------------------
mkdir in
cp "$real" in/
printf '{"tiers": {"deps": "#123456", "core": "#abcdef"}}' >tiers.json
"$fc" report -q in -o rep -f png -m chart --theme tiers.json >/dev/null 2>"$TMP/err" ||
	fail "report --theme: $(cat "$TMP/err")"
contains rep/index.html "background:#123456"
contains rep/index.html "background:#abcdef"
lacks rep/index.html "background:#56b4e9"

finish
