#!/bin/sh
# The chart layout equals DevTools' forEachFrame (re-stated independently in
# tests/oracle/devtools-chart.js) for every .cpuprofile of the corpus.
. "$(dirname "$0")/lib.sh"

if ! command -v node >/dev/null 2>&1; then
	echo "node not found: skipped"
	exit 77
fi
n=0
for f in "$DATA"/corpus/seed-examples/*.cpuprofile "$DATA"/corpus/minimal/*.cpuprofile \
	"$DATA"/corpus/real/*/*.cpuprofile "$DATA"/corpus/chrome-versions/Chrome-65*.cpuprofile; do
	"$FLAMECHART" -q "$f" -f json -o "$TMP/layout.json" || { fail "render $f"; continue; }
	node "$ROOT/tests/oracle/compare-chart.js" "$f" <"$TMP/layout.json" || fail "$f"
	n=$((n + 1))
done
echo "$n profiles compared"
finish
