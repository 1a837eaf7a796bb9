#!/usr/bin/env node
// bench/diff.js: what `flamechart diff A B` costs against the two renders it
// replaces (`flamechart -m graph A` and `... B`), as a ratio of CPU time
// (user + system) measured in the same rounds, and the peak RSS of each.
//
//   node bench/diff.js --flamechart build/flamechart [--size 100M] [--rounds 4] [--runs 2]
//
// Two pairs of generated profiles (bench/gen), made once into bench/work/diff/:
//   realistic  --seed 1 against --seed 1 --rerun 2: one program run twice
//              (the same call tree, sampled again with other noise)
//   worst      --seed 1 against --seed 2: two programs that share almost no
//              function, so the aligned tree is the union of two trees
// Each round is one hyperfine -N call with --runs N of the three commands in
// turn, so that the renders and the diff share the round's load; the ratio
// is per round, and the median and the range over rounds are reported. The
// target (issue 16): diff <= 1.2 x (render A + render B). Nothing here is
// part of `meson test`: timings depend on the machine.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const BENCH = __dirname;
const WORK = path.join(BENCH, 'work', 'diff');
const OUT = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

function parseArgs(argv) {
  const o = { flamechart: null, size: '100M', rounds: 4, runs: 2 };
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i], v = () => argv[++i];
    if (a === '--flamechart') o.flamechart = path.resolve(v());
    else if (a === '--size') o.size = v();
    else if (a === '--rounds') o.rounds = Number(v());
    else if (a === '--runs') o.runs = Number(v());
    else {
      console.error('usage: node bench/diff.js --flamechart BIN [--size 100M] [--rounds 4] [--runs 2]');
      process.exit(2);
    }
  }
  if (!o.flamechart) {
    const def = path.join(BENCH, 'work', 'build', 'flamechart');
    if (!fs.existsSync(def)) {
      console.error('bench/diff.js: --flamechart BIN (or run bench/run once to build bench/work/build)');
      process.exit(2);
    }
    o.flamechart = def;
  }
  return o;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26, ...opts });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  return r;
}

function gen(o, name, args) {
  const file = path.join(WORK, `${name}-${o.size}.cpuprofile`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(WORK, { recursive: true });
    const r = run(path.join(BENCH, 'gen'), ['--size', o.size, ...args, '-o', file + '.tmp']);
    process.stderr.write(r.stderr);
    fs.renameSync(file + '.tmp', file);
  }
  return file;
}

// Peak RSS in KiB (GNU time's %M), one run.
function peakRss(argv) {
  const r = spawnSync('/usr/bin/time', ['-f', '%M', ...argv], { encoding: 'utf8' });
  if (r.status !== 0) return null;
  const lines = r.stderr.trim().split('\n');
  return Number(lines[lines.length - 1]);
}

function median(v) {
  const s = [...v].sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

function measurePair(o, label, a, b) {
  const fc = o.flamechart;
  const cmds = [
    [fc, '-m', 'graph', a, '-o', path.join(OUT, 'fc-diff-bench-a.svg')],
    [fc, '-m', 'graph', b, '-o', path.join(OUT, 'fc-diff-bench-b.svg')],
    [fc, 'diff', a, b, '-o', path.join(OUT, 'fc-diff-bench-d.svg')],
  ];
  const rounds = [];
  for (let r = 0; r < o.rounds; r++) {
    const json = path.join(OUT, 'fc-diff-bench.json');
    run('hyperfine', ['-N', '--runs', String(o.runs), '--warmup', r === 0 ? '1' : '0',
      '--export-json', json, ...cmds.map(c => c.join(' '))], { stdio: ['ignore', 'ignore', 'pipe'] });
    const res = JSON.parse(fs.readFileSync(json, 'utf8')).results;
    const cpu = res.map(x => x.user + x.system), wall = res.map(x => x.mean);
    rounds.push({
      cpu, wall, user: res.map(x => x.user),
      ratio: cpu[2] / (cpu[0] + cpu[1]),
      ratio_user: res[2].user / (res[0].user + res[1].user),
      ratio_wall: wall[2] / (wall[0] + wall[1]),
    });
    fs.unlinkSync(json);
  }
  const rss = cmds.map(peakRss);
  const size = fs.statSync(a).size + fs.statSync(b).size;
  const ratios = rounds.map(x => x.ratio);
  return {
    label, a: path.basename(a), b: path.basename(b), input_bytes: size, rounds,
    ratio_median: median(ratios), ratio_min: Math.min(...ratios), ratio_max: Math.max(...ratios),
    rss_kib: { render_a: rss[0], render_b: rss[1], diff: rss[2] },
    rss_per_input: rss[2] ? rss[2] * 1024 / size : null,
  };
}

function report(results, o) {
  const f2 = x => x.toFixed(2);
  const L = [];
  L.push(`flamechart diff against two -m graph renders: ${o.size} inputs, ${o.rounds} rounds of hyperfine -N --runs ${o.runs}`);
  L.push(`load average at the end: ${os.loadavg().map(x => x.toFixed(1)).join(' ')} on ${os.cpus().length} cores`, '');
  for (const r of results) {
    L.push(`### ${r.label}: ${r.a} vs ${r.b}`, '');
    L.push('| round | graph A (CPU s) | graph B (CPU s) | diff (CPU s) | diff / (A + B), CPU | user only | wall |');
    L.push('|---|---|---|---|---|---|---|');
    r.rounds.forEach((x, i) => L.push(`| ${i + 1} | ${f2(x.cpu[0])} | ${f2(x.cpu[1])} | ${f2(x.cpu[2])} | ${f2(x.ratio)} | ${f2(x.ratio_user)} | ${f2(x.ratio_wall)} |`));
    L.push('', `median CPU ratio **${f2(r.ratio_median)}** (${f2(r.ratio_min)}–${f2(r.ratio_max)}); target 1.2: ${r.ratio_median <= 1.2 ? 'met' : '**not met**'}`);
    const k = r.rss_kib;
    L.push(`peak RSS (KiB): graph A ${k.render_a}, graph B ${k.render_b}, diff ${k.diff} = ${f2(r.rss_per_input)} × the ${(r.input_bytes / 1e6).toFixed(0)} MB of input`, '');
  }
  return L.join('\n');
}

function main() {
  const o = parseArgs(process.argv);
  const base = gen(o, 'seed1', ['--seed', '1']);
  const rerun = gen(o, 'seed1-rerun2', ['--seed', '1', '--rerun', '2']);
  const other = gen(o, 'seed2', ['--seed', '2']);
  const results = [];
  for (const [label, b] of [['realistic (one program, two runs)', rerun],
    ['worst case (two programs)', other]]) {
    results.push(measurePair(o, label, base, b));
    console.log(report(results.slice(-1), o)); // as it comes
  }
  fs.writeFileSync(path.join(WORK, 'results.json'), JSON.stringify({ size: o.size, results }, null, 1) + '\n');
}

main();
