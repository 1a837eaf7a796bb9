#!/usr/bin/env node
// An independent statement of the merged flame graph (docs/graph.md) over a
// raw .cpuprofile, in JavaScript: every sample's stack rebuilt by walking up
// the call tree and keyed by its folded frame names, no merged tree, no C.
// It checks flamechart's folded output and layout JSON against that, for
// one or more variants of the graph options:
//
//   graph_oracle.js PROFILE VARIANT FOLDED JSON [VARIANT FOLDED JSON]...
//
// VARIANT is default, idle (--idle), gc-root (--gc root) or samples
// (--weight samples). Exits 1 with the first difference. Folded counts are
// integers rounded by flamechart so that every stack prefix stays within 1
// unit of the exact sum; the JSON is exact.
'use strict';
const fs = require('fs');

const argv = process.argv.slice(2);
if (argv.length < 4 || (argv.length - 1) % 3 !== 0) {
  process.stderr.write('usage: graph_oracle.js PROFILE VARIANT FOLDED JSON [VARIANT FOLDED JSON]...\n');
  process.exit(2);
}
const files = [argv[0]];
let opts = {};

function die(msg) {
  process.stderr.write(`graph_oracle: ${files[0]}: ${msg}\n`);
  process.exit(1);
}

// --- the profile: nodes with parents, samples with times (input-rules §A) ---

function loadProfile(file) {
  const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = [];
  const num = (v) => (typeof v === 'number' && v >= -1 ? v : -1);
  if (raw.head) {
    // legacy: a nested tree, lines and columns counted from 1 (0 = none)
    const line1 = (v) => (typeof v === 'number' && v > 0 ? v - 1 : -1);
    const stack = [[raw.head, -1]];
    while (stack.length) {
      const [n, parent] = stack.pop();
      const idx = nodes.length;
      nodes.push({ id: n.id, name: n.functionName || '', url: n.url || '',
        line: line1(n.lineNumber), column: line1(n.columnNumber), parent });
      for (let i = (n.children || []).length - 1; i >= 0; i--) stack.push([n.children[i], idx]);
    }
  } else {
    const index = new Map();
    for (const n of raw.nodes) {
      const cf = n.callFrame || {};
      index.set(n.id, nodes.length);
      nodes.push({ id: n.id, name: cf.functionName || '', url: cf.url || '',
        line: num(cf.lineNumber), column: num(cf.columnNumber), parent: undefined, raw: n });
    }
    nodes[0].parent = -1;
    if (raw.nodes[0].children !== undefined) {
      // children lists win; the first claim on a child counts
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
  const scale = raw.head ? 1e6 : 1; // legacy header times are in seconds
  if (raw.timestamps) {
    times = raw.timestamps.slice(0, samples.length);
    if (raw.timestamps.length === samples.length + 1) lastEnd = raw.timestamps[samples.length];
  } else {
    let t = raw.startTime;
    for (const d of raw.timeDeltas || []) { t += d; times.push(t); }
  }
  const n = Math.min(samples.length, times.length);
  samples = samples.slice(0, n);
  times = times.slice(0, n);
  // DevTools sorts (time, sample) pairs stably (devtools-rules §1.3)
  const order = samples.map((_, i) => i).sort((a, b) => times[a] - times[b] || a - b);
  samples = order.map((i) => samples[i]);
  times = order.map((i) => times[i]);
  let end;
  if (lastEnd !== undefined) end = lastEnd;
  else if (n === 1) end = Math.max(raw.endTime * scale, times[0]);
  else if (n > 1) end = times[n - 1] + (times[n - 1] - times[0]) / (n - 1);
  const meta = {};
  for (let i = 1; i < nodes.length; i++) {
    if (nodes[i].parent !== 0) continue;
    for (const m of ['(program)', '(idle)', '(garbage collector)']) {
      if (nodes[i].name === m && meta[m] === undefined) meta[m] = i;
    }
  }
  return { nodes, samples, times, end, meta };
}

// --- the folded frame name (docs/graph.md) ---

function clean(s) {
  // the model's strings: C0 controls and DEL (tab excepted) become U+FFFD
  if (typeof s.toWellFormed === 'function') s = s.toWellFormed();
  return s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '\ufffd');
}

function foldedName(name, url, line, column) {
  name = clean(name);
  url = clean(url);
  let label = name === '' ? '(anonymous)'
    : name.startsWith('RegExp: ') ? `/${name.slice(8)}/` : name;
  if (url !== '' || line >= 0 || column >= 0) {
    label += ` ${url}`;
    if (line >= 0) label += `:${line + 1}`;
    if (column >= 0) label += `:${column + 1}`;
  }
  return label.replace(/;/g, '\uff1b');
}

// --- stacks as ids: 0 is the empty stack, every other id (parent id, name) ---

const stackParent = [-1], stackName = [''], stackIds = new Map();
function stackId(parent, name) {
  const k = `${parent}\u0001${name}`;
  let id = stackIds.get(k);
  if (id === undefined) {
    id = stackParent.length;
    stackParent.push(parent);
    stackName.push(name);
    stackIds.set(k, id);
  }
  return id;
}
function stackText(id) {
  const names = [];
  for (; id > 0; id = stackParent[id]) names.push(stackName[id]);
  return names.reverse().join(';').slice(0, 300);
}

// --- every sample on its stack ---

function expected(p) {
  const { nodes, samples, times, meta } = p;
  const n = samples.length;
  const dur = (i) => {
    if (opts.samples) return 1;
    const d = (i + 1 < n ? times[i + 1] : p.end) - times[i];
    return d > 0 ? d : 0;
  };
  // fixMissingSamples (devtools-rules §2, heuristic 1), on the original values
  const prog = meta['(program)'];
  const system = new Set([prog, meta['(idle)'], meta['(garbage collector)']].filter((x) => x !== undefined));
  const bottom = (k) => { while (nodes[k].parent > 0) k = nodes[k].parent; return k; };
  const eff = samples.slice();
  if (prog !== undefined && n >= 3) {
    for (let i = 1; i + 1 < n; i++) {
      const a = samples[i - 1], b = samples[i + 1];
      if (samples[i] === prog && !system.has(a) && !system.has(b) && bottom(a) === bottom(b)) eff[i] = a;
    }
  }
  const names = nodes.map((x) => foldedName(x.name, x.url, x.line, x.column));
  // the stack of a node: its frames from the root's child up to it
  const memo = new Map([[0, 0]]);
  const stackOf = (k) => {
    const chain = [];
    for (; !memo.has(k); k = nodes[k].parent) chain.push(k);
    let id = memo.get(k);
    while (chain.length) {
      const c = chain.pop();
      id = stackId(id, names[c]);
      memo.set(c, id);
    }
    return id;
  };
  const gc = opts.gcRoot ? undefined : meta['(garbage collector)'];
  const idle = meta['(idle)'];
  const self = new Map();
  let idleOut = 0, rootOut = 0, gcParent = 0;
  for (let i = 0; i < n; i++) {
    const id = eff[i], w = dur(i);
    let base = id;
    if (id === gc) {
      if (i === 0) gcParent = 0;
      else if (eff[i - 1] !== gc) gcParent = eff[i - 1];
      base = gcParent;
    } else if (id === 0) {
      rootOut += w; // no frame: a gap in the chart
      continue;
    }
    let stack = stackOf(base);
    if (!opts.idle && base !== 0 && bottom(base) === idle) {
      if (id !== gc) { idleOut += w; continue; }
      stack = 0; // GC after (idle) goes to the root
    }
    if (id === gc) stack = stackId(stack, names[gc]);
    self.set(stack, (self.get(stack) || 0) + w);
  }
  return { self, idleOut, rootOut };
}

function totalsOf(self) {
  const totals = new Map();
  for (const [id, w] of self) {
    for (let k = id; k > 0; k = stackParent[k]) totals.set(k, (totals.get(k) || 0) + w);
  }
  return totals;
}

// frame by frame in UTF-8 byte order, a stack before its extensions
function stackCmp(a, b) {
  const fa = a.split(';'), fb = b.split(';');
  for (let i = 0; i < fa.length && i < fb.length; i++) {
    const r = Buffer.compare(Buffer.from(fa[i]), Buffer.from(fb[i]));
    if (r) return r;
  }
  return fa.length - fb.length;
}

const profile = loadProfile(files[0]);
const variants = { default: {}, idle: { idle: true }, 'gc-root': { gcRoot: true }, samples: { samples: true } };

function check(foldedFile, jsonFile) {
  const exp = expected(profile);
  const tol = opts.samples ? 0 : 1 + 1e-6;

  // --- the folded output ---

  const text = fs.readFileSync(foldedFile, 'utf8');
  if (text.length && !text.endsWith('\n')) die('folded output does not end with a newline');
  const got = new Map();
  let prev = null;
  for (const line of text.split('\n').slice(0, -1)) {
    const sp = line.lastIndexOf(' ');
    const stack = line.slice(0, sp), count = line.slice(sp + 1);
    if (sp <= 0 || !/^[1-9][0-9]*$/.test(count)) die(`bad folded line: ${line.slice(0, 200)}`);
    if (prev !== null && stackCmp(prev, stack) >= 0) die(`out of order: ${stack.slice(0, 200)}`);
    prev = stack;
    let id = 0;
    for (const name of stack.split(';')) id = stackId(id, name);
    if (got.has(id)) die(`stack twice: ${stack.slice(0, 200)}`);
    got.set(id, Number(count));
  }
  for (const [id, w] of exp.self) {
    if (Math.abs((got.get(id) || 0) - w) > tol) die(`stack ${stackText(id)}: got ${got.get(id) || 0}, want ${w}`);
  }
  for (const [id, c] of got) {
    if (!exp.self.has(id)) die(`unexpected stack ${stackText(id)} (${c})`);
  }
  const gotTotals = totalsOf(got), expTotals = totalsOf(exp.self);
  let total = 0;
  for (const [id, w] of expTotals) {
    if (Math.abs((gotTotals.get(id) || 0) - w) > tol) die(`frame total ${stackText(id)}: got ${gotTotals.get(id) || 0}, want ${w}`);
    if (stackParent[id] === 0) total += w;
  }

  // --- the layout JSON: exact totals of every frame, and the lane's numbers ---

  {
    const doc = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
    if (doc.mode !== 'graph' || doc.profiles.length !== 1) die('layout JSON: not one graph');
    const lane = doc.profiles[0];
    const close = (a, b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));
    if (lane.unit !== (opts.samples ? 'samples' : 'µs')) die(`layout JSON: unit ${lane.unit}`);
    if (!close(lane.total, total)) die(`layout JSON: total ${lane.total}, want ${total}`);
    if (!close(lane.idle_left_out, exp.idleOut)) die(`layout JSON: idle_left_out ${lane.idle_left_out}, want ${exp.idleOut}`);
    if (!close(lane.root_left_out, exp.rootOut)) die(`layout JSON: root_left_out ${lane.root_left_out}, want ${exp.rootOut}`);
    const path = [0];
    const seen = new Set();
    for (const f of lane.frames) {
      path.length = f.depth + 1;
      const id = stackId(path[f.depth], foldedName(f.name, f.url, f.line, f.column));
      path.push(id);
      if (seen.has(id)) die(`layout JSON: stack twice: ${stackText(id)}`);
      seen.add(id);
      if (!close(f.total, f.x1 - f.x0)) die(`layout JSON: total != x1 - x0 at ${stackText(id)}`);
      if (Math.abs(f.total - (expTotals.get(id) || 0)) > 1e-3) die(`layout JSON: ${stackText(id)}: ${f.total}, want ${expTotals.get(id)}`);
    }
    const weighed = [...expTotals.values()].filter((w) => w > 0).length;
    if (seen.size !== weighed) die(`layout JSON: ${seen.size} frames, want ${weighed}`);
  }
  return `${got.size} stacks, total ${total}`;
}

for (let i = 1; i < argv.length; i += 3) {
  opts = variants[argv[i]];
  if (!opts) die(`unknown variant ${argv[i]}`);
  const what = check(argv[i + 1], argv[i + 2]);
  process.stdout.write(`ok ${argv[i]}: ${what}\n`);
}
