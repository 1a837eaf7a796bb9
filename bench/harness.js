#!/usr/bin/env node
// The benchmark harness behind bench/run (see bench/README.md).
//
// Builds nothing itself: bench/run builds flamechart, bench/gen and
// bench/yajl-scan first and passes their paths. This script makes the inputs
// (workload profiles, generated profiles), times every command against the
// floors measured in the same run, and writes bench/RESULTS.md and
// bench/results.json.
//
// A command that fails (a capability that does not exist yet, a crash, a
// timeout) becomes "n/a" with its error; the harness itself never stops on
// it.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const crypto = require('crypto');
const { spawnSync } = require('child_process');
const { shape, table: shapeTable } = require('./shape');

const BENCH = __dirname;
const ROOT = path.dirname(BENCH);
const WORK = path.join(BENCH, 'work');
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT) || 900; // per command run, s

// ---------------------------------------------------------------- options

function parseArgs(argv) {
  const o = {
    flamechart: null, gen: null, yajlScan: null, buildtype: '',
    sizes: [25, 50, 100, 200], runs: 0, quick: false, peers: true,
    workloads: true, freshWorkloads: false, wait: 20,
    results: path.join(BENCH, 'RESULTS.md'), json: path.join(BENCH, 'results.json'),
  };
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i], v = () => argv[++i];
    if (a === '--flamechart') o.flamechart = v();
    else if (a === '--gen') o.gen = v();
    else if (a === '--yajl-scan') o.yajlScan = v();
    else if (a === '--buildtype') o.buildtype = v();
    else if (a === '--sizes') o.sizes = v().split(',').map(Number).filter((x) => x > 0);
    else if (a === '--runs') o.runs = Number(v());
    else if (a === '--quick') o.quick = true;
    else if (a === '--report-only') o.reportOnly = true;
    else if (a === '--wait') o.wait = Number(v());
    else if (a === '--no-peers') o.peers = false;
    else if (a === '--no-workloads') o.workloads = false;
    else if (a === '--fresh-workloads') o.freshWorkloads = true;
    else if (a === '--results') o.results = v();
    else if (a === '--json') o.json = v();
    else throw new Error('unknown option ' + a);
  }
  if (o.reportOnly) return o;
  if (!o.flamechart || !o.gen || !o.yajlScan) throw new Error('--flamechart, --gen and --yajl-scan are required');
  for (const k of ['flamechart', 'gen', 'yajlScan', 'results', 'json']) o[k] = path.resolve(o[k]);
  return o;
}

function log(msg) {
  process.stderr.write(`bench: ${msg}\n`);
}

function sh(cmd, args, opts) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20, ...opts });
  return { status: r.status, signal: r.signal, stdout: r.stdout || '', stderr: r.stderr || '', error: r.error };
}

function which(name) {
  const r = sh('sh', ['-c', `command -v ${name}`]);
  return r.status === 0 ? r.stdout.trim() : null;
}

// ---------------------------------------------------------------- machine

function machine(o) {
  const cpuinfo = fs.readFileSync('/proc/cpuinfo', 'utf8');
  const model = (cpuinfo.match(/^model name\s*:\s*(.*)$/m) || [])[1] || os.cpus()[0].model;
  const git = (args) => sh('git', ['-C', ROOT, ...args]).stdout.trim();
  const dirty = git(['status', '--porcelain', '--', 'src', 'include', 'meson.build']) !== '';
  const yajl = sh('pkg-config', ['--modversion', 'yajl']).stdout.trim();
  const hf = which('hyperfine') ? sh('hyperfine', ['--version']).stdout.trim() : null;
  return {
    cpu: model.trim(),
    cores: os.cpus().length,
    ram_gib: +(os.totalmem() / 2 ** 30).toFixed(1),
    kernel: `${os.type()} ${os.release()}`,
    compiler: sh('cc', ['--version']).stdout.split('\n')[0],
    node: process.version,
    yajl,
    timer: hf || 'own loop (hyperfine not found)',
    flamechart_commit: git(['rev-parse', 'HEAD']) + (dirty ? ' (with uncommitted changes)' : ''),
    flamechart_commit_date: git(['log', '-1', '--format=%cI']),
    // the last commit that changed what is being timed
    flamechart_source_commit: git(['log', '-1', '--format=%h %s', '--', 'src', 'include', 'meson.build']),
    buildtype: o.buildtype || 'unknown',
    date: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------- inputs

const WORKLOADS = [
  // name, script, node flags, script args; sizes as reached on the
  // reference machine (see RESULTS.md for this run's)
  { name: 'parser', script: 'parser.js', flags: [], args: [] },
  { name: 'bundler', script: 'bundler.js', flags: ['--cpu-prof-interval', '250'], args: ['--builds', '3'] },
  { name: 'checker', script: 'checker.js', flags: ['--cpu-prof-interval', '100'], args: ['--passes', '10'] },
  // the "78 MB-class" profile for the comparison with npm flamegraph
  { name: 'checker-large', script: 'checker.js', flags: ['--cpu-prof-interval', '100'], args: ['--nodes', '300000', '--passes', '20'] },
];

function workloadKey(w) {
  const h = crypto.createHash('sha256');
  for (const f of [w.script, 'lib/project.js']) h.update(fs.readFileSync(path.join(BENCH, 'workloads', f)));
  h.update(JSON.stringify([w.flags, w.args, process.version]));
  return h.digest('hex').slice(0, 16);
}

// Runs each workload under `node --cpu-prof` once and keeps the profile;
// reruns only when the workload, its arguments or node changed.
function makeWorkloadProfiles(o) {
  const dir = path.join(WORK, 'profiles');
  fs.mkdirSync(dir, { recursive: true });
  const out = [];
  for (const w of WORKLOADS) {
    const file = path.join(dir, w.name + '.cpuprofile');
    const keyFile = file + '.key';
    const key = workloadKey(w);
    const meta = { name: w.name, kind: 'workload', file, command: '' };
    meta.command = ['node', '--cpu-prof', ...w.flags, `bench/workloads/${w.script}`, ...w.args].join(' ');
    if (!o.freshWorkloads && fs.existsSync(file) && fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) {
      meta.cached = true;
      meta.seconds = JSON.parse(fs.readFileSync(file + '.meta', 'utf8')).seconds;
      out.push(meta);
      continue;
    }
    const tmp = path.join(dir, w.name + '.tmp');
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.mkdirSync(tmp);
    log(`workload ${w.name}: ${meta.command}`);
    const t0 = process.hrtime.bigint();
    const r = sh('node', ['--cpu-prof', '--cpu-prof-dir', tmp, ...w.flags, path.join(BENCH, 'workloads', w.script), ...w.args], { cwd: ROOT, timeout: 600000 });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const made = fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => f.endsWith('.cpuprofile')) : [];
    if (r.status !== 0 || made.length !== 1) {
      meta.error = `workload failed (status ${r.status}): ${(r.stderr || String(r.error)).trim().split('\n').slice(-3).join(' / ')}`;
      log(meta.error);
      out.push(meta);
      continue;
    }
    fs.renameSync(path.join(tmp, made[0]), file);
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.writeFileSync(keyFile, key);
    fs.writeFileSync(file + '.meta', JSON.stringify({ seconds, stdout: r.stdout.trim() }));
    meta.seconds = seconds;
    out.push(meta);
  }
  return out;
}

// Generates the scaling inputs; always regenerated (about 1 s per 200 MB),
// and the checksum is recorded so that a changed generator is visible.
function makeGenerated(o) {
  const dir = path.join(WORK, 'gen');
  fs.mkdirSync(dir, { recursive: true });
  const out = [];
  for (const mb of o.sizes) {
    const file = path.join(dir, `gen-${mb}M.cpuprofile`);
    const t0 = process.hrtime.bigint();
    const r = sh(o.gen, ['--size', `${mb}M`, '--seed', '1', '-o', file]);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const meta = { name: `gen-${mb}M`, kind: 'generated', file, command: `bench/gen --size ${mb}M --seed 1`, seconds, size_mb: mb };
    if (r.status !== 0) meta.error = r.stderr.trim();
    else meta.checksum = (r.stderr.match(/fnv1a64 ([0-9a-f]+)/) || [])[1];
    log(`generated ${meta.name} in ${seconds.toFixed(2)} s ${meta.checksum || meta.error}`);
    out.push(meta);
  }
  return out;
}

// The same size and seed must give the same bytes: two runs, one checksum.
function checkDeterminism(o) {
  const sums = [0, 1].map(() => (sh(o.gen, ['--size', '3M', '--seed', '7']).stderr.match(/fnv1a64 ([0-9a-f]+)/) || [])[1]);
  const ok = !!sums[0] && sums[0] === sums[1];
  log(`generator deterministic: ${ok ? 'yes' : 'NO'} (${sums.join(' ')})`);
  return { ok, checksums: sums };
}

function corpusInputs() {
  const dir = path.join(ROOT, 'tests', 'data', 'corpus', 'real');
  const files = [];
  for (const d of fs.existsSync(dir) ? fs.readdirSync(dir) : [])
    for (const f of fs.readdirSync(path.join(dir, d)))
      if (f.endsWith('.cpuprofile')) files.push({ file: path.join(dir, d, f), group: d, bytes: fs.statSync(path.join(dir, d, f)).size });
  files.sort((a, b) => b.bytes - a.bytes);
  return files;
}

// ---------------------------------------------------------------- timing

// Busy and total CPU seconds of the whole machine so far (/proc/stat, USER_HZ
// = 100). With the times of our own command subtracted, this says how much
// of the machine other processes took while we measured.
function cpuSeconds() {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = f;
  return { busy: (user + nice + system + irq + softirq + (steal || 0)) / 100, idle: (idle + iowait) / 100 };
}

// Share of the machine busy over `ms` milliseconds while we do nothing.
function busyShare(ms) {
  const a = cpuSeconds();
  sh('sleep', [String(ms / 1000)]);
  const b = cpuSeconds();
  const busy = b.busy - a.busy, idle = b.idle - a.idle;
  return busy + idle > 0 ? busy / (busy + idle) : 0;
}

// On a shared machine, wait (up to --wait seconds per measurement, and at
// most WAIT_BUDGET_S in a whole run) until other processes leave the CPUs
// mostly idle. What was waited is recorded; the competing load during the
// measurement itself is recorded by measure().
const WAIT_BUDGET_S = 300;
let waitedTotal = 0;
function waitForQuiet(o) {
  if (!o.wait) return 0;
  const t0 = Date.now();
  while ((Date.now() - t0) / 1000 < o.wait && waitedTotal + (Date.now() - t0) / 1000 < WAIT_BUDGET_S) {
    if (busyShare(500) < 0.1) break;
  }
  const waited = (Date.now() - t0) / 1000;
  waitedTotal += waited;
  return waited;
}

function runsFor(o, probeSeconds) {
  if (o.runs > 0) return o.runs;
  if (o.quick) return 1;
  return probeSeconds < 0.5 ? 10 : probeSeconds < 3 ? 5 : 3;
}

function stats(times) {
  const s = [...times].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const sd = Math.sqrt(s.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, s.length - 1));
  return { runs: s.length, median, min: s[0], max: s[s.length - 1], mean, stddev: sd };
}

// One command: a probe run under /usr/bin/time (capability check, peak RSS,
// output size, warms the page cache), then the timed runs.
function measure(o, label, argv, extra) {
  const outFile = extra && extra.outFile;
  const timeFile = path.join(WORK, 'time.txt');
  sh('sync', []); // no writeback of earlier outputs during this one
  const waited = waitForQuiet(o);
  if (outFile) fs.rmSync(outFile, { force: true });
  const t0 = process.hrtime.bigint();
  // timeout(1) inside time(1): the limit kills the command itself, and
  // time still reports its peak RSS (the kernel's maxrss covers reaped
  // children)
  const r = sh('/usr/bin/time', ['-f', '%M %e', '-o', timeFile, 'timeout', '-k', '10', String(TIMEOUT_S), ...argv],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const probeSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const res = { label, command: argv.map((a) => (a.startsWith(ROOT + '/') ? path.relative(ROOT, a) : a)).join(' ') };
  if (waited > 1) res.waited_for_quiet_s = +waited.toFixed(1);
  if (r.status !== 0) {
    const lines = (r.stderr || '').split(ROOT + '/').join('').split('\n').filter((l) => l && !/^Command exited with non-zero status/.test(l) && !/^\d+ [\d.]+$/.test(l));
    res.error = r.status === 124 || r.status === 137 ? `timed out after ${TIMEOUT_S} s`
      : r.status > 128 && r.status < 160 ? `killed by signal ${r.status - 128}` + (lines.length ? ': ' + lines[0] : '')
      : (lines.slice(0, 2).join(' / ') || `exit status ${r.status}`);
    res.exit_status = r.status;
    log(`  ${label}: n/a (${res.error})`);
    return res;
  }
  const [rssKb] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  res.peak_rss_bytes = rssKb * 1024;
  if (outFile) {
    if (!fs.existsSync(outFile)) {
      res.error = 'exit status 0 but no output file written';
      log(`  ${label}: n/a (${res.error})`);
      return res;
    }
    res.output_bytes = fs.statSync(outFile).size;
  }
  const runs = runsFor(o, probeSeconds);
  let times = null, ownCpu = null;
  const c0 = cpuSeconds(), w0 = process.hrtime.bigint();
  if (which('hyperfine')) {
    const jf = path.join(WORK, 'hyperfine.json');
    const q = (a) => (/[^\w@%+=:,./-]/.test(a) ? `'${a.replace(/'/g, "'\\''")}'` : a);
    const h = sh('hyperfine', ['-N', '--style', 'none', '--runs', String(runs), '--export-json', jf, argv.map(q).join(' ')], { cwd: ROOT });
    if (h.status === 0) {
      const hr = JSON.parse(fs.readFileSync(jf, 'utf8')).results[0];
      times = hr.times;
      ownCpu = (hr.user + hr.system) * times.length;
    }
    else log(`  hyperfine failed, timing with own loop: ${h.stderr.trim().split('\n').pop()}`);
  }
  if (!times) {
    times = [];
    for (let i = 0; i < runs; i++) {
      const s0 = process.hrtime.bigint();
      sh(argv[0], argv.slice(1), { cwd: ROOT, stdio: 'ignore' });
      times.push(Number(process.hrtime.bigint() - s0) / 1e9);
    }
  }
  Object.assign(res, stats(times));
  // what other processes took of the machine meanwhile (0 = quiet machine);
  // without hyperfine our own CPU time is not known, so it stays unset
  // (only over windows of 2 s or more: /proc/stat counts in 10 ms ticks, and
  // hyperfine's own process spawning would dominate shorter ones)
  const wall = Number(process.hrtime.bigint() - w0) / 1e9;
  if (ownCpu !== null && wall >= 2) {
    const c1 = cpuSeconds();
    const others = Math.max(0, c1.busy - c0.busy - ownCpu) / (wall * os.cpus().length);
    res.others_cpu = +others.toFixed(3);
  }
  if (outFile) fs.rmSync(outFile, { force: true }); // outputs can be hundreds of MB
  log(`  ${label}: ${res.median.toFixed(3)} s (${res.runs} runs), ${(res.peak_rss_bytes / 1e6).toFixed(1)} MB RSS` +
    (res.others_cpu !== undefined ? `, others ${(100 * res.others_cpu).toFixed(0)} % CPU` : ''));
  return res;
}

const COMMANDS = [
  // key, label, argv builder (flamechart, file, out dir)
  ['info', 'info (import only)', (fc, f) => [fc, 'info', f]],
  ['chart_png', 'chart → PNG', (fc, f, out) => [fc, f, '-o', out + '.chart.png']],
  ['chart_svg', 'chart → SVG', (fc, f, out) => [fc, f, '-o', out + '.chart.svg']],
  ['graph_png', 'graph → PNG', (fc, f, out) => [fc, '-m', 'graph', f, '-o', out + '.graph.png']],
  ['graph_svg', 'graph → SVG', (fc, f, out) => [fc, '-m', 'graph', f, '-o', out + '.graph.svg']],
  ['json', 'layout JSON', (fc, f, out) => [fc, f, '-f', 'json', '-o', out + '.json']],
];

// Outputs go to RAM when /dev/shm is there: what is timed is flamechart,
// not the disk (the inputs are read from the page cache, too).
function outputDir() {
  for (const d of ['/dev/shm']) {
    try {
      fs.accessSync(d, fs.constants.W_OK);
      return path.join(d, `flamechart-bench-${process.pid}`);
    } catch (e) { /* not there */ }
  }
  return path.join(WORK, 'out');
}
const OUT_DIR = outputDir();

// The target ratios again, from interleaved pairs: YAJL scan, command, YAJL
// scan, command, ... each pair runs back to back, so a load that comes and
// goes on a shared machine -- or a host that changes the speed of the
// virtual CPU for seconds at a time -- hits both sides of a ratio alike. The
// verdict uses the median of the pair ratios; the ratio of the medians,
// whose two sides ran minutes apart, is shown next to it.
const PAIRED = ['info', 'chart_png', 'graph_svg'];

function wallOnce(argv) {
  const t0 = process.hrtime.bigint();
  const r = sh(argv[0], argv.slice(1), { cwd: ROOT, stdio: 'ignore' });
  return r.status === 0 ? Number(process.hrtime.bigint() - t0) / 1e9 : null;
}

function pairedRatio(o, floorArgv, argv, outFile) {
  const n = o.quick ? 1 : Math.max(11, o.runs || 0);
  const ratios = [];
  for (let i = 0; i < n; i++) {
    const a = wallOnce(floorArgv), b = wallOnce(argv);
    if (outFile) fs.rmSync(outFile, { force: true });
    if (a && b) ratios.push(b / a);
  }
  if (!ratios.length) return null;
  const st = stats(ratios);
  log(`    paired with YAJL scan: ${st.median.toFixed(2)}× (${st.min.toFixed(2)}–${st.max.toFixed(2)}, ${st.runs} pairs)`);
  return { pairs: st.runs, median: st.median, min: st.min, max: st.max };
}

// Scaling from interleaved rounds: each round runs one command on gen-50M,
// gen-100M and gen-200M back to back, and the verdict uses the median of
// the per-round ratios (the same reason as for the pairs). The YAJL scan
// runs in rounds too: its ratios show what a linear scan gives on this
// machine in the same conditions.
const SCALING_SIZES = [50, 100, 200];

function outFileOf(argv) {
  return argv[argv.length - 2] === '-o' ? argv[argv.length - 1] : null;
}

function scalingRounds(o, inputs) {
  const gens = SCALING_SIZES.map((mb) => inputs.find((i) => i.name === `gen-${mb}M`));
  if (gens.some((g) => !g || !g.m)) return null;
  const n = o.quick ? 1 : Math.max(15, o.runs || 0);
  const out = {};
  fs.mkdirSync(OUT_DIR, { recursive: true });
  log('scaling, in interleaved rounds');
  for (const [key, label, build] of [['yajl', 'YAJL scan', (fc, f) => [o.yajlScan, f]], ...COMMANDS]) {
    if (gens.some((g) => !g.m[key] || g.m[key].error)) continue;
    const steps = SCALING_SIZES.slice(1).map(() => []);
    for (let r = 0; r < n; r++) {
      const t = gens.map((g) => {
        const argv = build(o.flamechart, g.file, path.join(OUT_DIR, g.name));
        const x = wallOnce(argv);
        if (outFileOf(argv)) fs.rmSync(outFileOf(argv), { force: true });
        return x;
      });
      if (t.every(Boolean)) for (let i = 1; i < t.length; i++) steps[i - 1].push(t[i] / t[i - 1]);
    }
    if (!steps[0].length) continue;
    out[key] = { label, rounds: steps[0].length, steps: steps.map((x) => stats(x)) };
    log(`  ${label}: ` + out[key].steps.map((st, i) => `${SCALING_SIZES[i]}→${SCALING_SIZES[i + 1]} ${st.median.toFixed(2)}`).join(', ') + ` (${n} rounds)`);
  }
  return out;
}

function timeInput(o, input, peerAvailable) {
  const outDir = OUT_DIR;
  fs.mkdirSync(outDir, { recursive: true });
  const base = path.join(outDir, input.name);
  input.bytes = fs.statSync(input.file).size;
  log(`${input.name} (${(input.bytes / 1e6).toFixed(1)} MB)`);
  const m = {};
  m.cat = measure(o, 'cat', ['cat', input.file]);
  m.yajl = measure(o, 'YAJL scan', [o.yajlScan, input.file]);
  for (const [key, label, build] of COMMANDS) {
    const argv = build(o.flamechart, input.file, base);
    const outFile = outFileOf(argv);
    m[key] = measure(o, label, argv, { outFile });
    if (input.paired && PAIRED.includes(key) && !m[key].error && !m.yajl.error)
      m[key].paired = pairedRatio(o, [o.yajlScan, input.file], argv, outFile);
  }
  if (peerAvailable && input.peer) {
    const legacy = base + '.legacy.cpuprofile';
    m.peer_convert = measure(o, 'to-legacy (node)', ['node', path.join(BENCH, 'to-legacy.js'), input.file, legacy], {});
    if (!m.peer_convert.error) {
      // the converted file must exist for the peer; the probe above removed
      // nothing (no outFile), so it is there
      m.peer_flamegraph = measure(o, 'npm flamegraph', ['node', peerBin(), '-t', 'cpuprofile', '-f', legacy, '-o', base + '.flamegraph.svg'], { outFile: base + '.flamegraph.svg' });
    }
    fs.rmSync(legacy, { force: true });
  }
  return m;
}

// ---------------------------------------------------------------- peers

function peerDir() { return path.join(BENCH, 'peers'); }
function peerBin() { return path.join(peerDir(), 'node_modules', 'flamegraph', 'bin', 'flamegraph.js'); }

function setupPeer(o) {
  if (!o.peers) return { available: false, reason: 'skipped (--no-peers)' };
  if (!fs.existsSync(peerBin())) {
    if (!which('npm')) return { available: false, reason: 'npm not found' };
    log('installing npm flamegraph into bench/peers/');
    const r = sh('npm', ['install', '--no-audit', '--no-fund', '--prefix', peerDir(), 'flamegraph'], { timeout: 300000 });
    if (r.status !== 0 || !fs.existsSync(peerBin()))
      return { available: false, reason: 'npm install failed: ' + r.stderr.trim().split('\n').slice(-2).join(' / ') };
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(peerDir(), 'node_modules', 'flamegraph', 'package.json'), 'utf8'));
  return { available: true, name: 'flamegraph', version: pkg.version };
}

// ---------------------------------------------------------------- report

const MB = 1e6;
const fmtS = (s) => (s >= 100 ? s.toFixed(0) : s >= 10 ? s.toFixed(1) : s >= 1 ? s.toFixed(2) : s.toFixed(3));
const fmtMB = (b) => (b / MB >= 100 ? (b / MB).toFixed(0) : (b / MB).toFixed(1));
const fmtX = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2)) + '×';
const esc = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function ratio(m, key, floor) {
  const a = m[key], b = m[floor];
  if (!a || a.error || !b || b.error || !b.median) return null;
  return a.median / b.median;
}

function verdict(ok) {
  return ok === null ? 'n/a' : ok ? '**met**' : '**not met**';
}

// " †" when one of the measurements behind a number ran on a busy machine
function dagger(...ms) {
  return ms.some((m) => m && m.others_cpu > NOISY) ? ' †' : '';
}

function evaluateTargets(r) {
  const targets = [];
  const byName = (n) => r.inputs.find((i) => i.name === n);
  const big = byName(`gen-${Math.max(...r.options.sizes)}M`);
  const bigLabel = big ? `${big.name} (${fmtMB(big.bytes)} MB)` : 'largest generated input';
  const limitRow = (what, key, limit) => {
    const m = big && big.m;
    const medians = m ? ratio(m, key, 'yajl') : null;
    const p = m && m[key] && m[key].paired;
    const x = p ? p.median : medians;
    let measured;
    if (!m) measured = 'n/a: input missing';
    else if (m[key] && m[key].error) measured = `n/a: ${esc(m[key].error)}`;
    else {
      const fromMedians = `${fmtX(medians)} (${fmtS(m[key].median)} s vs ${fmtS(m.yajl.median)} s)` + dagger(m[key], m.yajl);
      measured = p ? `${fmtX(p.median)}: median of ${p.pairs} interleaved pairs (${p.min.toFixed(2)}–${p.max.toFixed(2)}); ratio of the medians ${fromMedians}`
        : fromMedians;
    }
    targets.push({ target: `${what} on ${bigLabel} ≤ ${limit} × YAJL scan`, measured, ok: x === null ? null : x <= limit });
  };
  limitRow('`info`', 'info', 1.5);
  limitRow('chart → PNG (default size)', 'chart_png', 2.5);
  limitRow('graph → SVG', 'graph_svg', 2.5);

  // ≥ 10× faster than npm flamegraph on the 78 MB-class real profile
  const large = byName('checker-large');
  {
    let measured = 'n/a', ok = null;
    const m = large && large.m;
    if (!large || !m) measured = 'n/a: no 78 MB-class profile';
    else if (!m.peer_flamegraph) measured = `n/a: ${esc(r.peer.reason || 'peer not run')}`;
    else if (m.peer_flamegraph.error) measured = `n/a: npm flamegraph failed: ${esc(m.peer_flamegraph.error)}`;
    else if (m.graph_svg.error) {
      const peer = m.peer_convert.median + m.peer_flamegraph.median;
      measured = `n/a: flamechart graph → SVG: ${esc(m.graph_svg.error)} (npm flamegraph: ${fmtS(peer)} s incl. conversion)`;
    } else {
      const peer = m.peer_convert.median + m.peer_flamegraph.median;
      const x = peer / m.graph_svg.median;
      measured = `${fmtX(x)} faster (${fmtS(m.graph_svg.median)} s vs ${fmtS(peer)} s incl. ${fmtS(m.peer_convert.median)} s conversion)` +
        dagger(m.graph_svg, m.peer_convert, m.peer_flamegraph);
      ok = x >= 10;
    }
    targets.push({ target: `graph → SVG ≥ 10 × faster than npm flamegraph on ${large ? `${large.name} (${fmtMB(large.bytes)} MB, real)` : 'the 78 MB-class real profile'}`, measured, ok });
  }

  // peak RSS ≤ 0.5 × input for inputs over 50 MB
  {
    const rows = [];
    for (const inp of r.inputs) {
      if (!inp.m || inp.bytes <= 50 * MB) continue;
      for (const [key, label] of COMMANDS) {
        const x = inp.m[key];
        if (x && !x.error) rows.push({ what: `${inp.name} ${label}`, k: x.peak_rss_bytes / inp.bytes });
      }
    }
    rows.sort((a, b) => b.k - a.k);
    const bad = rows.filter((x) => x.k > 0.5);
    const worstPer = COMMANDS.map(([, label]) => rows.find((x) => x.what.endsWith(' ' + label))).filter(Boolean);
    targets.push({
      target: 'peak RSS ≤ 0.5 × input size, every flamechart command on inputs over 50 MB',
      measured: rows.length ? 'worst per command: ' + worstPer.map((x) => `${x.k.toFixed(2)}× (${x.what})`).join(', ') +
        (bad.length ? `; over 0.5×: ${bad.length} of ${rows.length}` : '') : 'n/a',
      ok: rows.length ? bad.length === 0 : null,
    });
  }

  // scaling 50 → 100 → 200 MB
  for (const [key, label] of COMMANDS) {
    const pts = [50, 100, 200].map((s) => byName(`gen-${s}M`)).map((i) => i && i.m && i.m[key]);
    let measured, ok = null;
    if (pts.some((p) => !p)) measured = 'n/a: needs gen-50M, gen-100M, gen-200M';
    else if (pts.some((p) => p.error)) measured = `n/a: ${esc(pts.find((p) => p.error).error)}`;
    else {
      const a = pts[1].median / pts[0].median, b = pts[2].median / pts[1].median;
      const rounds = r.scaling && r.scaling[key], floor = r.scaling && r.scaling.yajl;
      const fromMedians = `50→100: ${a.toFixed(2)}, 100→200: ${b.toFixed(2)}` + dagger(...pts);
      if (rounds) {
        const [x, y] = rounds.steps;
        measured = `50→100: ${x.median.toFixed(2)} (${x.min.toFixed(2)}–${x.max.toFixed(2)}), 100→200: ${y.median.toFixed(2)} ` +
          `(${y.min.toFixed(2)}–${y.max.toFixed(2)}), medians of ${rounds.rounds} interleaved rounds` +
          (floor ? ` (YAJL scan in the same rounds: ${floor.steps.map((st) => st.median.toFixed(2)).join(', ')})` : '') +
          `; from the medians of the separate runs: ${fromMedians}`;
        ok = [x, y].every((st) => st.median >= 1.8 && st.median <= 2.2);
      } else {
        measured = fromMedians;
        ok = a >= 1.8 && a <= 2.2 && b >= 1.8 && b <= 2.2;
      }
    }
    targets.push({ target: `scaling of ${label}: time ratio per doubling in [1.8, 2.2]`, measured, ok });
  }

  // output sizes at default width
  for (const [ext, limit] of [['svg', 2], ['png', 1.5]]) {
    let worst = null, n = 0, err = null;
    for (const inp of r.inputs) {
      for (const key of [`chart_${ext}`, `graph_${ext}`]) {
        const x = inp.m && inp.m[key];
        if (!x) continue;
        if (x.error) { err = err || x.error; continue; }
        n++;
        if (!worst || x.output_bytes > worst.bytes) worst = { bytes: x.output_bytes, what: `${inp.name} ${key.replace('_', ' → ').replace(ext, ext.toUpperCase())}` };
      }
    }
    targets.push({
      target: `${ext.toUpperCase()} output ≤ ${limit} MB at default width (every input, chart and graph)`,
      measured: worst ? `largest ${fmtMB(worst.bytes)} MB (${worst.what}; ${n} files)` : `n/a: ${esc(err || 'nothing rendered')}`,
      ok: worst ? worst.bytes <= limit * MB : null,
    });
  }
  return targets;
}

const NOISY = 0.1; // other processes took more than 10 % of the machine

function cell(m, key) {
  const x = m[key];
  if (!x) return '—';
  if (x.error) return 'n/a';
  const k = ratio(m, key, 'yajl');
  return `${fmtS(x.median)} s` + (k !== null && key !== 'yajl' ? ` (${fmtX(k)})` : '') + (x.others_cpu > NOISY ? ' †' : '');
}

function noiseNote(r) {
  const all = [];
  for (const inp of r.inputs) for (const k of Object.keys(inp.m || {})) if (inp.m[k].others_cpu !== undefined) all.push(inp.m[k].others_cpu);
  if (!all.length) return 'Competing load was not measured (no hyperfine, or every measurement took under 2 s).';
  const wait = r.waited_for_quiet_s ? `Before measuring, the harness waited ${r.waited_for_quiet_s} s in all for other processes to go quiet. ` : '';
  const noisy = all.filter((x) => x > NOISY).length;
  const big = r.inputs.filter((i) => i.kind === 'generated' && i.m && i.m.yajl && !i.m.yajl.error).pop();
  const y = big && big.m.yajl;
  const speed = y && y.max / y.min > 1.15
    ? ` The YAJL scan of ${big.name} took ${fmtS(y.min)}–${fmtS(y.max)} s over ${y.runs} runs (${(y.max / y.min).toFixed(2)}×): ` +
      'the speed of the machine itself changed while it was measured, which no other process explains; ' +
      'this is why the verdicts use back-to-back measurements (interleaved pairs and rounds) rather than medians taken minutes apart.'
    : '';
  return wait + `Other processes used ${(100 * Math.min(...all)).toFixed(0)}–${(100 * Math.max(...all)).toFixed(0)} % of the machine's CPU ` +
    `while the commands were timed (from /proc/stat minus the commands' own CPU time; measured for the ${all.length} ` +
    'measurements that took 2 s or more); ' +
    (noisy ? `**${noisy} of ${all.length} measurements ran with more than ${100 * NOISY} % taken by others (marked †)**: their times are ` +
      'inflated and their ratios less reliable; rerun on a quiet machine to confirm them.' : 'the machine was quiet.') + speed;
}

function renderMarkdown(r) {
  const L = [];
  const mc = r.machine;
  L.push('# Benchmark results', '');
  L.push(`Written by \`bench/run\` on ${mc.date.slice(0, 10)}. How to read and rerun it: \`bench/README.md\`. ` +
    'All ratios compare times measured in this one run on this one machine; times are medians of ' +
    `repeated runs (${r.options.quick ? '1 run each: --quick' : '3 to 10 runs, after a probe run that warms the page cache'}), spread is min–max.`, '');
  L.push('## Machine', '');
  L.push('| | |', '|---|---|');
  L.push(`| CPU | ${mc.cpu} |`, `| cores | ${mc.cores} |`, `| RAM | ${mc.ram_gib} GiB |`, `| kernel | ${mc.kernel} |`);
  L.push(`| compiler | ${mc.compiler} |`, `| flamechart | \`${mc.flamechart_commit}\` (${mc.flamechart_commit_date}), meson buildtype \`${mc.buildtype}\` |`);
  L.push(`| last change to src/, include/, meson.build | ${esc(mc.flamechart_source_commit)} |`);
  L.push(`| YAJL | ${mc.yajl} |`, `| node | ${mc.node} |`, `| timer | ${mc.timer} |`);
  L.push(`| npm flamegraph | ${r.peer.available ? r.peer.version : 'not available: ' + esc(r.peer.reason)} |`, '');

  L.push('## Targets', '');
  L.push('| target | measured | verdict |', '|---|---|---|');
  for (const t of r.targets) L.push(`| ${t.target} | ${t.measured} | ${verdict(t.ok)} |`);
  L.push('');
  if (r.targets.some((t) => t.measured.includes('†')))
    L.push('† at least one measurement behind the number ran while other processes took more than ' +
      `${100 * NOISY} % of the machine (see "Times"): the verdict needs a rerun on a quiet machine.`, '');

  L.push('## Times', '');
  L.push('Median wall time; in brackets the multiple of the YAJL scan of the same file (`bench/yajl-scan`: YAJL with ' +
    'callbacks that do nothing, UTF-8 validation off). `cat` is `cat FILE >/dev/null` from the page cache. ' +
    `Outputs are written to ${r.output_dir}. ` +
    '"n/a": the command failed; the reasons are listed below the tables.', '');
  L.push(noiseNote(r), '');
  const cols = ['cat', 'yajl', ...COMMANDS.map((c) => c[0])];
  const heads = ['cat', 'YAJL scan', ...COMMANDS.map((c) => c[1])];
  L.push('| input | MB | ' + heads.join(' | ') + ' |');
  L.push('|---|---:|' + cols.map(() => '---:').join('|') + '|');
  for (const inp of r.inputs) {
    if (!inp.m) { L.push(`| ${inp.name} | — | ${esc(inp.error || 'missing')} |`); continue; }
    L.push(`| ${inp.name} | ${fmtMB(inp.bytes)} | ` + cols.map((c) => cell(inp.m, c)).join(' | ') + ' |');
  }
  L.push('');

  L.push('### Spread, peak RSS and output size', '');
  L.push("| input | command | median s | min–max s | runs | others' CPU | peak RSS MB | RSS / input | output |");
  L.push('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const inp of r.inputs) {
    if (!inp.m) continue;
    for (const key of Object.keys(inp.m)) {
      const x = inp.m[key];
      if (x.error) continue;
      L.push(`| ${inp.name} | ${x.label} | ${fmtS(x.median)} | ${fmtS(x.min)}–${fmtS(x.max)} | ${x.runs} | ` +
        `${x.others_cpu !== undefined ? (100 * x.others_cpu).toFixed(0) + ' %' : ''} | ${fmtMB(x.peak_rss_bytes)} | ` +
        `${(x.peak_rss_bytes / inp.bytes).toFixed(2)} | ${x.output_bytes !== undefined ? fmtMB(x.output_bytes) + ' MB' : ''} |`);
    }
  }
  L.push('');

  L.push('## Scaling (generated inputs)', '');
  L.push('Time and peak RSS per size; "×2" is the time ratio to the size before it (ideal: 2.0 per doubling).', '');
  const gens = r.inputs.filter((i) => i.kind === 'generated' && i.m);
  L.push('| command | ' + gens.map((g) => `${g.name}: s (×2) / RSS MB`).join(' | ') + ' |');
  L.push('|---|' + gens.map(() => '---:').join('|') + '|');
  for (const [key, label] of [['cat', 'cat'], ['yajl', 'YAJL scan'], ...COMMANDS.map((c) => [c[0], c[1]])]) {
    const cells = gens.map((g, i) => {
      const x = g.m[key];
      if (!x || x.error) return 'n/a';
      const prev = i > 0 && gens[i - 1].m[key];
      const dbl = prev && !prev.error && gens[i].size_mb === 2 * gens[i - 1].size_mb ? ` (${(x.median / prev.median).toFixed(2)})` : '';
      return `${fmtS(x.median)}${dbl} / ${fmtMB(x.peak_rss_bytes)}`;
    });
    L.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  L.push('');

  if (r.scaling) {
    const keys = Object.keys(r.scaling);
    L.push('Interleaved rounds (the verdicts): each round runs one command on ' +
      SCALING_SIZES.map((mb) => `gen-${mb}M`).join(', ') + ' back to back; median of the per-round time ratios (min–max).', '');
    L.push('| command | rounds | ' + SCALING_SIZES.slice(1).map((mb, i) => `${SCALING_SIZES[i]}→${mb} MB`).join(' | ') + ' |');
    L.push('|---|---:|' + SCALING_SIZES.slice(1).map(() => '---:').join('|') + '|');
    for (const k of keys) {
      const x = r.scaling[k];
      L.push(`| ${x.label} | ${x.rounds} | ` + x.steps.map((st) => `${st.median.toFixed(2)} (${st.min.toFixed(2)}–${st.max.toFixed(2)})`).join(' | ') + ' |');
    }
    L.push('');
  }

  L.push('## Peer: npm flamegraph', '');
  if (!r.peer.available) L.push(`Not run: ${esc(r.peer.reason)}.`, '');
  else {
    L.push(`npm \`flamegraph\` ${r.peer.version} reads only the pre-2016 nested \`head\` shape, so each profile is first ` +
      'converted by `bench/to-legacy.js` (node, timed separately); the peer then renders a merged flame graph SVG. ' +
      'The comparable flamechart command is graph → SVG.', '');
    L.push('| input | MB | convert s | flamegraph s | total s | output MB | flamechart graph → SVG s | speed-up |');
    L.push('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const inp of r.inputs) {
      const m = inp.m;
      if (!m || !m.peer_convert) continue;
      const c = m.peer_convert, f = m.peer_flamegraph;
      if (c.error || !f || f.error) {
        L.push(`| ${inp.name} | ${fmtMB(inp.bytes)} | n/a: ${esc((c.error || (f && f.error)) || '')} | | | | | |`);
        continue;
      }
      const total = c.median + f.median;
      const fc = m.graph_svg;
      L.push(`| ${inp.name} | ${fmtMB(inp.bytes)} | ${fmtS(c.median)} | ${fmtS(f.median)} | ${fmtS(total)} | ${fmtMB(f.output_bytes || 0)} | ` +
        (fc.error ? 'n/a | n/a |' : `${fmtS(fc.median)} | ${fmtX(total / fc.median)} |`));
    }
    L.push('');
  }

  L.push('## Inputs', '');
  const det = r.generator_deterministic;
  L.push(`Generator determinism check (\`bench/gen --size 3M --seed 7\` twice): ${det.ok ? 'same bytes' : '**different bytes**'} (${det.checksums.join(', ')}).`, '');
  L.push('| input | kind | MB | how it was made | seconds to make | checksum (FNV-1a 64) |', '|---|---|---:|---|---:|---|');
  for (const inp of r.inputs)
    L.push(`| ${inp.name} | ${inp.kind} | ${inp.bytes ? fmtMB(inp.bytes) : '—'} | \`${esc(inp.command)}\`${inp.cached ? ' (kept from an earlier run)' : ''} | ` +
      `${inp.seconds !== undefined ? inp.seconds.toFixed(1) : ''} | ${inp.checksum || ''} |`);
  L.push('');

  L.push('## Shape: generated vs real profiles', '');
  L.push('Measured by `bench/shape.js` (independent of flamechart). Real: the largest profiles in ' +
    '`tests/data/corpus/real/` and the workload profiles made in this run; generated: `bench/gen`. ' +
    '"frames/node": distinct call frames as a share of nodes; "mean depth": stack depth averaged over samples; ' +
    '"shared prefix": share of a sample\'s stack that the previous sample also had; "hitCount>0" and ' +
    '"positionTicks": share of nodes carrying them; "id = index+1": nodes whose id equals their position ' +
    '(node numbers nodes in creation order and lists them in pre-order).', '');
  L.push(shapeTable(r.shapes), '');

  const na = [];
  for (const inp of r.inputs) {
    if (inp.error) na.push(`- ${inp.name}: ${esc(inp.error)}`);
    for (const k of Object.keys(inp.m || {})) if (inp.m[k].error) na.push(`- ${inp.name}, ${inp.m[k].label}: \`${esc(inp.m[k].error)}\``);
  }
  L.push('## n/a', '');
  L.push(na.length ? na.join('\n') : 'Nothing: every command ran.', '');
  return L.join('\n');
}

// ---------------------------------------------------------------- main

function main() {
  const o = parseArgs(process.argv);
  if (o.reportOnly) {
    // re-render RESULTS.md from results.json (after a change to the report)
    const r = JSON.parse(fs.readFileSync(o.json, 'utf8'));
    r.targets = evaluateTargets(r);
    fs.writeFileSync(o.json, JSON.stringify(r, null, 1) + '\n');
    fs.writeFileSync(o.results, renderMarkdown(r));
    return;
  }
  fs.mkdirSync(WORK, { recursive: true });
  const r = { options: { sizes: o.sizes, quick: o.quick, runs: o.runs }, machine: machine(o) };
  r.peer = setupPeer(o);

  const inputs = [];
  const corpus = corpusInputs();
  if (corpus.length) {
    const c = corpus[0];
    inputs.push({ name: `corpus-${c.group}`, kind: 'real (corpus)', file: c.file, command: `tests/data/corpus/real/${c.group}/${path.basename(c.file)}`, peer: true });
  }
  if (o.workloads) for (const w of makeWorkloadProfiles(o)) inputs.push({ ...w, kind: 'real (workload)', peer: true });
  inputs.push(...makeGenerated(o));
  const largest = inputs.filter((i) => i.kind === 'generated').pop();
  if (largest) largest.paired = true; // the target input
  r.generator_deterministic = checkDeterminism(o);

  for (const inp of inputs) {
    if (inp.error || !fs.existsSync(inp.file)) { inp.error = inp.error || 'input missing'; continue; }
    inp.m = timeInput(o, inp, r.peer.available);
  }
  r.scaling = scalingRounds(o, inputs);
  r.inputs = inputs.map((i) => ({ ...i, file: path.relative(ROOT, i.file) }));

  log('shape statistics');
  const shapeFiles = [...corpus.slice(0, 3).map((c) => c.file), ...inputs.filter((i) => !i.error && i.kind !== 'real (corpus)').map((i) => i.file)];
  r.shapes = shapeFiles.map((f) => {
    const s = shape(f);
    const inp = inputs.find((i) => i.file === f);
    if (inp) s.file = inp.name;
    else s.file = 'corpus ' + path.basename(path.dirname(f)) + '/' + s.file.replace(/^CPU\.|\.cpuprofile$/g, '');
    return s;
  });

  fs.rmSync(OUT_DIR, { recursive: true, force: true });
  r.output_dir = OUT_DIR.startsWith('/dev/shm') ? 'tmpfs (/dev/shm)' : path.relative(ROOT, OUT_DIR);
  r.waited_for_quiet_s = +waitedTotal.toFixed(0);
  r.targets = evaluateTargets(r);
  fs.writeFileSync(o.json, JSON.stringify(r, null, 1) + '\n');
  fs.writeFileSync(o.results, renderMarkdown(r));
  log(`wrote ${path.relative(ROOT, o.results)} and ${path.relative(ROOT, o.json)}`);
  for (const t of r.targets) log(`${verdict(t.ok).replace(/\*/g, '').padEnd(8)} ${t.target}: ${t.measured}`);
}

main();
