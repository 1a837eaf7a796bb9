#!/bin/sh
# flamechart trend over many report summaries (docs/trend.md): generates
# series of 100, 300 and 1000 nightly summaries (bench/trend-summaries.js:
# 11 profiles each, as report writes them now, version 2: each profile's 200
# heaviest functions; VERSION=1 in the environment: the top five only, as
# before; a step in parseRows at 70 % of the series) and times
# trend over each with -f md, -f json and a PNG, with the peak RSS. What
# matters is how time and memory grow with the number of runs (the ratios
# to the 100-run series), not the seconds of this machine: it prints a
# Markdown table for bench/RESULTS.md. Nothing here runs in meson test.
# Usage: bench/trend.sh [path/to/flamechart]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fc=${1:-$root/build/flamechart}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the median of 5 runs' CPU seconds (user + system: on a shared machine
# steadier than the wall time), the median wall seconds and the largest
# peak RSS (kB)
measure() {
	: >"$work/times"
	for i in 1 2 3 4 5; do
		/usr/bin/time -f '%U %S %e %M' -o "$work/time" "$fc" trend -q "$@" >/dev/null
		awk '{ print $1 + $2, $3, $4 }' "$work/time" >>"$work/times"
	done
	cpu=$(sort -n -k1,1 "$work/times" | sed -n 3p | cut -d' ' -f1)
	wall=$(sort -n -k2,2 "$work/times" | sed -n 3p | cut -d' ' -f2)
	rss=$(sort -n -k3,3 "$work/times" | sed -n 5p | cut -d' ' -f3)
	echo "$cpu $wall $rss"
}

echo "| runs | summaries (MB) | output | median CPU (s) | × 100 runs | median wall (s) | peak RSS (MB) | step found |"
echo "|---:|---:|---|---:|---:|---:|---:|---|"
for n in 100 300 1000; do
	node "$root/bench/trend-summaries.js" "$work/s$n" "$n" 11 "" "${VERSION:-2}"
	mb=$(du -sm "$work/s$n" | cut -f1)
	for out in md json png; do
		case $out in
		md) args="-f md" ;;
		json) args="-f json" ;;
		png) args="-o $work/t.png" ;;
		esac
		# shellcheck disable=SC2086
		set -- $(measure $args "$work/s$n"/*.json)
		eval "base_$out=\${base_$out:-$1}"
		ratio=$(eval "awk -v a=$1 -v b=\$base_$out 'BEGIN { printf \"%.1f\", a / b }'")
		step=$("$fc" trend -q -f md "$work/s$n"/*.json | grep -c '^- `parseRows' || true)
		echo "| $n | $mb | $out | $1 | $ratio | $2 | $(($3 / 1024)) | $step |"
	done
done
