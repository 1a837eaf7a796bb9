#!/bin/sh
# --sourcemaps on real bundles (tests/data/sourcemaps, built by its make.sh):
# the app's functions get the names and file:line the sources declare them
# at (expected.txt, written by hand), lodash-es becomes deps, totals are
# kept; and broken, missing or hostile maps leave the bundle as it was,
# with a warning naming the map (an error under --strict).
. "$(dirname "$0")/lib.sh"

command -v jq >/dev/null 2>&1 || { echo "SKIP: jq is not installed: nothing checked"; exit 77; }
SM=$DATA/sourcemaps
ROOTOPT="--sourcemap-root file:///srv/shop/=$SM"

# NAME FILE:LINE of every frame of the app's sources in a layout JSON
app_frames() {
	jq -r '.profiles[0].frames[] | select(.url | startswith("file:///srv/shop/app/src/"))
		| "\(.name) \(.url | ltrimstr("file:///srv/shop/")):\(.line + 1)"' "$1" | sort -u
}

for v in esbuild esbuild-inline esbuild-min rollup-min; do
	run 0 -m graph -f json $ROOTOPT "$SM/$v/app.cpuprofile" -o "$TMP/$v.json"
	[ -s "$TMP/err" ] && fail "$v: warnings: $(head -3 "$TMP/err")"
	run 0 -m graph -f json "$SM/$v/app.cpuprofile" -o "$TMP/$v-plain.json"
	app_frames "$TMP/$v.json" >"$TMP/$v.app"
	# every frame on a line expected.txt names has that name; no other
	# frame has one of those names
	found=0
	while read -r name at; do
		if grep -q "^$name " "$SM/expected.txt"; then
			grep -qx "$name $at" "$SM/expected.txt" ||
				fail "$v: $name mapped to $at, expected.txt: $(grep "^$name " "$SM/expected.txt")"
			found=$((found + 1))
		elif grep -q " $at\$" "$SM/expected.txt"; then
			fail "$v: '$name' at $at, expected.txt: $(grep " $at\$" "$SM/expected.txt")"
		fi
	done <"$TMP/$v.app"
	# the committed profiles sample at least these eight of the ten
	[ "$found" -ge 8 ] || fail "$v: only $found of the app's functions found: $(tr '\n' ';' <"$TMP/$v.app")"
	# the bundle's own frames are gone, but for its top-level code
	n=$(jq "[.profiles[0].frames[] | select(.url == \"file:///srv/shop/$v/dist/app.js\" and .line != 0 and .column != 0)] | length" "$TMP/$v.json")
	[ "$n" = 0 ] || fail "$v: $n frames still in the bundle"
	# tiers on the original paths: lodash-es is deps, app/src is app
	[ "$(jq '[.profiles[0].frames[] | select(.url | contains("/node_modules/lodash-es/")) | select(.tier != "deps")] | length' "$TMP/$v.json")" = 0 ] ||
		fail "$v: lodash-es frames not in deps"
	[ "$(jq '[.profiles[0].frames[] | select(.url | contains("/node_modules/lodash-es/"))] | length' "$TMP/$v.json")" -gt 3 ] ||
		fail "$v: no lodash-es frames"
	[ "$(jq '[.profiles[0].frames[] | select(.url | contains("/app/src/")) | select(.tier != "app")] | length' "$TMP/$v.json")" = 0 ] ||
		fail "$v: app/src frames not in app"
	# mapping merges frames and never changes the time
	[ "$(jq '.profiles[0].total, .profiles[0].samples' "$TMP/$v.json")" = \
		"$(jq '.profiles[0].total, .profiles[0].samples' "$TMP/$v-plain.json")" ] ||
		fail "$v: totals differ from the unmapped graph"
	# the bundle position stays in the JSON, 0-based as in the profile
	[ "$(jq -r '[.profiles[0].frames[] | select(.name == "checkoutAll")][0].generated.url' "$TMP/$v.json")" = \
		"file:///srv/shop/$v/dist/app.js" ] || fail "$v: checkoutAll has no generated position"
done

# the generated position is the profile's own callFrame position
g=$(jq -c '[.profiles[0].frames[] | select(.name == "computeTotals")][0].generated | [.line, .column]' "$TMP/esbuild-min.json")
jq -e --argjson g "$g" '[.nodes[].callFrame | select(.url == "file:///srv/shop/esbuild-min/dist/app.js" and .lineNumber == $g[0] and .columnNumber == $g[1])] | length > 0' \
	"$SM/esbuild-min/app.cpuprofile" >/dev/null || fail "generated position $g is not a callFrame of the profile"

# a chart, folded output, info, an image header: all mapped
run 0 -f folded $ROOTOPT "$SM/rollup-min/app.cpuprofile"
contains "$TMP/out" "checkoutAll file:///srv/shop/app/src/orders/checkout.ts:11"
# only the bundle's top-level code (0:0, shown 1:1) stays in the bundle
grep -qE 'rollup-min/dist/app\.js:1:([02-9]|1[0-9])' "$TMP/out" && fail "folded: frames left in the bundle"
run 0 info $ROOTOPT "$SM/esbuild-min/app.cpuprofile"
contains "$TMP/out" "  source maps   "
contains "$TMP/out" "mapped through 1 map"
contains "$TMP/out" "checkoutAll  file:///srv/shop/app/src/orders/checkout.ts:11"
# the header, read back from a PDF (its text stays text)
pdf_text() {
	run 0 -f pdf "$@" -o "$TMP/h.pdf"
	pdftotext -layout "$TMP/h.pdf" "$TMP/h.txt" || fail "pdftotext $*"
}
if command -v pdftotext >/dev/null 2>&1; then
	pdf_text -m graph $ROOTOPT "$SM/esbuild-min/app.cpuprofile"
	contains "$TMP/h.txt" "frames mapped through 1 source map"
	contains "$TMP/h.txt" "checkoutAll"
else
	missing_tool pdftotext "the image header"
fi
run 0 -m graph -f json --sourcemaps "$SM/esbuild-min/app.cpuprofile" -o "$TMP/off.json"
[ "$(app_frames "$TMP/off.json" | wc -l)" = 0 ] || fail "--sourcemaps read /srv/shop without a root"

# diff: two bundlers' profiles meet on the original functions
run 0 diff $ROOTOPT "$SM/esbuild-min/app.cpuprofile" "$SM/rollup-min/app.cpuprofile" -f md -o "$TMP/diff.md"
contains "$TMP/diff.md" "| checkoutAll | \`app/src/orders/checkout.ts\` |"
contains "$TMP/diff.md" "| computeTotals | \`app/src/orders/checkout.ts\` |"
# only the bundles' top-level code stays in the bundles
[ "$(grep 'dist/app.js' "$TMP/diff.md" | grep -vc 'anonymous')" = 0 ] || fail "diff: named frames left in a bundle"

# --sourcemap-dir: the script is not on this machine; its map is found by name
run 0 -m graph -f json --sourcemap-dir "$TMP/none" --sourcemap-dir "$SM/esbuild-min/dist" \
	"$SM/esbuild-min/app.cpuprofile" -o "$TMP/dir.json"
app_frames "$TMP/dir.json" >"$TMP/dir.app"
grep -qx "computeTotals app/src/orders/checkout.ts:5" "$TMP/dir.app" || fail "--sourcemap-dir: not mapped"

# maps that cannot be used: a copy of the minified bundle, its map replaced
mkdir -p "$TMP/bad/esbuild-min/dist"
cp "$SM/esbuild-min/dist/app.js" "$TMP/bad/esbuild-min/dist/"
BADROOT="--sourcemap-root file:///srv/shop/=$TMP/bad"
MAP=$TMP/bad/esbuild-min/dist/app.js.map
check_bad() { # WHAT TEXT: renders, warns naming the map, --strict fails naming it
	run 0 -f png $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/bad.png"
	contains "$TMP/err" "flamechart: warning: $SM/esbuild-min/app.cpuprofile: source map $MAP"
	contains "$TMP/err" "$2"
	[ -s "$TMP/bad.png" ] || fail "$1: no image"
	run 0 info $BADROOT "$SM/esbuild-min/app.cpuprofile"
	contains "$TMP/out" "unreadable (app.js.map)"
	run 2 --strict -f png $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/bad.png"
	contains "$TMP/err" "flamechart: $MAP"
}
check_bad missing "not found (named by $TMP/bad/esbuild-min/dist/app.js)"
printf 'this is not json' >"$MAP"
check_bad not-json "not a JSON source map"
printf '{"version":2,"sources":[],"names":[],"mappings":""}' >"$MAP"
check_bad version "not a version 3 source map"
printf '{"version":3,"sources":["a.ts"],"names":[],"mappings":"AAAA,C!"}' >"$MAP"
check_bad bad-vlq "\"mappings\" has a character that is not Base64 at offset 6"
printf '{"version":3,"sections":[{"offset":{"line":0,"column":0},"map":{"version":3,"sections":[]}}]}' >"$MAP"
check_bad nested "sections[0]: an index map inside an index map"
if command -v pdftotext >/dev/null 2>&1; then
	pdf_text $BADROOT "$SM/esbuild-min/app.cpuprofile"
	contains "$TMP/h.txt" "warning: 1 source map unreadable (app.js.map)"
fi

# mappings pointing outside sources/names: ignored with a warning
# (source 1; source 1 and name 1; name 1; a segment of 2 fields)
printf '{"version":3,"sources":["a.ts"],"names":["n"],"mappings":"AAAA,CCAA,CAAAC,CDCAA,CC"}' >"$MAP"
run 0 -m graph -f json $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/ign.json"
contains "$TMP/err" "source map $MAP: 4 mappings ignored"
run 2 --strict -f json $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/ign.json"

# an index map (sections) over the real map: the same frames as the plain map
jq -c '{version: 3, sections: [{offset: {line: 0, column: 0}, map: .}]}' \
	"$SM/esbuild-min/dist/app.js.map" >"$MAP"
run 0 -m graph -f json $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/index.json"
app_frames "$TMP/index.json" | sed 's#app/src#X#' >"$TMP/index.app"
app_frames "$TMP/esbuild-min.json" | sed 's#app/src#X#' >"$TMP/plain.app"
# (sources resolve against the copy's folder, the same /srv/shop path)
cmp -s "$TMP/index.app" "$TMP/plain.app" || fail "index map maps differently"

# --sourcemap-root never reads outside its folder: a comment that climbs
# out, and a symbolic link that points out
sed 's#sourceMappingURL=app.js.map#sourceMappingURL=../../../../../../etc/hostname.map#' \
	"$SM/esbuild-min/dist/app.js" >"$TMP/bad/esbuild-min/dist/app.js"
run 0 info $BADROOT "$SM/esbuild-min/app.cpuprofile"
contains "$TMP/err" "source map file:///etc/hostname.map cannot be used (not found"
cp "$SM/esbuild-min/dist/app.js" "$TMP/bad/esbuild-min/dist/app.js"
mkdir -p "$TMP/outside"
cp "$SM/esbuild-min/dist/app.js.map" "$TMP/outside/app.js.map"
rm -f "$MAP"
ln -s "$TMP/outside/app.js.map" "$MAP"
run 0 -m graph -f json $BADROOT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/link.json"
contains "$TMP/err" "cannot be used (not found"
[ "$(app_frames "$TMP/link.json" | wc -l)" = 0 ] || fail "a map outside the root was read"

# usage errors
run 1 --sourcemap-root nothing "$SM/esbuild-min/app.cpuprofile"
contains "$TMP/err" "--sourcemap-root wants PREFIX=DIR"
finish
