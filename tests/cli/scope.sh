#!/bin/sh
# The scope transforms (docs/scope.md) on the command line: corpus profiles
# (.cpuprofile, each sampled thread of a Chrome trace, JS Self-Profiling)
# through --focus, --exclude, --prune, --collapse-recursion[=all] and
# --reverse, checked by an independent node script over the raw profile
# (scope-oracle.js); the same from a Chrome trace; the 40 `new Function`
# scripts as 40 frames in DevTools' colours; the option errors and the
# empty result. Usage: scope.sh FLAMECHART. Exits 77 (skipped) without node.
. "$(dirname "$0")/lib.sh"

FC=$FLAMECHART
CORPUS=$DATA/corpus
if ! command -v node >/dev/null 2>&1; then
	echo "node not found: skipped"
	exit 77
fi
oracle=$ROOT/tests/oracle

# graph JSON of a profile under one variant of scope-oracle.js
variant_json() { # VARIANT PROFILE OUT [SELECTION...]
	v=$1 f=$2 out=$3
	shift 3
	case $v in
	focus=*) set -- "$@" --focus "${v#focus=}" ;;
	exclude=*) set -- "$@" --exclude "${v#exclude=}" ;;
	prune=*) set -- "$@" --prune "${v#prune=}" ;;
	collapse) set -- "$@" --collapse-recursion ;;
	collapse-all) set -- "$@" --collapse-recursion=all ;;
	reverse) set -- "$@" --reverse ;;
	esac
	"$FC" -q -m graph -f json "$@" "$f" >"$out"
}

# --- 1. corpus profiles, every transform, against the oracle ---------------
# Every .cpuprofile under 400 KB and two real ones, one Chrome trace of two
# threads and one JS Self-Profiling recording (about 30 s of CPU); with
# FC_SCOPE_FULL=1 the whole corpus: every .cpuprofile, every sampled thread
# of every Chrome trace (--pid PID --thread TID) and every JS Self-Profiling
# trace. One node process picks the patterns of every profile, one checks
# every output (check-list), so that node starts twice.
n=0
set --
for f in "$CORPUS"/*/*.cpuprofile "$CORPUS"/real/*/*.cpuprofile \
	"$CORPUS"/*/*.json "$DATA"/inputs/self-profiling/*.json; do
	case $f in
	*Chrome-65-sucrase* | *ng-build/CPU.20250519.000215.90620.0.001* | *Chrome-70-worker.json | \
		*self-profiling/chromium-156.json) ;;
	*.cpuprofile) [ "${FC_SCOPE_FULL:-0}" = 1 ] || [ "$(wc -c <"$f")" -lt 400000 ] || continue ;;
	*) [ "${FC_SCOPE_FULL:-0}" = 1 ] || continue ;;
	esac
	set -- "$@" "$f"
done
node "$oracle/scope-oracle.js" pick "$@" >"$TMP/pats" || fail "pick"
: >"$TMP/checks"
i=0 traces=0
tab=$(printf '\t')
while IFS="$tab" read -r spec pid tid hot top; do
	i=$((i + 1))
	f=${spec%%#*}
	set --
	[ "$pid" = - ] || set -- --pid "$pid"
	[ "$tid" = - ] || set -- "$@" --thread "$tid"
	[ "$spec" = "$f" ] || traces=$((traces + 1))
	"$FC" -q -m graph -f json "$@" "$f" >"$TMP/p$i-default.json" || fail "$spec: default graph"
	line="$spec$tab$TMP/p$i-default.json"
	k=0
	for v in "focus=$hot" "exclude=$top" "prune=$hot" collapse collapse-all reverse; do
		k=$((k + 1))
		variant_json "$v" "$f" "$TMP/p$i-v$k.json" "$@" || fail "$spec: $v"
		line="$line$tab$v$tab$TMP/p$i-v$k.json"
		n=$((n + 1))
	done
	printf '%s\n' "$line" >>"$TMP/checks"
done <"$TMP/pats"
node "$oracle/scope-oracle.js" check-list "$TMP/checks" >"$TMP/oracle.out" 2>"$TMP/oracle.err" ||
	{ fail "differs from scope-oracle.js"; sed 's/^/    /' "$TMP/oracle.err"; }
[ "$(grep -c '^ok ' "$TMP/oracle.out")" -eq "$n" ] || fail "only $(grep -c '^ok ' "$TMP/oracle.out") of $n checks ran"
echo "scope-oracle: $(grep -c '^ok ' "$TMP/oracle.out") of $n checks passed on $i profiles ($traces from traces)"
[ "$n" -ge 150 ] || fail "only $n transform runs"
[ "$traces" -ge 3 ] || fail "only $traces profiles from traces"

# --- 2. the same transforms from a Chrome trace: the same graph -------------
f=$CORPUS/chrome-versions/Chrome-65-sucrase.cpuprofile
node "$oracle/cpuprofile-to-trace.js" "$f" 200 >"$TMP/trace.json"
for opt in "--focus ^processRegion$" "--exclude ^some$" "--prune ^processRegion$" \
	"--collapse-recursion=all" "--reverse" "--sandwich ^processRegion$" "--merge-by function"; do
	# shellcheck disable=SC2086
	"$FC" -q -m graph -f json $opt "$f" | node -e "$(cat <<'JS'
const d = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(d.profiles.map((p) => [p.total, p.transforms, p.frames.map((x) => [x.depth, x.name, x.x0, x.x1])])));
JS
)" >"$TMP/a.txt"
	# shellcheck disable=SC2086
	"$FC" -q -m graph -f json $opt "$TMP/trace.json" | node -e "$(cat <<'JS'
const d = JSON.parse(require('fs').readFileSync(0, 'utf8'));
console.log(JSON.stringify(d.profiles.map((p) => [p.total, p.transforms, p.frames.map((x) => [x.depth, x.name, x.x0, x.x1])])));
JS
)" >"$TMP/b.txt"
	cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "$opt: the trace's graph differs from the .cpuprofile's"
	[ "$(wc -c <"$TMP/a.txt")" -gt 200 ] || fail "$opt: an empty graph"
done

# --- 3. 40 `new Function` scripts: 40 frames in DevTools' colours -----------
nf=$DATA/new-function/new-function-40.cpuprofile
for by in location function; do
	"$FC" -q -m graph --color-by url --merge-by $by -f json "$nf" >"$TMP/nf.json"
	node "$oracle/new-function-check.js" "$nf" "$TMP/nf.json" 40 >/dev/null 2>"$TMP/nf.err" ||
		{ fail "new Function, graph, --merge-by $by"; cat "$TMP/nf.err"; }
done
"$FC" -q -f json "$nf" >"$TMP/nf.json"
node "$oracle/new-function-check.js" "$nf" "$TMP/nf.json" 0 >/dev/null 2>"$TMP/nf.err" ||
	{ fail "new Function, chart"; cat "$TMP/nf.err"; }
# by name they are one frame
run 0 -q -m graph --merge-by name -f folded "$nf"
[ "$(grep -c ';(anonymous);' "$TMP/out")" -le 2 ] || fail "--merge-by name keeps the scripts apart"

# --- 4. options, errors, the empty result -----------------------------------
f=$CORPUS/chrome-versions/Chrome-65-sucrase.cpuprofile
for opt in --focus --exclude --prune --sandwich; do
	run 1 $opt 'a(b' -o "$TMP/x.svg" "$f"
	contains "$TMP/err" "$opt: 'a(b' is not a regular expression"
	[ -e "$TMP/x.svg" ] && fail "$opt: an image despite the bad pattern"
done
run 1 --collapse-recursion=some "$f"
contains "$TMP/err" "--collapse-recursion takes =all"
run 1 --merge-by line "$f"
contains "$TMP/err" "--merge-by must be location, function or name"
run 1 --match-on file "$f"
# a pattern that matches nothing: an empty image that says so, exit 0 ...
run 0 -m graph --focus '^noSuchFunction$' -o "$TMP/none.svg" "$f"
contains "$TMP/none.svg" "--focus /^noSuchFunction$/ matches no frame"
run 0 -m graph -f json --exclude '^noSuchFunction$' "$f"
contains "$TMP/out" '"transforms":["--exclude /^noSuchFunction$/ matches no frame"]'
# ... unless --strict
run 2 --strict --focus '^noSuchFunction$' -o "$TMP/none2.svg" "$f"
contains "$TMP/err" "--focus /^noSuchFunction$/ matches no frame"
[ -e "$TMP/none2.svg" ] && fail "--strict: an image despite no match"
# every transform is stated in the header and the layout JSON
run 0 -m graph --focus '^processRegion$' --collapse-recursion -o "$TMP/h.svg" "$f"
contains "$TMP/h.svg" "focus /^processRegion$/: 5.03 s (22.9%), called from preprocess 100%"
contains "$TMP/h.svg" "recursion collapsed:"
run 0 -f json --reverse "$f"
contains "$TMP/out" '"transforms":["reversed (bottom-up)"]'
# --match-on name+file: the URL can pick the function
run 0 -m graph -f json --match-on name+file --focus 'augmentTokens\.js' "$f"
contains "$TMP/out" '"transforms":["focus /augmentTokens\\.js/'
# repeated --focus: alternatives
run 0 -m graph -f json --focus '^processRegion$' --focus '^parseTopLevel$' "$f"
contains "$TMP/out" 'focus /^processRegion$/ or /^parseTopLevel$/'
# the chart keeps its time axis: the focused chart spans the whole profile
"$FC" -q -f json "$f" | node -e 'const d=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(d.profiles[0].start_us, d.profiles[0].end_us)' >"$TMP/a.txt"
"$FC" -q -f json --focus '^processRegion$' "$f" | node -e 'const d=JSON.parse(require("fs").readFileSync(0,"utf8"));console.log(d.profiles[0].start_us, d.profiles[0].end_us)' >"$TMP/b.txt"
cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "--focus changes the chart's time axis"
# sandwich: a graph of two lanes, callers then callees, of one total
run 0 -f json --sandwich '^processRegion$' "$f"
node -e '
const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const p = d.profiles;
if (d.mode !== "graph" || p.length !== 2) throw new Error("not two graph lanes");
if (p[0].name !== "callers of processRegion" || p[1].name !== "processRegion and its callees") throw new Error(`lanes ${p[0].name}, ${p[1].name}`);
if (p[0].total !== p[1].total || p[0].total !== 5032133) throw new Error(`totals ${p[0].total} ${p[1].total}`);
for (const q of p) if (q.frames[0].name !== "processRegion" || q.frames[0].depth !== 0) throw new Error("not rooted at the function");
' "$TMP/out" || fail "--sandwich lanes"
# report and info apply the transforms too
mkdir -p "$TMP/in"
cp "$f" "$TMP/in/"
cp "$f" "$TMP/in/second.cpuprofile"
run 0 report -q -m graph -f svg --focus '^processRegion$' "$TMP/in" -o "$TMP/rep"
# every profile's image says it (report: --exclude is its file glob; docs/scope.md)
[ "$(grep -rlF "focus /^processRegion$/: 5.03 s" "$TMP/rep" | grep -c '\.svg$')" -eq 2 ] ||
	fail "report: focus not applied to every profile"
run 0 info --focus '^processRegion$' "$f"
contains "$TMP/out" "scope         focus /^processRegion$/"

finish
