#!/bin/sh
# CLI tests of the input side: every trace in the corpus against numbers
# computed independently (tests/oracle/trace-expect.js), a trace made from a
# .cpuprofile against the .cpuprofile itself, detection, gzip, damaged and
# mislabelled files, folded stacks, thread selection.
# Usage: inputs.sh FLAMECHART (FC_SOURCE_ROOT and FC_TEST_DATA from meson)
set -u

FC=$1
ROOT=${FC_SOURCE_ROOT:?}
DATA=${FC_TEST_DATA:?}
CORPUS=$DATA/corpus
INPUTS=$DATA/inputs
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
checks=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect CODE PATTERN CMD...: exit code CODE and PATTERN (grep -E) in stderr.
expect() {
	code=$1
	pattern=$2
	shift 2
	checks=$((checks + 1))
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ "$rc" != "$code" ]; then
		fail "exit $rc, expected $code: $*"
		sed 's/^/  stderr: /' "$TMP/err" >&2
		return
	fi
	if [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$TMP/err"; then
		fail "stderr of '$*' lacks /$pattern/"
		sed 's/^/  stderr: /' "$TMP/err" >&2
	fi
}

# --- every trace in the corpus: threads, samples, nodes, start, end ---------
for f in "$CORPUS"/chrome-versions/*.json "$CORPUS"/minimal/*.json \
	"$CORPUS"/seed-examples/minimal-trace-event-*.json; do
	checks=$((checks + 1))
	node "$ROOT/tests/oracle/trace-expect.js" "$f" >"$TMP/expected" || fail "trace-expect $f"
	if [ -s "$TMP/expected" ]; then
		"$FC" -q -f json -o "$TMP/layout.json" "$f" || fail "render $f"
		"$FC" info -q "$f" | awk '/^  nodes/ { print $2 }' >"$TMP/nodes"
		jq -r '.profiles[] | "\(.pid) \(.tid) \(.samples) \(.start_us) \(.end_us)"' \
			"$TMP/layout.json" | paste -d' ' - "$TMP/nodes" |
			awk '{ print $1, $2, $3, $6, $4, $5 }' >"$TMP/actual"
		if ! diff -u "$TMP/expected" "$TMP/actual" >"$TMP/diff"; then
			fail "$f differs from trace-expect.js"
			cat "$TMP/diff" >&2
		fi
	else
		# no samples in the file: a clear error
		expect 2 "trace has no CPU profile samples" "$FC" info "$f"
	fi
done

# the numbers themselves, so that a change in both would still show
checks=$((checks + 1))
node "$ROOT/tests/oracle/trace-expect.js" "$CORPUS/chrome-versions/Chrome-70-worker.json" \
	>"$TMP/e70"
printf '%s\n' "29018 775 1980 125 433087550412 433087830357" \
	"29018 7443 1400 6 433087639087 433087830829" | diff -u - "$TMP/e70" >&2 ||
	fail "Chrome-70-worker expectations changed"

# several profiles on one thread: the choice is named in the header note
expect 0 "" "$FC" info "$CORPUS/chrome-versions/Chrome-141-no-arg-data.json"
grep -q "note .*2 CPU profiles (0x7b: 421 samples; 0x7d: 0 samples); showing 0x7b (most samples)" \
	"$TMP/out" || fail "Chrome-141: no note on the choice of profile"
grep -q "unknown parent id 753" "$TMP/err" || fail "Chrome-141: parent repair not reported"

# --- a trace made from a .cpuprofile draws the same chart ---------------------
for f in "$CORPUS/chrome-versions/Chrome-65-sucrase.cpuprofile" \
	"$CORPUS/real/ng-build/CPU.20250519.000216.90620.2.003.cpuprofile" \
	"$CORPUS"/minimal/alternating-peaks.*.cpuprofile; do
	checks=$((checks + 1))
	node "$ROOT/tests/oracle/cpuprofile-to-trace.js" "$f" 50 >"$TMP/wrapped.json"
	"$FC" -q -f json -o "$TMP/a.json" "$f"
	"$FC" -q -f json -o "$TMP/b.json" "$TMP/wrapped.json"
	jq -c '.profiles[0] | [.start_us, .end_us, .samples, .frames]' "$TMP/a.json" >"$TMP/a"
	jq -c '.profiles[0] | [.start_us, .end_us, .samples, .frames]' "$TMP/b.json" >"$TMP/b"
	if ! cmp -s "$TMP/a" "$TMP/b" || [ "$(jq '.[3] | length' "$TMP/a")" -lt 5 ]; then
		fail "chart of the trace made from $f differs from the .cpuprofile's"
	fi
done

# --- several threads are lanes on one clock; --thread / --pid select ---------
W70=$CORPUS/chrome-versions/Chrome-70-worker.json
checks=$((checks + 1))
"$FC" -q -f json -o "$TMP/l.json" "$W70"
[ "$(jq -c '[.profiles[].name]' "$TMP/l.json")" = '["Renderer / CrRendererMain","Renderer / DedicatedWorker thread"]' ] ||
	fail "Chrome-70: lanes $(jq -c '[.profiles[].name]' "$TMP/l.json")"
expect 0 "" "$FC" -f json -o "$TMP/t.json" --thread "DedicatedWorker thread" "$W70"
[ "$(jq -c '[.profiles[].tid]' "$TMP/t.json")" = "[7443]" ] || fail "--thread NAME"
expect 0 "" "$FC" -f json -o "$TMP/t.json" --thread 775 "$W70"
[ "$(jq -c '[.profiles[].tid]' "$TMP/t.json")" = "[775]" ] || fail "--thread TID"
expect 0 "" "$FC" -f json -o "$TMP/t.json" --pid 29018 "$W70"
[ "$(jq '.profiles | length' "$TMP/t.json")" = 2 ] || fail "--pid"
expect 1 "no thread matches --thread Compositor; the input has: CrRendererMain \(pid 29018, tid 775\), DedicatedWorker thread \(pid 29018, tid 7443\)" \
	"$FC" -f json -o "$TMP/t.json" --thread Compositor "$W70"
expect 1 "no thread matches --pid 1;" "$FC" info --pid 1 "$W70"
expect 0 "" "$FC" info --thread "DedicatedWorker thread" "$W70"
[ "$(grep -c '^  samples' "$TMP/out")" = 1 ] || fail "info --thread prints one profile"
# .cpuprofile files keep their own start times on the shared axis with
# --same-clock; without it two processes (different pids) each start at 0
expect 0 "" "$FC" -f json -o "$TMP/m.json" --same-clock "$CORPUS"/real/nx-run-lint/*.cpuprofile
[ "$(jq -c '[.profiles[].start_us] | (.[0] != .[1])' "$TMP/m.json")" = true ] ||
	fail "two .cpuprofile files: start times not kept"
expect 0 "" "$FC" -f json -o "$TMP/m.json" "$CORPUS"/real/nx-run-lint/*.cpuprofile
[ "$(jq -c '[.profiles[].start_us]' "$TMP/m.json")" = "[0,0]" ] ||
	fail "two processes: not each on its own clock"

# --- detection, stdin, gzip -------------------------------------------------
gzip -c "$W70" >"$TMP/w70.json.gz"
cp "$TMP/w70.json.gz" "$TMP/no-extension"
expect 0 "" "$FC" -f json -o "$TMP/g.json" "$TMP/no-extension"
jq -c '.profiles[] | [.samples, .frames]' "$TMP/g.json" >"$TMP/g"
jq -c '.profiles[] | [.samples, .frames]' "$TMP/l.json" >"$TMP/p"
cmp -s "$TMP/g" "$TMP/p" || fail "gzip input differs from the plain file"
checks=$((checks + 1))
cat "$TMP/w70.json.gz" | "$FC" -q -f json -o "$TMP/s.json" - || fail "gzip on stdin"
jq -c '.profiles[] | [.samples, .frames]' "$TMP/s.json" | cmp -s - "$TMP/p" || fail "gzip on stdin differs"
# a deciding key after a large value, through a pipe (no second pass)
checks=$((checks + 1))
{ printf '{"title":"'; head -c 20000000 /dev/zero | tr '\0' 'x'; printf '",'; \
	tail -c +2 "$CORPUS/minimal/flat-line.20250519.050090.10002.0.001.cpuprofile"; } >"$TMP/late.json"
cat "$TMP/late.json" | "$FC" info - >"$TMP/late.out" 2>&1 || fail "late key via a pipe: $(cat "$TMP/late.out")"
"$FC" info "$TMP/late.json" >"$TMP/late2.out" 2>&1 || fail "late key in a file: $(cat "$TMP/late2.out")"
grep -q "format        cpuprofile" "$TMP/late.out" || fail "late key: not read as a .cpuprofile"
{ printf '\357\273\277  \n\t'; cat "$CORPUS/chrome-versions/Chrome-69-simple.json"; } >"$TMP/bom.json"
expect 0 "" "$FC" info "$TMP/bom.json"
grep -q "samples       2051" "$TMP/out" || fail "BOM and whitespace before a trace"
expect 0 "" "$FC" info "$INPUTS/self-profiling/chromium-156.json"
grep -q "format        self-profiling" "$TMP/out" || fail "self-profiling not detected"
expect 0 "" "$FC" info "$INPUTS/self-profiling/wrapped-markers.json"
grep -q "format        self-profiling" "$TMP/out" || fail "wrapped self-profiling not detected"

# --- damaged input: clear errors, exit 2, never a crash -----------------------
# a decompression bomb: 100 MB of spaces in 100 KB of gzip
{ printf '{"nodes":['; head -c 100000000 /dev/zero | tr '\0' ' '; } | gzip -9 >"$TMP/bomb.gz"
expect 2 "expands more than 256 times.*decompression bomb" "$FC" info "$TMP/bomb.gz"
expect 2 "larger than 100.0 KiB after decompression|larger than 102400 bytes after decompression" "$FC" info --max-input-size 100K "$TMP/w70.json.gz"
head -c 20000 "$TMP/w70.json.gz" >"$TMP/cut.gz"
expect 2 "truncated gzip data" "$FC" info "$TMP/cut.gz"
: >"$TMP/empty"
expect 2 "the file is empty" "$FC" info "$TMP/empty"
printf '   \n\n' >"$TMP/ws"
expect 2 "only whitespace" "$FC" info "$TMP/ws"
printf '{"name":"x","version":1,"files":[]}' >"$TMP/pkg.json"
expect 2 "JSON object with keys name, version, files: not a profile" "$FC" info "$TMP/pkg.json"
printf '{}' >"$TMP/empty.json"
expect 2 "an empty JSON object: not a profile" "$FC" info "$TMP/empty.json"
{ printf '\001\002\003'; head -c 4096 /dev/urandom; } >"$TMP/junk"
expect 2 "binary data, not a profile \(it starts with bytes 01 02 03" "$FC" info "$TMP/junk"
# junk that starts like JSON fails in the JSON parser, with a position
{ printf '[@'; head -c 4096 /dev/urandom | tr -d '\n\r\t {"'; } >"$TMP/junk2"
expect 2 "not valid JSON|truncated JSON" "$FC" info "$TMP/junk2"
expect 2 "an executable \(ELF\)" "$FC" info "$FC"
printf 'hello world\nthis is not a profile\n' >"$TMP/text"
expect 2 "text, but line 1 is not \`stack count\`" "$FC" info "$TMP/text"

# mislabelled files
expect 2 "not a .cpuprofile; it needs the trace importer" \
	"$FC" info --input-format cpuprofile "$W70"
expect 2 "this is a .cpuprofile, not a Chrome trace" \
	"$FC" info --input-format trace "$CORPUS/chrome-versions/Chrome-65-simple.cpuprofile"
expect 2 "not a JS Self-Profiling trace; it needs the trace importer" \
	"$FC" info --input-format self-profiling "$CORPUS/minimal/Trace-20250622T203446.json"
expect 2 "not a Chrome trace; it needs the self-profiling importer" \
	"$FC" info --input-format trace "$INPUTS/self-profiling/spec-example.json"
expect 2 "not \`stack count\`.*this is not folded stacks|no line is \`stack count\`" \
	"$FC" info --input-format folded "$CORPUS/chrome-versions/Chrome-65-simple.cpuprofile"
expect 2 "JSON object without a \"traceEvents\" array" \
	"$FC" info --input-format trace "$TMP/pkg.json"

# truncated at every 10% point: an error (exit 2) naming the damage; an
# array-form trace cut between two events is read with a warning
for f in "$CORPUS/chrome-versions/Chrome-116-Trace-20230603T221323.json" \
	"$CORPUS/chrome-versions/Chrome-69-simple.json" \
	"$CORPUS/chrome-versions/Chrome-65-simple.cpuprofile" \
	"$INPUTS/self-profiling/chromium-156.json" "$TMP/w70.json.gz"; do
	size=$(wc -c <"$f")
	for p in 10 20 30 40 50 60 70 80 90; do
		checks=$((checks + 1))
		head -c $((size * p / 100)) "$f" >"$TMP/trunc"
		"$FC" info "$TMP/trunc" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if [ $rc = 0 ] && grep -q "event array is not terminated" "$TMP/err"; then
			continue
		fi
		if [ $rc != 2 ] || ! grep -Eq "truncated|not valid JSON|file ends" "$TMP/err"; then
			fail "$(basename "$f") cut at $p%: exit $rc: $(cat "$TMP/err")"
		fi
	done
done

# an array-form trace that Chrome left open, with and without a comma
s=$(cat "$CORPUS/chrome-versions/Chrome-69-simple.json")
printf '%s,\n' "${s%]}" >"$TMP/open.json"
expect 0 "event array is not terminated and ends with a comma" "$FC" info "$TMP/open.json"
grep -q "samples       2051" "$TMP/out" || fail "open array: samples lost"
expect 2 "not terminated.*an error under --strict" "$FC" info --strict "$TMP/open.json"

# --- folded stacks -----------------------------------------------------------
expect 0 "line 9: 1 line is not \`stack count\` and was skipped \(the first is line 9\)" \
	"$FC" info "$INPUTS/folded/basic.folded"
grep -q "total weight  104 samples" "$TMP/out" || fail "basic.folded weight"
expect 2 "an error under --strict" "$FC" info --strict "$INPUTS/folded/basic.folded"
expect 2 "folded stacks carry no time.*use -m graph" "$FC" -f json "$INPUTS/folded/basic.folded"
expect 0 "" "$FC" info "$INPUTS/folded/differential.folded"
grep -q "note          differential input: the first count of each line is used" "$TMP/out" ||
	fail "differential note"

echo "$checks checks, $failures failures"
[ $failures = 0 ]
