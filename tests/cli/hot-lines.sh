#!/bin/sh
# Time per source line (docs/lines.md): positionTicks and a trace's sample
# lines, spread over each node's self time; hot lines in info, info --json
# and -f md; the source text from a local file or a source map.
. "$(dirname "$0")/lib.sh"

# a node's self time spread by its ticks. a: samples of 1, 2 and 1 ms
# (4 ms), ticks 2 on line 5 and 1 on line 7 -> 2.667 and 1.333 ms; b: the
# last sample, which lasts the average interval (4 ms / 3 = 1.333 ms), all
# on line 9. Worked out by hand from the rule, not from the program.
mkdir -p "$TMP/src"
printf 'l1\nl2\nl3\nl4\n\tconst x = a | b; // <b>*x*</b>\nl6\nl7\nl8\nl9\n' >"$TMP/src/a.js"
cat >"$TMP/lines.cpuprofile" <<JSON
{"nodes":[
 {"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},
 {"id":2,"callFrame":{"functionName":"a","scriptId":"1","url":"file://$TMP/src/a.js","lineNumber":3,"columnNumber":0},
  "positionTicks":[{"line":7,"ticks":1},{"line":5,"ticks":2}]},
 {"id":3,"callFrame":{"functionName":"b","scriptId":"1","url":"file://$TMP/src/a.js","lineNumber":8,"columnNumber":0},
  "positionTicks":[{"line":9,"ticks":1}]}],
 "startTime":0,"endTime":5500,"samples":[2,2,2,3],"timeDeltas":[0,1000,2000,1000]}
JSON
run 0 info "$TMP/lines.cpuprofile"
grep -A6 'lines by self time' "$TMP/out" | grep -E '^ +[0-9]' | awk '{print $1, $3, $4}' >"$TMP/rows"
printf '%s\n' "2.667 $TMP/src/a.js:5 a" "1.333 $TMP/src/a.js:7 a" "1.333 $TMP/src/a.js:9 b" |
	diff -u - "$TMP/rows" || fail "hot lines: not the hand-worked times"
contains "$TMP/out" "| const x = a | b; // <b>*x*</b>"
contains "$TMP/out" "(lines hold 100.0% of the self time)"
run 0 info --top 1 "$TMP/lines.cpuprofile"
[ "$(grep -c "%  $TMP/src/a.js:" "$TMP/out")" = 1 ] || fail "--top 1: not one hot line"

# JSON: the same numbers and the text
run 0 info --json "$TMP/lines.cpuprofile"
if command -v jq >/dev/null 2>&1; then
	jq -r '.profiles[0].hot_lines[] | "\(.line) \(.name) \(.ticks) \(.self_ms * 1000 | round) \(.text)"' \
		"$TMP/out" >"$TMP/rows"
	printf '%s\n' "5 a 2 2667 const x = a | b; // <b>*x*</b>" "7 a 1 1333 l7" "9 b 1 1333 l9" |
		diff -u - "$TMP/rows" || fail "info --json hot_lines"
	[ "$(jq '.profiles[0].line_data' "$TMP/out")" = true ] || fail "line_data not true"
else
	missing_tool jq "info --json hot lines"
fi

# Markdown: a table, the text in a code span, escaped
run 0 -f md "$TMP/lines.cpuprofile"
contains "$TMP/out" "**Top 3 lines by self time**"
contains "$TMP/out" '`const x = a \| b; // <b>*x*</b>`'
# rendered as GitHub does (marked): the text is one cell, intact, no markup
if command -v node >/dev/null 2>&1; then
	cp "$TMP/out" "$TMP/lines.md"
	printf '%s\n' 'const x = a | b; // <b>*x*</b>' "$TMP/src/a.js:5" >"$TMP/cells"
	node "$ROOT/tests/markdown/gfm-check.js" "$TMP/lines.md" --cells "$TMP/cells" >"$TMP/gfm"
	case $? in
	0) ;;
	77) missing_tool marked "the hot lines rendered as GitHub does" ;;
	*) fail "gfm-check: hot lines"; head -20 "$TMP/gfm" ;;
	esac
fi

# the native SVG's tooltip of a names a's hottest lines, heaviest first
run 0 "$TMP/lines.cpuprofile" -o "$TMP/lines.svg"
tr -d '\n' <"$TMP/lines.svg" | grep -o '<title>a[^<]*</title>' | head -1 >"$TMP/title"
contains "$TMP/title" "line $TMP/src/a.js:5: 2.67 ms selfline $TMP/src/a.js:7: 1.33 ms self</title>"
run 0 "$TMP/lines.cpuprofile" --svg-backend cairo -o "$TMP/lines-cairo.svg"

# no line data: said once, no table
f=$DATA/corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile
run 0 info "$f"
[ "$(grep -c 'no line data' "$TMP/out")" = 1 ] || fail "info: no line data not said once"
lacks "$TMP/out" "lines by self time"
run 0 -f md "$f"
[ "$(grep -ci 'no line data' "$TMP/out")" = 1 ] || fail "md: no line data not said once"
run 0 info --json "$f"
contains "$TMP/out" '"hot_lines": []'
contains "$TMP/out" '"line_data": false'

# a trace's per-sample lines (ProfileChunk args.data.lines, 0 = none)
cat >"$TMP/lines.json" <<'JSON'
{"traceEvents":[
 {"name":"Profile","ph":"P","pid":1,"tid":1,"ts":0,"id":"0x1","args":{"data":{"startTime":0}}},
 {"name":"ProfileChunk","ph":"P","pid":1,"tid":1,"ts":10,"id":"0x1","args":{"data":{
  "cpuProfile":{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":0}},
   {"id":2,"parent":1,"callFrame":{"functionName":"f","scriptId":1,"url":"file:///t/f.js","lineNumber":0,"columnNumber":0}}],
   "samples":[2,2,2,2]},
  "lines":[3,3,0,4],"timeDeltas":[1000,1000,1000,1000]}}}]}
JSON
run 0 info "$TMP/lines.json"
grep -A4 'lines by self time' "$TMP/out" | grep -E '^ +[0-9]' | awk '{print $1, $3}' >"$TMP/rows"
# f: 4 samples of 1 ms; lines 3, 3, 4 counted (the 0 says nothing): 8/3 and 4/3 ms
printf '%s\n' "2.667 /t/f.js:3" "1.333 /t/f.js:4" | diff -u - "$TMP/rows" || fail "trace lines"

# the lines move with the scope transforms: --focus keeps b's line
run 0 info --focus '^b$' "$TMP/lines.cpuprofile"
contains "$TMP/out" "$TMP/src/a.js:9  b"

# bad positionTicks: errors naming the place
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"positionTicks":[{"line":"x","ticks":1}]}],"samples":[],"timeDeltas":[]}' >"$TMP/bad.cpuprofile"
run 2 info "$TMP/bad.cpuprofile"
contains "$TMP/err" "nodes[0].positionTicks[0].line"
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"positionTicks":{}}],"samples":[],"timeDeltas":[]}' >"$TMP/bad.cpuprofile"
run 2 info "$TMP/bad.cpuprofile"
contains "$TMP/err" "nodes[0].positionTicks"

# source maps: the bundle's lines become the TypeScript's, with their text
SM=$DATA/sourcemaps
run 0 info --sourcemaps --sourcemap-root "file:///srv/shop/=$SM" --top 40 "$SM/esbuild/app.cpuprofile"
grep -A80 'lines by self time' "$TMP/out" | grep -oE '/srv/shop/app/src/[a-z/]+\.ts:[0-9]+' | sort -u >"$TMP/ts"
[ -s "$TMP/ts" ] || fail "sourcemaps: no hot line in app/src"
while read -r loc; do
	file=${loc#/srv/shop/}
	n=${file##*:}
	file=${file%:*}
	# the text shown is that line of the original file (leading blanks cut)
	want=$(sed -n "${n}p" "$SM/$file" | sed 's/^[[:space:]]*//' | cut -c1-60)
	grep -A1 -F "$loc " "$TMP/out" | grep -qF -- "| $want" || fail "sourcemaps: $loc does not show '$want'"
done <"$TMP/ts"

# Deno (tests/data/runtimes/deno, made by its make.sh) writes V8's
# .cpuprofile: the loop's line of hot() leads
D=$DATA/runtimes/deno/work.cpuprofile
run 0 info --top 3 "$D"
contains "$TMP/out" "/srv/runtimes/deno/work.js:5  hot"
grep -A3 'lines by self time' "$TMP/out" | sed -n 3p | grep -q "work.js:5  hot" || fail "deno: line 5 of hot() does not lead"
if command -v node >/dev/null 2>&1; then
	"$FLAMECHART" info -q --json "$D" >"$TMP/info.json" || fail "info --json deno"
	node "$ROOT/tests/oracle/info-json-check.js" "$D" "$TMP/info.json" >"$TMP/check" ||
		{ fail "info-json-check deno"; head -5 "$TMP/check"; }
fi

# heaviest stacks: a chain f1..f6 above g (4 ms) and h under f1 (1 ms).
# Worked out by hand: f1 has two callees, so the chain is f2..f6 (five
# frames): f2 is kept, f3 and f4 become "… 2 frames", f5 and f6 are kept.
node_json() { printf '{"id":%s,"callFrame":{"functionName":"%s","scriptId":"1","url":"file:///s.js","lineNumber":%s,"columnNumber":0},"children":[%s]}' "$1" "$2" "$1" "$3"; }
{
	printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":""},"children":[2]},'
	node_json 2 f1 3,9; printf ','; node_json 3 f2 4; printf ','; node_json 4 f3 5; printf ','
	node_json 5 f4 6; printf ','; node_json 6 f5 7; printf ','; node_json 7 f6 8; printf ','
	node_json 8 g ''; printf ','; node_json 9 h ''
	printf '],"startTime":0,"endTime":5000,"samples":[8,8,8,8,9],"timeDeltas":[0,1000,1000,1000,1000]}'
} >"$TMP/stacks.cpuprofile"
run 0 info "$TMP/stacks.cpuprofile"
sed -n "/heaviest 2 stacks/,\$p" "$TMP/out" | tail -n +3 | sed "s|  /s[.]js:[0-9]*\$||" >"$TMP/rows"
cat >"$TMP/want" <<'TXT'
           5.000        0.000  f1
           4.000        0.000    f2
                                   … 2 frames
           4.000        0.000        f5
           4.000        0.000          f6
           4.000        4.000            g
           1.000        1.000    h
TXT
diff -u "$TMP/want" "$TMP/rows" || fail "heaviest stacks: not the hand-made tree"
run 0 -f md "$TMP/stacks.cpuprofile"
contains "$TMP/out" "<details><summary>The 2 heaviest stacks (total and self ms per frame)</summary>"
contains "$TMP/out" "      4.000        4.000            g  /s.js:9"

# --function: f1 (5 ms on the stack, none its own) calls f2 in 4 ms of
# them and h in 1 ms; g is called by f6 only
run 0 info --function '^f1$' "$TMP/stacks.cpuprofile"
contains "$TMP/out" "  function      f1  /s.js:3"
contains "$TMP/out" "    total              5.000 ms 100.0% of the sampled time"
contains "$TMP/out" "    self               0.000 ms   0.0% of its total"
contains "$TMP/out" "    callers: ms in calls from each, share of its total (0)"
contains "$TMP/out" "             4.000  80.0%  f2  /s.js:4"
contains "$TMP/out" "             1.000  20.0%  h  /s.js:10"
run 0 info --function '^nothing$' "$TMP/stacks.cpuprofile"
contains "$TMP/out" "  function      none matches --function"
run 1 info --function '(' "$TMP/stacks.cpuprofile"
contains "$TMP/err" "--function"
if command -v jq >/dev/null 2>&1; then
	run 0 info --json --function '^g$' "$TMP/stacks.cpuprofile"
	[ "$(jq -c '.profiles[0].functions[0] | [.name, .total_ms, .self_ms, [.callers[] | [.name, .share]], .callees]' "$TMP/out")" = '["g",4,4,[["f6",1]],[]]' ] ||
		fail "info --json --function g: $(jq -c '.profiles[0].functions' "$TMP/out")"
fi
run 0 -f md --function '^f1$' "$TMP/stacks.cpuprofile"
contains "$TMP/out" '#### Function `f1` at `/s.js:3`'
contains "$TMP/out" '| `f2` | `/s.js:4` | 4.000 | 80.0% |'
# recursion: r calls r calls x; r's total is counted once per sample
printf '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"},"children":[2]},%s,%s,%s],"startTime":0,"endTime":2000,"samples":[4,3],"timeDeltas":[0,1000]}' \
	"$(node_json 2 r 3)" "$(node_json 3 r 4)" "$(node_json 4 x '')" >"$TMP/rec.cpuprofile"
run 0 info --function '^r$' "$TMP/rec.cpuprofile"
contains "$TMP/out" "    total              2.000 ms 100.0% of the sampled time"
contains "$TMP/out" "    self               1.000 ms  50.0% of its total"

# info --compact: records of a fixed number of tab-separated fields,
# within the budget (4096 bytes by default)
for f in "$DATA"/corpus/real/*/*.cpuprofile "$TMP/lines.cpuprofile" "$DATA"/inputs/folded/basic.folded; do
	"$FLAMECHART" info -q --compact "$f" >"$TMP/compact" || fail "info --compact $f"
	[ "$(wc -c <"$TMP/compact")" -le 4096 ] || fail "info --compact $f: over 4096 bytes"
	awk -F'\t' '
		$1 == "profile" && NF == 4 { next }
		$1 == "summary" && NF == 6 { next }
		$1 == "function" && NF == 7 { next }
		$1 == "line" && NF == 6 { next }
		$1 == "stack" && NF == 6 { next }
		($1 == "note" || $1 == "cut") && NF == 2 { next }
		{ print "bad record: " $0; bad = 1 }
		END { exit bad }' "$TMP/compact" || fail "info --compact $f: a record of the wrong shape"
done
f=$DATA/corpus/real/ng-build/CPU.20250519.000216.90620.1.002.cpuprofile
run 0 info --compact --budget 600 --top 50 "$f"
[ "$(wc -c <"$TMP/out")" -le 600 ] || fail "--budget 600: $(wc -c <"$TMP/out") bytes"
grep -q '^cut	[1-9]' "$TMP/out" || fail "--budget 600: no cut record"
for k in function line stack; do
	grep -q "^$k	" "$TMP/out" || fail "--budget 600: no $k record"
done
run 0 info --compact "$TMP/lines.cpuprofile"
contains "$TMP/out" "line	2.667	50.0	$TMP/src/a.js:5	a	const x = a | b; // <b>*x*</b>"
printf 'summary\t5.500\t5.333\t0.000\t4\t1.000\n' >"$TMP/want"
contains "$TMP/out" "profile	lines.cpuprofile	cpuprofile	ms"
grep '^summary' "$TMP/out" | diff -u "$TMP/want" - || fail "info --compact summary"

# a profile recorded with Bun 1.4.5 reads as Node's: its numbers agree
# with info-json-check.js, and the loop's line of hot() is its hot line
B=$DATA/runtimes/bun/work.cpuprofile
run 0 info --top 3 "$B"
contains "$TMP/out" "/srv/runtimes/bun/work.js:5  hot"
if command -v node >/dev/null 2>&1; then
	"$FLAMECHART" info -q --json "$B" >"$TMP/info.json" || fail "info --json bun"
	node "$ROOT/tests/oracle/info-json-check.js" "$B" "$TMP/info.json" >"$TMP/check" ||
		{ fail "info-json-check bun"; head -5 "$TMP/check"; }
fi

# Bun (tests/data/runtimes/bun/README.md): the older shape, sampled
# positions as call frames, reads as the newer one with positionTicks --
# one function hot, 3 ms on line 5 and 1 ms on line 4
for f in position-ticks sampled-positions; do
	run 0 info --top 3 "$DATA/runtimes/bun/$f.cpuprofile"
	[ "$(grep -c '  app     hot  /app/work.js' "$TMP/out")" = 1 ] || fail "bun $f: hot is not one function"
	grep -A3 'lines by self time' "$TMP/out" | grep -E '^ +[0-9]' | awk '{print $1, $3, $4}' >"$TMP/rows"
	printf '%s\n' "3.000 /app/work.js:5 hot" "1.000 /app/work.js:4 hot" | diff -u - "$TMP/rows" ||
		fail "bun $f: hot lines"
done

# the independent count of positionTicks (tests/oracle/hot-lines-check.js)
if command -v node >/dev/null 2>&1; then
	for f in "$DATA"/corpus/real/*/*.cpuprofile "$DATA"/corpus/chrome-versions/Chrome-65*.cpuprofile \
		"$SM"/*/app.cpuprofile "$DATA"/runtimes/deno/*.cpuprofile \
		"$DATA"/runtimes/bun/position-ticks.cpuprofile "$DATA"/runtimes/bun/work.cpuprofile; do
		"$FLAMECHART" info -q --json --top 100000 "$f" >"$TMP/info.json" || fail "info --json $f"
		node "$ROOT/tests/oracle/hot-lines-check.js" "$f" "$TMP/info.json" >"$TMP/check" ||
			{ fail "hot-lines-check $f"; head -5 "$TMP/check"; }
	done
else
	missing_tool node "the independent count of positionTicks"
fi
finish
