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

# --- --thread: part of the name or a regex, case ignored, or a tid -------------------------
W=$DATA/corpus/chrome-versions/Chrome-70-worker.json
for t in Worker worker 'DEDICATED' '^dedicated.*thread$' 7443; do
	run 0 info --thread "$t" "$W"
	contains "$TMP/out" "DedicatedWorker thread (pid 29018, tid 7443)"
	lacks "$TMP/out" "tid 775)"
done
run 0 info --thread 'main|worker' "$W"
contains "$TMP/out" "tid 775)"
contains "$TMP/out" "tid 7443)"
run 0 "$W" --thread worker -o "$TMP/w.svg"
for t in Compositor 'work(' 744; do
	run 1 "$W" --thread "$t" -o "$TMP/w.svg"
	contains "$TMP/err" "no thread matches --thread $t; the input has: CrRendererMain (pid 29018, tid 775), DedicatedWorker thread (pid 29018, tid 7443)"
done

finish
