#!/usr/bin/env node
// Independent expectations for a Chrome trace, written from formats.md §C and
// devtools.md §8 without looking at the C importer: one line per sampled
// thread, ordered by start time:
//   pid tid samples nodes start_us end_us
// Rules: Profile + ProfileChunk joined per (pid, id), chunks in ts order
// (stable), chunks without args.data skipped, start = Profile ts, sample
// times = start + running sum of timeDeltas; end = ts of an {endTime}-only
// chunk, else last sample + average interval (rounded up). CpuProfile events
// carry a whole profile with its own startTime/endTime. Per thread the
// profile with source Internal, then Inspector, then most samples, then the
// first is shown. nodes counts a synthetic (unknown) node when samples name
// unknown ids.
'use strict';
const fs = require('fs');
let text = fs.readFileSync(process.argv[2], 'utf8').trim();
if (text.startsWith('[') && !text.endsWith(']')) text = text.replace(/,\s*$/, '') + ']';
const json = JSON.parse(text);
const events = Array.isArray(json) ? json : json.traceEvents;
const profiles = new Map();
let seq = 0;
const get = (key) => {
  if (!profiles.has(key)) profiles.set(key, { seq: seq++, chunks: [], have: false, source: '' });
  return profiles.get(key);
};
for (const e of events) {
  const data = e.args && e.args.data;
  if (e.name === 'Profile') {
    const p = get(e.pid + ':' + e.id);
    Object.assign(p, { have: true, pid: e.pid, tid: e.tid, start: e.ts, source: (data && data.source) || '' });
  } else if (e.name === 'ProfileChunk') {
    if (!data) continue;
    const p = get(e.pid + ':' + e.id);
    if (data.endTime !== undefined && !data.cpuProfile && !data.timeDeltas) { p.end = Math.max(p.end || -Infinity, e.ts); continue; }
    p.chunks.push({ ts: e.ts, nodes: (data.cpuProfile && data.cpuProfile.nodes) || [],
      samples: (data.cpuProfile && data.cpuProfile.samples) || [], deltas: data.timeDeltas || [] });
  } else if (e.name === 'CpuProfile' && data && data.cpuProfile) {
    const cp = data.cpuProfile;
    const p = get('cpuprofile#' + seq);
    Object.assign(p, { have: true, pid: e.pid, tid: e.tid, start: cp.startTime, end: cp.endTime, whole: true });
    p.chunks.push({ ts: e.ts, nodes: cp.nodes, samples: cp.samples, deltas: cp.timeDeltas || data.timeDeltas });
  }
}
const rank = (p) => (p.source === 'Internal' ? 0 : p.source === 'Inspector' ? 1 : 2);
const threads = new Map();
for (const p of profiles.values()) {
  if (!p.have) continue;
  p.samples = [];
  p.deltas = [];
  p.nodes = [];
  p.chunks.sort((a, b) => a.ts - b.ts);
  for (const c of p.chunks) {
    const n = Math.min(c.samples.length, c.deltas.length);
    p.nodes.push(...c.nodes);
    p.samples.push(...c.samples.slice(0, n));
    p.deltas.push(...c.deltas.slice(0, n));
  }
  const key = p.pid + ':' + p.tid;
  const best = threads.get(key);
  if (!best || rank(p) < rank(best) || (rank(p) === rank(best) && p.samples.length > best.samples.length))
    threads.set(key, p);
}
const out = [];
for (const p of threads.values()) {
  if (!p.samples.length) continue;
  const start = Math.round(p.start);
  let t = start;
  const times = p.deltas.map((d) => (t += Math.round(d)));
  times.sort((a, b) => a - b);
  const first = times[0], last = times[times.length - 1], n = times.length;
  let end;
  if (p.end !== undefined) end = Math.round(p.end);
  else end = Math.ceil(n > 1 ? last + (last - first) / (n - 1) : last);
  const ids = new Set(p.nodes.map((x) => x.id));
  const unknown = p.samples.some((s) => !ids.has(s)) ? 1 : 0;
  out.push({ start, line: [p.pid, p.tid, n, p.nodes.length + unknown, start, end].join(' ') });
}
out.sort((a, b) => a.start - b.start);
for (const o of out) console.log(o.line);
