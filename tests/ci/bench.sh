#!/bin/sh
# The bench programs build from a clean checkout and make what flamechart
# reads: bench/gen and bench/gen-trace (with -Werror, as bench/gen and
# bench/trace.sh build them but strict), the same bytes for the same seed,
# a profile and a trace that `flamechart info` accepts; bench/memcpy.c; and
# bench/structural.c on x86-64: its scans must find the same offsets, its
# least model count the nodes, samples and functions info counts, and its
# least layout JSON be one JSON document with flamechart's bars, and its
# least graph merge flamechart's graph's nodes, with every scan and thread
# count.
# bench/yajl-scan.c needs libyajl, which the build does not install: it is
# the one bench program not built here.
# Usage: bench.sh FLAMECHART SOURCE_ROOT
set -eu
fc=${1:?flamechart}
root=${2:?source root}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
flags="-std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L"
fail() {
	echo "bench.sh: $*" >&2
	exit 1
}

$cc $flags -o "$tmp/gen" "$root/bench/gen.c" || fail "bench/gen.c does not build"
$cc $flags -o "$tmp/gen-trace" "$root/bench/gen-trace.c" || fail "bench/gen-trace.c does not build"
$cc $flags -o "$tmp/memcpy" "$root/bench/memcpy.c" || fail "bench/memcpy.c does not build"

"$tmp/gen" --size 1M --seed 7 -o "$tmp/a.cpuprofile" >/dev/null 2>&1
"$tmp/gen" --size 1M --seed 7 -o "$tmp/b.cpuprofile" >/dev/null 2>&1
cmp -s "$tmp/a.cpuprofile" "$tmp/b.cpuprofile" || fail "gen: one seed, two profiles"
"$tmp/gen" --size 1M --seed 8 -o "$tmp/c.cpuprofile" >/dev/null 2>&1
cmp -s "$tmp/a.cpuprofile" "$tmp/c.cpuprofile" && fail "gen: two seeds, one profile"
"$fc" info "$tmp/a.cpuprofile" >"$tmp/info" || fail "info refuses gen's profile"
grep -q '^  format *cpuprofile' "$tmp/info" || fail "gen's profile is not read as a cpuprofile"

"$tmp/gen-trace" --size 1M --seed 7 -o "$tmp/a.json" >/dev/null 2>&1
"$tmp/gen-trace" --size 1M --seed 7 -o "$tmp/b.json" >/dev/null 2>&1
cmp -s "$tmp/a.json" "$tmp/b.json" || fail "gen-trace: one seed, two traces"
"$fc" info "$tmp/a.json" >/dev/null || fail "info refuses gen-trace's trace"

# One seed, one file, whatever the compiler: gcc and clang (both in
# scripts/packages-test) must make the same bytes as $cc did. A call that
# draws twice among its arguments (their order is unspecified) breaks this.
for other in gcc clang; do
	command -v $other >/dev/null || fail "$other is not installed (scripts/packages-test)"
	$other $flags -o "$tmp/gen-$other" "$root/bench/gen.c" || fail "bench/gen.c: $other does not build it"
	$other $flags -o "$tmp/gen-trace-$other" "$root/bench/gen-trace.c" ||
		fail "bench/gen-trace.c: $other does not build it"
	"$tmp/gen-$other" --size 1M --seed 7 -o "$tmp/o.cpuprofile" >/dev/null 2>&1
	cmp -s "$tmp/a.cpuprofile" "$tmp/o.cpuprofile" || fail "gen: $other and $cc make two profiles of one seed"
	"$tmp/gen-trace-$other" --size 1M --seed 7 -o "$tmp/o.json" >/dev/null 2>&1
	cmp -s "$tmp/a.json" "$tmp/o.json" || fail "gen-trace: $other and $cc make two traces of one seed"
done

case $(uname -m) in
x86_64)
	$cc $flags -pthread -D_DEFAULT_SOURCE -I"$root/src" -I"$root/include" -o "$tmp/structural" \
		"$root/bench/structural.c" "$root/src/util/util.c" "$root/src/util/map.c" \
		"$root/src/util/children.c" -lm ||
		fail "bench/structural.c does not build"
	set -- $(awk '$1 == "samples" || $1 == "nodes" || $1 == "functions" { print $2 }' "$tmp/info")
	want="$2 ids, $(($3 + 1)) frames, $1 samples,"
	ref=$("$tmp/structural" --scan scalar --check "$tmp/a.cpuprofile")
	for scan in sse2 avx2; do
		out=$("$tmp/structural" --scan $scan --check "$tmp/a.cpuprofile" 2>&1) || {
			case $out in *"no scan $scan on this CPU"*) continue ;; esac
			fail "structural --scan $scan: $out"
		}
		[ "$out" = "$ref" ] || fail "structural --scan $scan: $out; scalar: $ref"
	done
	for scan in scalar sse2 avx2; do
		for threads in 1 2; do
			out=$("$tmp/structural" --scan $scan --threads $threads --stage model \
				"$tmp/a.cpuprofile" 2>&1) || {
				case $out in *"no scan $scan on this CPU"*) continue ;; esac
				fail "structural --scan $scan: $out"
			}
			case $out in
			"$want"*) ;;
			*) fail "structural --scan $scan --threads $threads: $out; info: $want" ;;
			esac
			exact=$("$tmp/structural" --scan $scan --threads $threads --stage model --exact \
				"$tmp/a.cpuprofile" 2>&1)
			[ "$exact" = "$out" ] ||
				fail "structural --exact --scan $scan --threads $threads: $exact; without: $out"
			# the least layout JSON: one document whatever the scan
			# and threads, JSON, and the bars of flamechart's (to 0.1 %)
			"$tmp/structural" --scan $scan --threads $threads --stage json \
				-o "$tmp/least-$scan-$threads.json" "$tmp/a.cpuprofile" >/dev/null ||
				fail "structural --stage json --scan $scan --threads $threads failed"
			cmp -s "$tmp/least-scalar-1.json" "$tmp/least-$scan-$threads.json" ||
				fail "structural --stage json: --scan $scan --threads $threads writes another document"
			"$tmp/structural" --scan $scan --threads $threads --stage json --exact \
				-o "$tmp/exact.json" "$tmp/a.cpuprofile" >/dev/null ||
				fail "structural --stage json --exact --scan $scan --threads $threads failed"
			cmp -s "$tmp/least-scalar-1.json" "$tmp/exact.json" ||
				fail "structural --stage json --exact: --scan $scan --threads $threads writes another document"
			for exact in "" --exact; do
				"$tmp/structural" --scan $scan --threads $threads --stage graph $exact \
					"$tmp/a.cpuprofile" >"$tmp/graph-$scan-$threads$exact" ||
					fail "structural --stage graph $exact --scan $scan --threads $threads failed"
				cmp -s "$tmp/graph-scalar-1" "$tmp/graph-$scan-$threads$exact" ||
					fail "structural --stage graph $exact --scan $scan --threads $threads: another graph"
			done
		done
	done
	python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/least-scalar-1.json" ||
		fail "structural --stage json: not JSON"
	"$fc" "$tmp/a.cpuprofile" -f json -o "$tmp/fc.json" || fail "flamechart -f json failed"
	lb=$(grep -o '{"depth":' "$tmp/least-scalar-1.json" | wc -l)
	fb=$(grep -o '{"depth":' "$tmp/fc.json" | wc -l)
	awk -v l="$lb" -v f="$fb" 'BEGIN { d = l - f; exit !(f > 0 && (d < 0 ? -d : d) <= f / 1000) }' ||
		fail "structural --stage json: $lb bars; flamechart -f json: $fb"
	# the least graph: the merged nodes of flamechart's graph (to 0.1 %)
	lg=$(awk '/graph nodes/ { print $4 }' "$tmp/graph-scalar-1")
	"$fc" "$tmp/a.cpuprofile" -m graph -f json -o "$tmp/fc.json" || fail "flamechart -m graph -f json failed"
	fg=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["profiles"][0]["frames"]))' \
		"$tmp/fc.json") || fail "flamechart -m graph -f json: not JSON"
	awk -v l="$lg" -v f="$fg" 'BEGIN { d = l - f; exit !(f > 0 && (d < 0 ? -d : d) <= f / 1000) }' ||
		fail "structural --stage graph: $lg nodes that weigh something; flamechart -m graph: $fg"
	;;
esac
echo "bench programs: built and checked"
