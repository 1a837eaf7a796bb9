#!/bin/sh
# The bench programs build from a clean checkout and make what flamechart
# reads: bench/gen and bench/gen-trace (with -Werror, as bench/gen and
# bench/trace.sh build them but strict), the same bytes for the same seed,
# a profile and a trace that `flamechart info` accepts; and bench/memcpy.c.
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

"$tmp/gen" --size 300K --seed 7 -o "$tmp/a.cpuprofile" >/dev/null
"$tmp/gen" --size 300K --seed 7 -o "$tmp/b.cpuprofile" >/dev/null
cmp -s "$tmp/a.cpuprofile" "$tmp/b.cpuprofile" || fail "gen: one seed, two profiles"
"$tmp/gen" --size 300K --seed 8 -o "$tmp/c.cpuprofile" >/dev/null
cmp -s "$tmp/a.cpuprofile" "$tmp/c.cpuprofile" && fail "gen: two seeds, one profile"
"$fc" info "$tmp/a.cpuprofile" >"$tmp/info" || fail "info refuses gen's profile"
grep -q '^  format *cpuprofile' "$tmp/info" || fail "gen's profile is not read as a cpuprofile"

"$tmp/gen-trace" --size 300K --seed 7 -o "$tmp/a.json" >/dev/null
"$tmp/gen-trace" --size 300K --seed 7 -o "$tmp/b.json" >/dev/null
cmp -s "$tmp/a.json" "$tmp/b.json" || fail "gen-trace: one seed, two traces"
"$fc" info "$tmp/a.json" >/dev/null || fail "info refuses gen-trace's trace"

echo "bench programs: built and checked"
