#!/usr/bin/env node
// Checks `flamechart info` against numbers computed here with JSON.parse
// (modern .cpuprofile only): duration, sampled time, samples, median
// interval, nodes, functions, max depth, and the self time of the top
// functions. Usage: info-check.js PROFILE INFO_OUTPUT_FILE. Exit 1 on a
// mismatch.
'use strict';
const fs = require('fs');
const [file, infoFile] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const info = fs.readFileSync(infoFile, 'utf8');
let bad = 0;
function expect(label, value) {
  const re = new RegExp('^  ' + label + '\\s+(.*)$', 'm');
  const m = info.match(re);
  if (!m || m[1] !== value) { console.log(`${label}: info says '${m && m[1]}', expected '${value}'`); bad++; }
}
const ms = us => (us / 1000).toFixed(3) + ' ms';
// tree
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children || []) if (byId.has(c) && !parent.has(c)) parent.set(c, n.id);
for (const n of p.nodes) if (!parent.has(n.id) && n.parent !== undefined && byId.has(n.parent)) parent.set(n.id, n.parent);
let maxDepth = 0;
for (const n of p.nodes) { let d = 0, id = n.id; while (parent.has(id)) { id = parent.get(id); d++; } maxDepth = Math.max(maxDepth, d); }
const { frameKey: key } = require('./frame-key.js');
const functions = new Set(p.nodes.filter(n => parent.has(n.id)).map(n => key(n.callFrame)));
// samples
const n = Math.min(p.samples.length, p.timeDeltas.length);
let t = p.startTime; const ts = [];
for (let i = 0; i < n; i++) { t += p.timeDeltas[i]; ts.push(t); }
const order = ts.map((_, i) => i).sort((a, b) => ts[a] - ts[b]);
const times = order.map(i => ts[i]), ids = order.map(i => p.samples[i]);
let end = n === 1 ? Math.max(p.endTime, times[0]) : times[n - 1] + (times[n - 1] - times[0]) / (n - 1);
const dur = i => (i + 1 < n ? times[i + 1] : end) - times[i];
let sampled = 0; const self = new Map();
for (let i = 0; i < n; i++) {
  const d = dur(i); sampled += d;
  const k = key(byId.get(ids[i]).callFrame);
  self.set(k, (self.get(k) || 0) + d);
}
const deltas = []; for (let i = 1; i < n; i++) deltas.push(times[i] - times[i - 1]);
deltas.sort((a, b) => a - b);
const median = deltas.length === 0 ? 0 : deltas.length % 2 ? deltas[(deltas.length - 1) / 2]
  : (deltas[deltas.length / 2 - 1] + deltas[deltas.length / 2]) / 2;
expect('duration', ms(p.endTime - p.startTime));
expect('sampled', ms(sampled));
expect('samples', String(n));
expect('interval', ms(median) + ' (median)');
expect('nodes', String(p.nodes.length));
expect('functions', String(functions.size));
expect('max depth', String(maxDepth));
// top functions: compare the self column, in order
const top = [...self.entries()].sort((a, b) => b[1] - a[1] || (a[0].split('\u0001')[0] < b[0].split('\u0001')[0] ? -1 : 1)).slice(0, 15);
// the functions' table only (the hot lines follow it)
const rows = info.split(/\n  top \d+ lines by self time/)[0].split('\n').filter(l => /^ {4}\s*[0-9.]+\s+[0-9.]+%/.test(l)).map(l => l.trim().split(/\s+/)[0]);
top.forEach(([k, v], i) => {
  if (rows[i] !== (v / 1000).toFixed(3)) { console.log(`top[${i}] ${k.split('\u0001')[0]}: info ${rows[i]}, expected ${(v / 1000).toFixed(3)}`); bad++; }
});
if (rows.length !== top.length) { console.log(`top rows: ${rows.length}, expected ${top.length}`); bad++; }
process.exit(bad ? 1 : 0);
