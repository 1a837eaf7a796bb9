#!/bin/sh
# Defects a new user met (issue 22): each block checks one behaviour that was
# wrong before.
. "$(dirname "$0")/lib.sh"

SIMPLE=$DATA/corpus/chrome-versions/Chrome-65-simple.cpuprofile

# --- graph-only options in chart mode are a usage error ----------------------------------
for opt in "--inverted" "--sort weight" "--weight samples" "--idle" "--per-thread"; do
	# shellcheck disable=SC2086
	run 1 "$SIMPLE" -m chart $opt -o "$TMP/x.svg"
	contains "$TMP/err" "applies to the merged graph only (-m graph)"
	[ ! -e "$TMP/x.svg" ] || fail "chart $opt wrote an image"
	# shellcheck disable=SC2086
	run 0 "$SIMPLE" -m graph $opt -o "$TMP/x.svg"
	rm -f "$TMP/x.svg"
done
# folded stacks are the merged graph whatever -m says
run 0 "$SIMPLE" -f folded --sort weight --weight samples
run 1 report "$DATA/corpus/minimal" -m chart --inverted -o "$TMP/rep"

finish
