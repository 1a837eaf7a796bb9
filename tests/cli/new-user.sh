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

# --- report: stray files are skipped; --include/--exclude; out/; -f pdf; --title ----------
R=$TMP/profiles
mkdir -p "$R/sub"
cp "$DATA"/corpus/minimal/flat-line.*.cpuprofile "$R/"
cp "$DATA"/corpus/minimal/pyramide.*.cpuprofile "$R/sub/"
cp "$DATA"/corpus/chrome-versions/Chrome-65-simple.cpuprofile "$R/simple.json"
printf '# how these were recorded\n' >"$R/README.md"
printf '{"name": "app", "version": "1.0.0"}\n' >"$R/package.json"
run 0 report "$R" -r -o "$TMP/rep1/" -f png,pdf --title 'Nightly <build>' -j 1
contains "$TMP/err" "flamechart: skipped README.md: "
contains "$TMP/err" "flamechart: skipped package.json: JSON object with keys name, version: not a profile"
contains "$TMP/err" "wrote $TMP/rep1/index.html and index.md: 3 profiles, 0 failed, 2 skipped (not profiles)"
lacks "$TMP/err" "//index.html"
for f in simple.chart.pdf simple.graph.pdf simple.chart.png sub--pyramide.20250519.110180.10003.0.001.graph.pdf; do
	[ -s "$TMP/rep1/$f" ] || fail "report -f png,pdf did not write $f"
done
[ "$(head -c 4 "$TMP/rep1/simple.chart.pdf")" = "%PDF" ] || fail "simple.chart.pdf is no PDF"
contains "$TMP/rep1/index.html" "<title>Nightly &lt;build&gt;</title>"
contains "$TMP/rep1/index.html" "<h1>Nightly &lt;build&gt;</h1>"
contains "$TMP/rep1/index.html" "href=\"simple.chart.pdf\""
contains "$TMP/rep1/index.md" "# Nightly &lt;build&gt;"
contains "$TMP/rep1/index.md" "[chart pdf](simple.chart.pdf)"
# --title names the index, not every image
lacks "$TMP/rep1/simple.chart.pdf" "Nightly"
[ -e "$TMP/rep1/README.chart.png" ] && fail "README.md was rendered"
# a file that looks like a profile and is broken still fails
printf '{"nodes": [{"id": 1, ' >"$R/broken.json"
printf '' >"$R/empty.cpuprofile"
run 4 report "$R" -o "$TMP/rep2" -q
contains "$TMP/err" "broken.json: "
contains "$TMP/err" "empty.cpuprofile: the file is empty"
lacks "$TMP/err" "README.md"
# --include-files / --exclude (its former name): the name, or the path under DIR with a '/'
run 0 report "$R" -r -o "$TMP/inc" -f svg --include-files '*.cpuprofile' --exclude 'empty*' -q
[ -e "$TMP/inc/simple.chart.svg" ] && fail "--include '*.cpuprofile' rendered simple.json"
[ -e "$TMP/inc/sub--pyramide.20250519.110180.10003.0.001.chart.svg" ] || fail "--include '*.cpuprofile' missed sub/"
run 0 report "$R" -r -o "$TMP/exc" -f svg --exclude 'sub/*' --exclude 'broken*' --exclude 'empty*' -q
[ -e "$TMP/exc/simple.chart.svg" ] || fail "--exclude sub/* left out simple.json"
ls "$TMP/exc" | grep -q pyramide && fail "--exclude 'sub/*' rendered sub/"
run 2 report "$R" -o "$TMP/none" --include 'nothing*'
contains "$TMP/err" "no files to render"

# --- unrelated profiles: each on its own clock from 0; --same-clock: one axis -------------
# (the header is read back from the PDF; pdftotext is in poppler-utils)
REAL=$DATA/corpus/real
header() { # header FILE.pdf: the first four lines of text (title, what it
	# shows, the heaviest functions, what changed on the way)
	pdftotext -l 1 "$1" - | head -4 >"$1.txt"
}
if command -v pdftotext >/dev/null 2>&1; then
	run 0 "$REAL"/*/*.cpuprofile -o "$TMP/all.pdf"
	header "$TMP/all.pdf"
	contains "$TMP/all.pdf.txt" "16 lanes · 19.91 s wall, "
	contains "$TMP/all.pdf.txt" " CPU (idle excluded) · 89,504 samples"
	contains "$TMP/all.pdf.txt" "4 unrelated recordings, each on its own clock from 0 (--same-clock: one axis)"
	run 0 "$REAL"/*/*.cpuprofile -o "$TMP/same.pdf" --same-clock
	header "$TMP/same.pdf"
	contains "$TMP/same.pdf.txt" "16 lanes · 847194.50 s wall"
	lacks "$TMP/same.pdf.txt" "unrelated recordings"
	run 0 "$REAL"/ng-serve/*.cpuprofile -o "$TMP/serve.pdf"
	header "$TMP/serve.pdf"
	lacks "$TMP/serve.pdf.txt" "unrelated recordings"
	# two processes of one nx run (different pids in the file names): two clocks
	run 0 "$REAL"/nx-run-lint/*.cpuprofile -o "$TMP/nx.pdf"
	header "$TMP/nx.pdf"
	contains "$TMP/nx.pdf.txt" "2 lanes · 12.38 s wall"
	contains "$TMP/nx.pdf.txt" "2 unrelated recordings"
	# the graph has no time axis: nothing to say
	run 0 "$REAL"/*/*.cpuprofile -m graph -o "$TMP/allg.pdf"
	header "$TMP/allg.pdf"
	lacks "$TMP/allg.pdf.txt" "unrelated recordings"
else
	echo "note: no pdftotext (poppler-utils): header checks skipped"
fi
# the threads of one process keep their clock: nothing is shifted
run 0 "$REAL"/ng-serve/*.cpuprofile -f json -o "$TMP/serve.json"
run 0 "$REAL"/ng-serve/*.cpuprofile -f json -o "$TMP/serve-same.json" --same-clock
cmp -s "$TMP/serve.json" "$TMP/serve-same.json" || fail "one process's threads were moved"
# two runs: the second starts at 0 in the layout JSON too
run 0 "$REAL"/ng-serve/CPU.20250519.000247.22170.0.001.cpuprofile "$REAL"/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile -f json -o "$TMP/two.json"
node -e '
const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const s = d.profiles.map(p => p.start_us);
if (s.length !== 2 || s[0] !== 0 || s[1] !== 0) { console.log("starts: " + s); process.exit(1); }
' "$TMP/two.json" || fail "two.json"

# --- folded round trip keeps its units: sample counts by default, --count-unit ------------
SUC=$DATA/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile
"$FLAMECHART" "$SUC" -f folded >"$TMP/x.folded" || fail "-f folded"
[ "$(awk '{ s += $NF } END { print s }' "$TMP/x.folded")" = 17138 ] || fail "-f folded does not count samples"
run 0 info "$TMP/x.folded"
contains "$TMP/out" "total weight  17138 samples"
contains "$TMP/out" "stacks        2737"
contains "$TMP/out" "samples by tier"
lacks "$TMP/out" " ms"
"$FLAMECHART" "$SUC" -f folded --weight time >"$TMP/t.folded" || fail "-f folded --weight time"
[ "$(awk '{ s += $NF } END { print s }' "$TMP/t.folded")" = 22003327 ] || fail "--weight time does not write µs"
run 0 info --count-unit us "$TMP/t.folded"
contains "$TMP/out" "total weight  22003.327 ms"
contains "$TMP/out" "time by tier"
printf 'main;work 3\nmain 2\n' >"$TMP/ms.folded"
run 0 info --count-unit ms "$TMP/ms.folded"
contains "$TMP/out" "total weight  5.000 ms"
run 1 info --count-unit ns "$TMP/ms.folded"
contains "$TMP/err" "--count-unit must be samples, us or ms"
if command -v pdftotext >/dev/null 2>&1; then
	run 0 "$TMP/x.folded" -m graph -o "$TMP/x.pdf"
	header "$TMP/x.pdf"
	contains "$TMP/x.pdf.txt" "17,138 samples total · 2,737 stacks"
	run 0 "$TMP/t.folded" --count-unit us -m graph -o "$TMP/t.pdf"
	header "$TMP/t.pdf"
	contains "$TMP/t.pdf.txt" "22.00 s total · 2,737 stacks"
fi

# --- WebAssembly frames are a dependency's code, not the user's ---------------------------
WORKER=$DATA/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile
run 0 info "$WORKER"
lacks "$TMP/out" "    app "
contains "$TMP/out" "    deps         1654.943 ms   78.6%"

# --- the classic theme looks like FlameGraph: warm URL colours in the graph too ------------
run 0 --theme classic -m graph "$SIMPLE" -o "$TMP/c.png"
run 0 --theme classic -m graph --color-by url "$SIMPLE" -o "$TMP/c-url.png"
run 0 --theme classic -m graph --color-by tier "$SIMPLE" -o "$TMP/c-tier.png"
cmp -s "$TMP/c.png" "$TMP/c-url.png" || fail "classic graph is not coloured by the warm URL hash"
cmp -s "$TMP/c.png" "$TMP/c-tier.png" && fail "classic graph still has the tier colours"
# other themes keep tier colours for the graph
run 0 -m graph "$SIMPLE" -o "$TMP/l.png"
run 0 -m graph --color-by tier "$SIMPLE" -o "$TMP/l-tier.png"
cmp -s "$TMP/l.png" "$TMP/l-tier.png" || fail "the light graph lost its tier colours"

# --- --per-thread graphs: one absolute scale, stated on the ruler and every lane ----------
if command -v pdftotext >/dev/null 2>&1; then
	A=$DATA/corpus/real/ng-build/CPU.20250519.000215.90620.0.001.cpuprofile
	run 0 -m graph --per-thread "$A" "$WORKER" -o "$TMP/pt.pdf"
	pdftotext "$TMP/pt.pdf" "$TMP/pt.txt"
	contains "$TMP/pt.txt" "2 profiles · 3.27 s total"
	contains "$TMP/pt.txt" "pid 90620 · main thread · 1.18 s, 56% of the width"
	contains "$TMP/pt.txt" "pid 90620 · worker thread 1 · 2.09 s, 100% of the width"
	contains "$TMP/pt.txt" "1,000 ms"
	lacks "$TMP/pt.txt" "50%"
	run 0 -m graph --per-thread --weight samples "$A" "$WORKER" -o "$TMP/pts.pdf"
	pdftotext "$TMP/pts.pdf" "$TMP/pts.txt"
	contains "$TMP/pts.txt" "samples, 100% of the width"
	# one graph keeps its % ruler
	run 0 -m graph "$A" -o "$TMP/one.pdf"
	pdftotext "$TMP/one.pdf" "$TMP/one.txt"
	contains "$TMP/one.txt" "50%"
fi

finish
