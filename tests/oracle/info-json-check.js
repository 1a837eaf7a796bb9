#!/usr/bin/env node
// Checks `flamechart info --json` against numbers computed here with
// JSON.parse (.cpuprofile, modern or legacy shape; Chrome trace events and
// JS Self-Profiling traces, per thread, read by read-profiles.js), for
// every profile info reports: duration, sampled and CPU time,
// samples, median interval, nodes, functions, max depth, the self time of
// the top functions and the total time (on the stack, recursion counted
// once, the root left out) of the top functions by total time. The JSON's
// tiers must add up to the sampled time and the shared fields be there.
// Usage: info-json-check.js PROFILE INFO_JSON_FILE [INDEX]; INFO_JSON_FILE
// "-" when info refused the file (then no profile may be found here either).
// Exit 1 on a mismatch.
'use strict';
const fs = require('fs');
const [file, jsonFile, index] = process.argv.slice(2);
const { readProfiles } = require('./read-profiles.js');
const read = readProfiles(file);
// "-": info refused the file (no sampled thread); so must we
if (jsonFile === '-') {
  const n = read.profiles.length;
  console.log(`${file}: ${n ? `${n} profiles here, but info found none` : 'no profile, as info says'}`);
  process.exit(n ? 1 : 0);
}
const doc = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
let bad = 0;
if (read.profiles.length !== doc.profiles.length) {
  console.log(`${file}: info --json has ${doc.profiles.length} profiles, expected ${read.profiles.length}`);
  process.exit(1);
}
const only = index === undefined ? null : Number(index);
read.profiles.forEach((p, i) => { if (only === null || only === i) check(p, doc.profiles[i], read.profiles.length > 1 ? `${file} [${i}]` : file); });
process.exit(bad ? 1 : 0);

function check(p, info, file) {
// legacy shape: a nested tree under head, header times in seconds,
// absolute timestamps (one more than samples: the last one's end)
let lastEnd = p.lastEnd;
if (p.head) {
  p.nodes = [];
  const stack = [p.head];
  while (stack.length) {
    const n = stack.pop();
    p.nodes.push({ id: n.id, callFrame: n, children: (n.children || []).map(c => c.id) });
    for (const c of n.children || []) stack.push(c);
  }
  p.startTime = Math.round(p.startTime * 1e6); p.endTime = Math.round(p.endTime * 1e6);
  const ts = p.timestamps;
  if (ts.length > p.samples.length) lastEnd = ts[p.samples.length];
  p.timeDeltas = p.samples.map((_, i) => ts[i] - (i ? ts[i - 1] : p.startTime));
}
const before = bad;
const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
function expect(label, got, want) {
  const ok = typeof want === 'number' ? typeof got === 'number' && close(got, want) : got === want;
  if (!ok) { console.log(`${file}: ${label}: info --json says ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`); bad++; }
}
// the tree: parent links from children (or parent fields), depth, pre-order
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children || []) if (byId.has(c) && !parent.has(c)) parent.set(c, n.id);
for (const n of p.nodes) if (!parent.has(n.id) && n.parent !== undefined && byId.has(n.parent)) parent.set(n.id, n.parent);
let maxDepth = 0;
for (const n of p.nodes) { let d = 0, id = n.id; while (parent.has(id)) { id = parent.get(id); d++; } maxDepth = Math.max(maxDepth, d); }
const { frameKey: key } = require('./frame-key.js');
const functions = new Set(p.nodes.filter(n => parent.has(n.id)).map(n => key(n.callFrame)));
// samples, sorted by time; the last lasts the average interval (DevTools)
const n = Math.min(p.samples.length, p.timeDeltas.length);
let t = p.startTime; const ts = [];
for (let i = 0; i < n; i++) { t += p.timeDeltas[i]; ts.push(t); }
const order = ts.map((_, i) => i).sort((a, b) => ts[a] - ts[b]);
const times = order.map(i => ts[i]), ids = order.map(i => p.samples[i]);
const end = lastEnd !== undefined ? lastEnd : n === 1 ? Math.max(p.endTime, times[0]) : times[n - 1] + (times[n - 1] - times[0]) / (n - 1);
const dur = i => (i + 1 < n ? times[i + 1] : end) - times[i];
let sampled = 0, idle = 0;
const self = new Map(), total = new Map();
for (let i = 0; i < n; i++) {
  const d = dur(i); sampled += d;
  const node = byId.get(ids[i]);
  const k = key(node.callFrame);
  self.set(k, (self.get(k) || 0) + d);
  if (node.callFrame.functionName === '(idle)' && parent.has(node.id)) idle += d;
  // total: every function on the stack once, the root (no parent) left out
  const seen = new Set();
  for (let id = ids[i]; parent.has(id); id = parent.get(id)) seen.add(key(byId.get(id).callFrame));
  for (const s of seen) total.set(s, (total.get(s) || 0) + d);
}
const deltas = []; for (let i = 1; i < n; i++) deltas.push(times[i] - times[i - 1]);
deltas.sort((a, b) => a - b);
const median = deltas.length === 0 ? 0 : deltas.length % 2 ? deltas[(deltas.length - 1) / 2]
  : (deltas[deltas.length / 2 - 1] + deltas[deltas.length / 2]) / 2;
expect('duration_ms', info.duration_ms, (p.endTime > p.startTime ? p.endTime - p.startTime : sampled) / 1000);
expect('sampled_ms', info.sampled_ms, sampled / 1000);
expect('cpu_ms', info.cpu_ms, (sampled - idle) / 1000);
expect('idle_ms', info.idle_ms, idle / 1000);
expect('samples', info.samples, n);
expect('interval_ms', info.interval_ms, median / 1000);
expect('nodes', info.nodes, p.nodes.length);
expect('functions', info.functions, functions.size);
expect('max_depth', info.max_depth, maxDepth);
expect('sum of tiers_ms', Object.values(info.tiers_ms).reduce((a, b) => a + b, 0), sampled / 1000);
for (const f of ['file', 'title', 'packages_ms', 'top', 'top_total']) if (!(f in info)) { console.log(`${file}: no ${f}`); bad++; }
// top lists: the values in order (names may tie)
const want = (m, k) => [...m.values()].sort((a, b) => b - a).slice(0, k);
const selfs = want(self, info.top.length), totals = want(total, info.top_total.length);
if (info.top.length !== Math.min(self.size, info.top.length) || info.top.length === 0 && self.size) { console.log(`${file}: top has ${info.top.length}`); bad++; }
info.top.forEach((e, i) => expect(`top[${i}].self_ms (${e.name})`, e.self_ms, selfs[i] / 1000));
info.top_total.forEach((e, i) => expect(`top_total[${i}].total_ms (${e.name})`, e.total_ms, totals[i] / 1000));
// a function's total time as listed in top matches ours too
for (const e of info.top_total) {
  const k = [...total.keys()].find(k => (k.startsWith(e.name + '\u0001' + e.url + '\u0001') || !e.url && k.startsWith(e.name + '\u0001\u0002')) && close(total.get(k) / 1000, e.total_ms));
  if (!k) { console.log(`${file}: top_total ${e.name} ${e.url}: no function with total ${e.total_ms} ms`); bad++; }
}
if (bad === before) console.log(`${file}: ok (${read.format}, ${info.top.length} + ${info.top_total.length} functions)`);
}
