#!/bin/sh
# Regenerates the diff test pairs with node --cpu-prof (node 20). Run from
# anywhere; writes beside this script. Runs of BASE and HEAD are interleaved
# so that machine load falls on both sides alike. The profiles are real and
# so noisy: the tests only assert what the data supports (tests/diff.md...).
#   regress/{base,head}  HEAD's hotLoop does twice the work (HOT_FACTOR=2)
#   noise/{base,head}    the same program on both sides
#   moved/head           regress/head's program from another directory with
#                        every line shifted (compare with regress/base)
#   worker/{base,head}   main thread + one worker; each run is a directory
#   shards/{base,head}   main thread + two workers (src/shards.js), 5 runs a
#                        side: HEAD's scoreRecord does twice the work in the
#                        first worker only (thread 2)
# With arguments, only those pairs are made again: make.sh shards
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runs=${RUNS:-8}
# V8 samples on a wall clock: on a busy machine a descheduled run's lost
# time goes to the sample in flight, and per-run self times spread 5x.
# Real-time scheduling for the short runs keeps that out (needs root or
# CAP_SYS_NICE; NICE= runs without it, and the data is then much noisier).
# --single-threaded: with background compilation a real-time main thread
# can keep the optimising compiler from running, and a run then takes 3x.
NICE=${NICE-chrt -f 10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# profile DEST FACTOR SCRIPT [NODE_FLAG]: one run, one file per thread, into
# DEST; FACTOR is HOT_FACTOR and SCORE_FACTOR
profile() {
	rm -rf "$tmp/p" && mkdir -p "$tmp/p"
	HOT_FACTOR=$2 SCORE_FACTOR=$2 $NICE node --single-threaded ${4:-} --cpu-prof \
		--cpu-prof-dir="$tmp/p" "$3"
	mkdir -p "$(dirname "$1")"
	set -- "$1" "$tmp"/p/*.cpuprofile
	if [ $# -eq 2 ]; then
		mv "$2" "$1.cpuprofile"
	else
		mkdir -p "$1" && dest=$1 && shift && mv "$@" "$dest/"
	fi
}

# shards: the paths run through node's anonymous functions (event
# handlers, the module loader) and ours; no inlining, so that each function's
# time is its own. Not real-time: a real-time main thread starves the
# workers (and their profiles). On a shared machine a descheduled thread's
# lost time goes to its samples, and runs spread 5x: 16 runs a side are
# recorded, interleaved, and the 5 with the least time in all (the ones the
# machine's load disturbed least) are kept, chosen by the same rule on both
# sides.
shards() {
	rm -rf "$here/shards" "$tmp/shards"
	i=1
	while [ "$i" -le 16 ]; do
		for s in base head; do
			f=1 && [ $s = head ] && f=2
			NICE="nice -n -15" profile "$tmp/shards/$s/run$i" $f "$here/src/shards.js" \
				--no-turbo-inlining
		done
		i=$((i + 1))
	done
	for s in base head; do
		mkdir -p "$here/shards/$s"
		k=1
		for r in $(for d in "$tmp/shards/$s"/run*; do
			printf '%s %s\n' "$(node "$here/selftime.js" --json "$d"/*.cpuprofile |
				node -e 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(0)).total_us))')" "$d"
		done | sort -n | head -5 | cut -d' ' -f2); do
			mv "$r" "$here/shards/$s/run$k"
			k=$((k + 1))
		done
		node "$here/selftime.js" --json $(find "$here/shards/$s" -name '*.cpuprofile' | sort) \
			>"$here/shards/$s.selftime.json"
	done
}

if [ $# -gt 0 ]; then
	for pair in "$@"; do
		case $pair in
		shards) shards ;;
		*) echo "make.sh: only shards can be made alone" >&2 && exit 1 ;;
		esac
	done
	exit 0
fi

# the moved copy: another directory, three lines more at the top of each file
moved=$tmp/ci-runner/checkout/project
mkdir -p "$moved/lib"
for f in app.js lib/mix.js; do
	{ printf '// moved\n// and\n// shifted\n'; cat "$here/src/$f"; } >"$moved/$f"
done

rm -rf "$here/regress" "$here/noise" "$here/moved" "$here/worker"
i=1
while [ "$i" -le "$runs" ]; do
	profile "$here/regress/base/run$i" 1 "$here/src/app.js"
	profile "$here/regress/head/run$i" 2 "$here/src/app.js"
	profile "$here/noise/base/run$i" 1 "$here/src/app.js"
	profile "$here/noise/head/run$i" 1 "$here/src/app.js"
	profile "$here/moved/head/run$i" 2 "$moved/app.js"
	profile "$here/worker/base/run$i" 1 "$here/src/worker.js"
	profile "$here/worker/head/run$i" 2 "$here/src/worker.js"
	i=$((i + 1))
done
# the independent measure the tests compare with
for p in regress noise worker; do
	for s in base head; do
		node "$here/selftime.js" --json $(find "$here/$p/$s" -name '*.cpuprofile' | sort) \
			>"$here/$p/$s.selftime.json"
	done
done
node "$here/selftime.js" --json "$here"/moved/head/*.cpuprofile >"$here/moved/head.selftime.json"
shards
