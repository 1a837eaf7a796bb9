#!/usr/bin/env node
// An independent statement of the scope transforms (docs/scope.md) over a
// raw .cpuprofile, or one sampled thread of a Chrome trace or a JS
// Self-Profiling trace as read-profiles.js reads it: each sample's stack is rebuilt by walking up the call
// tree, rewritten as the transform says (an array operation per sample, no
// tree surgery), and the merged graph of the rewritten stacks is compared
// with flamechart's layout JSON (-m graph -f json) frame by frame. Besides
// that exact check, each variant checks the property that defines it:
//
//   focus=RE     total = the time of the samples whose stack holds RE
//   exclude=RE   total = all the time - the time of those samples
//   prune=RE     total preserved; no frame matching RE drawn
//   collapse     total preserved; no frame has an equal parent
//   collapse-all total preserved; no frame is below an equal frame
//   reverse      total preserved; each base-row frame's total is the time
//                of the samples whose leaf it is
//
// Usage:
//   scope-oracle.js pick FILE...           prints, per profile, two patterns
//                                          (a hot function, the top self
//                                          function); a trace's profiles are
//                                          FILE#N#PID#TID (see load)
//   scope-oracle.js check PROFILE DEFAULT_JSON VARIANT JSON [VARIANT JSON]...
// RE is matched against the function name (POSIX ERE and JavaScript agree
// on the patterns pick prints). Exits 1 with the first difference.
'use strict';
const fs = require('fs');
const { readProfiles } = require('./read-profiles.js');

const argv = process.argv.slice(2);
let file = argv[1];
let throwing = false; // check-list: a failure ends that profile's checks only
function die(msg) {
  if (throwing) throw new Error(`scope-oracle: ${file}: ${msg}`);
  process.stderr.write(`scope-oracle: ${file}: ${msg}\n`);
  process.exit(1);
}

// --- the profile (input-rules §A): nodes with parents, samples with times ---

// PROFILE is a .cpuprofile, or FILE#N#PID#TID: the Nth profile (from 0) that
// read-profiles.js reads from a Chrome trace (one per sampled thread, PID/TID,
// which flamechart renders with --pid PID --thread TID) or from a JS
// Self-Profiling trace (one profile, no PID or TID).
const traces = new Map(); // FILE -> its profiles, read once
function profilesOf(path) {
  if (!traces.has(path)) traces.set(path, readProfiles(path));
  return traces.get(path);
}
function load(spec) {
  const m = /^(.*)#(\d+)#([^#]*)#([^#]*)$/s.exec(spec);
  let raw;
  if (m) {
    raw = profilesOf(m[1]).profiles[Number(m[2])];
    if (!raw) die(`no profile ${m[2]} in ${m[1]}`);
  } else {
    raw = JSON.parse(fs.readFileSync(spec, 'utf8'));
  }
  const nodes = [];
  const num = (v) => (typeof v === 'number' && v >= -1 ? v : -1);
  if (raw.head) {
    const line1 = (v) => (typeof v === 'number' && v > 0 ? v - 1 : -1);
    const stack = [[raw.head, -1]];
    while (stack.length) {
      const [n, parent] = stack.pop();
      const idx = nodes.length;
      nodes.push({ name: n.functionName || '', url: n.url || '', line: line1(n.lineNumber),
        column: line1(n.columnNumber), parent, id: n.id, sid: n.scriptId });
      for (let i = (n.children || []).length - 1; i >= 0; i--) stack.push([n.children[i], idx]);
    }
  } else {
    const index = new Map();
    for (const n of raw.nodes) {
      const cf = n.callFrame || {};
      index.set(n.id, nodes.length);
      nodes.push({ name: cf.functionName || '', url: cf.url || '', line: num(cf.lineNumber),
        column: num(cf.columnNumber), parent: undefined, raw: n, id: n.id, sid: cf.scriptId });
    }
    nodes[0].parent = -1;
    if (raw.nodes[0].children !== undefined) {
      for (let i = 0; i < nodes.length; i++) {
        for (const c of nodes[i].raw.children || []) {
          const k = index.get(c);
          if (k !== undefined && k !== 0 && nodes[k].parent === undefined) nodes[k].parent = i;
        }
      }
    } else {
      for (let i = 1; i < nodes.length; i++) {
        const k = index.get(nodes[i].raw.parent);
        if (k !== undefined) nodes[i].parent = k;
      }
    }
  }
  const byId = new Map(nodes.map((n, i) => [n.id, i]));
  let samples = (raw.samples || []).map((id) => {
    if (!byId.has(id)) die(`sample names unknown node ${id} (not handled here)`);
    return byId.get(id);
  });
  let times = [];
  let lastEnd;
  const scale = raw.head ? 1e6 : 1;
  if (raw.timestamps) {
    times = raw.timestamps.slice(0, samples.length);
    if (raw.timestamps.length === samples.length + 1) lastEnd = raw.timestamps[samples.length];
  } else {
    lastEnd = raw.lastEnd; // a JS Self-Profiling trace fixes it (read-profiles.js)
    let t = raw.startTime;
    for (const d of raw.timeDeltas || []) { t += d; times.push(t); }
  }
  const n = Math.min(samples.length, times.length);
  samples = samples.slice(0, n);
  times = times.slice(0, n);
  const order = samples.map((_, i) => i).sort((a, b) => times[a] - times[b] || a - b);
  samples = order.map((i) => samples[i]);
  times = order.map((i) => times[i]);
  // The end of the last sample (devtools-rules §1.4-1.5, CPUProfileDataModel):
  // the last sample + the average interval, a fraction of a µs kept as it
  // is, whatever end the input records -- a trace's CpuProfile endTime or
  // {endTime} chunk, a .cpuprofile's endTime -- and never the profile's
  // extent, which read-profiles.js gives as endTime rounded up to the µs.
  // Only legacy timestamps (one more than the samples) and JS Self-Profiling
  // (the median interval, docs/inputs.md) fix it otherwise; one sample ends
  // at the header endTime (DevTools: the average of one sample is NaN).
  let end;
  if (lastEnd !== undefined) end = lastEnd;
  else if (n === 1) end = Math.max(raw.endTime * scale, times[0]);
  else if (n > 1) end = times[n - 1] + (times[n - 1] - times[0]) / (n - 1);
  const dur = samples.map((_, i) => Math.max(0, (i + 1 < n ? times[i + 1] : end) - times[i]));
  // a frame: what the graph draws of it (name, url, line, column), and for a
  // script without a URL its id, which tells such scripts apart (DevTools)
  // the model's strings: C0 controls and DEL (tab excepted) become U+FFFD
  const clean = (t) => (typeof t.toWellFormed === 'function' ? t.toWellFormed() : t)
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '\ufffd');
  for (const x of nodes) {
    x.name = clean(x.name);
    x.url = clean(x.url);
    const script = !(x.sid === undefined || x.sid === 0 || x.sid === '0' || x.sid === '');
    x.key = `${x.name}\u0001${x.url}\u0001${x.line}\u0001${x.column}\u0003${x.url === '' && script ? x.sid : ''}`;
  }
  // each sample's stack, root's child first
  const stacks = samples.map((k) => {
    const s = [];
    for (; k > 0; k = nodes[k].parent) s.push(k);
    return s.reverse();
  });
  return { nodes, samples, dur, stacks };
}

const META = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

// --- the transforms, one stack at a time (arrays of frame keys) ---------

function transform(p, variant) {
  const [kind, re] = variant.split(/=(.*)/s);
  const rx = re === undefined ? null : new RegExp(re);
  const hit = (k) => rx.test(p.nodes[k].name);
  return p.stacks.map((s) => {
    switch (kind) {
      case 'focus': {
        const i = s.findIndex(hit);
        return i < 0 ? [] : s.slice(i);
      }
      case 'exclude':
        return s.some(hit) ? [] : s;
      case 'prune': {
        const i = s.findIndex(hit);
        return i < 0 ? s : s.slice(0, i);
      }
      case 'collapse':
        return s.filter((k, i) => i === 0 || p.nodes[s[i - 1]].key !== p.nodes[k].key);
      case 'collapse-all': {
        const seen = new Set();
        return s.filter((k) => (seen.has(p.nodes[k].key) ? false : (seen.add(p.nodes[k].key), true)));
      }
      case 'reverse':
        return s.slice().reverse();
      default:
        die(`unknown variant ${variant}`);
    }
    return s;
  });
}

// --- the merged graph of stacks, with the graph's rules -----------------
// (docs/graph.md): (idle) left out; GC samples on the previous sample's
// stack; a lone (program) sample between two samples with the same bottom
// frame healed. Reversed stacks have no (program) or GC rule (docs/scope.md).

function graph(p, stacks, reversed) {
  const keys = stacks.map((s) => s.map((k) => p.nodes[k].key));
  const name = (k) => k.slice(0, k.indexOf('\u0001'));
  const isMeta = (s, m) => s.length === 1 && name(s[0]) === m;
  const n = keys.length;
  const eff = keys.slice();
  if (!reversed) {
    // the first (program)/(idle)/GC of the root's children in the tree
    const sys = (s) => s.length === 1 && META.has(name(s[0]));
    for (let i = 1; i + 1 < n; i++) {
      const a = keys[i - 1], b = keys[i + 1];
      // two samples on the root (dropped ones) have the same bottom too
      if (isMeta(keys[i], '(program)') && !sys(a) && !sys(b) && a[0] === b[0]) eff[i] = a;
    }
  }
  const total = new Map(); // path text -> time
  const unique = new Map(); // a stack's keys joined -> { keys, summed time }
  let rootOut = 0, idleOut = 0, gcParent = [];
  for (let i = 0; i < n; i++) {
    let s = eff[i];
    const w = p.dur[i];
    const gc = !reversed && isMeta(s, '(garbage collector)');
    if (gc) {
      if (i === 0) gcParent = [];
      else if (!isMeta(eff[i - 1], '(garbage collector)')) gcParent = eff[i - 1];
      s = gcParent.length && name(gcParent[0]) === '(idle)' ? s : gcParent.concat(s);
    } else if (s.length === 0) {
      rootOut += w;
      continue;
    } else if (name(s[0]) === '(idle)') {
      idleOut += w;
      continue;
    }
    // samples of one stack are summed first; each stack's frames once below
    const sig = s.join('\u0004');
    const u = unique.get(sig);
    if (u) u.w += w;
    else unique.set(sig, { s, w });
  }
  for (const { s, w } of unique.values()) {
    let path = 0;
    for (const k of s) {
      path = child(path, k.slice(0, k.indexOf('\u0003'))); // as the JSON shows it
      total.set(path, (total.get(path) || 0) + w);
    }
  }
  return { total, rootOut, idleOut };
}

function laneOf(jsonFile) {
  const doc = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
  if (doc.mode !== 'graph' || doc.profiles.length !== 1) die(`${jsonFile}: not one graph`);
  const lane = doc.profiles[0];
  const total = new Map(), path = [0];
  for (const f of lane.frames) {
    path.length = f.depth + 1;
    const p = child(path[f.depth], `${f.name}\u0001${f.url}\u0001${f.line}\u0001${f.column}`);
    path.push(p);
    total.set(p, (total.get(p) || 0) + f.total);
  }
  return { lane, total };
}

const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)) + 1e-3;
// A path of frames (from the root) is an id in one trie that both the
// expected and the drawn graphs use: id 0 is the root, child(id, key) the
// path one frame deeper (so paths compare as numbers, not as long strings).
const trie = { ids: new Map(), parent: [-1], key: [''] };
function trieReset() {
  trie.ids = new Map();
  trie.parent = [-1];
  trie.key = [''];
}
function child(id, key) {
  const t = `${id}\u0002${key}`;
  let c = trie.ids.get(t);
  if (c === undefined) {
    c = trie.parent.length;
    trie.ids.set(t, c);
    trie.parent.push(id);
    trie.key.push(key);
  }
  return c;
}
const frameName = (id) => trie.key[id].split('\u0001')[0];
const show = (id) => {
  const names = [];
  for (; id > 0; id = trie.parent[id]) names.push(frameName(id));
  return names.reverse().join(';').slice(0, 300);
};

function sum(p, pred) {
  let t = 0;
  p.stacks.forEach((s, i) => { if (pred(s)) t += p.dur[i]; });
  return t;
}

function check(p, variant, jsonFile, base) {
  const reversed = variant === 'reverse';
  const exp = graph(p, transform(p, variant), reversed);
  const got = laneOf(jsonFile);
  // every merged frame, exactly
  for (const [k, w] of exp.total) {
    if (!close(got.total.get(k) || 0, w)) die(`${variant}: ${show(k)}: got ${got.total.get(k) || 0}, want ${w}`);
  }
  for (const [k, w] of got.total) {
    if (!exp.total.has(k) && w > 0) die(`${variant}: unexpected frame ${show(k)} (${w})`);
  }
  if (!close(got.lane.root_left_out, exp.rootOut)) die(`${variant}: root_left_out ${got.lane.root_left_out}, want ${exp.rootOut}`);
  if (!(got.lane.transforms || []).length) die(`${variant}: the layout JSON names no transform`);
  // the defining property
  const [kind, re] = variant.split(/=(.*)/s);
  const rx = re === undefined ? null : new RegExp(re);
  const through = (s) => s.some((k) => rx.test(p.nodes[k].name));
  const T = got.lane.total;
  const all = base.lane.total;
  const rows = [...got.total.keys()];
  switch (kind) {
    case 'focus': {
      const want = sum(p, (s) => through(s) && !(s.length && p.nodes[s[0]].name === '(idle)'));
      if (!close(T, want)) die(`focus: total ${T}, want ${want} (samples through /${re}/)`);
      break;
    }
    case 'exclude': {
      // GC samples after an excluded one move to the root level: still drawn
      // and a lone (program) sample between two dropped ones is healed
      // into the root (devtools-rules §2)
      let gone = sum(p, (s) => through(s) && !(s.length && p.nodes[s[0]].name === '(idle)'));
      const out = (s) => !s.length || through(s);
      for (let i = 1; i + 1 < p.stacks.length; i++) {
        const s = p.stacks[i];
        if (s.length === 1 && p.nodes[s[0]].name === '(program)' && out(p.stacks[i - 1]) && out(p.stacks[i + 1])) gone += p.dur[i];
      }
      if (!close(T, all - gone)) die(`exclude: total ${T}, want ${all} - ${gone}`);
      break;
    }
    case 'prune':
      if (!close(T, all)) die(`prune: total ${T}, want ${all}`);
      for (const k of rows) {
        if (rx.test(frameName(k))) die(`prune: ${show(k)} still drawn`);
      }
      break;
    case 'collapse':
    case 'collapse-all':
      if (!close(T, all)) die(`${kind}: total ${T}, want ${all}`);
      for (const k of rows) {
        let under = false;
        for (let a = trie.parent[k]; a > 0 && !under; a = kind === 'collapse' ? 0 : trie.parent[a]) under = trie.key[a] === trie.key[k];
        if (under) die(`${kind}: ${show(k)} under an equal frame`);
      }
      break;
    case 'reverse': {
      if (!close(T, all)) die(`reverse: total ${T}, want ${all}`);
      const self = new Map();
      p.stacks.forEach((s, i) => {
        if (!s.length || p.nodes[s[0]].name === '(idle)') return;
        const k = p.nodes[s[s.length - 1]].key;
        const leaf = child(0, k.slice(0, k.indexOf('\u0003')));
        self.set(leaf, (self.get(leaf) || 0) + p.dur[i]);
      });
      for (const k of rows) {
        if (trie.parent[k] !== 0) continue;
        if (!close(got.total.get(k), self.get(k) || 0)) die(`reverse: base frame ${show(k)}: ${got.total.get(k)}, want ${self.get(k) || 0}`);
      }
      break;
    }
    default:
      break;
  }
  return `${got.total.size} frames, total ${T}`;
}

// --- the two patterns a profile is checked with ---------------------------

function pick(p) {
  const tot = new Map(), self = new Map();
  p.stacks.forEach((s, i) => {
    const seen = new Set();
    for (const k of s) {
      const nm = p.nodes[k].name;
      if (seen.has(nm)) continue;
      seen.add(nm);
      tot.set(nm, (tot.get(nm) || 0) + p.dur[i]);
    }
    if (s.length) {
      const nm = p.nodes[s[s.length - 1]].name;
      self.set(nm, (self.get(nm) || 0) + p.dur[i]);
    }
  });
  // names both dialects read alike: word characters, hyphens (literal outside
  // brackets in both), dots and $ escaped
  const ok = (nm) => /^[A-Za-z0-9_$.-]+$/.test(nm) && !META.has(nm);
  const esc = (nm) => `^${nm.replace(/[.$]/g, '\\$&')}$`;
  const best = (m, skip) => {
    let b = null;
    for (const [nm, w] of m) if (ok(nm) && nm !== skip && (!b || w > b[1] || (w === b[1] && nm < b[0]))) b = [nm, w];
    return b;
  };
  // a hot function that is not the outermost frame of every stack
  const roots = new Set(p.stacks.filter((s) => s.length).map((s) => p.nodes[s[0]].name));
  const hot = best(new Map([...tot].filter(([nm]) => !roots.has(nm))));
  const top = best(self, hot && hot[0]);
  return [hot ? esc(hot[0]) : '^nothing-here$', top ? esc(top[0]) : '^nothing-here$'];
}

// check PROFILE DEFAULT_JSON VARIANT JSON...: every variant of one profile
function checkAll(args) {
  trieReset();
  file = args[0];
  const p = load(file);
  const base = laneOf(args[1]);
  {
    // the default graph first: the oracle's own rules agree with flamechart
    const exp = graph(p, p.stacks, false);
    for (const [k, w] of exp.total) if (!close(base.total.get(k) || 0, w)) die(`default: ${show(k)}: got ${base.total.get(k) || 0}, want ${w}`);
  }
  for (let i = 2; i < args.length; i += 2) {
    process.stdout.write(`ok ${file} ${args[i]}: ${check(p, args[i], args[i + 1], base)}\n`);
  }
}

if (argv[0] === 'pick' && argv.length >= 2) {
  // one line per profile: PROFILE, its pid and tid ("-" for none), then its
  // two patterns, tab-separated; a trace gives one line per sampled thread
  // (FILE#N#PID#TID), a file without a sampled thread none
  for (const f of argv.slice(1)) {
    file = f;
    const read = /\.cpuprofile$/.test(f) ? null : profilesOf(f);
    if (!read || read.format === 'cpuprofile') {
      process.stdout.write(`${[f, '-', '-', ...pick(load(f))].join('\t')}\n`);
      continue;
    }
    read.profiles.forEach((p, i) => {
      const id = (v) => (v === undefined ? '' : String(v));
      const spec = `${f}#${i}#${id(p.pid)}#${id(p.tid)}`;
      file = spec;
      process.stdout.write(`${[spec, id(p.pid) || '-', id(p.tid) || '-', ...pick(load(spec))].join('\t')}\n`);
    });
  }
} else if (argv[0] === 'check' && argv.length >= 5 && argv.length % 2 === 1) {
  checkAll(argv.slice(1));
} else if (argv[0] === 'check-list' && argv.length === 2) {
  // one `check` per line of the file (tab-separated arguments), in one
  // process; every profile is checked, a failure is reported and counted
  let failed = 0;
  throwing = true;
  for (const line of fs.readFileSync(argv[1], 'utf8').split('\n')) {
    if (!line) continue;
    try {
      checkAll(line.split('\t'));
    } catch (e) {
      process.stderr.write(`${e.message}\n`);
      failed++;
    }
  }
  process.exit(failed ? 1 : 0);
} else {
  process.stderr.write('usage: scope-oracle.js pick PROFILE... | check PROFILE DEFAULT_JSON VARIANT JSON... | check-list FILE\n');
  process.exit(2);
}
