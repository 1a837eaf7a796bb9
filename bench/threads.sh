#!/bin/sh
# --threads 1 against --threads 2 (docs/threads.md) on the 199 MB generated
# profile (bench/gen --size 200M --seed 1) and a gzip -6 copy of it, with
# the floors in the same rounds: cat, gzip -dc for the gzip file, and the
# YAJL scan of the plain file (bench/yajl-scan). Each round is one
# `hyperfine -N --runs 1` of every command back to back (interleaved: the
# machine's load and speed changes hit all of them alike), the two thread
# counts in alternating order; the figures are medians over the rounds of
# the per-round ratios. It prints a Markdown table for bench/RESULTS.md with
# the load average beside it. Nothing here runs in meson test.
# Usage: bench/threads.sh [path/to/flamechart] [rounds]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fc=${1:-$root/build/flamechart}
rounds=${2:-7}
work=$root/bench/work/threads
out=/dev/shm
[ -d "$out" ] || out=$work
mkdir -p "$work" "$root/bench/work/bin"
bin=$root/bench/work/bin
[ -x "$bin/gen" ] || cc -std=c11 -O2 -o "$bin/gen" "$root/bench/gen.c"
[ -x "$bin/yajl-scan" ] || cc -std=c11 -O2 -o "$bin/yajl-scan" "$root/bench/yajl-scan.c" \
	$(pkg-config --cflags --libs yajl)
big=$work/gen-200M.cpuprofile
[ -s "$big" ] || "$bin/gen" --size 200M --seed 1 -o "$big"
[ -s "$big.gz" ] || gzip -6 -c "$big" >"$big.gz"

# row LABEL FLOOR ARGS...: rounds of cat, FLOOR (gzip -dc, or - for none),
# the YAJL scan and flamechart ARGS with one and with two threads
row() {
	label=$1 floor=$2
	shift 2
	: >"$work/rows"
	load0=$(cut -d' ' -f1 /proc/loadavg)
	r=0
	while [ "$r" -lt "$rounds" ]; do
		if [ $((r % 2)) = 0 ]; then a=1 b=2; else a=2 b=1; fi
		if [ "$floor" = - ]; then f="cat $big"; else f=$floor; fi
		hyperfine -N --runs 1 --style none --export-csv "$work/round.csv" \
			"cat $big" "$f" "$bin/yajl-scan $big" \
			"$fc $* --threads $a" "$fc $* --threads $b" >/dev/null 2>&1 ||
			{ echo "threads.sh: $label: a command failed" >&2; return 1; }
		# command,mean,stddev,median,user,system,min,max
		awk -F, -v a="$a" 'NR > 1 { t[NR - 1] = $2; c[NR - 1] = $5 + $6 }
			END { one = a == 1 ? 4 : 5; two = a == 1 ? 5 : 4
			      print t[1], t[2], t[3], t[one], t[two], c[one], c[two] }' \
			"$work/round.csv" >>"$work/rows"
		r=$((r + 1))
	done
	load1=$(cut -d' ' -f1 /proc/loadavg)
	# per round: N=1 and N=2 over the YAJL scan and over cat (or the
	# gzip floor), N=2 over N=1 (wall and CPU); the medians of those
	awk -v label="$label" -v load="$load0-$load1" -v gz="$([ "$floor" = - ] || echo 1)" '
	function median(v, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j > 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
	{ n++; cat[n] = $1; fl[n] = $2; yj[n] = $3; t1[n] = $4; t2[n] = $5
	  r1[n] = $4 / $3; r2[n] = $5 / $3; w[n] = $5 / $4; c[n] = $7 / $6
	  f1[n] = $4 / (gz ? $2 : $1); f2[n] = $5 / (gz ? $2 : $1) }
	END { printf "| %s | %.2f | %s | %.2f | %.2f | %.2f | %.2f × | %.2f × | %.1f × | %.1f × | **%.2f** | %.2f | %s |\n",
		label, median(cat, n), gz ? sprintf("%.2f", median(fl, n)) : "–", median(yj, n),
		median(t1, n), median(t2, n), median(r1, n), median(r2, n), median(f1, n), median(f2, n),
		median(w, n), median(c, n), load }
	' "$work/rows"
}

echo "| command | cat | gzip -dc | YAJL scan | --threads 1 | --threads 2 | 1 / YAJL | 2 / YAJL | 1 / floor | 2 / floor | wall 2 / 1 | CPU 2 / 1 | load (1 min) before-after |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
row "info" - info "$big"
row "info, gzip" "gzip -dc $big.gz" info "$big.gz"
row "chart → PNG" - "$big" -o "$out/fc-threads.png"
row "chart → PNG, gzip" "gzip -dc $big.gz" "$big.gz" -o "$out/fc-threads.png"
row "graph → SVG" - -m graph "$big" -o "$out/fc-threads.svg"
row "graph → SVG, gzip" "gzip -dc $big.gz" -m graph "$big.gz" -o "$out/fc-threads.svg"
rm -f "$out/fc-threads.png" "$out/fc-threads.svg"
