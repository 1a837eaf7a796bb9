#!/bin/sh
# flamechart trend (docs/trend.md) on the recorded series of
# tests/data/trend/ (record.sh): parseRows does 1.5x the work from the run
# whose manifest says "slowdown": 1.5, and the noise-only series has no
# step. Also: summaries as runs, ordering, --fail-on, the image, errors.
. "$(dirname "$0")/lib.sh"
S=$DATA/trend/step
N=$DATA/trend/noise

# the run where the step is, from the manifests that record.sh wrote (not
# from trend's output): the first whose slowdown is not 1
step_dir=
for d in "$S"/*/; do
	if ! grep -q '"slowdown": 1}' "$d/run.json"; then
		step_dir=$d
		break
	fi
done
step_date=$(sed 's/.*"date": "\([^"]*\)".*/\1/' "$step_dir/run.json")
step_commit=$(sed 's/.*"commit": "\(.......\).*/\1/' "$step_dir/run.json")
step_index=$(($(basename "$step_dir" | sed 's/^0*//') - 1))
[ -n "$step_date" ] && [ -n "$step_commit" ] || fail "no step in the manifests of $S"

# --- the step series: parseRows, at that run, held ---------------------------
run 0 trend "$S"/*
contains "$TMP/out" "- \`parseRows (work.js)\`: +"
contains "$TMP/out" "at run $step_date \\($step_commit\\), held since"
grep -F '`parseRows (work.js)`: +' "$TMP/out" | grep -qF "at run $step_date " ||
	fail "parseRows's step is not at run $step_date"
# checksum and buildIndex did the same work every run
lacks "$TMP/out" "- \`checksum"
lacks "$TMP/out" "- \`buildIndex"
# a sparkline per row, and the waits are no function
grep -q '| `parseRows (work.js)` | [▁▂▃▄▅▆▇█]\{12\} |' "$TMP/out" || fail "no sparkline of 12 runs for parseRows"
lacks "$TMP/out" "(program)"
lacks "$TMP/out" "(idle)"

# the JSON: the step's run index and level change, derived from the values
run 0 trend -f json "$S"/*
if command -v python3 >/dev/null; then
	python3 - "$TMP/out" "$step_index" <<'PY' || fail "trend JSON of the step series"
import json, sys
doc = json.load(open(sys.argv[1]))
at = int(sys.argv[2])
assert len(doc["runs"]) == 12, len(doc["runs"])
fn = {f["name"]: f for f in doc["functions"]}
p = fn["parseRows"]
assert [s["run"] for s in p["steps"]] == [at], p["steps"]
s = p["steps"][0]
# before and after are the means of the values on each side
v = p["values"]
assert abs(s["before"] - sum(v[:at]) / at) < 1e-6 * s["before"], s
assert abs(s["after"] - sum(v[at:]) / (len(v) - at)) < 1e-6 * s["after"], s
assert s["after"] > 1.2 * s["before"] and s["held"] and s["p_value"] < 0.05 / 7
assert fn["checksum"]["steps"] == [] and fn["buildIndex"]["steps"] == []
# the total is the sum of the functions' self time (waits left out)
for i in range(12):
    assert abs(doc["total"]["values"][i] - sum(f["values"][i] for f in doc["functions"])) < 1e-3
PY
else
	missing_tool python3 "the trend JSON"
fi

# --- the noise-only series: no step ------------------------------------------
run 0 trend "$N"/*
contains "$TMP/out" "No step"
lacks "$TMP/out" "held since"
run 0 trend -f json "$N"/*
if command -v python3 >/dev/null; then
	python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["total"]["steps"] == [] and all(f["steps"] == [] for f in doc["functions"])
' "$TMP/out" || fail "steps in the noise-only series"
fi

# --- --fail-on: the newest step, as diff's rules -----------------------------
run 6 trend --fail-on 'self>+20%' -o "$TMP/t.md" "$S"/*
contains "$TMP/err" "regression: --fail-on 'self>+20%': parseRows"
[ -s "$TMP/t.md" ] || fail "the Markdown is written before exit 6"
run 0 trend --fail-on 'self>+60%' "$S"/*
run 0 trend --fail-on 'self>+20%' --fail-on 'total>+5%' "$N"/*
run 6 trend --fail-on 'total>+5%' "$S"/*
run 1 trend --fail-on 'tier:gc>+5%' "$S"/*
contains "$TMP/err" "trend follows total and self"

# --- order: the arguments', a manifest field's, or the files' times ----------
# shuffled arguments put back in date order find the same step
run 0 trend --order-by manifest:date -f json $(ls -d "$S"/* | sort -r)
python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert [r["manifest"]["date"] for r in doc["runs"]] == sorted(r["manifest"]["date"] for r in doc["runs"])
assert [s["run"] for s in {f["name"]: f for f in doc["functions"]}["parseRows"]["steps"]] == [int(sys.argv[2])]
' "$TMP/out" "$step_index" || fail "--order-by manifest:date"
run 0 trend --order-by manifest:slowdown -f json "$S"/*
run 2 trend --order-by manifest:nothing "$S"/01 "$S"/02
contains "$TMP/err" "$S/01: --order-by manifest:nothing: the run has no manifest field 'nothing'"
run 1 trend --order-by size "$S"/01 "$S"/02

# the files' times: the newest file last, whatever the arguments' order
mkdir -p "$TMP/mt"
for i in 1 2 3 4 5 6; do
	cp "$S/0$i/run.cpuprofile.gz" "$TMP/mt/r$i.cpuprofile.gz"
	touch -d "2026-01-0$((7 - i)) 12:00" "$TMP/mt/r$i.cpuprofile.gz"
done
run 0 trend --order-by mtime -f json "$TMP"/mt/r*.cpuprofile.gz
python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert [r["label"] for r in doc["runs"]] == ["r6", "r5", "r4", "r3", "r2", "r1"], doc["runs"]
' "$TMP/out" || fail "--order-by mtime"

# --- heap profiles: bytes; one unit per trend ---------------------------------
H=$DATA/heap
run 0 trend -f json "$H/base.heapprofile" "$H/base-again.heapprofile" "$H/double.heapprofile"
contains "$TMP/out" '"unit": "bytes"'
contains "$TMP/out" '"label": "base-again"'
run 0 trend "$H/base.heapprofile" "$H/double.heapprofile"
contains "$TMP/out" "| **Bytes allocated** |"
contains "$TMP/out" " MB |"
run 2 trend "$H/base.heapprofile" "$S/01"
contains "$TMP/err" "$S/01/run.cpuprofile.gz: a heap profile and a CPU profile in one trend"

# --- report summaries as runs (each one measurement) -------------------------
mkdir -p "$TMP/sum"
for d in "$S"/*/; do
	n=$(basename "$d")
	"$FLAMECHART" report -q -f svg "$d" -o "$TMP/sum/out$n" --summary "$TMP/sum/$n.json" ||
		fail "report --summary of $d"
	cp "$d/run.json" "$TMP/sum/$n.json.run.json"
done
run 0 trend "$TMP"/sum/*.json
contains "$TMP/err" "skipped $TMP/sum/01.json.run.json: a run's manifest"
contains "$TMP/out" "at run $step_date \\($step_commit\\), held since"
grep -F '`parseRows (work.js)`: +' "$TMP/out" | grep -qF "at run $step_date " ||
	fail "parseRows's step from summaries is not at run $step_date"

# the summaries carry every function (version 2): the same series, steps and
# figures as the profiles themselves, for more functions than a top five
if command -v jq >/dev/null 2>&1; then
	[ "$(jq '.profiles[0].functions | length' "$TMP/sum/01.json")" -gt 5 ] ||
		fail "01.json: a summary of 5 functions or fewer cannot show the difference"
	run 0 trend -f json "$S"/*
	jq -S 'del(.runs[].path)' "$TMP/out" >"$TMP/raw.json"
	run 0 trend -f json "$TMP"/sum/*.json
	jq -S 'del(.runs[].path)' "$TMP/out" >"$TMP/sum.json"
	cmp -s "$TMP/raw.json" "$TMP/sum.json" ||
		{ fail "trend over summaries differs from trend over the profiles"; diff "$TMP/raw.json" "$TMP/sum.json" | head -20; }
	run 0 trend "$S"/*
	cp "$TMP/out" "$TMP/raw.md"
	run 0 trend "$TMP"/sum/*.json
	cmp -s "$TMP/raw.md" "$TMP/out" || fail "trend's Markdown over summaries differs"
	# a version 1 summary (the top five only) is read with a note, and its
	# figures are not the profiles' (what the comparison above would catch)
	mkdir -p "$TMP/sum1"
	for f in "$TMP"/sum/*.json; do
		case $f in *.run.json) continue ;; esac
		jq '.version = 1 | .profiles[] |= del(.cpu, .functions, .functions_other)' "$f" \
			>"$TMP/sum1/$(basename "$f")"
	done
	run 0 trend -f json "$TMP"/sum1/*.json
	contains "$TMP/err" "01.json: a version 1 summary holds each profile's top 5 functions only"
	jq -S 'del(.runs[].path)' "$TMP/out" >"$TMP/sum1.json"
	cmp -s "$TMP/raw.json" "$TMP/sum1.json" && fail "version 1 summaries gave the profiles' series"
fi

# --- several measurements per run: a directory's profiles --------------------
mkdir -p "$TMP/multi"
i=0
for d in "$S"/*/; do
	i=$((i + 1))
	k=$(((i - 1) / 3))
	mkdir -p "$TMP/multi/p$k"
	cp "$d/run.cpuprofile.gz" "$TMP/multi/p$k/$i.cpuprofile.gz"
done
printf 'not a profile\n' >"$TMP/multi/p0/notes.txt"
run 0 trend --min-runs 2 -f json "$TMP"/multi/p*
contains "$TMP/err" "skipped $TMP/multi/p0/notes.txt: not a profile"
python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert [r["measurements"] for r in doc["runs"]] == [3, 3, 3, 3], doc["runs"]
# with 2 runs a side the one split is after p1; its test takes the 6
# measurements a side (p about 0.003), not the 2 means of the runs (about 0.05)
p = {f["name"]: f for f in doc["functions"]}["parseRows"]
assert [s["run"] for s in p["steps"]] == [2], p["steps"]
' "$TMP/out" || fail "a directory of 3 profiles is 3 measurements, and its step"

# --- the image ---------------------------------------------------------------
run 0 trend "$S"/* -o "$TMP/t.png" -o "$TMP/t.svg" -o "$TMP/t.pdf"
python3 -c '
import struct, sys
b = open(sys.argv[1], "rb").read(32)
assert b[:8] == b"\x89PNG\r\n\x1a\n", b[:8]
w, h = struct.unpack(">II", b[16:24])
assert w == 880 and 400 < h < 1000, (w, h)
' "$TMP/t.png" || fail "the trend PNG is 880 px wide"
contains "$TMP/t.svg" "<svg"
head -c 5 "$TMP/t.pdf" | grep -q '%PDF' || fail "the trend PDF"
run 0 trend "$S"/* -w 1200 -o "$TMP/w.png"
python3 -c '
import struct, sys
assert struct.unpack(">I", open(sys.argv[1], "rb").read(20)[16:20])[0] == 1200
' "$TMP/w.png" || fail "--width"

# --- errors name the file -----------------------------------------------------
run 2 trend "$S"/01
contains "$TMP/err" "trend needs at least 2 runs"
run 2 trend "$S"/01 "$TMP/none"
contains "$TMP/err" "$TMP/none: cannot read the run"
printf '{"a": 1}\n' >"$TMP/other.json"
run 2 trend "$S"/01 "$TMP/other.json"
contains "$TMP/err" "$TMP/other.json: neither a profile nor a report summary"
# a version 2 summary's weights are bounded, so that sums stay finite
printf '{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 1e300, "functions": []}]}' \
	>"$TMP/huge.json"
run 2 trend "$TMP/huge.json" "$TMP/huge.json"
contains "$TMP/err" "$TMP/huge.json: profiles[0]: a profile needs cpu"
printf '{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 1, "functions": [{"name": "f", "self": 1}]}]}' \
	>"$TMP/nofile.json"
run 2 trend "$TMP/nofile.json" "$TMP/nofile.json"
contains "$TMP/err" "$TMP/nofile.json: profiles[0].functions[0]: a function needs a name, a file"
mkdir -p "$TMP/bad"
cp "$S/01/run.cpuprofile.gz" "$TMP/bad/"
printf '{"commit": "abc",\n "date": }\n' >"$TMP/bad/run.json"
run 2 trend "$S"/01 "$TMP/bad"
contains "$TMP/err" "$TMP/bad/run.json"
contains "$TMP/err" "line 2"
printf '{"commit": ["abc"]}' >"$TMP/bad/run.json"
run 2 trend "$S"/01 "$TMP/bad"
contains "$TMP/err" "$TMP/bad/run.json: commit: a manifest field is a string or a number"
# two keys that are one once clean (control characters become U+FFFD): a
# key twice, as jansson refuses a raw one (the fuzz target's finding)
printf '{"build\\u0001": 1, "build\\u0002": 2}' >"$TMP/bad/run.json"
run 2 trend "$S"/01 "$TMP/bad"
contains "$TMP/err" "$TMP/bad/run.json: build$(printf '\357\277\275'): a manifest field given twice"
mkdir -p "$TMP/empty"
run 2 trend "$S"/01 "$TMP/empty"
contains "$TMP/err" "$TMP/empty: the directory holds no profile"
printf '{"nodes": [' >"$TMP/broken.cpuprofile"
run 2 trend "$S"/01 "$TMP/broken.cpuprofile"
contains "$TMP/err" "$TMP/broken.cpuprofile"
# summaries whose numbers are no amounts: named by file and JSON path
printf '{"version":1,"totals":{},"profiles":[{"status":"ok","sampled_ms":5,"top":[{"name":"a","self_ms":-1}]}]}' >"$TMP/neg.json"
run 2 trend "$S"/01 "$TMP/neg.json"
contains "$TMP/err" "$TMP/neg.json: profiles[0].top[0]: a function needs a name and self_ms"
printf '{"version":1,"totals":{},"profiles":[{"status":"ok","sampled_ms":1e308,"top":[]}]}' >"$TMP/big.json"
run 2 trend "$S"/01 "$TMP/big.json"
contains "$TMP/err" "$TMP/big.json: profiles[0]: a profile needs sampled_ms"
# a summary is streamed: its members may come in any order (the version
# after the profiles), an element of profiles that is no object is left out
# but counts in the paths, escaped strings are decoded
printf '{"profiles": [3, {"functions": [{"self": 2000, "file": "a.js", "name": "f\\u00e9"}], "cpu": 4000, "status": "ok"}], "totals": {}, "version": 2}' \
	>"$TMP/late.json"
run 0 trend -f json "$TMP/late.json" "$TMP/late.json"
contains "$TMP/out" '"name": "fé"'
printf '{"profiles": [3, {"functions": [{"self": 2000, "name": "f"}], "cpu": 4000, "status": "ok"}], "totals": {}, "version": 2}' \
	>"$TMP/late.json"
run 2 trend "$TMP/late.json" "$TMP/late.json"
contains "$TMP/err" "$TMP/late.json: profiles[1].functions[0]: a function needs a name, a file"
# what the JSON reader refuses makes the file no summary: a member twice,
# \u0000 in a name, an integer past 64 bits, a number past a double
for doc in '{"version": 2, "version": 2, "totals": {}, "profiles": []}' \
	'{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 1, "functions": [{"name": "a\u0000b", "file": "a.js", "self": 1}]}]}' \
	'{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 99999999999999999999, "functions": []}]}' \
	'{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 1e999, "functions": []}]}' \
	'{"version": 2, "totals": [], "profiles": []}'; do
	printf '%s' "$doc" >"$TMP/refused.json"
	run 2 trend "$TMP/refused.json" "$TMP/refused.json"
	contains "$TMP/err" "$TMP/refused.json: neither a profile nor a report summary"
done
# a name that is not UTF-8 is cleaned, as a profile's
printf '{"version": 2, "totals": {}, "profiles": [{"status": "ok", "cpu": 10, "functions": [{"name": "a\377b", "file": "a.js", "self": 5}]}]}' \
	>"$TMP/latin.json"
run 0 trend -f json "$TMP/latin.json" "$TMP/latin.json"
contains "$TMP/out" "\"name\": \"$(printf 'a\357\277\275b')\""
# a file that begins as a summary but is broken JSON: the line is named
printf '{"version": 2, "totals": {}, "profiles": [' >"$TMP/cut.json"
run 2 trend "$TMP/cut.json" "$TMP/cut.json"
contains "$TMP/err" "$TMP/cut.json: line 1, column 42: truncated JSON"
run 0 trend --theme dark "$S"/01 "$S"/02 -o "$TMP/dark.png"
run 1 trend --theme nope "$S"/01 "$S"/02
contains "$TMP/err" "unknown theme 'nope'"
run 1 trend --top 0 "$S"/01 "$S"/02
run 1 trend --bogus "$S"/01 "$S"/02
run 0 trend --help
contains "$TMP/out" "Usage: flamechart trend"
run 0 help trend
contains "$TMP/out" "Usage: flamechart trend"

finish
