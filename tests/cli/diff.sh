#!/bin/sh
# `flamechart diff` on real pairs recorded with node --cpu-prof
# (tests/data/diff/make.sh): the verdicts the data supports, checked against
# an independent measure of the same files (tests/data/diff/*.selftime.json,
# written by tests/data/diff/selftime.js). The JSON checks need node.
. "$(dirname "$0")/lib.sh"

D=$DATA/diff
if ! command -v node >/dev/null 2>&1; then
	echo "node not found: the diff checks read JSON with node"
	exit 77
fi

# check JSON SCRIPT: runs a node expression over the parsed JSON `d`; the
# expression throws (with a message) when a check fails
check() {
	node -e "
const d = JSON.parse(require('fs').readFileSync('$1', 'utf8'));
const fail = (m) => { console.log('FAIL: ' + m); process.exitCode = 1; };
$2" || failures=$((failures + 1))
}

# --- the regression pair: HEAD's hotLoop does twice the work ----------------
run 6 diff "$D/regress/base" "$D/regress/head" --fail-on 'self>+10%' -o "$TMP/r.json" \
	-o "$TMP/r.md" -o "$TMP/r.svg"
contains "$TMP/err" "regression: --fail-on 'self>+10%': hotLoop (app.js): +"
for f in r.json r.md r.svg; do [ -s "$TMP/$f" ] || fail "$f not written on exit 6"; done
check "$TMP/r.json" "
const b = require('$D/regress/base.selftime.json'), h = require('$D/regress/head.selftime.json');
const want = (h.self_us['hotLoop app.js'] - b.self_us['hotLoop app.js']) / 8;
const sig = d.functions.filter((f) => f.significant);
if (!sig.length || sig[0].name !== 'hotLoop' || sig[0].file !== 'app.js')
	fail('top significant change is not hotLoop app.js: ' + JSON.stringify(sig[0]));
else if (Math.abs(sig[0].delta_self_us - want) > 0.1 * Math.abs(want))
	fail('hotLoop delta ' + sig[0].delta_self_us + ' us, measured ' + want);
if (sig.some((f) => f !== sig[0] && f.delta_self_us > 0.02 * d.head.total_us))
	fail('another significant regression above 2%');
if (d.test !== 'welch' || d.base.runs.length !== 8 || d.head.runs.length !== 8) fail('runs/test');
if (!d.failed || !d.fail_on[0].crossed) fail('rule not crossed in JSON');
if (d.mode !== 'diff' || d.normalize !== 'none' || d.match !== 'function') fail('header fields');
"
# the Markdown names it first, with the rule that failed
first=$(grep '^| ' "$TMP/r.md" | grep -v '^| Function\|^| Name' | head -1)
case $first in "| hotLoop | \`app.js\` |"*) ;; *) fail "first Markdown row: $first" ;; esac
contains "$TMP/r.md" "- **Failed** \`self>+10%\`: hotLoop \\(app.js\\)\\: +"
contains "$TMP/r.md" "### flamechart diff:"
contains "$TMP/r.md" "<details><summary>The 1 of "
lacks "$TMP/r.md" "One run on a side"
# one run a side: the total cannot be tested, and the comment says why
run 0 diff "$D/regress/base/run1.cpuprofile" "$D/regress/head/run1.cpuprofile" -f md
grep -Eq 'not significant\) · [1-9][0-9]* significant function change' "$TMP/out" ||
	fail "one run a side: not the case the note explains: $(grep 'Total CPU' "$TMP/out")"
contains "$TMP/out" "*One run on a side: each function's change was tested against sampling noise only"
# rows under the smallest change that counts are counted, not listed
contains "$TMP/r.md" "functions that changed by less than "
[ "$(sed -n '/^<details>/,/^<\/details>/p' "$TMP/r.md" | grep -c '^| [^F-]')" = 1 ] ||
	fail "the full table lists rows under the smallest change: $(sed -n '/^<details>/,/^<\/details>/p' "$TMP/r.md" | grep -c '^| ')"
# the picture: every box's tooltip gives its call path's self time on both
# sides, the change, its p-value and whether it counts; the header's second
# line the change and the test (so that both lines fit 1200 px)
node -e "
const s = require('fs').readFileSync('$TMP/r.svg', 'utf8');
const fail = (m) => { console.log('FAIL: ' + m); process.exitCode = 1; };
const t = (s.match(/<title>hotLoop\n[^<]*<\/title>/) || [''])[0];
if (!/\nself per run on this path: BASE 1[0-9][0-9]\.[0-9] ms, HEAD 2[0-9][0-9]\.[0-9] ms\nchange \+1[0-9][0-9] ms \(\+[0-9.]+%\), p = [0-9.e-]+: significant<\/title>\$/.test(t))
	fail('hotLoop tooltip: ' + JSON.stringify(t));
const steady = (s.match(/<title>steady\n[^<]*<\/title>/) || [''])[0];
if (!/: not significant<\/title>\$/.test(steady)) fail('steady tooltip: ' + JSON.stringify(steady));
const titles = s.match(/<title>[^<]*<\/title>/g) || [];
if (titles.filter((x) => x.includes('self per run on this path')).length < 20)
	fail('few boxes with a tooltip of their path');
if (!/<desc id=\"fc-desc\">BASE [^\n]*: 8 runs, [0-9.]+ ms\/run  \u00b7  HEAD [^\n]*: 8 runs, [0-9.]+ ms\/run\nchange \+[0-9]+ ms \(\+[0-9.]+%\)  \u00b7  normalisation: none  \u00b7  Welch's t-test, \u03b1 0.05\n/.test(s))
	fail('header lines: ' + JSON.stringify((s.match(/<desc[^<]*/) || [''])[0]));
" || failures=$((failures + 1))
run 0 diff "$D/regress/base" "$D/regress/head" --fail-on 'self>+300ms' -f md
contains "$TMP/out" "- Passed \`self>+300ms\`"
run 6 diff "$D/regress/base" "$D/regress/head" --fail-on 'total>+20%' -f json -o /dev/null
run 6 diff "$D/regress/base" "$D/regress/head" --fail-on 'tier:app>+25%' -f json -o /dev/null
run 0 diff "$D/regress/base" "$D/regress/head" --fail-on 'tier:gc>+25%' -f json -o /dev/null
# normalised to HEAD's total the regression is smaller but still there
run 0 diff "$D/regress/base" "$D/regress/head" --normalize total -f json -o "$TMP/n.json"
check "$TMP/n.json" "
if (Math.abs(d.base.total_us - d.head.total_us) > 1) fail('normalised totals differ');
if (d.functions[0].name !== 'hotLoop' || !d.functions[0].significant) fail('normalised top');
"
# one run per side: the two-proportion test still finds it
run 0 diff "$D/regress/base/run1.cpuprofile" "$D/regress/head/run1.cpuprofile" -f json \
	-o "$TMP/one.json"
check "$TMP/one.json" "
if (d.test !== 'two-proportion') fail('test ' + d.test);
if (d.functions[0].name !== 'hotLoop' || !d.functions[0].significant) fail('one-run top');
"

# --- the noise pair: the same program on both sides ---------------------------
run 0 diff "$D/noise/base" "$D/noise/head" --fail-on 'self>+10%' -o "$TMP/z.json" -o "$TMP/z.md"
check "$TMP/z.json" "
const big = d.functions.filter((f) => f.significant && Math.abs(f.delta_self_us) > 0.02 * d.head.total_us);
if (big.length) fail('noise: significant changes above 2%: ' + big.map((f) => f.name));
if (d.failed) fail('noise: failed');
"
contains "$TMP/z.md" "- Passed \`self>+10%\`"

# --- moved and shifted: the same answer as the regression pair ----------------
run 6 diff "$D/regress/base" "$D/moved/head" --fail-on 'self>+10%' -o "$TMP/m.json"
check "$TMP/m.json" "
const r = JSON.parse(require('fs').readFileSync('$TMP/r.json', 'utf8'));
const key = (f) => f.name + ' ' + f.file;
const moved = new Map(d.functions.map((f) => [key(f), f]));
// every app function both sides of the regression pair have is matched here too
for (const f of r.functions.filter((x) => x.tier === 'app' && x.base_total_us > 0 && x.head_total_us > 0)) {
	const m = moved.get(key(f));
	if (!m || !(m.base_total_us > 0 && m.head_total_us > 0)) fail('not matched when moved: ' + key(f));
}
for (const f of d.functions) if (f.file.includes('ci-runner') || f.file.startsWith('/')) fail('absolute path kept: ' + f.file);
const sig = d.functions.filter((f) => f.significant);
if (sig[0].name !== 'hotLoop' || sig[0].file !== 'app.js') fail('moved: top is ' + key(sig[0]));
const rd = r.functions.find((f) => f.name === 'hotLoop').delta_self_us;
if (Math.abs(sig[0].delta_self_us - rd) > 0.1 * rd) fail('moved delta ' + sig[0].delta_self_us + ' vs ' + rd);
"
# --match exact keeps line and absolute URL: nothing of the app matches then
run 0 diff "$D/regress/base" "$D/moved/head" --match exact -f json -o "$TMP/x.json"
check "$TMP/x.json" "
const hot = d.functions.filter((f) => f.name === 'hotLoop');
if (hot.length !== 2 || hot.some((f) => f.base_total_us > 0 && f.head_total_us > 0)) fail('exact matched moved hotLoop');
"
# --strip-prefix gives the same keys as the heuristic here
run 6 diff "$D/regress/base" "$D/moved/head" --strip-prefix "$D/src" --strip-prefix /tmp/nowhere \
	--fail-on 'self>+10%' -f json -o /dev/null

# --- worker threads: runs of two threads, matched by order -------------------
run 6 diff "$D/worker/base" "$D/worker/head" --fail-on 'self>+10%' -o "$TMP/w.json"
check "$TMP/w.json" "
if (d.threads.length !== 2) fail('threads: ' + JSON.stringify(d.threads));
if (!/\\.0\\.001\\.cpuprofile$/.test(d.threads[0].base) || !/\\.1\\.002\\.cpuprofile$/.test(d.threads[1].head)) fail('main first: ' + JSON.stringify(d.threads));
if (d.base.runs[0].threads.length !== 2) fail('run threads');
const sig = d.functions.filter((f) => f.significant);
if (sig[0].name !== 'hotLoop' || sig[0].file !== 'worker.js') fail('worker top ' + sig[0].name);
// each thread slot compared on its own: the worker (thread 2) got slower by
// about what hotLoop did, the main thread did not; slots sum to the totals
const [m, w] = d.threads;
if (m.significant || !w.significant) fail('thread verdicts: ' + JSON.stringify(d.threads));
if (Math.abs(w.delta_us - sig[0].delta_self_us) > 0.1 * sig[0].delta_self_us)
	fail('worker thread delta ' + w.delta_us + ', hotLoop ' + sig[0].delta_self_us);
// functions per thread slot: each row says its thread, a function run on
// both threads is two rows, and the slots' roots are not functions
if (d.functions.some((f) => f.thread !== 1 && f.thread !== 2)) fail('a function without its thread');
if (d.functions.some((f) => /^thread [0-9]/.test(f.name))) fail('a thread root listed as a function');
if (sig[0].thread !== 2) fail('hotLoop not on thread 2: ' + sig[0].thread);
if (d.functions.filter((f) => f.name === 'hotLoop').length !== 1) fail('hotLoop on the main thread too');
const both = d.functions.filter((f) => f.name === 'Module._load');
if (both.length !== 2 || both[0].thread === both[1].thread) fail('Module._load per thread: ' + JSON.stringify(both));
if (!/^hotLoop \(worker\.js, thread 2\): \+/.test(d.fail_on[0].why)) fail('why: ' + d.fail_on[0].why);
for (const [side, key] of [['base', 'base_us'], ['head', 'head_us']])
	if (Math.abs(m[key] + w[key] - d[side].total_us) > 0.5)
		fail(side + ' threads do not sum to the total: ' + (m[key] + w[key]) + ' vs ' + d[side].total_us);
"
# one thread a run: no per-thread figures (the total says it all)
check "$TMP/r.json" "
if (d.threads.length !== 1 || 'base_us' in d.threads[0]) fail('one thread: ' + JSON.stringify(d.threads));
"
# the Markdown says which thread matched which, and how each changed
run 0 diff "$D/worker/base" "$D/worker/head" -f md
contains "$TMP/out" "Threads, matched by their order in a run (first run): 1. \`CPU."
contains "$TMP/out" "#### Threads (CPU time per run)"
grep -q '^| thread 2 | [0-9.]* | [0-9.]* | +[0-9.]* ms | +[0-9.]*% | yes |$' "$TMP/out" ||
	fail "no significant thread 2 row in the Markdown"
lacks "$TMP/r.md" "#### Threads"
contains "$TMP/out" "| hotLoop (thread 2) | \`worker.js\` |"
# every path hangs under its thread slot's root, in the picture and the folded stacks
run 0 diff "$D/worker/base" "$D/worker/head" -f folded -o "$TMP/w.folded"
grep -qv '^thread [12];' "$TMP/w.folded" && fail "a folded stack outside its thread"
grep -q '^thread 2;.*;hotLoop worker.js [0-9]* [0-9]*$' "$TMP/w.folded" || fail "no hotLoop on thread 2"

# --- folded: FlameGraph's differential format --------------------------------
run 0 diff "$D/regress/base" "$D/regress/head" -f folded -o "$TMP/d.folded"
grep -q ';(anonymous #1) app.js;hotLoop app.js [0-9]* [0-9]*$' "$TMP/d.folded" ||
	fail "no hotLoop line in the differential folded stacks"
awk 'NF < 3 || $(NF) !~ /^[0-9]+$/ || $(NF-1) !~ /^[0-9]+$/ { bad = 1 } END { exit bad }' \
	"$TMP/d.folded" || fail "folded lines are not 'stack base head'"
# ... and the folded importer reads it back: `flamechart FILE.folded` draws the diff
run 0 "$TMP/d.folded" -f json -o "$TMP/rt.json"
check "$TMP/rt.json" "
if (d.mode !== 'diff') fail('folded round trip is not a diff');
const hot = d.functions.find((f) => f.name.startsWith('hotLoop'));
const r = JSON.parse(require('fs').readFileSync('$TMP/r.json', 'utf8')).functions.find((f) => f.name === 'hotLoop');
if (!hot || Math.abs(hot.delta_self_us - r.delta_self_us) > 2) fail('round trip delta ' + (hot && hot.delta_self_us) + ' vs ' + r.delta_self_us);
"
run 0 "$TMP/d.folded" -o "$TMP/rt.png"
[ -s "$TMP/rt.png" ] || fail "no image from differential folded stacks"

# --- scope transforms: applied to both sides before matching -----------------
# (the option table render uses; docs/scope.md). Focus on the regressed
# function: the same verdict, on that function's time alone ...
run 6 diff "$D/regress/base" "$D/regress/head" --focus '^hotLoop$' --fail-on 'self>+10%' \
	-o "$TMP/sf.json" -o "$TMP/sf.md" -o "$TMP/sf.svg"
check "$TMP/sf.json" "
const r = JSON.parse(require('fs').readFileSync('$TMP/r.json', 'utf8'));
const hot = r.functions.find((f) => f.name === 'hotLoop');
if (JSON.stringify(d.scope) !== JSON.stringify(['focus /^hotLoop\$/'])) fail('scope ' + JSON.stringify(d.scope));
const sig = d.functions.filter((f) => f.significant);
if (!sig.length || sig[0].name !== 'hotLoop' || Math.abs(sig[0].delta_self_us - hot.delta_self_us) > 1) fail('focus: top ' + JSON.stringify(sig[0]));
if (Math.abs(d.head.total_us - hot.head_total_us) > 1 || Math.abs(d.base.total_us - hot.base_total_us) > 1) fail('focus: totals are not hotLoop total ' + d.head.total_us + ' ' + hot.head_total_us);
if (d.functions.some((f) => f.tier === 'app' && f.name !== 'hotLoop')) fail('focus: other app functions kept');
"
contains "$TMP/sf.md" "Both sides: \`focus /^hotLoop\$/\`"
contains "$TMP/sf.svg" "both sides: focus /^hotLoop\$/"
# ... exclude it: the regression is gone
run 0 diff "$D/regress/base" "$D/regress/head" --exclude '^hotLoop$' --fail-on 'self>+10%' \
	-f json -o "$TMP/se.json"
check "$TMP/se.json" "
if (d.functions.some((f) => f.name === 'hotLoop' && (f.base_self_us || f.head_self_us))) fail('exclude: hotLoop kept');
if (d.failed || d.total.significant && d.total.delta_us > 0.02 * d.head.total_us) fail('exclude: still a regression');
"
# ... prune it: its time stays in its callers, so the regression moves there
run 6 diff "$D/regress/base" "$D/regress/head" --prune '^hotLoop$' --hide gc --fail-on 'self>+10%' \
	-f json -o "$TMP/sp.json"
check "$TMP/sp.json" "
const r = JSON.parse(require('fs').readFileSync('$TMP/r.json', 'utf8'));
if (JSON.stringify(d.scope) !== JSON.stringify(['hidden: gc', 'pruned /^hotLoop\$/'])) fail('scope ' + JSON.stringify(d.scope));
if (d.functions.some((f) => f.name === 'hotLoop' || f.tier === 'gc')) fail('prune/hide: frames kept');
// pruning keeps the time; hiding GC keeps what GC interrupted, drops GC at the root
const gc = r.tiers.find((t) => t.name === 'gc').head_self_us;
if (d.head.total_us > r.head.total_us + 1 || d.head.total_us < r.head.total_us - gc - 1) fail('prune: total ' + d.head.total_us + ' vs ' + r.head.total_us + ' gc ' + gc);
"
# every scope option diff takes is stated, in the order they run
run 0 diff "$D/noise/base" "$D/noise/head" --reverse --collapse-recursion=all --merge-by function \
	--match-on name+file --prune 'mix\.js' -f json -o "$TMP/sa.json"
check "$TMP/sa.json" "
const want = ['merged by function', 'patterns matched on name and file', 'pruned /mix\\\\.js/', 'all recursion collapsed', 'reversed (bottom-up)'];
if (JSON.stringify(d.scope) !== JSON.stringify(want)) fail('scope ' + JSON.stringify(d.scope));
if (d.functions.some((f) => f.file.endsWith('mix.js'))) fail('prune on name+file kept mix.js');
"
run 0 diff --help
contains "$TMP/out" "--focus RE"
contains "$TMP/out" "--collapse-recursion[=all]"
run 1 diff "$D/regress/base" "$D/regress/head" --focus 'a(b'
contains "$TMP/err" "--focus: 'a(b' is not a regular expression"
run 1 diff "$D/regress/base" "$D/regress/head" --sandwich hotLoop
contains "$TMP/err" "option '--sandwich' does not apply to 'diff'"
# a pattern that matches nothing: an empty comparison, exit 0, unless --strict
run 0 diff "$D/regress/base" "$D/regress/head" --focus '^noSuchFunction$' --fail-on 'self>+10%' \
	-o "$TMP/sn.json" -o "$TMP/sn.svg"
check "$TMP/sn.json" "if (d.head.total_us !== 0 || d.failed) fail('no match: not empty');"
run 2 diff "$D/regress/base" "$D/regress/head" --focus '^noSuchFunction$' --strict -f json -o /dev/null
contains "$TMP/err" "--focus /^noSuchFunction\$/ matches no frame"

# --- usage ---------------------------------------------------------------------
run 0 diff --help
contains "$TMP/out" "6 regression"
run 0 --help
contains "$TMP/out" "6  regression"
run 1 diff "$D/regress/base"
run 1 diff a b c
run 1 diff "$D/regress/base" "$D/regress/head" --fail-on 'self>+10kg'
contains "$TMP/err" "--fail-on 'self>+10kg': the unit is %, ms, s or us"
run 1 diff "$D/regress/base" "$D/regress/head" --match line
run 1 diff "$D/regress/base" "$D/regress/head" --alpha 2
run 1 diff "$D/regress/base" "$D/regress/head" --min-change 5
run 1 diff "$D/regress/base" "$D/regress/head" --bogus
run 2 diff "$D/regress/base" "$TMP/missing"
mkdir "$TMP/empty"
run 2 diff "$D/regress/base" "$TMP/empty"
contains "$TMP/err" "no profiles in this directory"

# --- hostile names cannot break the Markdown ---------------------------------
for s in base head; do
	n=3 m=3
	[ $s = head ] && n=9 m=5
	samples=$(awk -v n=$n -v m=$m 'BEGIN { for (i = 0; i < n; i++) printf "%s2", i ? "," : ""; for (i = 0; i < m; i++) printf ",3" }')
	deltas=$(awk -v n=$((n + m)) 'BEGIN { for (i = 0; i < n; i++) printf "%s1000", i ? "," : "" }')
	printf '%s' '{"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},{"id":2,"callFrame":{"functionName":"<img src=x onerror=alert(1)>|x","scriptId":"1","url":"file:///p/a.js","lineNumber":1,"columnNumber":1}},{"id":3,"callFrame":{"functionName":"ok","scriptId":"1","url":"file:///p/b|c.js","lineNumber":1,"columnNumber":1}}],"startTime":0,"endTime":99000,"samples":['"$samples"'],"timeDeltas":['"$deltas"']}' >"$TMP/$s.cpuprofile"
done
run 0 diff "$TMP/base.cpuprofile" "$TMP/head.cpuprofile" -f md --min-change 0.5ms --alpha 0.5
contains "$TMP/out" "| &lt;img src=x onerror=alert\\(1\\)&gt;\\|x | \`a.js\` |"
lacks "$TMP/out" "<img src"
contains "$TMP/out" "| ok | \`b\\|c.js\` |"

finish
