#!/bin/sh
# The native SVG writer (docs/rendering.md): every golden case's SVG parses
# as XML with a title per frame (tests/cli/svg_check.py), narrow boxes of
# one frame share a path whose title names their count, names that are
# markup stay text, the bytes are stable, --interactive only adds its script
# and styles, --svg-backend cairo still gives cairo's SVG, and the PDF keeps
# real text (pdftotext finds the labels).
. "$(dirname "$0")/lib.sh"
case $FLAMECHART in /*) ;; *) FLAMECHART=$(pwd)/$FLAMECHART ;; esac

if ! command -v python3 >/dev/null 2>&1; then
	echo "svg-native: python3 not found (Debian package python3); skipping"
	exit 77
fi
FONTCONFIG_FILE=$ROOT/tests/fonts.conf
export FONTCONFIG_FILE
check() {
	python3 "$ROOT/tests/cli/svg_check.py" "$@" || fail "svg_check $*"
}

# every golden case
for dir in "$ROOT"/golden/*/; do
	case=$(basename "$dir")
	set --
	while IFS= read -r line || [ -n "$line" ]; do
		[ -n "$line" ] && set -- "$@" "$line"
	done <"$dir/args"
	(cd "$ROOT" && "$FLAMECHART" "$@" -o "$TMP/golden-$case.svg") 2>"$TMP/err" ||
		fail "$case: flamechart failed: $(head -3 "$TMP/err")"
done
check "$TMP"/golden-*.svg

# names that are markup are text, in the labels and the titles
H=$DATA/inputs/hostile-names.cpuprofile
run 0 "$H" -o "$TMP/h.svg"
check "$TMP/h.svg" --expect '</text><script>alert(1)</script>' \
	--expect "a & b \"quoted\" 'single' ]]> <!-- c -->" \
	--expect aVeryLongFunctionNameThatCannotPossiblyFitInsideItsNarrowBoxAtAll_endsHere
contains "$TMP/h.svg" '&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;'
if grep -q '<script' "$TMP/h.svg"; then
	fail "h.svg has a <script> element"
fi
# the whole name is in the file even where the label is cut
contains "$TMP/h.svg" aVeryLongFunctionNameThatCannotPossiblyFitInsideItsNarrowBoxAtAll_endsHere
contains "$TMP/h.svg" 'file:///x/&lt;evil&gt;&amp;"q".js:5:10'

# byte-stable
C=$DATA/corpus/real/ng-build/CPU.20250519.000217.90620.4.005.cpuprofile
run 0 "$C" -o "$TMP/a.svg"
run 0 "$C" -o "$TMP/b.svg"
cmp -s "$TMP/a.svg" "$TMP/b.svg" || fail "two runs give different SVGs"

# script URLs in the titles are relative to the prefix <desc> states once
contains "$TMP/a.svg" 'Frame locations are relative to file:///Users/michael_hladky/WebstormProjects/enterjs-25/node_modules/</desc>'
grep -qx '@angular/build/src/tools/sass/worker.js:1:1' "$TMP/a.svg" ||
	fail "no title line with the relative location of worker.js"
if grep -q '^file:///Users/michael_hladky/WebstormProjects' "$TMP/a.svg"; then
	fail "a title has the whole URL"
fi

# narrow boxes of one frame share a path and a title that names their
# count (docs/rendering.md), on an image of thousands of them; the check
# fails when a group's title does not say how many boxes it holds
N=$DATA/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile
run 0 "$N" -o "$TMP/n.svg"
check --groups "$TMP/n.svg"
sed 's/ boxes under 3 px/ boxes/' "$TMP/n.svg" >"$TMP/n-bad.svg"
if python3 "$ROOT/tests/cli/svg_check.py" "$TMP/n-bad.svg" >/dev/null; then
	fail "svg_check passes groups whose titles do not name their count"
fi

# --interactive: the static document plus the script and its styles
run 0 "$C" --interactive -o "$TMP/i.svg"
check "$TMP/i.svg" --interactive
awk '/^<script>/ { skip = 1 } !skip && !/^\.(bars path|fc-ctl|bars \.fc-hit)/ { print } /^\]\]><\/script>/ { skip = 0 }' \
	"$TMP/i.svg" >"$TMP/i-static.svg"
cmp -s "$TMP/a.svg" "$TMP/i-static.svg" ||
	fail "--interactive changes more than the script and its styles"

# an interactive graph opens on its root: fcRootY, where the script scrolls
# to, is the foot of the lowest row of bars (the root's, plus the 1 px gap
# between rows); a chart and an icicle start at the top and say -1
root_y() {
	sed -n 's/^var fcPlotX=.*,fcRootY=\([-0-9.]*\),.*/\1/p' "$1"
}
run 0 -m graph "$N" --interactive -o "$TMP/ig.svg"
python3 - "$TMP/ig.svg" "$(root_y "$TMP/ig.svg")" <<'PY' || fail "fcRootY is not the foot of the root row"
import re, sys
svg = open(sys.argv[1]).read()
foot = None
for g in re.finditer(r'<g class="bars"[^>]*stroke-width="([0-9.]+)"[^>]*>(.*?)</g>', svg, re.S):
    h = float(g.group(1))
    for m in re.finditer(r'<path d="M[0-9.]+ ([0-9.]+)h', g.group(2)):
        y = float(m.group(1)) + h / 2 + 1
        foot = y if foot is None or y > foot else foot
sys.exit(0 if foot is not None and abs(foot - float(sys.argv[2])) < 0.01 else 1)
PY
run 0 "$N" --interactive -o "$TMP/ic.svg"
[ "$(root_y "$TMP/ic.svg")" = -1 ] || fail "a chart gives a root to scroll to"
run 0 -m graph --inverted "$N" --interactive -o "$TMP/ii.svg"
[ "$(root_y "$TMP/ii.svg")" = -1 ] || fail "an icicle gives a root to scroll to"

# the cairo writer for comparison: glyphs as paths
run 0 "$C" --svg-backend cairo -o "$TMP/cairo.svg"
contains "$TMP/cairo.svg" 'glyph'
run 1 "$C" --svg-backend nope -o "$TMP/nope.svg"

# PDF keeps real text
if command -v pdftotext >/dev/null 2>&1; then
	run 0 "$DATA/corpus/minimal/flat-line.20250519.050090.10002.0.001.cpuprofile" -o "$TMP/f.pdf"
	pdftotext "$TMP/f.pdf" "$TMP/f.txt"
	for label in flatLine_L1 flatLine_L2 flatLine_Task 'sampled every'; do
		contains "$TMP/f.txt" "$label"
	done
else
	echo "svg-native: pdftotext not found (poppler-utils); PDF text not checked"
fi

[ "$failures" -eq 0 ] || exit 1
echo "svg-native: ok"
