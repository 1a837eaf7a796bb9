#!/usr/bin/env node
// Shape statistics of .cpuprofile files, so that generated and real profiles
// can be compared side by side (bench/README.md, "Shape").
//
//   node bench/shape.js [--json] FILE...
//
// Independent of flamechart on purpose: it reads the file with JSON.parse and
// walks the nodes itself, so a bug in the importer cannot hide in the numbers.
// Files up to a few hundred MB fit (V8 strings hold up to 2^29 - 24 chars).
'use strict';

const fs = require('fs');
const path = require('path');

function shape(file) {
  const bytes = fs.statSync(file).size;
  const p = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = p.nodes || [];
  const n = nodes.length;
  const index = new Map();
  for (let i = 0; i < n; i++) index.set(nodes[i].id, i);

  // parent and depth, without recursion: children lists give the parent; a
  // pre-order walk with an explicit stack gives the depth and the pre-order
  // check (ids a permutation of 1..N visited in increasing order).
  const parent = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (const c of nodes[i].children || []) {
      const j = index.get(c);
      if (j !== undefined) parent[j] = i;
    }
  }
  const depth = new Int32Array(n);
  let root = 0;
  for (let i = 0; i < n; i++) if (parent[i] < 0) { root = i; break; }
  // node --cpu-prof lists the nodes in pre-order but numbers them in creation
  // order (first sample that reached them), so ids are a permutation of 1..N
  // that mostly, not always, follows the array.
  const stack = [root];
  let preorder = true, visited = 0, maxDepth = 0, idsAtPosition = 0;
  while (stack.length) {
    const i = stack.pop();
    if (i !== visited) preorder = false;
    visited++;
    if (depth[i] > maxDepth) maxDepth = depth[i];
    const ch = nodes[i].children || [];
    for (let k = ch.length - 1; k >= 0; k--) {
      const j = index.get(ch[k]);
      if (j === undefined) continue;
      depth[j] = depth[i] + 1;
      stack.push(j);
    }
  }
  if (visited !== n) preorder = false;
  let idsPermutation = true;
  const seen = new Uint8Array(n + 1);
  for (let i = 0; i < n; i++) {
    const id = nodes[i].id;
    if (!Number.isInteger(id) || id < 1 || id > n || seen[id]) idsPermutation = false;
    else seen[id] = 1;
    if (id === i + 1) idsAtPosition++;
  }

  const frames = new Set(), urls = new Set();
  let withTicks = 0, withHits = 0, leaves = 0;
  for (const nd of nodes) {
    const cf = nd.callFrame || {};
    frames.add(`${cf.functionName}\u0000${cf.url}\u0000${cf.scriptId}\u0000${cf.lineNumber}\u0000${cf.columnNumber}`);
    if (cf.url) urls.add(cf.url);
    if (nd.positionTicks && nd.positionTicks.length) withTicks++;
    if (nd.hitCount > 0) withHits++;
    if (!nd.children || nd.children.length === 0) leaves++;
  }

  // Samples: stack depth, and how much of the previous stack each sample
  // keeps (temporal locality: what makes the chart's bars long).
  const samples = p.samples || [];
  const deltas = p.timeDeltas || [];
  let depthSum = 0, shared = 0, sharedOf = 0, sameNode = 0, negative = 0, deltaSum = 0;
  let prev = -1;
  for (let s = 0; s < samples.length; s++) {
    const i = index.get(samples[s]);
    if (i === undefined) continue;
    depthSum += depth[i];
    if (prev >= 0) {
      sharedOf += depth[i];
      if (prev === i) { sameNode++; shared += depth[i]; }
      else {
        let a = prev, b = i;
        while (depth[a] > depth[b]) a = parent[a];
        while (depth[b] > depth[a]) b = parent[b];
        while (a !== b) { a = parent[a]; b = parent[b]; }
        shared += depth[a];
      }
    }
    prev = i;
  }
  for (let s = 0; s < deltas.length; s++) {
    if (deltas[s] < 0) negative++;
    if (s > 0) deltaSum += deltas[s];
  }
  const ns = samples.length;
  const mb = bytes / 1e6;
  return {
    file: path.basename(file),
    bytes,
    nodes: n,
    samples: ns,
    bytes_per_node: n ? bytes / n : 0,
    distinct_frames: frames.size,
    frames_per_node: n ? frames.size / n : 0,
    urls: urls.size,
    max_depth: maxDepth,
    mean_sample_depth: ns ? depthSum / ns : 0,
    nodes_per_sample: ns ? n / ns : 0,
    shared_prefix: sharedOf ? shared / sharedOf : 0,
    same_node_share: ns > 1 ? sameNode / (ns - 1) : 0,
    leaf_share: n ? leaves / n : 0,
    hitcount_share: n ? withHits / n : 0,
    positionticks_share: n ? withTicks / n : 0,
    samples_per_mb: mb ? ns / mb : 0,
    mean_delta_us: deltas.length > 1 ? deltaSum / (deltas.length - 1) : 0,
    negative_deltas: negative,
    preorder: preorder,
    ids_permutation: idsPermutation,
    ids_at_position: n ? idsAtPosition / n : 0,
  };
}

const COLUMNS = [
  ['file', 'file', (v) => v],
  ['MB', 'bytes', (v) => (v / 1e6).toFixed(1)],
  ['nodes', 'nodes', (v) => String(v)],
  ['samples', 'samples', (v) => String(v)],
  ['B/node', 'bytes_per_node', (v) => v.toFixed(0)],
  ['frames/node', 'frames_per_node', (v) => (100 * v).toFixed(1) + '%'],
  ['URLs', 'urls', (v) => String(v)],
  ['max depth', 'max_depth', (v) => String(v)],
  ['mean depth', 'mean_sample_depth', (v) => v.toFixed(1)],
  ['nodes/sample', 'nodes_per_sample', (v) => v.toFixed(2)],
  ['shared prefix', 'shared_prefix', (v) => (100 * v).toFixed(1) + '%'],
  ['hitCount>0', 'hitcount_share', (v) => (100 * v).toFixed(1) + '%'],
  ['positionTicks', 'positionticks_share', (v) => (100 * v).toFixed(1) + '%'],
  ['samples/MB', 'samples_per_mb', (v) => v.toFixed(0)],
  ['mean Δt µs', 'mean_delta_us', (v) => v.toFixed(0)],
  ['Δt<0', 'negative_deltas', (v) => String(v)],
  ['pre-order', 'preorder', (v) => (v ? 'yes' : 'no')],
  ['ids 1..N', 'ids_permutation', (v) => (v ? 'yes' : 'no')],
  ['id = index+1', 'ids_at_position', (v) => (100 * v).toFixed(0) + '%'],
];

function table(rows) {
  const out = [];
  out.push('| ' + COLUMNS.map((c) => c[0]).join(' | ') + ' |');
  out.push('|' + COLUMNS.map((c, i) => (i ? '---:' : '---')).join('|') + '|');
  for (const r of rows) out.push('| ' + COLUMNS.map((c) => c[2](r[c[1]])).join(' | ') + ' |');
  return out.join('\n');
}

module.exports = { shape, table };

if (require.main === module) {
  const args = process.argv.slice(2);
  const json = args[0] === '--json';
  const files = json ? args.slice(1) : args;
  if (!files.length) {
    process.stderr.write('usage: shape.js [--json] FILE...\n');
    process.exit(1);
  }
  const rows = files.map(shape);
  process.stdout.write(json ? JSON.stringify(rows, null, 1) + '\n' : table(rows) + '\n');
}
