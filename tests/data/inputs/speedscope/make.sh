#!/bin/sh
# Regenerates exported/ and speedscope-totals.json with speedscope's own
# code (https://github.com/jlfwong/speedscope, MIT, LICENSE here), which
# flamechart does not ship: its src/ at SPEEDSCOPE_COMMIT is bundled with
# esbuild together with speedscope-run.ts, which calls its importers and
# its exporter. Needs git, npm and the network; the tests need none of it.
#   tests/data/inputs/speedscope/make.sh [FLAMECHART]
# - exported/*.speedscope.json: .cpuprofile files of tests/data/corpus as
#   speedscope exports them (importFromChromeCPUProfile, exportProfileGroup);
# - flamechart/*.speedscope.json: the same profiles written by flamechart
#   -f speedscope (chart: evented; .graph: sampled);
# - speedscope-totals.json: what speedscope's importers compute for every
#   speedscope and Hermes file here (total, and self and total per frame).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
fc=${1:-$root/build/flamechart}
SPEEDSCOPE_COMMIT=3613918de0dd55a263d0d04f85b0c8c2039c7bee
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q https://github.com/jlfwong/speedscope "$work/speedscope"
git -C "$work/speedscope" checkout -q "$SPEEDSCOPE_COMMIT"
(cd "$work" && npm install -q --no-audit --no-fund esbuild@0.24.0 >/dev/null)
cp "$here/speedscope-run.ts" "$work/speedscope/"
"$work/node_modules/esbuild/bin/esbuild" "$work/speedscope/speedscope-run.ts" --bundle \
	--platform=node --log-level=warning --outfile="$work/run.js"

C=$root/tests/data/corpus
mkdir -p "$here/exported" "$here/flamechart"
for f in "$C/chrome-versions/Chrome-65-simple.cpuprofile" \
	"$C/chrome-versions/node-10.11.0-example.cpuprofile" \
	"$C/real/ng-build/CPU.20250519.000218.90620.7.007.cpuprofile"; do
	b=$(basename "$f" .cpuprofile)
	node "$work/run.js" export "$f" "$here/exported/$b.speedscope.json"
	"$fc" -f speedscope -o "$here/flamechart/$b.speedscope.json" "$f"
	"$fc" -m graph -f speedscope -o "$here/flamechart/$b.graph.speedscope.json" "$f"
done
node "$work/run.js" totals "$here"/*.speedscope.json "$here"/exported/*.json \
	"$here"/flamechart/*.json "$root"/tests/data/inputs/hermes/*.json \
	>"$here/speedscope-totals.json"
