#!/bin/sh
# report --history DIR (docs/report.md, "History"): each run of the recorded
# series of tests/data/trend/ (record.sh) is reported in turn into the
# history folder, with the earlier ones as its history, as a CI job would.
# The step series' last index names parseRows and the run whose manifest
# first says "slowdown" is not 1; the noise-only series says no step; the
# history is trend's series over the raw profiles; errors name the file.
. "$(dirname "$0")/lib.sh"
S=$DATA/trend/step
N=$DATA/trend/noise

# the run where the step is, from the manifests record.sh wrote (not from
# any output of flamechart): the first whose slowdown is not 1
step_dir=
for d in "$S"/*/; do
	if ! grep -q '"slowdown": 1}' "$d/run.json"; then
		step_dir=$d
		break
	fi
done
step_date=$(sed 's/.*"date": "\([^"]*\)".*/\1/' "$step_dir/run.json")
step_commit=$(sed 's/.*"commit": "\(.......\).*/\1/' "$step_dir/run.json")
[ -n "$step_date" ] && [ -n "$step_commit" ] || fail "no step in the manifests of $S"

# history SERIES HIST: reports each run of SERIES into HIST/NN with HIST as
# its history (its own folder is skipped: it is this run)
history() {
	mkdir -p "$2"
	for d in "$1"/*/; do
		n=$(basename "$d")
		"$FLAMECHART" report -q -m graph -f svg "$d" -o "$2/$n" --history "$2" \
			2>"$TMP/err" || {
			fail "report $d --history $2"
			head -5 "$TMP/err"
		}
	done
}

# --- the first run of a history: no earlier run yet, no failure --------------
mkdir -p "$TMP/empty"
run 0 report -q -m graph -f svg "$S/01" -o "$TMP/first" --history "$TMP/empty"
contains "$TMP/first/index.md" "## History"
contains "$TMP/first/index.md" "the history starts with this run"
contains "$TMP/first/index.html" "the history starts with this run"
[ -f "$TMP/first/summary.json" ] || fail "--history wrote no OUTDIR/summary.json"
cmp -s "$S/01/run.json" "$TMP/first/run.json" || fail "DIR/run.json not kept in OUTDIR"

# --- the step series ---------------------------------------------------------
history "$S" "$TMP/step"
I=$TMP/step/12
contains "$I/index.md" "## History"
contains "$I/index.md" "### Trend over 12 runs"
# (Markdown escapes the parentheses of a label)
grep -F '`parseRows (work.js)`: +' "$I/index.md" | grep -qF "at run $step_date \\($step_commit\\), held since" ||
	fail "index.md: parseRows's step is not at run $step_date ($step_commit)"
lacks "$I/index.md" "- \`checksum"
lacks "$I/index.md" "No step"
contains "$I/index.md" "![CPU time and the heaviest functions' self time per run](history.png)"
contains "$I/index.html" '<section id="history"><h2>History</h2>'
contains "$I/index.html" "<code>parseRows (work.js)</code>: <strong>+"
contains "$I/index.html" "at run <strong>$step_date ($step_commit)</strong>, held since"
# the image's text names the step, and the page loads nothing from elsewhere
grep -o 'alt="CPU time per run[^"]*"' "$I/index.html" | grep -qF "parseRows (work.js) +" ||
	fail "the image's alt text does not name parseRows's step"
contains "$I/index.html" "Content-Security-Policy"
grep -Eq '(src|href)="(https?:)?//' "$I/index.html" && fail "index.html loads from elsewhere"
for f in history.png history.svg history.md history.json; do
	[ -s "$I/$f" ] || fail "no $f"
done
# the runs are the earlier folders by name and this one, named by their
# manifests (the first, the last)
contains "$I/index.md" "### Trend over 12 runs: 2026-11-01"
contains "$I/index.html" "the runs: 11 from the history folder, ordered by name, and this one"

# the history is trend's series over the raw profiles (paths aside)
if command -v jq >/dev/null 2>&1; then
	run 0 trend -f json "$S"/*
	jq -S 'del(.runs[].path)' "$TMP/out" >"$TMP/raw.json"
	jq -S 'del(.runs[].path)' "$I/history.json" >"$TMP/hist.json"
	cmp -s "$TMP/raw.json" "$TMP/hist.json" ||
		{ fail "the history differs from trend over the profiles"; diff "$TMP/raw.json" "$TMP/hist.json" | head; }
else
	missing_tool jq "the history against trend over the profiles"
fi

# --order-by manifest:FIELD, as trend orders: the dates, reversed names
mkdir -p "$TMP/rev"
i=20
for d in "$TMP"/step/0* "$TMP"/step/10 "$TMP"/step/11; do
	cp -r "$d" "$TMP/rev/$i"
	i=$((i - 1))
done
run 0 report -q -m graph -f svg "$S/12" -o "$TMP/rev-by-name" --history "$TMP/rev"
lacks "$TMP/rev-by-name/index.md" "at run $step_date \\($step_commit\\), held since"
run 0 report -q -m graph -f svg "$S/12" -o "$TMP/rev-by-date" --history "$TMP/rev" \
	--order-by manifest:date
grep -F '`parseRows (work.js)`: +' "$TMP/rev-by-date/index.md" |
	grep -qF "at run $step_date \\($step_commit\\), held since" ||
	fail "--order-by manifest:date does not give the series by date"

# --- the noise-only series: no step ------------------------------------------
history "$N" "$TMP/noise"
contains "$TMP/noise/12/index.md" "### Trend over 12 runs"
contains "$TMP/noise/12/index.md" "No step"
contains "$TMP/noise/12/index.html" "<strong>No step</strong>"
lacks "$TMP/noise/12/index.md" "held since"

# --- summaries as the history, and errors naming the file --------------------
mkdir -p "$TMP/sums"
for n in 01 02 03; do
	cp "$TMP/step/$n/summary.json" "$TMP/sums/$n.json"
	cp "$S/$n/run.json" "$TMP/sums/$n.json.run.json"
done
run 0 report -q -m graph -f svg "$S/04" -o "$TMP/sum-out" --history "$TMP/sums"
contains "$TMP/sum-out/index.md" "### Trend over 4 runs: 2026-11-01"
# a run without a manifest is "this run", said once
mkdir -p "$TMP/bare"
cp "$S/04/run.cpuprofile.gz" "$TMP/bare/"
run 0 report -q -m graph -f svg "$TMP/bare" -o "$TMP/bare-out" --history "$TMP/sums"
contains "$TMP/bare-out/index.md" "### Trend over 4 runs: 2026-11-01 \\(7ed8998\\) → this run"
contains "$TMP/bare-out/index.html" "→ this run. CPU time per run"
echo '{"profiles": [' >"$TMP/sums/05.json"
run 2 report -q -m graph -f svg "$S/06" -o "$TMP/bad-out" --history "$TMP/sums"
contains "$TMP/err" "$TMP/sums/05.json"
rm "$TMP/sums/05.json"
mkdir -p "$TMP/sums/06"
run 2 report -q -m graph -f svg "$S/06" -o "$TMP/bad-out" --history "$TMP/sums"
contains "$TMP/err" "$TMP/sums/06: a report folder without its summary"
rmdir "$TMP/sums/06"
run 2 report -q -m graph -f svg "$S/06" -o "$TMP/bad-out" --history "$TMP/none"
contains "$TMP/err" "$TMP/none"
run 1 report -q "$S/06" -o "$TMP/bad-out" --order-by mtime
contains "$TMP/err" "--history"
run 1 report -q "$S/06" -o "$TMP/bad-out" --history "$TMP/sums" --order-by name
contains "$TMP/err" "--order-by must be args, mtime or manifest:FIELD"

finish
