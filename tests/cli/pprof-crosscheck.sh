#!/bin/sh
# pprof against npm's pprof-format decoder (tests/oracle/pprof-check.js):
# for the Go CPU and heap profiles in every sample type, and for what
# -f pprof writes from a .cpuprofile, a trace and a heap profile, the total
# and the top 10 functions by self and by total weight of `info --json` are
# what the decoder's own reading gives; the written files' totals are also
# the source profiles'. Needs node and tests/oracle/pprof/node_modules
# (cd tests/oracle/pprof && npm ci); skipped without them.
. "$(dirname "$0")/lib.sh"

P=$DATA/pprof
if ! command -v node >/dev/null 2>&1; then
	echo "SKIP: node is not installed (nodejs): nothing checked"
	exit 77
fi
if [ ! -d "$ROOT/tests/oracle/pprof/node_modules/pprof-format" ]; then
	echo "SKIP: the pprof-format package is not installed: run \`npm ci\` in tests/oracle/pprof (needs npm and the network)"
	exit 77
fi
check() { # FILE [SAMPLE_TYPE]
	run 0 info -q --json --top 10 ${2:+--sample-type "$2"} "$1"
	node "$ROOT/tests/oracle/pprof-check.js" "$1" "$TMP/out" ${2:+"$2"} >"$TMP/check" ||
		{ fail "pprof-check $1 ${2:-}"; cat "$TMP/check"; }
}
check "$P/go-cpu.pb.gz"
check "$P/go-cpu.pb.gz" samples
check "$P/go-cpu2.pb.gz"
for t in alloc_objects alloc_space inuse_objects inuse_space; do
	check "$P/go-heap.pb.gz" "$t"
done
# Node's, from Datadog's bindings: wall time and sample counts; heap
check "$P/node-cpu.pb.gz"
check "$P/node-cpu.pb.gz" sample
check "$P/node-heap.pb.gz"
check "$P/node-heap.pb.gz" inuse_objects
# flamechart's own pprof: the decoder's reading, and the total of the
# source's graph (every thread merged, as the file holds them)
for f in "$DATA/corpus/real/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile" \
	"$DATA/corpus/minimal/Trace-20250622T203446.json" "$DATA/heap/double.heapprofile"; do
	run 0 -q -f pprof "$f" -o "$TMP/o.pb.gz"
	check "$TMP/o.pb.gz"
	total=$(sed -n 's/.*: total \([0-9.]*\),.*/\1/p' "$TMP/check")
	run 0 -q -f folded --weight time "$f" -o "$TMP/f.folded"
	want=$(awk '{ s += $NF } END { print s }' "$TMP/f.folded")
	# the folded lines are whole units, rounded on their running sum
	node -e "process.exit(Math.abs($total - $want) <= 0.5 ? 0 : 1)" ||
		fail "$(basename "$f"): -f pprof holds $total, the profile $want"
done
finish
