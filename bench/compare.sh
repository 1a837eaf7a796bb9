#!/bin/sh
# bench/compare.sh: two flamechart binaries (before and after a change) on
# one command, in interleaved rounds with the YAJL scan of the same input:
# each round runs the scan, OLD and NEW back to back (OLD and NEW in
# alternating order), so that the machine's load and speed changes hit all
# three alike. Times are CPU time (user + sys: flamechart's read-ahead
# thread included) and wall time from GNU time; the figures are medians
# over the rounds, and the medians of the per-round ratios to the scan's
# CPU time. It prints a Markdown table for bench/RESULTS.md with the load
# average before and after. Nothing here runs in meson test.
#
#   bench/compare.sh OLD NEW INPUT [ROUNDS] -- ARGS...
#   e.g. bench/compare.sh /tmp/fc-old build/flamechart gen-200M.json 11 -- -m graph -o OUT.svg
#
# OUT in ARGS is replaced by a file in /dev/shm (or bench/work), removed
# after each run.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 4 ] || { echo "usage: $0 OLD NEW INPUT [ROUNDS] -- ARGS..." >&2; exit 2; }
old=$1 new=$2 input=$3
shift 3
rounds=11
if [ "$1" != "--" ]; then
	rounds=$1
	shift
fi
[ "$1" = "--" ] && shift
out=/dev/shm
[ -d "$out" ] || out=$root/bench/work
bin=$root/bench/work/bin
mkdir -p "$bin"
if [ ! -x "$bin/yajl-scan" ]; then
	# shellcheck disable=SC2046 # pkg-config's flags are words
	cc -std=c11 -O2 -Wall -Wextra -o "$bin/yajl-scan" "$root/bench/yajl-scan.c" \
		$(pkg-config --cflags --libs yajl)
fi
tsv=$(mktemp)
trap 'rm -f "$tsv" "$out"/compare.$$.*' EXIT

# run NAME CMD...: one timed run, "NAME cpu wall" appended to the table
run() {
	name=$1
	shift
	/usr/bin/time -f "%U %S %e" -o "$tsv.t" "$@" >/dev/null 2>&1 ||
		{ echo "$name failed: $*" >&2; exit 1; }
	awk -v n="$name" '{ printf "%s %.4f %.4f\n", n, $1 + $2, $3 }' "$tsv.t" >>"$tsv"
	rm -f "$out"/compare.$$.*
}

# the command with OUT replaced
fc_run() {
	name=$1 fc=$2
	set --
	for a in $args; do
		case $a in
		OUT*) a=$out/compare.$$${a#OUT} ;;
		esac
		set -- "$@" "$a"
	done
	run "$name" "$fc" "$@" "$input"
}

args=$*
load0=$(cut -d' ' -f1-3 /proc/loadavg)
i=0
while [ $i -lt "$rounds" ]; do
	run scan "$bin/yajl-scan" "$input"
	if [ $((i % 2)) -eq 0 ]; then
		fc_run old "$old"
		fc_run new "$new"
	else
		fc_run new "$new"
		fc_run old "$old"
	fi
	i=$((i + 1))
done
load1=$(cut -d' ' -f1-3 /proc/loadavg)

# medians; ratios per round (rows come in rounds of three)
awk -v rounds="$rounds" -v load0="$load0" -v load1="$load1" -v cmd="$args" '
function median(a, n,    i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
	r = int((NR - 1) / 3) + 1
	cpu[$1, r] = $2; wall[$1, r] = $3
}
END {
	for (r = 1; r <= rounds; r++) {
		sc[r] = cpu["scan", r]; sw[r] = wall["scan", r]
		oc[r] = cpu["old", r]; ow[r] = wall["old", r]
		nc[r] = cpu["new", r]; nw[r] = wall["new", r]
		ro[r] = cpu["old", r] / cpu["scan", r]
		rn[r] = cpu["new", r] / cpu["scan", r]
		rr[r] = cpu["new", r] / cpu["old", r]
	}
	printf "`flamechart %s`, %d interleaved rounds; load average %s before, %s after\n\n", cmd, rounds, load0, load1
	print "| | CPU (s) | wall (s) | CPU × YAJL scan |"
	print "|---|---:|---:|---:|"
	printf "| YAJL scan | %.3f | %.3f | 1 |\n", median(sc, rounds), median(sw, rounds)
	printf "| old | %.3f | %.3f | %.2f |\n", median(oc, rounds), median(ow, rounds), median(ro, rounds)
	printf "| new | %.3f | %.3f | %.2f |\n", median(nc, rounds), median(nw, rounds), median(rn, rounds)
	printf "\nnew ÷ old, CPU, median of the rounds: %.3f\n", median(rr, rounds)
}' "$tsv"
