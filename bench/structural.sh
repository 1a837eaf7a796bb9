#!/bin/sh
# What a structural index (bench/structural.c) would give flamechart's
# tokenizer, against the YAJL scan and flamechart itself:
#  1. instructions (cachegrind, deterministic) on gen-25M: the YAJL scan,
#     the index with each scan, the index and a walk over it, flamechart
#     info, and the part of info spent in its tokenizer (callgrind: the
#     functions of src/import/jstream.c, the string scans included);
#  2. CPU time (user + system) on gen-200M in interleaved rounds (each a
#     `hyperfine -N --runs 1` of every command back to back), as medians of
#     the per-round ratios to the YAJL scan of the same round;
#  3. in the same rounds, wall time of the index and walk with the first
#     stage on the walk's thread and on a second one (--threads 2);
#  4. the same for the least model (--stage model): the walk and what any
#     importer must add to it to answer info's first questions, against
#     flamechart info: instructions, cache misses, CPU and wall time;
#  5. the least layout JSON (--stage json: the least model, the chart's bars
#     and their JSON), against flamechart -f json, both written to a file in
#     /dev/shm (removed before each run) and to /dev/null;
#  6. the model and layout JSON again with --exact: frames found by their
#     keys (URL, name, line, column), as a correct importer must, not by a
#     hash alone;
#  7. the least graph (--stage graph --exact: the model, its merged tree and
#     its totals), against flamechart's graph written as SVG.
# It prints Markdown tables for bench/RESULTS.md, with the load average.
# This script is not part of meson test; the bench-build test only builds
# structural.c and checks its counts (tests/ci/bench.sh).
# Usage: bench/structural.sh [path/to/flamechart] [rounds]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
fc=${1:-$root/build/flamechart}
rounds=${2:-7}
work=$root/bench/work/structural
bin=$root/bench/work/bin
mkdir -p "$work" "$bin"
[ -x "$bin/gen" ] || cc -std=c11 -O2 -o "$bin/gen" "$root/bench/gen.c"
[ -x "$bin/yajl-scan" ] || cc -std=c11 -O2 -o "$bin/yajl-scan" "$root/bench/yajl-scan.c" \
	$(pkg-config --cflags --libs yajl)
if [ ! -x "$bin/structural" ] || [ "$root/bench/structural.c" -nt "$bin/structural" ] ||
	[ "$root/src/util/util.c" -nt "$bin/structural" ] ||
	[ "$root/src/util/map.c" -nt "$bin/structural" ] || [ "$root/src/util/children.c" -nt "$bin/structural" ]; then
	cc -std=c11 -O2 -Wall -Wextra -pthread -D_DEFAULT_SOURCE -I"$root/src" -I"$root/include" \
		-o "$bin/structural" "$root/bench/structural.c" "$root/src/util/util.c" "$root/src/util/map.c" \
		"$root/src/util/children.c" -lm
fi
small=$work/gen-25M.cpuprofile
big=$work/gen-200M.cpuprofile
[ -s "$small" ] || "$bin/gen" --size 25M --seed 1 -o "$small" >/dev/null
[ -s "$big" ] || "$bin/gen" --size 200M --seed 1 -o "$big" >/dev/null
st=$bin/structural

# Every scan must find the same offsets, and the walk the values YAJL sees.
yv=$("$bin/yajl-scan" "$small")
for s in scalar sse2 avx2; do
	out=$("$st" --scan "$s" --check "$small")
	[ "${out%%,*}" = "$yv" ] || { echo "structural.sh: $s: $out, YAJL: $yv" >&2; exit 1; }
	[ "$s" = scalar ] && ref=${out#*, }
	[ "${out#*, }" = "$ref" ] || { echo "structural.sh: $s differs: $out" >&2; exit 1; }
done
# The least model must find what info finds: its nodes, samples and
# functions ((root) is a frame to it and not a function to info).
for f in "$small" "$big"; do
	m=$("$st" --scan avx2 --stage model "$f")
	[ "$("$st" --scan avx2 --stage model --exact "$f")" = "$m" ] ||
		{ echo "structural.sh: --exact finds another model of $f" >&2; exit 1; }
	i=$("$fc" info "$f" | awk '$1 == "nodes" || $1 == "samples" || $1 == "functions" { print $2 }' |
		tr '\n' ' ')
	set -- $i
	case $m in
	"$2 ids, $(($3 + 1)) frames, $1 samples,"*) ;;
	*) echo "structural.sh: the model of $f: $m; info: $i" >&2; exit 1 ;;
	esac
done

# The least layout JSON must write the bars flamechart's layout JSON has (to
# 0.1 %: it does not unescape names, nor apply every rule for odd samples).
# Outputs go to /dev/shm where it is writable: the layout JSON of gen-200M
# is 323 MB.
out=$work
[ -w /dev/shm ] && out=$(mktemp -d /dev/shm/structural.XXXXXX)
trap 'rm -f "$out/least.json" "$out/fc.json" "$out/fc.svg"; [ "$out" = "$work" ] || rmdir "$out"' EXIT
"$st" --scan avx2 --stage json -o "$out/least.json" "$small" >/dev/null
"$fc" "$small" -f json -o "$out/fc.json"
lb=$(grep -o '{"depth":' "$out/least.json" | wc -l)
fb=$(grep -o '{"depth":' "$out/fc.json" | wc -l)
awk -v l="$lb" -v f="$fb" 'BEGIN { d = l - f; exit !(f > 0 && (d < 0 ? -d : d) <= f / 1000) }' ||
	{ echo "structural.sh: the least layout JSON has $lb bars, flamechart's $fb" >&2; exit 1; }

# The least graph must merge the nodes flamechart's graph has (to 0.1 %).
lg=$("$st" --scan avx2 --stage graph --exact "$small" | awk '/graph nodes/ { print $4 }')
"$fc" "$small" -m graph -f json -o "$out/fc.json"
fg=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["profiles"][0]["frames"]))' \
	"$out/fc.json")
awk -v l="$lg" -v f="$fg" 'BEGIN { d = l - f; exit !(f > 0 && (d < 0 ? -d : d) <= f / 1000) }' ||
	{ echo "structural.sh: the least graph has $lg nodes, flamechart's $fg" >&2; exit 1; }

bytes=$(wc -c <"$small")
irefs() {
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 \
		>/dev/null | awk '/I *refs:/ { gsub(",", "", $NF); print $NF }'
}
echo "Instructions on gen-25M ($bytes bytes):"
echo
echo "| command | instructions | per input byte | × YAJL scan |"
echo "|---|---:|---:|---:|"
yi=$(irefs "$bin/yajl-scan" "$small")
row() { # label instructions
	awk -v l="$1" -v i="$2" -v b="$bytes" -v y="$yi" \
		'BEGIN { printf "| %s | %.1f M | %.1f | %.2f |\n", l, i / 1e6, i / b, i / y }'
}
row "YAJL scan" "$yi"
for s in scalar sse2 avx2; do
	row "index, $s" "$(irefs "$st" --scan "$s" --stage index "$small")"
done
for s in sse2 avx2; do
	row "index and walk, $s" "$(irefs "$st" --scan "$s" --stage walk "$small")"
done
row "index, walk and the least model, avx2" "$(irefs "$st" --scan avx2 --stage model "$small")"
row "the same and its layout JSON (to /dev/null)" \
	"$(irefs "$st" --scan avx2 --stage json -o /dev/null "$small")"
row "flamechart \`-f json\` (to /dev/null)" "$(irefs "$fc" --threads 1 "$small" -f json -o /dev/null)"
valgrind --tool=callgrind --callgrind-out-file="$work/info.callgrind" \
	"$fc" info --threads 1 "$small" >/dev/null 2>&1
callgrind_annotate --inclusive=no --threshold=100 --auto=no "$work/info.callgrind" |
	grep -v '=>' >"$work/info.txt"
total=$(awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$work/info.txt")
tok=$(awk '/src\/import\/jstream\.c:|:str_scan_/ { gsub(",", "", $1); s += $1 } END { print s + 0 }' \
	"$work/info.txt")
row "flamechart info" "$total"
row "— its tokenizer (jstream.c)" "$tok"
row "— the rest (the model, statistics)" "$(awk -v t="$total" -v k="$tok" 'BEGIN { print t - k }')"

# Data misses per KB of input, with the last level this machine's 1 MB L2.
misses() { # label command...
	l=$1
	shift
	valgrind --tool=cachegrind --cache-sim=yes --LL=1048576,16,64 \
		--cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		awk -v l="$l" -v b="$bytes" '
		/D1  misses:/ { gsub(",", "", $4); d1 = $4 }
		/LLd misses:/ { gsub(",", "", $4); ll = $4 }
		END { printf "| %s | %.1f | %.2f |\n", l, d1 / b * 1024, ll / b * 1024 }'
}
echo
echo "Data cache misses on gen-25M, per KB of input (cachegrind, a 1 MB last level):"
echo
echo "| command | D1 misses / KB | L2 misses / KB |"
echo "|---|---:|---:|"
misses "YAJL scan" "$bin/yajl-scan" "$small"
misses "index and walk, avx2" "$st" --scan avx2 --stage walk "$small"
misses "index, walk and the least model, avx2" "$st" --scan avx2 --stage model "$small"
misses "flamechart info" "$fc" info --threads 1 "$small"

echo
echo "CPU time on gen-200M, $rounds interleaved rounds:"
echo
: >"$work/rows"
load0=$(cut -d' ' -f1 /proc/loadavg)
r=0
while [ "$r" -lt "$rounds" ]; do
	hyperfine -N --runs 1 --style none --export-csv "$work/round.csv" \
		"cat $big" "$bin/yajl-scan $big" "$st --scan sse2 --stage index $big" \
		"$st --scan avx2 --stage index $big" "$st --scan avx2 --stage walk $big" \
		"$fc info --threads 1 $big" "$st --scan avx2 --stage walk --threads 2 $big" \
		"$st --scan avx2 --stage model $big" "$st --scan avx2 --stage model --threads 2 $big" \
		"$fc info $big" \
		"$st --scan avx2 --stage json -o $out/least.json $big" "$fc $big -f json -o $out/fc.json" \
		"$st --scan avx2 --stage json -o /dev/null $big" "$fc $big -f json -o /dev/null" \
		"$st --scan avx2 --stage model --exact $big" \
		"$st --scan avx2 --stage json --exact -o $out/least.json $big" \
		"$st --scan avx2 --stage json --exact -o /dev/null $big" \
		"$st --scan avx2 --stage graph --exact $big" "$fc $big -m graph -o $out/fc.svg" \
		--prepare "rm -f $out/least.json $out/fc.json $out/fc.svg" >/dev/null 2>&1 ||
		{ echo "structural.sh: a command failed" >&2; exit 1; }
	# command,mean,stddev,median,user,system,min,max: CPU per command,
	# then the wall times of the scan, of the walk and of the least model on
	# one and two threads, of info on one and two, and of the two layout
	# JSONs written to a file
	awk -F, 'NR > 1 { printf "%s%s", (NR > 2 ? " " : ""), $5 + $6; w[NR - 1] = $2 }
		END { print " " w[2], w[5], w[7], w[8], w[9], w[6], w[10], w[11], w[12], w[16], w[18], w[19] }' "$work/round.csv" \
		>>"$work/rows"
	r=$((r + 1))
done
load1=$(cut -d' ' -f1 /proc/loadavg)
# median K REF LABEL: column K of the rows, its median and the median and
# range of its ratios to column REF (the YAJL scan of the same round)
median() {
	awk -v k="$1" -v r="$2" -v l="$3" '
	function median(v, n,   i, j, x) {
		for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j > 0 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
		return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
	{ n++; c[n] = $k; q[n] = $k / $r; if (n == 1 || q[n] < lo) lo = q[n]; if (n == 1 || q[n] > hi) hi = q[n] }
	END { printf "| %s | %.3f | %.2f (%.2f–%.2f) |\n", l, median(c, n), median(q, n), lo, hi }
	' "$work/rows"
}
echo "| command | CPU s (median) | × YAJL scan (median of rounds, range) |"
echo "|---|---:|---|"
median 1 2 "cat"
median 2 2 "YAJL scan"
median 3 2 "index, sse2"
median 4 2 "index, avx2"
median 5 2 "index and walk, avx2"
median 8 2 "index, walk and the least model, avx2"
median 9 2 "the same, the index on a second thread"
median 6 2 "flamechart info --threads 1"
median 10 2 "flamechart info"
median 11 2 "the least model and its layout JSON, to a file"
median 13 2 "the same, to /dev/null"
median 12 2 "flamechart \`-f json\`, to a file"
median 14 2 "the same, to /dev/null"
median 15 2 "the least model, its frames' keys compared (--exact)"
median 16 2 "the same and its layout JSON, to a file"
median 17 2 "the same, to /dev/null"
median 18 2 "the least model (--exact) and its merged graph"
median 19 2 "flamechart graph → SVG, to a file"
echo
echo "Wall time in the same rounds:"
echo
echo "| command | wall s (median) | × YAJL scan (median of rounds, range) |"
echo "|---|---:|---|"
median 20 20 "YAJL scan"
median 21 20 "index and walk, avx2, one thread"
median 22 20 "the same, the index on a second thread"
median 23 20 "index, walk and the least model, avx2, one thread"
median 24 20 "the same, the index on a second thread"
median 25 20 "flamechart info --threads 1"
median 26 20 "flamechart info (its default threads: a plain file in the page cache reads on one)"
median 27 20 "the least model and its layout JSON, to a file"
median 28 20 "flamechart \`-f json\`, to a file"
median 29 20 "the least model (--exact) and its layout JSON, to a file"
median 30 20 "the least model (--exact) and its merged graph"
median 31 20 "flamechart graph → SVG, to a file"
echo
echo "Load average (1 min): $load0 before, $load1 after."
