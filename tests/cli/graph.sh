#!/bin/sh
# flamechart -m graph and -f folded on the corpus, checked by an independent
# node script over the raw profiles (graph-oracle.js); then the command-line
# behaviour of the folded export. Usage: graph.sh FLAMECHART (FC_TEST_DATA
# points at tests/data). Exits 77 (skipped) without node.
set -eu

fc=$1
data=${FC_TEST_DATA:?FC_TEST_DATA is not set}
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
	echo "node not found: skipped"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# 1. every .cpuprofile, default and with each graph option; the oracle
# reads each profile once and checks the four variants
n=0
for f in "$data"/corpus/*/*.cpuprofile "$data"/corpus/real/*/*.cpuprofile; do
	set -- "$f"
	for variant in default idle gc-root samples; do
		case $variant in
		default) opt="" ;;
		idle) opt="--idle" ;;
		gc-root) opt="--gc root" ;;
		samples) opt="--weight samples" ;;
		esac
		# shellcheck disable=SC2086
		# folded stacks count samples unless --weight time (FlameGraph's convention)
		fopt="$opt"
		[ "$variant" = samples ] || fopt="$opt --weight time"
		# shellcheck disable=SC2086
		"$fc" -q -f folded $fopt "$f" >"$tmp/$variant.folded" || fail "$f $variant: folded"
		# shellcheck disable=SC2086
		"$fc" -q -m graph -f json $opt "$f" >"$tmp/$variant.json" || fail "$f $variant: json"
		set -- "$@" "$variant" "$tmp/$variant.folded" "$tmp/$variant.json"
		n=$((n + 1))
	done
	node "$here/../oracle/graph-oracle.js" "$@" >/dev/null || fail "$f: differs from graph-oracle.js"
done
[ "$n" -ge 120 ] || fail "only $n profile runs"

# 2. the folded export on the command line
f="$data/corpus/chrome-versions/Chrome-65-sucrase.cpuprofile"
"$fc" -f folded "$f" >"$tmp/a.folded"
# -o with a .folded extension picks the format and writes the same bytes
"$fc" -o "$tmp/b.folded" "$f"
cmp -s "$tmp/a.folded" "$tmp/b.folded" || fail "-o x.folded differs from -f folded"
# folded stacks are the merged graph whatever -m says, in one order whatever --sort says
"$fc" -m chart -f folded "$f" | cmp -s "$tmp/a.folded" - || fail "-m chart changes -f folded"
"$fc" -f folded --sort weight "$f" | cmp -s "$tmp/a.folded" - || fail "--sort changes -f folded"
# the counts add up to the graph's total (rounded): samples by default, µs with --weight time
total=$(awk '{ s += $NF } END { print s }' "$tmp/a.folded")
"$fc" -m graph -f json --weight samples "$f" | node -e '
	const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
	if (Math.round(d.profiles[0].total) !== Number(process.argv[1])) {
		console.error(`total ${d.profiles[0].total} vs folded ${process.argv[1]}`);
		process.exit(1);
	}' "$total" || fail "folded sample counts do not add up to the graph total"
total=$("$fc" -f folded --weight time "$f" | awk '{ s += $NF } END { print s }')
"$fc" -m graph -f json "$f" | node -e '
	const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
	if (Math.round(d.profiles[0].total) !== Number(process.argv[1])) {
		console.error(`total ${d.profiles[0].total} vs folded ${process.argv[1]}`);
		process.exit(1);
	}' "$total" || fail "folded counts do not add up to the graph total"

# 3. --per-thread: each stack starts with its lane title; the lanes are the
# single-profile graphs
a="$data/corpus/real/ng-serve/CPU.20250519.000247.22170.0.001.cpuprofile"
b="$data/corpus/real/ng-serve/CPU.20250519.000248.22170.1.002.cpuprofile"
"$fc" -q -f folded --per-thread "$a" "$b" >"$tmp/per.folded"
# lanes of node --cpu-prof files are titled by process and thread
for p in "$a" "$b"; do
	case $p in
	"$a") title="pid 22170 · main thread" ;;
	*) title="pid 22170 · worker thread 1" ;;
	esac
	"$fc" -q -f folded "$p" | sed "s|^|$title;|" >"$tmp/one.folded"
	grep -F "$title;" "$tmp/per.folded" | cmp -s "$tmp/one.folded" - ||
		fail "--per-thread lane $title differs from its own graph"
done
[ "$(wc -l <"$tmp/per.folded")" -eq $(($("$fc" -q -f folded "$a" | wc -l) + $("$fc" -q -f folded "$b" | wc -l))) ] ||
	fail "--per-thread has lines of no lane"
# merged: one graph, no title prefix, the sum of both
"$fc" -q -f folded "$a" "$b" >"$tmp/merged.folded"
if grep -q "^CPU\." "$tmp/merged.folded"; then
	fail "merged folded stacks carry a lane title"
fi
m=$(awk '{ s += $NF } END { print s }' "$tmp/merged.folded")
s=$(awk '{ s += $NF } END { print s }' "$tmp/per.folded")
[ $((m - s)) -le 1 ] && [ $((s - m)) -le 1 ] || fail "merged total $m vs per-thread $s"

echo "ok: $n profile runs"
