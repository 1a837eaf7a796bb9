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
# its first line is the answer: the top significant change, named as the JSON has it
grep -q '^### ❌ regression: hotLoop (app.js) +1[0-9][0-9] ms (+[0-9.]*%)$' "$TMP/r.md" ||
	fail "first line: $(head -1 "$TMP/r.md")"
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
# sides, the change, its p-value and whether it counts; the title names the
# sides once, the header's first line is the Markdown's answer, its second
# the runs, the total and the test
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
const md = require('fs').readFileSync('$TMP/r.md', 'utf8').split('\n')[0].replace(/^### \u274c /, '').replace(/\\\\/g, '');
if (!s.includes('<desc id=\"fc-desc\">' + md + '\n8 runs a side  \u00b7  CPU per run '))
	fail('header lines: ' + JSON.stringify((s.match(/<desc[^<]*/) || [''])[0]) + ', answer ' + md);
" || failures=$((failures + 1))
# the title names the sides once, relative to the current directory when under it
phys=$(cd "$D" && pwd -P)
bin=$(cd "$(dirname "$FLAMECHART")" && pwd)/$(basename "$FLAMECHART")
(cd "$phys" && "$bin" diff "$phys/regress/base/" "$phys/regress/head" -o "$TMP/t.svg") ||
	fail "diff with absolute paths"
contains "$TMP/t.svg" '<title id="fc-title">regress/base → regress/head</title>'
# --preset github: a render's sizes (880 px, PNG at 2x), and a header that fits them;
# with nothing significant, no colour scale and the words instead
for pair in regress/base:regress/head regress/head:regress/base noise/base:noise/head \
	shards/base:shards/head; do
	run 0 diff "$D/${pair%%:*}" "$D/${pair#*:}" --preset github -o "$TMP/g.svg" -o "$TMP/g.png"
	grep -q '<svg [^>]* width="880px"' "$TMP/g.svg" || fail "$pair: --preset github SVG is not 880 px wide"
	case $(file "$TMP/g.png") in *"PNG image data, 1760 x"*) ;; *) fail "$pair: PNG not at 2x" ;; esac
	sed -n '/<g class="header"/,/<\/g>/p' "$TMP/g.svg" |
		awk -F'"' '/<text / { for (i = 1; i < NF; i++) { if ($i ~ / x=$/) x = $(i + 1); if ($i ~ /textLength=$/) w = $(i + 1) }
			if (x + w > 880) { print; bad = 1 } } END { exit bad }' >"$TMP/wide" ||
		fail "$pair: header text wider than 880 px: $(cat "$TMP/wide")"
done
contains "$TMP/g.svg" "<desc id=\"fc-desc\">regression: scoreRecord (shards.js, thread 2) +"
run 0 diff "$D/noise/base" "$D/noise/head" --preset github -o "$TMP/g.svg"
contains "$TMP/g.svg" "<desc id=\"fc-desc\">no significant change"
lacks "$TMP/g.svg" "or more"
lacks "$TMP/g.svg" "only in BASE"
run 0 diff "$D/regress/base" "$D/regress/head" --preset docs -o "$TMP/g.svg"
grep -q '<svg [^>]* width="1000px"' "$TMP/g.svg" || fail "--preset docs SVG is not 1000 px wide"
run 1 diff "$D/regress/base" "$D/regress/head" --preset slides
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
# the first line of each Markdown answers, and agrees with its JSON: the
# largest significant regression (else improvement) and how many more
answer() {
	node -e "
const d = JSON.parse(require('fs').readFileSync('$1', 'utf8'));
const s = d.functions.filter((f) => f.significant && f.delta_self_us !== 0);
const up = s.filter((f) => f.delta_self_us > 0), down = s.filter((f) => f.delta_self_us < 0);
const v = up.length ? up : down;
if (!v.length) { console.log('### ✅ no significant change'); process.exit(0); }
v.sort((a, b) => Math.abs(b.delta_self_us) - Math.abs(a.delta_self_us));
const f = v[0], where = [f.file, f.thread ? 'thread ' + f.thread : ''].filter(Boolean).join(', ');
const sign = (x) => (x > 0 ? '+' : '−'), ms = Math.abs(f.delta_self_us) / 1000;
const pct = Math.abs(f.delta_self_us / f.base_self_us) * 100;
console.log('### ' + (up.length ? '❌ regression' : '✅ improvement') + ': ' + f.name +
	(where ? ' (' + where + ')' : '') + ' ' + sign(f.delta_self_us) + ms.toFixed(ms >= 100 ? 0 : 1) +
	' ms (' + sign(f.delta_self_us) + pct.toFixed(1) + '%)' + (v.length > 1 ? ', ' + (v.length - 1) + ' more' : ''));
"
}
for pair in regress/base:regress/head regress/head:regress/base noise/base:noise/head \
	shards/base:shards/head; do
	run 0 diff "$D/${pair%%:*}" "$D/${pair#*:}" -o "$TMP/q.json" -o "$TMP/q.md"
	want=$(answer "$TMP/q.json")
	[ "$(head -1 "$TMP/q.md" | sed 's/\\//g')" = "$want" ] ||
		fail "$pair: first line '$(head -1 "$TMP/q.md")', the JSON says '$want'"
done
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
# the anonymous callback of app.js (src/app.js's line of '.map((v) =>', column
# 24) is matched too: named by its place in HEAD's lines, 3 lines further down
cb=$(grep -n 'map((v) =>' "$D/src/app.js" | cut -d: -f1)
check "$TMP/m.json" "
const cb = d.functions.filter((f) => f.name === '(anonymous $((cb + 3)):24)' && f.file === 'app.js');
if (cb.length !== 1 || !(cb[0].base_total_us > 0 && cb[0].head_total_us > 0))
	fail('the moved callback is not one function on both sides: ' + JSON.stringify(cb));
if (d.functions.some((f) => f.file === 'app.js' && /^\\(anonymous/.test(f.name) && f.name !== cb[0].name &&
	f.name !== '(anonymous 1:1)')) fail('another anonymous function of app.js');
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

# --- the picture agrees with the table, on every pair -------------------------
# (tests/cli/diff_agree.py: a box the JSON calls not significant is drawn
# neutral; a coloured box's function is significant, the same way)
if command -v python3 >/dev/null 2>&1; then
	for pair in regress/base:regress/head noise/base:noise/head regress/base:moved/head \
		worker/base:worker/head shards/base:shards/head \
		regress/base/run1.cpuprofile:regress/head/run1.cpuprofile; do
		run 0 diff "$D/${pair%%:*}" "$D/${pair#*:}" -o "$TMP/a.json" -o "$TMP/a.svg"
		python3 "$ROOT/tests/cli/diff_agree.py" "$TMP/a.json" "$TMP/a.svg" ||
			fail "picture and table disagree on $pair"
	done
else
	echo "python3 not found: the picture's agreement with the table is not checked"
fi

# --- the multi-thread pair: two workers, one function slower in one of them ---
# (tests/data/diff/src/shards.js: HEAD's scoreRecord does twice the work in the
# first worker, thread 2). Every output names that function and no other: the
# JSON's significant functions, the Markdown's regressions, --fail-on, and the
# picture's red boxes (only scoreRecord's, on thread 2).
run 6 diff "$D/shards/base" "$D/shards/head" --fail-on 'self>+10%' -o "$TMP/s.json" \
	-o "$TMP/s.md" -o "$TMP/s.svg"
contains "$TMP/err" "regression: --fail-on 'self>+10%': scoreRecord (shards.js, thread 2): +"
check "$TMP/s.json" "
const b = require('$D/shards/base.selftime.json'), h = require('$D/shards/head.selftime.json');
const sig = d.functions.filter((f) => f.significant);
if (sig.length !== 1 || sig[0].name !== 'scoreRecord' || sig[0].thread !== 2 || sig[0].delta_self_us <= 0)
	fail('significant: ' + JSON.stringify(sig.map((f) => [f.name, f.thread])));
// the measure over both workers: HEAD's extra time is thread 2's
const want = (h.self_us['scoreRecord shards.js'] - b.self_us['scoreRecord shards.js']) / 5;
const all = d.functions.filter((f) => f.name === 'scoreRecord').reduce((a, f) => a + f.delta_self_us, 0);
if (Math.abs(all - want) > 0.01 * Math.abs(want)) fail('scoreRecord delta ' + all + ' us, measured ' + want);
for (const n of ['processShard', 'normalizeRecord', 'generateCsv'])
	for (const f of d.functions.filter((f) => f.name === n))
		if (!(f.base_self_us > 0 && f.head_self_us > 0)) fail(n + ' not on both sides: ' + JSON.stringify(f));
"
grep '^| [^|]* (thread [0-9]) |' "$TMP/s.md" | sed -n '1p' | grep -q '^| scoreRecord (thread 2) |' ||
	fail "the Markdown's first regression is not scoreRecord (thread 2)"
[ "$(sed -n '/^#### Top regressions/,/^#### Top improvements/p' "$TMP/s.md" | grep -c '^| [^:|-]')" = 2 ] ||
	fail "the Markdown lists other regressions than scoreRecord"
awk '/<g stroke="#/ { c = $2 } /<title>/ && c !~ /"#(eeeeea|b8b8b8)">?$/ { sub(/.*<title>/, ""); print }' \
	"$TMP/s.svg" | sort -u >"$TMP/s.red"
[ "$(cat "$TMP/s.red")" = scoreRecord ] || fail "coloured boxes: $(tr '\n' ' ' <"$TMP/s.red")"

# --- source maps: names as a render gives them, before matching -------------
# the same app bundled by esbuild, then minified: without maps no app function
# matches (minified names); with them every named function of the app's
# sources is on both sides, under the names and files a render with the same
# options shows (its layout JSON)
SM=$DATA/sourcemaps
ROOTOPT="--sourcemap-root file:///srv/shop/=$SM"
run 0 diff "$SM/esbuild/app.cpuprofile" "$SM/esbuild-min/app.cpuprofile" $ROOTOPT -f json -o "$TMP/sm.json"
run 0 -m graph -f json $ROOTOPT "$SM/esbuild-min/app.cpuprofile" -o "$TMP/smr.json"
run 0 diff "$SM/esbuild/app.cpuprofile" "$SM/esbuild-min/app.cpuprofile" -f json -o "$TMP/sm0.json"
check "$TMP/sm.json" "
const r = require('$TMP/smr.json'), plain = require('$TMP/sm0.json');
const app = (f) => f.file.startsWith('app/src/') && !f.name.startsWith('(anonymous');
const rendered = new Set(r.profiles[0].frames.filter((f) => f.url.startsWith('file:///srv/shop/app/src/') && f.name)
	.map((f) => f.name + ' ' + f.url.slice('file:///srv/shop/'.length)));
const both = d.functions.filter(app);
if (both.length < 8) fail('only ' + both.length + ' app functions: ' + both.map((f) => f.name));
for (const f of both) {
	if (!(f.base_total_us > 0 && f.head_total_us > 0)) fail(f.name + ' not on both sides');
	if (!rendered.has(f.name + ' ' + f.file)) fail(f.name + ' ' + f.file + ': not a name the render shows');
}
if (plain.functions.some((f) => f.name === 'checkoutAll' && f.base_total_us > 0 && f.head_total_us > 0))
	fail('without maps the minified side matched checkoutAll');
"

# --- folded: FlameGraph's differential format --------------------------------
run 0 diff "$D/regress/base" "$D/regress/head" -f folded -o "$TMP/d.folded"
grep -q ';(anonymous 1:1) app.js;hotLoop app.js [0-9]* [0-9]*$' "$TMP/d.folded" ||
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
contains "$TMP/err" "--fail-on 'self>+10kg': the unit is %, ms, s, us, or B, kB, MB, GB for heap profiles"
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
