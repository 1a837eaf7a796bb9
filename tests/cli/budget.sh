#!/bin/sh
# The height budget on real profiles of every shape (docs/rendering.md, the
# height budget): a deep recursion (made here, 300 calls deep, and the
# build's type-checking worker), a build with its worker files as lanes,
# traces with several threads, small scripts. Every --preset github image
# is at most 1.25 x as tall as wide and every default image at most 1.5 x;
# the three functions with the most self time (worked out from the files by
# top_self.py, not by flamechart) are named in the SVG's visible text.
. "$(dirname "$0")/lib.sh"
C=$DATA/corpus
command -v python3 >/dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }

# svg_size FILE -> "W H" from the root element
svg_size() {
	sed -n '1,3s/.*<svg[^>]* width="\([0-9.]*\)px" height="\([0-9.]*\)px".*/\1 \2/p' "$1" | head -n 1
}

# check NAME ARGS... : renders with --preset github and by default
check() {
	name=$1
	shift
	run 0 --preset github "$@" -o "$TMP/$name-github.svg"
	run 0 "$@" -o "$TMP/$name.svg"
	set -- $(svg_size "$TMP/$name-github.svg")
	[ $(($2 * 100)) -le $(($1 * 125)) ] || fail "$name --preset github: $1 x $2, taller than 1.25 x"
	set -- $(svg_size "$TMP/$name.svg")
	[ $(($2 * 100)) -le $(($1 * 150)) ] || fail "$name: $1 x $2, taller than 1.5 x"
}

# top NAME PROFILE... : the top three by self time in the github image
top() {
	name=$1
	shift
	python3 "$ROOT/tests/cli/top_self.py" "$TMP/$name-github.svg" "$@" || fail "$name: top self time"
}

NG=$C/real/ng-build
check worker "$NG/CPU.20250519.000216.90620.1.002.cpuprofile"
top worker "$NG/CPU.20250519.000216.90620.1.002.cpuprofile"
check worker-graph -m graph "$NG/CPU.20250519.000216.90620.1.002.cpuprofile"
top worker-graph "$NG/CPU.20250519.000216.90620.1.002.cpuprofile"
check build --trim-idle "$NG"/CPU.*.cpuprofile
top build "$NG"/CPU.*.cpuprofile
# the process's files, titled as report titles that process
grep -q '<title id="fc-title">process 90620</title>' "$TMP/build.svg" ||
	fail "build: not titled process 90620"
check serve "$C"/real/ng-serve/CPU.*.cpuprofile
top serve "$C"/real/ng-serve/CPU.*.cpuprofile
check lint "$C"/real/nx-run-lint/CPU.*.cpuprofile
top lint "$C"/real/nx-run-lint/CPU.*.cpuprofile
for t in Chrome-70-worker Chrome-66-worker Chrome-116-Trace-20230603T221323; do
	check "$t" "$C/chrome-versions/$t.json"
	top "$t" "$C/chrome-versions/$t.json"
done
check sucrase "$C/chrome-versions/Chrome-65-sucrase.cpuprofile"
top sucrase "$C/chrome-versions/Chrome-65-sucrase.cpuprofile"
# a deep recursion made here: main calls walk, which recurses 250 to 300
# deep; at its end hash (45 % of the samples), compare (30 %), alloc (15 %)
# or walk itself (10 %) runs
python3 - "$TMP/deep.cpuprofile" <<'PY'
import json, random, sys
rnd = random.Random(7)
nodes = [{"id": 1, "callFrame": {"functionName": "(root)", "scriptId": "0", "url": "",
          "lineNumber": -1, "columnNumber": -1}, "children": []}]
def node(name, parent, line):
    n = {"id": len(nodes) + 1, "callFrame": {"functionName": name, "scriptId": "1",
         "url": "file:///app/walk.js", "lineNumber": line, "columnNumber": 0}, "children": []}
    nodes.append(n)
    parent["children"].append(n["id"])
    return n
chain = [node("main", nodes[0], 1)]
for d in range(300):
    chain.append(node("walk", chain[-1], 10))
leaves = {}
samples = []
for i in range(4000):
    d = rnd.randint(250, 300)
    r = rnd.random()
    name = "hash" if r < 0.45 else "compare" if r < 0.75 else "alloc" if r < 0.9 else None
    if name is None:
        samples.append(chain[d]["id"])
        continue
    if (d, name) not in leaves:
        leaves[(d, name)] = node(name, chain[d], {"hash": 20, "compare": 30, "alloc": 40}[name])
    samples.append(leaves[(d, name)]["id"])
json.dump({"nodes": nodes, "startTime": 0, "endTime": 4000 * 100, "samples": samples,
           "timeDeltas": [100] * len(samples)}, open(sys.argv[1], "w"))
PY
check deep "$TMP/deep.cpuprofile"
top deep "$TMP/deep.cpuprofile"
check deep-graph -m graph "$TMP/deep.cpuprofile"
top deep-graph "$TMP/deep.cpuprofile"
# the legacy shape (head and children): sizes only
check node10 "$C/chrome-versions/node-10.11.0-example.cpuprofile"
check minimal "$C/seed-examples/minimal-cpu-profile.cpuprofile"
check report-sized --width 480 "$NG/CPU.20250519.000216.90620.1.002.cpuprofile"
finish
