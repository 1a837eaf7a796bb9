#!/bin/sh
# Messages never quote a file's content, and a profile's extent covers its
# samples (docs/robustness.md, "Round two").
. "$(dirname "$0")/lib.sh"

# --- a JSON syntax error names the kind of token and where it is, never the
# bytes: a secret in a file read by mistake must not reach stderr, the
# report's indexes or its summary
SECRET=ghps3cr3tT0k3n
mkdir -p "$TMP/in"
printf '{"nodes":[null%s]}\n' "$SECRET" >"$TMP/in/literal.cpuprofile"
printf '{"nodes":[1%s]}\n' "$SECRET" >"$TMP/in/number.cpuprofile"
printf '{"nodes":[%s]}\n' "$SECRET" >"$TMP/in/bare.cpuprofile"
printf '{"nodes":["a\\%s"]}\n' "$SECRET" >"$TMP/in/escape.cpuprofile"
printf '{"traceEvents":[]} %s\n' "$SECRET" >"$TMP/in/after.json"
for f in literal number bare; do
	run 2 info "$TMP/in/$f.cpuprofile"
	lacks "$TMP/err" "$SECRET"
	lacks "$TMP/err" "ghp"
	contains "$TMP/err" "(line 1, column 11): not valid JSON: "
done
run 2 info "$TMP/in/literal.cpuprofile"
contains "$TMP/err" "not valid JSON: a malformed literal (true, false or null expected)"
run 2 info "$TMP/in/number.cpuprofile"
contains "$TMP/err" "not valid JSON: a malformed number"
run 2 info "$TMP/in/bare.cpuprofile"
contains "$TMP/err" "not valid JSON: expected a value or ']', found a letter"
run 2 info "$TMP/in/escape.cpuprofile"
contains "$TMP/err" "(line 1, column 13): not valid JSON: invalid escape: backslash followed by a letter in a string"
lacks "$TMP/err" "$SECRET"
run 2 info "$TMP/in/after.json"
contains "$TMP/err" "not valid JSON: found a letter after the top-level value"
lacks "$TMP/err" "$SECRET"
run 2 report "$TMP/in" -o "$TMP/rep" --summary "$TMP/summary.json" -f svg -q
for f in "$TMP/err" "$TMP/rep/index.html" "$TMP/rep/index.md" "$TMP/summary.json"; do
	[ -s "$f" ] || [ "$f" = "$TMP/err" ] || fail "$f not written"
	lacks "$f" "$SECRET"
done

# jansson's messages (a theme, a shard manifest) lose the text they quote
printf '{"name": %s}\n' "$SECRET" >"$TMP/theme.json"
run 1 "$DATA/corpus/seed-examples/minimal-cpu-profile.cpuprofile" --theme "$TMP/theme.json" \
	-o "$TMP/x.svg"
lacks "$TMP/err" "$SECRET"
contains "$TMP/err" "line 1, column"
mkdir -p "$TMP/m/.flamechart-report"
printf '{"version": %s}\n' "$SECRET" >"$TMP/m/.flamechart-report/shard-1-of-1.json"
run 2 report --merge -o "$TMP/m"
lacks "$TMP/err" "$SECRET"
contains "$TMP/err" "shard-1-of-1.json: version (line 1, column 13): not valid JSON"

# --- samples before the Profile event's time: the duration covers them all
# (before: 6 ms, from the Profile event to the end, for 11 ms of samples)
cat >"$TMP/early.json" <<'JSON'
{"traceEvents":[
{"name":"ProfileChunk","ph":"P","pid":1,"tid":1,"ts":190000,"id":"0x1","args":{"data":{
 "cpuProfile":{"nodes":[
  {"id":1,"callFrame":{"functionName":"(root)","url":"","scriptId":"0","lineNumber":-1,"columnNumber":-1}},
  {"id":2,"parent":1,"callFrame":{"functionName":"work","url":"a.js","scriptId":"1","lineNumber":1,"columnNumber":1}}],
  "samples":[2,2,2,2,2,2,2,2,2,2,2]},
 "timeDeltas":[-5000,1000,1000,1000,1000,1000,1000,1000,1000,1000,1000]}}},
{"name":"Profile","ph":"P","pid":1,"tid":1,"ts":200000,"id":"0x1","args":{"data":{"startTime":200000}}},
{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"CrRendererMain"}}
]}
JSON
run 0 info "$TMP/early.json"
contains "$TMP/out" "duration      11.000 ms"
contains "$TMP/out" "sampled       11.000 ms"
# the same samples in a .cpuprofile whose startTime is after its first sample
# and endTime before its last
printf '%s\n' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","scriptId":"0","lineNumber":-1,"columnNumber":-1}},{"id":2,"parent":1,"callFrame":{"functionName":"work","url":"a.js","scriptId":"1","lineNumber":1,"columnNumber":1}}],"startTime":200000,"endTime":203000,"samples":[2,2,2,2,2,2,2,2,2,2,2],"timeDeltas":[-5000,1000,1000,1000,1000,1000,1000,1000,1000,1000,1000]}' >"$TMP/early.cpuprofile"
run 0 info "$TMP/early.cpuprofile"
contains "$TMP/out" "duration      11.000 ms"

finish
