#!/bin/sh
# Golden-image tests (docs/rendering.md). Each golden/<case>/ holds `args` (the
# command-line arguments, one per line, inputs relative to the repository)
# and `expected.png`. Every case is rendered as PNG, SVG and PDF; SVG is
# rasterised with rsvg-convert and PDF with pdftoppm at 288 dpi, reduced 4
# times (1 pt = 1 px), and each is compared with expected.png.
#
# Tolerance. PNG: pixels that differ by more than a fuzz in any channel are
# counted (ImageMagick `compare -metric AE -fuzz`); the case passes when that
# count is at most LIMIT_PNG pixels per million of the image: fuzz 10%, at
# most 200 ppm. cairo draws the PNG and the golden alike, so on the same
# packages nothing differs; a missing label (~500 ppm on a seed image) or a
# lost 1 px gap between rows (3,500-10,000 ppm, measured) fails it.
#
# SVG (the native writer, rasterised by rsvg-convert) and PDF (pdftoppm,
# supersampled: at 72 dpi its rounded glyph positions made the end of a
# 14 px bold lane title differ as much as a missing label): their rasterisers lay out and antialias text themselves, so both
# images are blurred first (Gaussian, sigma 1 px) and pixels differing by
# more than 15% in a channel are looked at in two parts:
#   - the title band (the top 38 px, 59 with --subtitle; 32 and 50 for the
#     devtools and classic themes' smaller title): rsvg-convert and
#     pdftoppm round glyph advances, which moves the end of a long bold
#     title by 1-2 px; at most 8000 (SVG) / 1600 (PDF) differing pixels.
#     Measured with the 16 px title: up to 892 (SVG) and 635 (PDF), but 4323
#     (SVG) for the 700 px bold title of diff-worker-base-widths; the 20 px
#     title of the default themes has 1.6 times its area (7565 and 1204).
#   - the rest, in 16 x 16 px tiles: the share of differing pixels in the
#     worst tile, at most 0.15 (SVG) / 0.3 (PDF). Measured at 11 px: up to
#     0.086 (SVG, the drift of bold lane titles) and 0.219 (PDF,
#     diff-worker-base-widths); at the default 14 px, 0.254 (PDF,
#     trace-minimal-trace-20250622's lane titles; 0.39 at 72 dpi). A missing
#     label leaves a tile 0.38-0.52 different at 14 px (0.27-0.32 at 11 px),
#     even a 4-character one:
#     tests/golden/missing-label.sh deletes one label from the SVG (and
#     erases it from the PDF's raster) and checks that both fail.
# Tiles, not a count over the whole image: the few pixels of a lost label
# would vanish in the per-million count of a tall image.
# Usage: run.sh FLAMECHART SOURCE_ROOT WORK_DIR [CASE... | shard:K/N]
# On failure the actual images and a diff image are kept in WORK_DIR/<case>/.
# Exit 0 when every case passes, 1 when one fails, 77 (skip) when a tool is
# missing.
set -u

FUZZ_PNG=10%
FUZZ_BLURRED=15%
LIMIT_PNG=200
LIMIT_SVG="8000 0.15"
LIMIT_PDF="1600 0.3"

if [ $# -lt 3 ]; then
	echo "usage: $0 FLAMECHART SOURCE_ROOT WORK_DIR [CASE...]" >&2
	exit 2
fi
flamechart=$1
root=$(cd "$2" && pwd)
work=$3
shift 3
# the cases run from the source root: make the other paths absolute
case $flamechart in /*) ;; *) flamechart=$(pwd)/$flamechart ;; esac
case $work in /*) ;; *) work=$(pwd)/$work ;; esac

for tool in rsvg-convert pdftoppm compare convert identify; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "golden: $tool not found (librsvg2-bin, poppler-utils, imagemagick); skipping"
		exit 77
	fi
done

# Fonts pinned: only DejaVu, no user configuration.
FONTCONFIG_FILE=$root/tests/fonts.conf
export FONTCONFIG_FILE
# PDF dates come from here when set; unset keeps the fixed date.
unset SOURCE_DATE_EPOCH

# "shard:K/N" instead of case names: every N-th case from the K-th, so that
# meson can run N slices in parallel
shard=
case ${1:-} in shard:*/*) shard=${1#shard:}; shift ;; esac
if [ $# -eq 0 ]; then
	set -- $(cd "$root/golden" && ls -d */ | tr -d /)
fi
if [ -n "$shard" ]; then
	k=${shard%/*}
	n=${shard#*/}
	i=0
	picked=
	for c in "$@"; do
		if [ $((i % n)) -eq $((k - 1)) ]; then
			picked="$picked $c"
		fi
		i=$((i + 1))
	done
	set -- $picked
fi

# differing FUZZ A B: pixels of A and B that differ by more than FUZZ, as an
# integer (compare prints AE as 1.2e+06 when large)
differing() {
	compare -metric AE -fuzz "$1" "$2" "$3" null: 2>&1 |
		awk '{ printf "%d\n", $1 + 0 }'
}

# check KIND ACTUAL.png LIMIT: prints a verdict, returns 1 on failure. PNG:
# LIMIT in ppm of the image. SVG and PDF (blurred): LIMIT is "HEAD BODY",
# pixel counts for the title band and for the rest.
check() {
	kind=$1
	actual=$2
	limit=$3
	exp_size=$(identify -format '%wx%h' "$expected")
	act_size=$(identify -format '%wx%h' "$actual" 2>/dev/null)
	if [ "$exp_size" != "$act_size" ]; then
		echo "FAIL $case $kind: size $act_size, expected $exp_size"
		return 1
	fi
	w=${exp_size%x*}
	h=${exp_size#*x}
	if [ "$kind" = png ]; then
		fuzz=$FUZZ_PNG
		n=$(differing "$fuzz" "$expected" "$actual")
		case $n in
		'' | *[!0-9]*)
			echo "FAIL $case $kind: cannot compare (compare said '$n')"
			return 1
			;;
		esac
		ppm=$(awk -v n="$n" -v w="$w" -v h="$h" 'BEGIN { printf "%d", n * 1000000 / (w * h) }')
		if [ "$ppm" -gt "$limit" ]; then
			compare -fuzz "$fuzz" "$expected" "$actual" "$dir/diff-$kind.png" 2>/dev/null
			echo "FAIL $case $kind: $n pixels differ ($ppm ppm > $limit ppm); see $dir"
			return 1
		fi
		echo "ok   $case $kind: $n pixels differ ($ppm ppm <= $limit ppm)"
		return 0
	fi
	fuzz=$FUZZ_BLURRED
	hl=${limit% *}
	bl=${limit#* }
	nh=$(differing "$fuzz" "$dir/head-expected.png" "$dir/head-$kind.png")
	nb=$(worst_tile "$dir/body-expected.png" "$dir/body-$kind.png")
	case "$nh" in
	'' | *[!0-9]*)
		echo "FAIL $case $kind: cannot compare (compare said '$nh')"
		return 1
		;;
	esac
	case "$nb" in
	'' | *[!0-9.e-]*)
		echo "FAIL $case $kind: cannot compare (convert said '$nb')"
		return 1
		;;
	esac
	if [ "$nh" -gt "$hl" ] || awk -v t="$nb" -v l="$bl" 'BEGIN { exit !(t > l) }'; then
		compare -fuzz "$fuzz" "$expected" "$actual" "$dir/diff-$kind.png" 2>/dev/null
		echo "FAIL $case $kind: title band $nh pixels (<= $hl), worst tile $nb (<= $bl); see $dir"
		return 1
	fi
	echo "ok   $case $kind: title band $nh pixels (<= $hl), worst tile $nb (<= $bl)"
	return 0
}

# worst_tile A B: of the 16 x 16 px tiles, the largest share of pixels that
# differ by more than the fuzz in some channel (0 to 1)
worst_tile() {
	convert "$1" "$2" -compose difference -composite -separate \
		-evaluate-sequence max -threshold "$FUZZ_BLURRED" \
		-filter box -resize 6.25% -format '%[fx:maxima]' info: 2>&1
}

# split KIND: blur-KIND.png into head-KIND.png (the title band) and
# body-KIND.png (the rest)
split() {
	convert "$dir/blur-$1.png" \( +clone -crop "x$head_rows+0+0" +repage \
		-write "$dir/head-$1.png" +delete \) -crop "+0+$head_rows" +repage \
		"$dir/body-$1.png"
}

failed=0
for case in "$@"; do
	src=$root/golden/$case
	dir=$work/$case
	expected=$src/expected.png
	if [ ! -f "$src/args" ] || [ ! -f "$expected" ]; then
		echo "FAIL $case: golden/$case needs args and expected.png"
		failed=1
		continue
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	set --
	while IFS= read -r line || [ -n "$line" ]; do
		[ -n "$line" ] && set -- "$@" "$line"
	done <"$src/args"

	ok=1
	for fmt in png svg pdf; do
		if ! (cd "$root" && "$flamechart" "$@" -o "$dir/actual.$fmt") 2>"$dir/stderr-$fmt.txt"; then
			echo "FAIL $case $fmt: flamechart failed:"
			sed 's/^/    /' "$dir/stderr-$fmt.txt"
			ok=0
		fi
	done
	[ $ok -eq 1 ] || { failed=1; continue; }
	size=$(identify -format '%wx%h' "$expected")
	# the missing-label test (tests/golden/missing-label.sh) edits the SVG
	if [ -n "${GOLDEN_SVG_SED:-}" ]; then
		sed -e "$GOLDEN_SVG_SED" "$dir/actual.svg" >"$dir/edited.svg" &&
			mv "$dir/edited.svg" "$dir/actual.svg" || {
			echo "FAIL $case: cannot edit the SVG"
			failed=1
			continue
		}
	fi
	rsvg-convert "$dir/actual.svg" -o "$dir/actual-svg.png" &&
		pdftoppm -png -scale-to-x "$((4 * ${size%x*}))" -scale-to-y "$((4 * ${size#*x}))" \
			-singlefile "$dir/actual.pdf" "$dir/actual-pdf4" &&
		convert "$dir/actual-pdf4.png" -filter box -resize "${size}!" "$dir/actual-pdf.png" || {
		echo "FAIL $case: cannot rasterise"
		failed=1
		continue
	}
	# ... and erases the same label from the rasterised PDF: the area
	# GOLDEN_PDF_ERASE ("WxH+X+Y") is copied from the edited SVG's raster
	if [ -n "${GOLDEN_PDF_ERASE:-}" ]; then
		convert "$dir/actual-pdf.png" \( "$dir/actual-svg.png" -crop "$GOLDEN_PDF_ERASE" \) \
			-geometry "+${GOLDEN_PDF_ERASE#*+}" -composite "$dir/actual-pdf.png" || {
			echo "FAIL $case: cannot erase"
			failed=1
			continue
		}
	fi
	# one convert for the three blurs (it is a slow start on some systems)
	convert "$expected" -blur 0x1 -write "$dir/blur-expected.png" +delete \
		"$dir/actual-svg.png" -blur 0x1 -write "$dir/blur-svg.png" +delete \
		"$dir/actual-pdf.png" -blur 0x1 "$dir/blur-pdf.png" || {
		echo "FAIL $case: cannot blur"
		failed=1
		continue
	}
	# the title band: top margin, title, the gap under it (+ a subtitle):
	# a 16 px title with the 11 and 12 px text of the devtools and classic
	# themes, a 20 px one (and a 15 px subtitle) with the default 14 px
	if grep -qx -e devtools -e classic "$src/args"; then
		head_rows=32
		grep -q -- '^--subtitle' "$src/args" && head_rows=50
	else
		head_rows=38
		grep -q -- '^--subtitle' "$src/args" && head_rows=59
	fi
	# a diff's header has a second line as long as its title, in 14 px
	# text, whose end drifts the same way: in the band, twice the limits
	lim_svg=$LIMIT_SVG
	lim_pdf=$LIMIT_PDF
	if [ "$(head -n 1 "$src/args")" = diff ]; then
		head_rows=58
		lim_svg="$((2 * ${LIMIT_SVG% *})) ${LIMIT_SVG#* }"
		lim_pdf="$((2 * ${LIMIT_PDF% *})) ${LIMIT_PDF#* }"
	fi
	for k in expected svg pdf; do
		split $k || {
			echo "FAIL $case: cannot crop"
			ok=0
		}
	done
	check png "$dir/actual.png" $LIMIT_PNG || ok=0
	check svg "$dir/actual-svg.png" "$lim_svg" || ok=0
	check pdf "$dir/actual-pdf.png" "$lim_pdf" || ok=0
	if [ $ok -eq 1 ]; then
		rm -rf "$dir"
	else
		rm -f "$dir"/blur-*.png "$dir"/head-*.png "$dir"/body-*.png
		failed=1
	fi
done
exit $failed
