#!/bin/sh
# flamechart report: outputs, self-contained index, partial failure, the same
# bytes whatever -j, shards + merge equal one run, the JSON summary.
. "$(dirname "$0")/lib.sh"

IN=$TMP/in
mkdir -p "$IN/proc" "$IN/misc"
# two threads of one process, named as node --cpu-prof names them
cp "$DATA/corpus/minimal/stair-up.20250519.200250.10004.1.001.cpuprofile" \
	"$IN/proc/CPU.20250519.200250.10004.0.001.cpuprofile"
cp "$DATA/corpus/minimal/stair-down.20250519.200250.10004.0.001.cpuprofile" \
	"$IN/proc/CPU.20250519.200250.10004.1.002.cpuprofile"
cp "$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile" "$IN/a.cpuprofile"
cp "$DATA/corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json" \
	"$IN/misc/trace.json"
chmod -R u+w "$IN"

# -r finds the subdirectories; without it only a.cpuprofile
run 0 report "$IN" -o "$TMP/flat" -q
[ -f "$TMP/flat/a.chart.svg" ] || fail "no a.chart.svg"
[ -f "$TMP/flat/proc--CPU.20250519.200250.10004.0.001.chart.svg" ] && fail "-r was not asked for"
[ -s "$TMP/err" ] && fail "-q wrote to stderr"

run 0 report "$IN" -r -o "$TMP/j1" -j 1
for f in a.chart.svg a.chart.png a.graph.svg a.graph.png thumbs/a.png \
	proc--CPU.20250519.200250.10004.0.001.chart.png misc--trace.graph.svg \
	proc--process-10004.lanes.png proc--process-10004.lanes.svg index.html index.md; do
	[ -s "$TMP/j1/$f" ] || fail "missing $f"
done
contains "$TMP/err" "flamechart: [4/4]"
contains "$TMP/err" "wrote $TMP/j1/index.html and index.md: 4 profiles, 0 failed"

# index.html is one self-contained file: every image inline, no network
grep -o '<img[^>]*src="[^"]*' "$TMP/j1/index.html" | grep -v 'src="data:image/' &&
	fail "index.html refers to an image file"
grep -qE 'https?:' "$TMP/j1/index.html" && fail "index.html mentions http"
contains "$TMP/j1/index.html" "process 10004 (proc)"
contains "$TMP/j1/index.md" "## process 10004 \\(proc\\) (2 threads)"
contains "$TMP/j1/index.md" "![threads of process 10004 \\(proc\\) on one time axis](proc--process-10004.lanes.png)"
contains "$TMP/j1/index.md" "| a.cpuprofile | 0.2 ms | 16 |"
contains "$TMP/j1/index.md" "[chart png](a.chart.png)"
# the markdown table has one row per profile under its header
[ "$(grep -c '^| .*cpuprofile\|^| .*json' "$TMP/j1/index.md")" = 4 ] || fail "index.md rows"
# index.md renders as GFM with its tables and links only (skipped without marked)
if command -v node >/dev/null 2>&1; then
	node "$ROOT/tests/markdown/gfm-check.js" "$TMP/j1/index.md" >"$TMP/gfm.json"
	case $? in
	0 | 77) ;;
	*) fail "index.md: GFM check"; cat "$TMP/gfm.json" ;;
	esac
fi

# the same bytes whatever the number of jobs
run 0 report "$IN" -r -o "$TMP/j2" -j 2 -q
diff -r "$TMP/j1" "$TMP/j2" >/dev/null || fail "-j 1 and -j 2 differ"

# shards + merge = one run (the manifests are bookkeeping)
run 0 report "$IN" -r -o "$TMP/sh" --shard 1/2 -q
run 2 report --merge -o "$TMP/sh"
contains "$TMP/err" "shard 2 of 2 is missing"
run 0 report "$IN" -r -o "$TMP/sh" --shard 2/2 -q
[ -f "$TMP/sh/index.html" ] && fail "a shard wrote the index"
run 0 report --merge -o "$TMP/sh" -q
diff -r -x .flamechart-report "$TMP/j1" "$TMP/sh" >/dev/null || fail "shards + merge differ from one run"

# partial failure: the rest renders, the index lists the failures, exit 4
head -c 700 "$IN/a.cpuprofile" >"$IN/truncated.cpuprofile"
echo "hello, not a profile" >"$IN/notes.txt"
run 4 report "$IN" -r -o "$TMP/part" --summary "$TMP/summary.json"
contains "$TMP/err" "flamechart: $IN/truncated.cpuprofile: "
contains "$TMP/err" "truncated JSON"
# a file that is not a profile by content is skipped and said so, not failed
contains "$TMP/err" "flamechart: skipped notes.txt: text, but line 1 is not"
contains "$TMP/err" "5 profiles, 1 failed, 1 skipped (not profiles)"
contains "$TMP/part/index.md" "| truncated.cpuprofile | **failed** |"
[ -s "$TMP/part/a.chart.svg" ] || fail "the good files were not rendered"
if command -v node >/dev/null 2>&1; then
	node -e '
const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const t = s.totals, ok = s.profiles.filter(p => p.status === "ok");
const fail = m => { console.log("summary: " + m); process.exit(1); };
if (t.profiles !== 5 || t.failed !== 1 || t.ok !== 4) fail("totals " + JSON.stringify(t));
const a = s.profiles.find(p => p.file === "a.cpuprofile");
if (!a || a.samples !== 16 || Math.abs(a.sampled_ms - 0.16) > 1e-9) fail("a.cpuprofile " + JSON.stringify(a));
let sum = 0; for (const p of ok) for (const v of Object.values(p.tiers_ms)) sum += v;
let tot = 0; for (const v of Object.values(t.tiers_ms)) tot += v;
if (Math.abs(sum - tot) > 1e-6) fail("tier totals " + sum + " != " + tot);
if (s.profiles.find(p => p.file === "notes.txt")) fail("notes.txt is in the summary");
' "$TMP/summary.json" || fail "summary.json"
else
	missing_tool node "summary.json"
fi

# nothing to render, or nothing that renders
mkdir "$TMP/empty"
run 2 report "$TMP/empty" -o "$TMP/eo"
contains "$TMP/err" "no files to render"
mkdir "$TMP/bad"
echo junk >"$TMP/bad/x.cpuprofile"
run 2 report "$TMP/bad" -o "$TMP/bo" -q
run 1 report "$IN"
contains "$TMP/err" "report needs an output directory"
run 1 report "$IN" -o "$TMP/x" -f json
contains "$TMP/err" "report writes svg, png and pdf images"
echo '{"tiers":{"app":"red"}}' >"$TMP/bad-theme.json"
run 1 report "$IN" -o "$TMP/th" --theme "$TMP/bad-theme.json"
contains "$TMP/err" "bad-theme.json: tiers.app (line 1, column 11): expected a colour"
[ "$(grep -c flamechart: "$TMP/err")" = 1 ] || fail "a bad theme is reported more than once"
[ -e "$TMP/th/index.html" ] && fail "a bad theme still rendered"

finish
