#!/bin/sh
# bench/trace.sh: a large Chrome trace read and drawn, against the floors
# (bench/README.md, "Traces"). Generates a trace with bench/gen-trace.c
# (kept in bench/work/trace/ while the generator does not change), then runs
# interleaved pairs -- YAJL scan, command, YAJL scan, command, ... -- for
# `info --tasks`, the chart with --tasks to PNG, and `cat`, each run under
# GNU time (wall, user + system, peak RSS). Prints Markdown for RESULTS.md.
#
#   bench/trace.sh [--size 500M] [--pairs 5] [--flamechart PATH]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work="$here/work"
size=500M
pairs=5
fc="$work/build/flamechart"
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift 2 ;;
	--pairs) pairs=$2; shift 2 ;;
	--flamechart) fc=$2; shift 2 ;;
	*) echo "usage: bench/trace.sh [--size 500M] [--pairs N] [--flamechart PATH]" >&2; exit 2 ;;
	esac
done
[ -x "$fc" ] || { echo "bench/trace.sh: no $fc (bench/run builds it, or --flamechart)" >&2; exit 2; }

mkdir -p "$work/bin" "$work/trace"
gen="$work/bin/gen-trace"
if [ ! -x "$gen" ] || [ "$here/gen-trace.c" -nt "$gen" ] || [ "$here/rng.h" -nt "$gen" ]; then
	cc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -o "$gen" "$here/gen-trace.c"
fi
scan="$work/bin/yajl-scan"
if [ ! -x "$scan" ] || [ "$here/yajl-scan.c" -nt "$scan" ]; then
	cc -std=c11 -O2 -Wall -Wextra -o "$scan" "$here/yajl-scan.c" $(pkg-config --cflags --libs yajl)
fi
input="$work/trace/gen-trace-$size.json"
stamp="$input.gen"
if [ ! -f "$input" ] || [ ! -f "$stamp" ] || [ "$gen" -nt "$stamp" ]; then
	"$gen" --size "$size" --seed 1 -o "$input" 2>"$stamp"
fi
outdir=/dev/shm
[ -d "$outdir" ] || outdir=$work/trace
bytes=$(stat -c %s "$input")

# one run: prints "wall cpu peak_kb" (s, s, KiB)
timed() {
	/usr/bin/time -f "%e %U %S %M" -o "$work/trace/time.txt" "$@" >/dev/null 2>&1 || {
		echo "bench/trace.sh: failed: $*" >&2
		exit 1
	}
	awk '{ printf "%s %.3f %s\n", $1, $2 + $3, $4 }' "$work/trace/time.txt"
}

cat "$input" >/dev/null # into the page cache
: >"$work/trace/runs.txt"
i=0
while [ "$i" -lt "$pairs" ]; do
	for what in info png cat; do
		s=$(timed "$scan" "$input")
		case $what in
		info) c=$(timed "$fc" info --tasks "$input") ;;
		png) c=$(timed "$fc" --tasks "$input" -o "$outdir/gen-trace.png") ;;
		cat) c=$(timed cat "$input") ;;
		esac
		echo "$what $s $c" >>"$work/trace/runs.txt"
	done
	i=$((i + 1))
done
rm -f "$outdir/gen-trace.png"

# medians of the pair ratios (wall and CPU), of the times, and the peak RSS
node - "$work/trace/runs.txt" "$bytes" "$stamp" <<'JS'
const fs = require('fs');
const [file, bytes, stamp] = process.argv.slice(2);
const med = (a) => { const s = [...a].sort((x, y) => x - y); const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const rows = fs.readFileSync(file, 'utf8').trim().split('\n').map((l) => l.split(' '));
const mb = Number(bytes) / 1e6;
console.log(`Input: ${mb.toFixed(0)} MB (${fs.readFileSync(stamp, 'utf8').trim()})\n`);
console.log('| command | wall (median) | × YAJL scan, wall (median of pairs, range) | CPU | × YAJL scan, CPU | peak RSS | × input |');
console.log('|---|---|---|---|---|---|---|');
const names = {info: '`info --tasks`', png: 'chart `--tasks` → PNG', cat: '`cat`'};
const scans = rows.map((r) => [Number(r[1]), Number(r[2]), Number(r[3])]);
console.log(`| YAJL scan | ${med(scans.map((s) => s[0])).toFixed(2)} s | 1 | ${med(scans.map((s) => s[1])).toFixed(2)} s | 1 | ${(Math.max(...scans.map((s) => s[2])) / 1024).toFixed(0)} MB | ${(Math.max(...scans.map((s) => s[2])) * 1024 / bytes).toFixed(3)} |`);
for (const what of ['info', 'png', 'cat']) {
  const r = rows.filter((x) => x[0] === what);
  const wall = r.map((x) => Number(x[4])), cpu = r.map((x) => Number(x[5]));
  const rw = r.map((x) => Number(x[4]) / Number(x[1])), rc = r.map((x) => Number(x[5]) / Math.max(Number(x[2]), 1e-3));
  const rss = Math.max(...r.map((x) => Number(x[6])));
  console.log(`| ${names[what]} | ${med(wall).toFixed(2)} s | ${med(rw).toFixed(2)} (${Math.min(...rw).toFixed(2)}–${Math.max(...rw).toFixed(2)}) | ${med(cpu).toFixed(2)} s | ${med(rc).toFixed(2)} | ${(rss / 1024).toFixed(0)} MB | ${(rss * 1024 / bytes).toFixed(3)} |`);
}
console.log(`\n${rows.length / 3} interleaved pairs per command.`);
JS
