#!/bin/sh
# The SVG and PDF golden tolerances are tight enough that one missing bar
# label fails them (tests/golden/run.sh states the tolerances). Each case is
# run through run.sh twice with its SVG edited (GOLDEN_SVG_SED; the PDF is
# then made from the edited SVG by rsvg-convert): once unchanged, which must
# pass, once without one label, which must fail for SVG and for PDF.
#
# Usage: missing-label.sh FLAMECHART SOURCE_ROOT WORK_DIR
set -u
flamechart=$1
root=$2
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
	out=$(GOLDEN_SVG_SED='s/^//' sh "$run" "$flamechart" "$root" "$work/same" "$case")
	if [ $? -ne 0 ]; then
		echo "FAIL $case: the unedited SVG (and its PDF) should pass:"
		echo "$out" | sed 's/^/    /'
		failed=1
	fi
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
scheme-heat-real-ng-build-worker mo…r
CASES
exit $failed
