#!/usr/bin/env node
// Wraps a .cpuprofile into Chrome trace events the way V8 streams them
// (input-rules §C3): a Profile event (ts = startTime), ProfileChunk events of
// at most CHUNK samples with parent-linked nodes (integer scriptId, url and
// positions left out when empty), written in a shuffled order but with ts
// increasing per chunk, a chunk with args {} and a final {endTime} chunk.
// Usage: cpuprofile-to-trace.js IN.cpuprofile [CHUNK] > OUT.json
'use strict';
const fs = require('fs');
const prof = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const CHUNK = Number(process.argv[3] || 100);
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children || []) parent.set(c, n.id);
const nodes = prof.nodes.map((n) => {
  const cf = n.callFrame, o = { functionName: cf.functionName, scriptId: Number(cf.scriptId) || 0 };
  if (cf.url) o.url = cf.url;
  if (cf.lineNumber >= 0) o.lineNumber = cf.lineNumber;
  if (cf.columnNumber >= 0) o.columnNumber = cf.columnNumber;
  const node = { id: n.id, callFrame: o };
  if (parent.has(n.id)) node.parent = parent.get(n.id);
  return node;
});
const pid = 42, tid = 7, sampler = 9, id = '0x1';
const chunks = [];
const count = Math.max(1, Math.ceil(prof.samples.length / CHUNK));
for (let i = 0; i < count; i++) {
  const cp = { samples: prof.samples.slice(i * CHUNK, (i + 1) * CHUNK) };
  // new nodes go out in the chunk that first needs them; here: spread them
  const per = Math.ceil(nodes.length / count);
  const ns = nodes.slice(i * per, (i + 1) * per);
  if (ns.length) cp.nodes = ns;
  chunks.push({ name: 'ProfileChunk', ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', id, pid, tid: sampler,
    ts: prof.startTime + 1 + i, args: { data: { cpuProfile: cp, timeDeltas: prof.timeDeltas.slice(i * CHUNK, (i + 1) * CHUNK) } } });
}
// deterministic shuffle (events are not sorted in real files)
let seed = 12345;
for (let i = chunks.length - 1; i > 0; i--) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  const j = seed % (i + 1);
  [chunks[i], chunks[j]] = [chunks[j], chunks[i]];
}
const events = [
  { name: 'thread_name', ph: 'M', pid, tid, args: { name: 'CrRendererMain' } },
  ...chunks.slice(0, 1),
  { name: 'Profile', ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', id, pid, tid, ts: prof.startTime, args: { data: { startTime: 1 } } },
  ...chunks.slice(1),
  { name: 'ProfileChunk', ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', id, pid, tid: sampler, ts: prof.startTime + 2, args: {} },
  { name: 'ProfileChunk', ph: 'P', cat: 'disabled-by-default-v8.cpu_profiler', id, pid, tid, ts: prof.endTime, args: { data: { endTime: 5 } } },
];
process.stdout.write(JSON.stringify({ traceEvents: events, metadata: { source: 'test' } }));
