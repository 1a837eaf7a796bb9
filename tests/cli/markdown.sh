#!/bin/sh
# -f md: a Markdown summary for PR comments. Rendered with a GFM renderer
# (marked, tests/markdown/gfm-check.js) when node and node-marked are there:
# tables, hostile names kept as text, the 65 536-character cap.
. "$(dirname "$0")/lib.sh"
EX=$ROOT/examples/profiles
CHECK=$ROOT/tests/markdown/gfm-check.js

# to stdout by default, to a file with -o (format from the extension too)
run 0 -f md "$EX/ng-build-worker.cpuprofile"
contains "$TMP/out" "### ng-build-worker.cpuprofile"
contains "$TMP/out" "**2,107.4 ms** wall · **2,093.4 ms CPU** (excluding 12.6 ms idle) · 1,973 samples"
contains "$TMP/out" "**Top 10 functions by self time**"
contains "$TMP/out" "**Top 10 functions by total time**"
contains "$TMP/out" "| 1 | \`atomicsWaitLoop\` | \`…/node_modules/piscina/dist/worker.js:105\` | deps · piscina | 377.5 | 18.0% | 378.8 |"
contains "$TMP/out" "| 1 | \`profileSync\` |"
contains "$TMP/out" "<details><summary>655 more functions with self time</summary>"
contains "$TMP/out" "| \`typescript\` | 1,072.1 | 51.2% |"
cp "$TMP/out" "$TMP/ng.md"
run 0 "$EX/ng-build-worker.cpuprofile" -o "$TMP/ng-o.md"
cmp -s "$TMP/ng.md" "$TMP/ng-o.md" || fail "-o x.md differs from -f md"
[ -s "$TMP/out" ] && fail "-o x.md also wrote to stdout"

# --top, --title, --image-url (http(s) or relative only)
run 0 -f md --top 3 --title 'PR #12 <b>' --image-url 'https://e.x/chart 1.png' "$EX/timing-data-samples.cpuprofile"
contains "$TMP/out" "### PR \\#$(printf '\342\201\240')12 &lt;b&gt;"
contains "$TMP/out" "![flame chart](https://e.x/chart%201.png)"
contains "$TMP/out" "**Top 3 functions by self time**"
[ "$(grep -c '^| [123] | `' "$TMP/out")" = 6 ] || fail "--top 3: not 3 + 3 function rows"
cp "$TMP/out" "$TMP/top3.md"
run 1 -f md --image-url 'javascript:alert(1)' "$EX/timing-data-samples.cpuprofile"
contains "$TMP/err" "--image-url must be an http(s) URL or a relative path"
run 1 -f md --top 0 "$EX/timing-data-samples.cpuprofile"

if ! command -v node >/dev/null 2>&1; then
	echo "node not found: skipping the GFM rendering checks"
	finish
fi

# hostile function and file names: no markup, every name intact in a cell
node -e '
const names = ["a|b", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))", "`tick` | pipe",
  "*em* _u_ ~~d~~", "back\\slash", "@org/team #123 https://e.x www.e.x", "</details><script>x</script>"];
const nodes = [{ id: 1, callFrame: { functionName: "(root)", scriptId: "0", url: "", lineNumber: -1, columnNumber: -1 }, children: names.map((_, i) => i + 2) }];
names.forEach((n, i) => nodes.push({ id: i + 2, callFrame: { functionName: n, scriptId: String(i + 1), url: "file:///x/" + n + ".js", lineNumber: i, columnNumber: 0 } }));
const samples = [], timeDeltas = [];
names.forEach((_, i) => { for (let k = 0; k <= i; k++) { samples.push(i + 2); timeDeltas.push(1000); } });
require("fs").writeFileSync(process.argv[1], JSON.stringify({ nodes, startTime: 0, endTime: timeDeltas.length * 1000, samples, timeDeltas }));
require("fs").writeFileSync(process.argv[2], names.join("\n") + "\n");
' "$TMP/hostile.cpuprofile" "$TMP/names.txt"
run 0 -f md --top 20 "$TMP/hostile.cpuprofile"
node "$CHECK" "$TMP/out" --cells "$TMP/names.txt" >"$TMP/check.json"
rc=$?
if [ $rc = 77 ]; then
	echo "marked not found: skipping the GFM rendering checks"
	finish
fi
[ $rc = 0 ] || { fail "hostile names: GFM check"; cat "$TMP/check.json"; }

# every Markdown written above renders with its tables and nothing else
for f in ng top3; do
	node "$CHECK" "$TMP/$f.md" >"$TMP/check.json" || { fail "$f.md: GFM check"; cat "$TMP/check.json"; }
done
[ "$(jq '.tables | length' "$TMP/check.json")" = 4 ] || fail "top3.md: not 4 tables (3 and <details>)"
jq -e '.images == ["https://e.x/chart%201.png"]' "$TMP/check.json" >/dev/null || fail "top3.md: image"

# the cap: thousands of long function names, --top past what fits
node -e '
const n = 6000, nodes = [{ id: 1, callFrame: { functionName: "(root)", scriptId: "0", url: "", lineNumber: -1, columnNumber: -1 }, children: [] }];
const samples = [], timeDeltas = [];
for (let i = 0; i < n; i++) {
  nodes[0].children.push(i + 2);
  nodes.push({ id: i + 2, callFrame: { functionName: "function_with_a_rather_long_name_" + "x".repeat(40) + i, scriptId: "1", url: "file:///src/" + "d/".repeat(20) + "f" + i + ".js", lineNumber: i, columnNumber: 0 } });
  samples.push(i + 2); timeDeltas.push(100 + (i % 7));
}
require("fs").writeFileSync(process.argv[1], JSON.stringify({ nodes, startTime: 0, endTime: 1e7, samples, timeDeltas }));
' "$TMP/big.cpuprofile"
run 0 -f md --top 5000 "$TMP/big.cpuprofile"
bytes=$(wc -c <"$TMP/out")
[ "$bytes" -le 65536 ] || fail "big: $bytes bytes, over 65536"
contains "$TMP/out" "*The table stops at "
run 0 -f md "$TMP/big.cpuprofile"
bytes=$(wc -c <"$TMP/out")
[ "$bytes" -le 65536 ] || fail "big, default --top: $bytes bytes"
contains "$TMP/out" "<details><summary>5990 more functions with self time</summary>"
node "$CHECK" "$TMP/out" >"$TMP/check.json" || { fail "big: GFM check"; head -20 "$TMP/check.json"; }
finish
