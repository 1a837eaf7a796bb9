#!/bin/sh
# Hostile inputs, round two (docs/robustness.md): inputs that only show up
# through real files -- gzip streams whose deciding key comes after the
# detection window, leading whitespace past it, pipes -- each with its
# stated outcome, and peak RSS held to 8 x the input + 64 MiB where
# /usr/bin/time exists (not under the sanitizers).
. "$(dirname "$0")/lib.sh"

measure=false
if [ -x /usr/bin/time ] && [ -z "${FC_SANITIZED:-}" ]; then
	measure=true
fi
size() { wc -c <"$1" | tr -d ' '; }
# rss LABEL INPUT_BYTES EXPECTED_EXIT ARGS...
rss() {
	label=$1 bytes=$2 want=$3
	shift 3
	if ! $measure; then
		run "$want" "$@"
		return
	fi
	env -u MALLOC_PERTURB_ /usr/bin/time -f %M -o "$TMP/rss" "$FLAMECHART" "$@" \
		>"$TMP/out" 2>"$TMP/err"
	got=$?
	[ "$got" = "$want" ] || { fail "$label: exit $got, want $want"; head -3 "$TMP/err"; }
	kb=$(tail -n 1 "$TMP/rss")
	limit=$(((8 * bytes + 64 * 1048576) / 1024))
	[ "$kb" -le "$limit" ] || fail "$label: peak RSS $kb KB over the bound $limit KB"
	return 0
}

NODES='"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1,"scriptId":"0"},"children":[2,3]},{"id":2,"callFrame":{"functionName":"a","url":"","lineNumber":1,"columnNumber":1,"scriptId":"0"}},{"id":3,"callFrame":{"functionName":"b","url":"","lineNumber":1,"columnNumber":1,"scriptId":"0"}}]'

# --- gzip, deciding key after the 8 MiB window (a heap overflow in start_gz) --
# 1.5 M random samples and deltas (8.8 MB decoded, 2.8 MB of gzip) before
# "nodes": detection reads past its window and rewinds, then reads again.
awk -v nodes="$NODES" 'BEGIN { srand(7); ORS = ""
	print "{\"samples\":["
	for (i = 0; i < 1500000; i++) print (i ? "," : "") 2 + int(rand() * 2)
	print "],\"timeDeltas\":["
	for (i = 0; i < 1500000; i++) print (i ? "," : "") int(rand() * 1000)
	print "],\"startTime\":0,\"endTime\":1," nodes "}\n" }' >"$TMP/late.cpuprofile"
gzip -c "$TMP/late.cpuprofile" >"$TMP/late.cpuprofile.gz"
run 0 info "$TMP/late.cpuprofile.gz"
contains "$TMP/out" "1500000"
run 0 -q "$TMP/late.cpuprofile.gz" -o "$TMP/late.svg"
# the same through a pipe: no rewind, the window grows instead
gzip -c "$TMP/late.cpuprofile" | "$FLAMECHART" info - >"$TMP/out" 2>"$TMP/err" ||
	fail "gzip pipe with late nodes: exit $?"

# A trace whose "metadata" (9 MB) comes before "traceEvents".
awk 'BEGIN { srand(3); ORS = ""
	print "{\"metadata\":{\"junk\":["
	for (i = 0; i < 1600000; i++) print (i ? "," : "") int(rand() * 100000)
	print "]},\"traceEvents\":["
	print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":0,\"id\":\"0x1\",\"args\":{\"data\":{\"startTime\":0}}},"
	print "{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":10,\"id\":\"0x1\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"scriptId\":0}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\",\"url\":\"\",\"scriptId\":0}}],\"samples\":[2,2,2]},\"timeDeltas\":[10,10,10]}}}"
	print "]}\n" }' >"$TMP/late-trace.json"
[ "$(size "$TMP/late-trace.json")" -gt 8388608 ] || fail "late-trace.json is too small"
gzip -c "$TMP/late-trace.json" >"$TMP/late-trace.json.gz"
run 0 info "$TMP/late-trace.json.gz"
contains "$TMP/out" "trace"

# --- leading whitespace -------------------------------------------------------
P="{$NODES,\"startTime\":0,\"endTime\":3000,\"samples\":[2,3,2],\"timeDeltas\":[1000,1000,1000]}"
# 300 KiB, then a profile whose keys need the object scan (gzip)
{ head -c 307200 /dev/zero | tr '\0' ' '; printf '%s\n' "$P"; } | gzip -c >"$TMP/ws300k.gz"
run 0 info "$TMP/ws300k.gz"
# 60 MiB of whitespace in 60 KB of gzip (under the 64 MiB where the ratio
# bound starts): not held in memory
{ head -c 62914560 /dev/zero | tr '\0' '\n'; printf '%s\n' "$P"; } | gzip -c >"$TMP/ws60m.gz"
rss "60 MiB of whitespace (gzip), info" "$(size "$TMP/ws60m.gz")" 0 info "$TMP/ws60m.gz"
contains "$TMP/out" "cpuprofile"
# the same with a trace array, and with something that is not JSON
{ head -c 20000000 /dev/zero | tr '\0' ' '; printf '[]'; } | gzip -c >"$TMP/ws-array.gz"
run 2 info "$TMP/ws-array.gz"
{ head -c 20000000 /dev/zero | tr '\0' ' '; printf 'a;b 1\n'; } | gzip -c >"$TMP/ws-text.gz"
run 2 info "$TMP/ws-text.gz"
contains "$TMP/err" "whitespace, then something that is not JSON"
head -c 20000000 /dev/zero | tr '\0' ' ' | gzip -c >"$TMP/ws-only.gz"
run 2 info "$TMP/ws-only.gz"
contains "$TMP/err" "only whitespace"
# a pipe cannot be read twice: refused after 8 MiB
gzip -dc "$TMP/ws60m.gz" | "$FLAMECHART" info - >"$TMP/out" 2>"$TMP/err"
[ $? = 2 ] || fail "60 MiB of whitespace in a pipe: want exit 2"
contains "$TMP/err" "MiB of whitespace before the first value, in a pipe"

# --- traces with many profiles and threads (linear: tests/cli/complexity.sh) --
awk 'BEGIN { ORS = ""; print "{\"traceEvents\":["
	for (i = 0; i < 100000; i++) print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":" i ",\"id\":\"0x" i "\"},"
	print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":0,\"id\":\"0xa\"},"
	print "{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":5,\"id\":\"0xa\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\"}}],\"samples\":[2]},\"timeDeltas\":[1]}}}"
	print "]}\n" }' >"$TMP/profiles.json"
rss "100 000 Profile events of as many processes, info" "$(size "$TMP/profiles.json")" 0 \
	info "$TMP/profiles.json"
awk 'BEGIN { ORS = ""; print "{\"traceEvents\":["
	for (i = 0; i < 20000; i++) {
		if (i) print ","
		print "{\"name\":\"Profile\",\"ph\":\"P\",\"pid\":1,\"tid\":" i ",\"ts\":0,\"id\":\"0x" i "\"},"
		print "{\"name\":\"ProfileChunk\",\"ph\":\"P\",\"pid\":1,\"tid\":" i ",\"ts\":5,\"id\":\"0x" i "\",\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\"}},{\"id\":2,\"parent\":1,\"callFrame\":{\"functionName\":\"f\"}}],\"samples\":[2]},\"timeDeltas\":[1]}}}"
	}
	print "]}\n" }' >"$TMP/threads.json"
rss "20 000 sampled threads, info" "$(size "$TMP/threads.json")" 0 info "$TMP/threads.json"

# --- folded stacks with many distinct frames -----------------------------------
# each costs ~128 bytes of model whatever its text: within the bound, drawn;
# beyond it, refused while reading with a clear message
awk 'BEGIN { for (i = 0; i < 250000; i++) print "f" i " 1" }' >"$TMP/distinct.folded"
rss "250 000 distinct frames, folded, info" "$(size "$TMP/distinct.folded")" 0 \
	info "$TMP/distinct.folded"
rss "250 000 distinct frames, folded, graph SVG" "$(size "$TMP/distinct.folded")" 0 \
	-q -m graph "$TMP/distinct.folded" -o "$TMP/distinct.svg"
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "f" i " 1" }' >"$TMP/distinct.folded"
rss "1 M distinct frames, folded, info" "$(size "$TMP/distinct.folded")" 2 \
	info "$TMP/distinct.folded"
contains "$TMP/err" "folded stacks this varied need more memory than the bound"
# one stack 1 M frames deep ("a;a;...")
awk 'BEGIN { ORS = ""; for (i = 0; i < 1000000; i++) print "a;"; print "a 1\n" }' >"$TMP/deep.folded"
rss "a folded stack 1 M deep, info" "$(size "$TMP/deep.folded")" 2 info "$TMP/deep.folded"
contains "$TMP/err" "distinct stacks"

# a first line longer than the 64 KiB first detection window (200 KB)
awk 'BEGIN { ORS = ""; for (i = 0; i < 30000; i++) print "frame" i ";"; print "leaf 1\nmain 2\n" }' \
	>"$TMP/longline.folded"
run 0 info "$TMP/longline.folded"
contains "$TMP/out" "folded"
# a file whose first line is not folded: refused without quoting it
printf 'API_TOKEN=s3cr3t-value\n' >"$TMP/dotenv"
run 2 info "$TMP/dotenv"
lacks "$TMP/err" "s3cr3t"

finish
