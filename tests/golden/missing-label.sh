#!/bin/sh
# The SVG and PDF golden tolerances are tight enough that one missing bar
# label fails them (tests/golden/run.sh states the tolerances). Each case is
# run through run.sh with one label deleted from its SVG (GOLDEN_SVG_SED)
# and the same label erased from the rasterised PDF (GOLDEN_PDF_ERASE: the
# label's area copied from the edited SVG's raster); both must fail. The
# unedited cases pass in the golden tests themselves.
#
# Usage: missing-label.sh FLAMECHART SOURCE_ROOT WORK_DIR
set -u
# absolute: the cases run from the source root
case $1 in
/*) flamechart=$1 ;;
*) flamechart=$(pwd)/$1 ;;
esac
root=$(cd "$2" && pwd)
work=$3
run=$root/tests/golden/run.sh

for tool in rsvg-convert pdftoppm compare convert identify; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "missing-label: $tool not found; skipping"
		exit 77
	fi
done

failed=0
# CASE LABEL: a golden case and the text of one of its bar labels
while read -r case label; do
	# where the label is: x, baseline and textLength of its <text>
	set --
	while IFS= read -r line || [ -n "$line" ]; do
		[ -n "$line" ] && set -- "$@" "$line"
	done <"$root/golden/$case/args"
	mkdir -p "$work"
	(cd "$root" && FONTCONFIG_FILE=$root/tests/fonts.conf "$flamechart" "$@" -o "$work/$case.svg")
	area=$(grep -F ">$label</text>" "$work/$case.svg" | head -1 |
		sed 's/.* x="\([0-9.]*\)" y="\([0-9.]*\)" textLength="\([0-9.]*\)".*/\1 \2 \3/' |
		awk 'NF == 3 { printf "%dx18+%d+%d", $3 + 4, $1 - 2, $2 - 14 }')
	if [ -z "$area" ]; then
		echo "FAIL $case: no label '$label' in its SVG"
		failed=1
		continue
	fi
	export GOLDEN_PDF_ERASE="$area"
	out=$(GOLDEN_SVG_SED="/>$label<\\/text>/d" sh "$run" "$flamechart" "$root" "$work/cut" "$case")
	echo "$out" | sed 's/^/    /'
	for kind in svg pdf; do
		if echo "$out" | grep -q "^FAIL $case $kind:"; then
			echo "ok   $case $kind: without the label '$label' the comparison fails"
		else
			echo "FAIL $case $kind: without the label '$label' the comparison still passes"
			failed=1
		fi
	done
done <<'CASES'
minimal-flat-line flatLine_L2
scheme-heat-real-ng-build-worker processRootFile
CASES
exit $failed
