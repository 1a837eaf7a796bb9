// The profiles of a file as `info` reports them, read here with JSON.parse
// from input-rules and docs/inputs.md (not from the C importers), each in the
// .cpuprofile shape: { nodes: [{ id, callFrame, parent | children }],
// samples, timeDeltas, startTime, endTime, lastEnd (the last sample's end,
// when the format fixes it) }.
//   .cpuprofile (modern or legacy): one profile, returned as it is;
//   Chrome trace events: one per sampled thread (Profile + ProfileChunk
//     joined per (pid, id), chunks in ts order, chunks without args.data
//     skipped; per thread the profile with source Internal, then Inspector,
//     then most samples), ordered by start time; endTime, the end of the
//     profile's extent (info's duration), is the ts of an {endTime}-only
//     chunk, else the last sample plus the average interval, rounded up --
//     it is not the end of the last sample, which is the last sample plus
//     the average interval, unrounded, whatever end the trace records
//     (DevTools' CPUProfileDataModel; no lastEnd is given, except for a
//     lone sample of Profile + ProfileChunk events, which has no width:
//     DevTools' endTime of a chunk stream is its first chunk's last sample
//     time); samples naming
//     unknown ids go to one "(unknown)" node;
//   JS Self-Profiling: every stacks entry a node under a synthetic (root),
//     a sample without a stack is (idle), timestamps in ms, lines and
//     columns 1-based, the last sample lasting the median interval.
'use strict';
const fs = require('fs');

function trace(json) {
  const events = Array.isArray(json) ? json : json.traceEvents;
  const profiles = new Map();
  let seq = 0;
  const get = key => {
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
      Object.assign(p, { have: true, whole: true, pid: e.pid, tid: e.tid, start: cp.startTime, end: cp.endTime });
      p.chunks.push({ ts: e.ts, nodes: cp.nodes, samples: cp.samples, deltas: cp.timeDeltas || data.timeDeltas });
    }
  }
  const rank = p => (p.source === 'Internal' ? 0 : p.source === 'Inspector' ? 1 : 2);
  const threads = new Map();
  for (const p of profiles.values()) {
    if (!p.have) continue;
    p.samples = []; p.deltas = []; p.nodes = [];
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
    const times = p.deltas.map(d => (t += Math.round(d)));
    const sorted = [...times].sort((a, b) => a - b);
    const first = sorted[0], last = sorted[sorted.length - 1], n = sorted.length;
    const end = p.end !== undefined ? Math.round(p.end) : Math.ceil(n > 1 ? last + (last - first) / (n - 1) : last);
    const nodes = p.nodes.map(x => ({ id: x.id, callFrame: x.callFrame, parent: x.parent, children: x.children }));
    const ids = new Set(nodes.map(x => x.id));
    // nodes whose parent never arrived go under the root (docs/inputs.md)
    const root = nodes.find(x => x.callFrame && x.callFrame.functionName === '(root)') || nodes[0];
    const named = new Set(); for (const x of nodes) for (const c of x.children || []) named.add(c);
    for (const x of nodes)
      if (x !== root && !named.has(x.id) && (x.parent === undefined || !ids.has(x.parent))) x.parent = root.id;
    if (p.samples.some(s => !ids.has(s))) {
      nodes.push({ id: '(unknown)', parent: root ? root.id : undefined,
        callFrame: { functionName: '(unknown)', url: '', scriptId: 0, lineNumber: -1, columnNumber: -1 } });
    }
    const samples = p.samples.map(s => (ids.has(s) ? s : '(unknown)'));
    const profile = { nodes, samples, timeDeltas: times.map((x, i) => x - (i ? times[i - 1] : start)),
      startTime: start, endTime: end, pid: p.pid, tid: p.tid };
    // one sample of a chunk stream: DevTools' endTime is that sample's time
    if (!p.whole && times.length === 1) profile.lastEnd = times[0];
    out.push({ start, profile });
  }
  out.sort((a, b) => a.start - b.start);
  return out.map(o => o.profile);
}

function selfProfiling(tr) {
  const root = { id: 0, callFrame: { functionName: '(root)', url: '', scriptId: 0, lineNumber: -1, columnNumber: -1 } };
  const nodes = [root];
  const frame = f => {
    const script = f.resourceId !== undefined && f.resourceId !== null;
    return { functionName: f.name || '', url: script ? tr.resources[f.resourceId] || '' : '',
      scriptId: script ? `r${f.resourceId}` : 0,
      lineNumber: f.line ? f.line - 1 : -1, columnNumber: f.column ? f.column - 1 : -1 };
  };
  tr.stacks.forEach((s, i) => nodes.push({ id: i + 1, callFrame: frame(tr.frames[s.frameId]),
    parent: s.parentId === undefined || s.parentId === null ? 0 : s.parentId + 1 }));
  // synthetic nodes: (idle), and the markers' (garbage collector), (layout)...
  const synthetic = new Map();
  const child = (parent, name) => {
    const k = parent + '/' + name;
    if (!synthetic.has(k)) {
      synthetic.set(k, nodes.length + 1000000);
      nodes.push({ id: synthetic.get(k), parent, callFrame: { functionName: name, url: '', scriptId: 0, lineNumber: -1, columnNumber: -1 } });
    }
    return synthetic.get(k);
  };
  const onTop = { gc: '(garbage collector)', layout: '(layout)', style: '(style)', paint: '(paint)', other: '(other)' };
  const samples = [], times = [];
  for (const s of tr.samples) {
    const stack = s.stackId === undefined || s.stackId === null ? undefined : s.stackId + 1;
    let id;
    if (onTop[s.marker]) id = child(stack === undefined ? 0 : stack, onTop[s.marker]);
    else if (stack !== undefined) id = stack;
    else if (s.marker === 'script') id = child(0, '(script)');
    else id = child(0, '(idle)');
    samples.push(id);
    times.push(Math.round(s.timestamp * 1000));
  }
  const sorted = [...times].sort((a, b) => a - b);
  const deltas = []; for (let i = 1; i < sorted.length; i++) deltas.push(sorted[i] - sorted[i - 1]);
  deltas.sort((a, b) => a - b);
  const median = deltas.length === 0 ? 10000 : deltas.length % 2 ? deltas[(deltas.length - 1) / 2]
    : (deltas[deltas.length / 2 - 1] + deltas[deltas.length / 2]) / 2;
  const start = sorted.length ? sorted[0] : 0, end = sorted.length ? sorted[sorted.length - 1] + median : 0;
  return [{ nodes, samples, timeDeltas: times.map((x, i) => x - (i ? times[i - 1] : start)),
    startTime: start, endTime: end, lastEnd: end }];
}

function readProfiles(file) {
  let text = fs.readFileSync(file, 'utf8').trim();
  if (text.startsWith('[') && !text.endsWith(']')) text = text.replace(/,\s*$/, '') + ']';
  const json = JSON.parse(text);
  if (Array.isArray(json) || json.traceEvents) return { format: 'trace', profiles: trace(json) };
  const tr = json.trace && json.trace.stacks ? json.trace : json;
  if (tr.stacks && tr.frames && tr.samples) return { format: 'self-profiling', profiles: selfProfiling(tr) };
  return { format: 'cpuprofile', profiles: [json] };
}

module.exports = { readProfiles };
