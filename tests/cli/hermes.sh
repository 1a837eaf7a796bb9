#!/bin/sh
# Hermes sampling profiles (docs/inputs.md "Hermes"), on
# tests/data/inputs/hermes/two-threads.json, written by hand after the
# format Hermes's Chrome trace serializer writes (numbers as strings,
# "function(file:line:column)" names, native frames). The expected times
# are worked out in the comments.
. "$(dirname "$0")/lib.sh"
H=$DATA/inputs/hermes/two-threads.json

# detected by content, one profile per thread, named by the metadata
run 0 info "$H"
contains "$TMP/out" "format        hermes"
contains "$TMP/out" "thread        hermes / mqt_js (pid 4242, tid 11)"
contains "$TMP/out" "thread        hermes / mqt_native_modules (pid 4242, tid 12)"
# the name's file and the function's first line (funcLine 38 of Text.js)
contains "$TMP/out" "measure  http://localhost:8081/node_modules/react-native/Libraries/Text/Text.js:38"

# tid 11 samples at 0, 1, 2, 5, 6 ms (from 1 000 000 µs): sf 3, 3, 4, 2, 1.
# Each lasts to the next; the last (sf 1, global) lasts nothing.
# measure 2 ms, [Native] 3 ms, render self 1 ms.
run 0 -f folded --weight time --thread mqt_js -o - "$H"
sort "$TMP/out" >"$TMP/got"
G='global http://localhost:8081/index.bundle:1:1'
R='render http://localhost:8081/index.bundle:118:3'
M='measure http://localhost:8081/node_modules/react-native/Libraries/Text/Text.js:38:20'
printf '%s;%s 1000\n%s;%s;%s 2000\n%s;%s;[Native]4367895040 3000\n' \
	"$G" "$R" "$G" "$R" "$M" "$G" "$R" | sort >"$TMP/want"
cmp -s "$TMP/want" "$TMP/got" || { fail "mqt_js stacks"; diff "$TMP/want" "$TMP/got"; }
# tid 12: 0.5 ms to 3.5 ms, one frame without debug info
run 0 -f folded --weight time --thread 12 -o - "$H"
printf 'flushQueue 3000\n' | cmp -s - "$TMP/out" || fail "tid 12 stacks"

# a chart of both threads
run 0 -m chart -o "$TMP/h.svg" "$H"
contains "$TMP/h.svg" "measure"

# a trace with no samples stays a trace
printf '{"traceEvents":[{"name":"x","ph":"X","ts":0,"dur":5,"pid":1,"tid":1}]}' >"$TMP/t.json"
"$FLAMECHART" info --json "$TMP/t.json" >"$TMP/out" 2>"$TMP/err"
lacks "$TMP/out" '"format": "hermes"'
lacks "$TMP/err" "Hermes"

# errors name the sample or frame
printf '{"traceEvents":[],"samples":[{"ts":"1","tid":"1","sf":9}],"stackFrames":{"1":{"name":"a","category":"JavaScript"}}}' >"$TMP/sf.json"
run 2 info "$TMP/sf.json"
contains "$TMP/err" "samples[0] (line 1): sf 9 is not in stackFrames"
printf '{"traceEvents":[],"samples":[{"ts":"1","tid":"1","sf":1}],"stackFrames":{"1":{"name":"a","parent":7}}}' >"$TMP/parent.json"
run 2 info "$TMP/parent.json"
contains "$TMP/err" "parent 7 is not in stackFrames"
printf '{"traceEvents":[],"samples":[{"ts":"1","tid":"1","sf":1},{"ts":"2","tid":"1","sf":1}],"stackFrames":{"1":{"name":"a","parent":2},"2":{"name":"b","parent":1}}}' >"$TMP/cycle.json"
run 2 info "$TMP/cycle.json"
printf '{"traceEvents":[],"samples":[{"ts":"x1","sf":1}],"stackFrames":{}}' >"$TMP/ts.json"
run 2 info "$TMP/ts.json"
contains "$TMP/err" "samples[0].ts"

finish
