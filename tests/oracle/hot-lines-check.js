#!/usr/bin/env node
// Checks the hot lines of `flamechart info --json --top N` against a count
// made here with JSON.parse from a .cpuprofile's positionTicks: a node's
// self time (its samples' durations, the last lasting the average interval)
// spread over its lines by their ticks, summed per (function, url, line).
// Each listed line must have this time and these ticks, the list must be
// the heaviest lines in order, and the lines of every function whose
// sampled nodes all carry positionTicks must add up to its self time.
// Usage: hot-lines-check.js PROFILE INFO_JSON_FILE. Exit 1 on a mismatch.
'use strict';
const fs = require('fs');
const [file, jsonFile] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
if (!p.nodes) { console.log(`${file}: not the modern .cpuprofile shape`); process.exit(2); }
const info = JSON.parse(fs.readFileSync(jsonFile, 'utf8')).profiles[0];
let bad = 0;
const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
const fail = msg => { console.log(`${file}: ${msg}`); bad++; };

const byId = new Map(p.nodes.map(n => [n.id, n]));
const n = Math.min(p.samples.length, p.timeDeltas.length);
let t = p.startTime; const ts = [];
for (let i = 0; i < n; i++) { t += p.timeDeltas[i]; ts.push(t); }
const order = ts.map((_, i) => i).sort((a, b) => ts[a] - ts[b]);
const times = order.map(i => ts[i]), ids = order.map(i => p.samples[i]);
const end = n === 1 ? Math.max(p.endTime, times[0]) : times[n - 1] + (times[n - 1] - times[0]) / (n - 1);
const self = new Map();
for (let i = 0; i < n; i++) self.set(ids[i], (self.get(ids[i]) || 0) + (i + 1 < n ? times[i + 1] : end) - times[i]);

// per line: time and raw ticks; per function: self time, and whether every
// node of it with self time has ticks
const lines = new Map(), fnSelf = new Map(), fnCovered = new Map();
const fnKey = cf => `${cf.functionName}\u0001${cf.url}\u0001${cf.lineNumber + 1}\u0001${cf.columnNumber + 1}`;
for (const node of p.nodes) {
  const cf = node.callFrame, s = self.get(node.id) || 0, fk = fnKey(cf);
  const ticks = (node.positionTicks || []).filter(x => x.line > 0 && x.ticks > 0);
  const sum = ticks.reduce((a, x) => a + x.ticks, 0);
  fnSelf.set(fk, (fnSelf.get(fk) || 0) + s);
  if (s > 0 && (!sum || !cf.url)) fnCovered.set(fk, false);
  else if (!fnCovered.has(fk)) fnCovered.set(fk, true);
  if (!cf.url || !s) continue;
  for (const x of ticks) {
    const k = `${fk}\u0001${x.line}`;
    const e = lines.get(k) || { us: 0, ticks: 0 };
    e.us += sum && s ? s * x.ticks / sum : 0; e.ticks += x.ticks;
    lines.set(k, e);
  }
}
const heaviest = [...lines.values()].filter(e => e.us > 0).map(e => e.us).sort((a, b) => b - a);
const got = info.hot_lines;
const anyLines = p.nodes.some(n => n.callFrame.url && (n.positionTicks || []).some(x => x.line > 0 && x.ticks > 0));
if (info.line_data !== anyLines) fail(`line_data ${info.line_data}, expected ${anyLines}`);
if (got.length !== Math.min(heaviest.length, got.length) || (!got.length && heaviest.length)) fail(`${got.length} hot lines`);
got.forEach((h, i) => {
  const e = lines.get(`${h.name}\u0001${h.url}\u0001${h.function_line}\u0001${h.function_column}\u0001${h.line}`);
  if (!e) return fail(`hot line ${h.name} ${h.url}:${h.line}: no such line in positionTicks`);
  if (!close(h.self_ms, e.us / 1000)) fail(`${h.name}:${h.line}: self_ms ${h.self_ms}, expected ${e.us / 1000}`);
  if (h.ticks !== e.ticks) fail(`${h.name}:${h.line}: ticks ${h.ticks}, expected ${e.ticks}`);
  if (!close(h.self_ms, heaviest[i] / 1000)) fail(`hot_lines[${i}] is ${h.self_ms} ms, expected the ${i + 1}th heaviest, ${heaviest[i] / 1000}`);
});
// with every line listed: the lines of a fully covered function sum to its self time
let summed = 0;
if (got.length === heaviest.length) {
  const sums = new Map();
  for (const h of got) { const k = `${h.name}\u0001${h.url}\u0001${h.function_line}\u0001${h.function_column}`; sums.set(k, (sums.get(k) || 0) + h.self_ms); }
  for (const [fk, covered] of fnCovered) {
    if (!covered || !(fnSelf.get(fk) > 0)) continue;
    summed++;
    if (!close(sums.get(fk) || 0, fnSelf.get(fk) / 1000)) fail(`${fk.replace(/\u0001/g, ' ')}: lines sum to ${sums.get(fk)} ms, self time ${fnSelf.get(fk) / 1000} ms`);
  }
}
if (!bad) console.log(`${file}: ok (${got.length} lines of ${heaviest.length}; ${summed} functions' lines sum to their self time)`);
process.exit(bad ? 1 : 0);
