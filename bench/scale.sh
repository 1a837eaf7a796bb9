#!/bin/sh
# bench/scale.sh: flamechart on generated profiles of 250 MB, 500 MB and 1 GB
# against the two floors of the same run (cat and the YAJL scan), and the
# time per doubling. See bench/README.md ("Scaling to 1 GB").
#
#   bench/scale.sh [--flamechart BIN] [--sizes 250M,500M,1G] [--rounds 3]
#                  [--dir DIR]
#
# Every command runs in an interleaved pair with a YAJL scan of the same
# file (scan, command), so that each ratio compares runs made seconds apart;
# a round runs every pair once for every size. Times are CPU time (user +
# sys) and wall time from GNU time, peak RSS its maximum resident set. The
# inputs (bench/gen, --seed 1) are made once into DIR (default /dev/shm when
# it exists, else bench/work/scale) and kept; outputs go to DIR and are
# removed after each run. Prints Markdown for RESULTS.md and writes every
# measurement to bench/work/scale/runs.tsv.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
work="$here/work"
fc="$root/build/flamechart"
sizes="250M,500M,1G"
rounds=3
dir=""
while [ $# -gt 0 ]; do
	case "$1" in
	--flamechart) fc=$2; shift 2 ;;
	--sizes) sizes=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--dir) dir=$2; shift 2 ;;
	*) echo "bench/scale.sh: unknown option $1" >&2; exit 2 ;;
	esac
done
if [ -z "$dir" ]; then
	if [ -d /dev/shm ]; then dir=/dev/shm/flamechart-scale; else dir="$work/scale"; fi
fi
[ -x "$fc" ] || { echo "bench/scale.sh: no flamechart at $fc (meson compile -C build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/scale.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
mkdir -p "$dir" "$work/bin" "$work/scale"
"$here/gen" --build-only
cc -std=c11 -O2 -Wall -Wextra -o "$work/bin/yajl-scan" "$here/yajl-scan.c" \
	$(pkg-config --cflags --libs yajl)
scan="$work/bin/yajl-scan"
tsv="$work/scale/runs.tsv"

sizes=$(echo "$sizes" | tr ',' ' ')
for s in $sizes; do
	[ -f "$dir/gen-$s.cpuprofile" ] ||
		"$here/gen" --size "$s" --seed 1 -o "$dir/gen-$s.cpuprofile"
done

# one timed run: label size round command... ; appends a row to the TSV
timed() {
	label=$1 size=$2 round=$3
	shift 3
	sync
	/usr/bin/time -f "%e %U %S %M" -o "$dir/time.txt" "$@" >/dev/null 2>"$dir/err.txt" ||
		{ echo "bench/scale.sh: $label on $size failed: $(head -1 "$dir/err.txt")" >&2; return 0; }
	read -r wall user sys rss <"$dir/time.txt"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$size" "$round" "$label" "$wall" \
		"$(echo "$user $sys" | awk '{ printf "%.2f", $1 + $2 }')" "$rss" \
		"$(cut -d' ' -f1 /proc/loadavg)" >>"$tsv"
	rm -f "$dir"/out.*
}

printf 'size\tround\tcommand\twall_s\tcpu_s\trss_kb\tload1\n' >"$tsv"
r=1
while [ "$r" -le "$rounds" ]; do
	for s in $sizes; do
		f="$dir/gen-$s.cpuprofile"
		timed cat "$s" "$r" cat "$f"
		for c in info png svg json; do
			timed scan "$s" "$r" "$scan" "$f"
			case $c in
			info) timed info "$s" "$r" "$fc" info "$f" ;;
			png) timed png "$s" "$r" "$fc" "$f" -o "$dir/out.png" ;;
			svg) timed svg "$s" "$r" "$fc" -m graph "$f" -o "$dir/out.svg" ;;
			json) timed json "$s" "$r" "$fc" "$f" -f json -o "$dir/out.json" ;;
			esac
		done
	done
	r=$((r + 1))
done

# The tables: per size and command, the median over the rounds of the
# CPU-time ratio to the scan run just before it, the median CPU and wall
# times, the peak RSS over the input; then per doubling, the median over
# the rounds of time(2s)/time(s) (the scan: the mean of its runs in the
# round).
awk -F'\t' -v sizes="$sizes" -v dir="$dir" '
function median(a, n,   i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function bytes(s,   cmd, b) {
	cmd = "stat -c %s " dir "/gen-" s ".cpuprofile"; cmd | getline b; close(cmd); return b
}
NR == 1 { next }
{
	key = $1 SUBSEP $3
	n[key]++; cpu[key, n[key]] = $5; wall[key, n[key]] = $4
	if ($6 > rss[key]) rss[key] = $6
	if ($3 == "scan") {
		last_scan[$1, $2] = $5
		scan_sum[$1, $2] += $5; scan_n[$1, $2]++
		round_cpu[$1, "scan", $2] = scan_sum[$1, $2] / scan_n[$1, $2]
		rounds[$2] = 1
		next
	}
	if ($3 != "cat" && last_scan[$1, $2] > 0) {
		nr[key]++; ratio[key, nr[key]] = $5 / last_scan[$1, $2]
	}
	round_cpu[$1, $3, $2] = $5
	rounds[$2] = 1
}
END {
	ns = split(sizes, S, " ")
	split("cat scan info png svg json", C, " ")
	name["cat"] = "`cat`"; name["scan"] = "YAJL scan"; name["info"] = "`info`"
	name["png"] = "chart → PNG"; name["svg"] = "graph → SVG"; name["json"] = "layout JSON"
	printf "| input | command | CPU / YAJL scan (median of pairs) | CPU s (median) | wall s (median) | peak RSS MB | RSS / input |\n"
	printf "|---|---|---:|---:|---:|---:|---:|\n"
	for (i = 1; i <= ns; i++) {
		b = bytes(S[i])
		for (c = 1; c <= 6; c++) {
			key = S[i] SUBSEP C[c]
			if (!n[key]) continue
			delete a; for (k = 1; k <= n[key]; k++) a[k] = cpu[key, k]; mc = median(a, n[key])
			delete a; for (k = 1; k <= n[key]; k++) a[k] = wall[key, k]; mw = median(a, n[key])
			r = "—"
			if (nr[key]) { delete a; for (k = 1; k <= nr[key]; k++) a[k] = ratio[key, k]; r = sprintf("%.2f", median(a, nr[key])) }
			printf "| gen-%s (%.0f MB) | %s | %s | %.2f | %.2f | %.0f | %.2f |\n", S[i], b / 1e6, name[C[c]], r, mc, mw, rss[key] / 1024, rss[key] * 1024 / b
		}
	}
	printf "\n| command | per doubling (CPU time, median over rounds) |\n|---|---|\n"
	for (c = 2; c <= 6; c++) {
		line = ""
		for (i = 2; i <= ns; i++) {
			delete a; k = 0
			for (rd in rounds)
				if (round_cpu[S[i - 1], C[c], rd] > 0 && round_cpu[S[i], C[c], rd] != "")
					a[++k] = round_cpu[S[i], C[c], rd] / round_cpu[S[i - 1], C[c], rd]
			line = line sprintf("%s%s → %s: %s", i > 2 ? "; " : "", S[i - 1], S[i], k ? sprintf("%.2f", median(a, k)) : "n/a")
		}
		printf "| %s | %s |\n", name[C[c]], line
	}
}' "$tsv"
