#!/bin/sh
# -f md's "Top functions by total time" leaves out the frames that wrap
# the whole program (src/model/wrappers.h: on the root chain, on the stack
# for 90% or more of the JavaScript time, under 5% of it in themselves) and
# names them under the table, so that the table starts with the program's
# own functions. Profiles written here, by hand: a Node-like chain
# boot -> load -> main over two workers, with (program) beside it.
. "$(dirname "$0")/lib.sh"

# profile FILE MAIN_SELF WORK1 WORK2 PROGRAM : samples of 1 ms each
profile() {
	awk -v ms="$2" -v w1="$3" -v w2="$4" -v pg="$5" 'BEGIN {
		printf "{\"nodes\":["
		printf "{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1},\"children\":[2,3]},"
		printf "{\"id\":2,\"callFrame\":{\"functionName\":\"(program)\",\"scriptId\":\"0\",\"url\":\"\",\"lineNumber\":-1,\"columnNumber\":-1}},"
		printf "{\"id\":3,\"callFrame\":{\"functionName\":\"\",\"scriptId\":\"1\",\"url\":\"node:internal/main/run_main_module\",\"lineNumber\":0,\"columnNumber\":0},\"children\":[4]},"
		printf "{\"id\":4,\"callFrame\":{\"functionName\":\"Module._load\",\"scriptId\":\"2\",\"url\":\"node:internal/modules/cjs/loader\",\"lineNumber\":900,\"columnNumber\":0},\"children\":[5]},"
		printf "{\"id\":5,\"callFrame\":{\"functionName\":\"main\",\"scriptId\":\"3\",\"url\":\"file:///app/main.js\",\"lineNumber\":1,\"columnNumber\":0},\"children\":[6,7]},"
		printf "{\"id\":6,\"callFrame\":{\"functionName\":\"parseAll\",\"scriptId\":\"3\",\"url\":\"file:///app/main.js\",\"lineNumber\":10,\"columnNumber\":0}},"
		printf "{\"id\":7,\"callFrame\":{\"functionName\":\"writeAll\",\"scriptId\":\"3\",\"url\":\"file:///app/main.js\",\"lineNumber\":20,\"columnNumber\":0}}"
		printf "],\"startTime\":0,\"endTime\":%d,\"samples\":[", (ms + w1 + w2 + pg) * 1000
		n = 0
		for (i = 0; i < pg; i++) printf "%s2", n++ ? "," : ""
		for (i = 0; i < ms; i++) printf "%s5", n++ ? "," : ""
		for (i = 0; i < w1; i++) printf "%s6", n++ ? "," : ""
		for (i = 0; i < w2; i++) printf "%s7", n++ ? "," : ""
		printf "],\"timeDeltas\":["
		for (i = 0; i < n; i++) printf "%s1000", i ? "," : ""
		printf "]}\n"
	}' >"$1"
}
# table WHICH FILE.md : the section "Top N functions by WHICH time" (its
# title, table and note), up to the next bold title
table() {
	awk -v t="functions by $1 time" 'index($0, t) && /^\*\*Top/ { on = 1; print; next }
		on && /^\*\*/ { exit } on { print }' "$2"
}
# first_total FILE.md : the function of the first row of the total table
first_total() {
	table total "$1" | awk -F' \\| ' '/^\| 1 \|/ { print $2; exit }'
}

# main spends nothing itself: boot, load and main wrap the program
profile "$TMP/wrapped.cpuprofile" 0 60 30 10
run 0 "$TMP/wrapped.cpuprofile" -f md -o "$TMP/wrapped.md"
[ "$(first_total "$TMP/wrapped.md")" = '`parseAll`' ] ||
	fail "wrapped: the total table starts with $(first_total "$TMP/wrapped.md"), not parseAll"
contains "$TMP/wrapped.md" '*Left out: 3 frames that wrap the whole program (on the stack for 90% or more of its JavaScript time): '
for f in '(anonymous) in `node:internal/main/run_main_module:1`' '`Module._load`' '`main`'; do
	grep 'Left out' "$TMP/wrapped.md" | grep -qF -- "$f" || fail "wrapped: the note does not name $f"
done
# they are not in the table; (program) is no wrapper (it runs no JavaScript)
table total "$TMP/wrapped.md" >"$TMP/table"
grep '^|' "$TMP/table" | grep -q 'Module._load\|`main`' && fail "wrapped: a wrapper is in the table"
contains "$TMP/table" '`(program)`'
# the self-time table is as it was: parseAll first
table self "$TMP/wrapped.md" | grep -q '^| 1 | `parseAll`' ||
	fail "wrapped: the self table does not start with parseAll"

# main does half the work itself: it is the program's own function, kept
profile "$TMP/busy-main.cpuprofile" 45 30 15 10
run 0 "$TMP/busy-main.cpuprofile" -f md -o "$TMP/busy.md"
[ "$(first_total "$TMP/busy.md")" = '`main`' ] ||
	fail "busy main: the total table starts with $(first_total "$TMP/busy.md"), not main"
contains "$TMP/busy.md" '*Left out: 2 frames that wrap the whole program'

# the work splits below the loader (one child under 90%): load is the last wrapper
profile "$TMP/split.cpuprofile" 0 50 50 0
run 0 "$TMP/split.cpuprofile" -f md -o "$TMP/split.md"
contains "$TMP/split.md" '*Left out: 3 frames'
# 85% under one worker is no wrapper: parseAll stays in the table, first
profile "$TMP/heavy.cpuprofile" 0 85 15 0
run 0 "$TMP/heavy.cpuprofile" -f md -o "$TMP/heavy.md"
[ "$(first_total "$TMP/heavy.md")" = '`parseAll`' ] || fail "heavy: first row $(first_total "$TMP/heavy.md")"
# 95% under one worker without self time would wrap: but parseAll is a leaf
# with all of it as self time, so it stays
profile "$TMP/leaf.cpuprofile" 0 95 5 0
run 0 "$TMP/leaf.cpuprofile" -f md -o "$TMP/leaf.md"
[ "$(first_total "$TMP/leaf.md")" = '`parseAll`' ] || fail "leaf: first row $(first_total "$TMP/leaf.md")"
finish
