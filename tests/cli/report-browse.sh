#!/bin/sh
# report's pages as people browse them: a process's threads and its heap
# profile in one directory; every page loads nothing from elsewhere, each
# profile is named once (thread as node names it), each has a page with its
# interactive SVGs, waits are left out of the top self time, a heap
# profile's total is in bytes (tests/cli/report_browse.py works these out
# from the files); with chromium, no page is wider than the window from
# 360 px to 2560 px.
. "$(dirname "$0")/lib.sh"

IN=$TMP/in
mkdir -p "$IN"
# worker thread 2 of a real build waits in atomicsWaitLoop most of its time
for f in CPU.20250519.000216.90620.2.003 CPU.20250519.000217.90620.3.004; do
	cp "$DATA/corpus/real/ng-build/$f.cpuprofile" "$IN/"
done
# one process's CPU and heap profiles, as node --cpu-prof --heap-prof wrote them
cp "$DATA/report-heap/"*.cpuprofile "$DATA/report-heap/"*.heapprofile "$IN/"

# a heap profile beside CPU profiles is rendered, not failed
run 0 report -q "$IN" -o "$TMP/rep" --summary "$TMP/summary.json" -j 2
[ -s "$TMP/rep/index.html" ] || fail "no index.html"
python3 "$ROOT/tests/cli/report_browse.py" "$TMP/rep" "$TMP/summary.json" "$IN"/* ||
	fail "report_browse.py"
# the index and pages are Markdown-free HTML; index.md says bytes for the heap
contains "$TMP/rep/index.md" "allocated"
contains "$TMP/rep/index.md" "waits left out"
# a chart alone cannot show a heap profile: it is drawn as its graph
# instead, said once, and the CPU profiles as charts
run 0 report "$IN" -o "$TMP/chart" -m chart
contains "$TMP/err" "profile without time order (folded stacks, pprof, counts, bytes) drawn as its merged graph"
[ -s "$TMP/chart/Heap.20261126.214225.4213.0.002.graph.svg" ] || fail "-m chart: no heap graph"
[ -e "$TMP/chart/Heap.20261126.214225.4213.0.002.chart.svg" ] && fail "-m chart: a heap chart"

# no page wider than the window (headless Chromium; the page's own policy
# allows the inline script that measures it); 360 to 2560 px
if command -v chromium >/dev/null 2>&1; then
	for page in index.html CPU.20250519.000216.90620.2.003.html; do
		sed 's|</body>|<script>document.body.setAttribute("data-over",String(document.documentElement.scrollWidth-window.innerWidth))</script></body>|' \
			"$TMP/rep/$page" >"$TMP/rep/probe.html"
		for w in 360 800 1280 2560; do
			over=$(timeout 120 chromium --headless --no-sandbox --disable-gpu \
				--user-data-dir="$TMP/chromium" --window-size=$w,1000 \
				--virtual-time-budget=2000 --dump-dom "file://$TMP/rep/probe.html" \
				2>/dev/null | sed -n 's/.*data-over="\(-\{0,1\}[0-9]*\)".*/\1/p')
			if [ -z "$over" ]; then
				fail "$page at $w px: not measured"
			elif [ "$over" -gt 0 ]; then
				fail "$page at $w px: $over px wider than the window"
			fi
		done
	done
	rm -f "$TMP/rep/probe.html"
else
	missing_tool chromium "the pages' width"
fi
finish
