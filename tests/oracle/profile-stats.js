#!/usr/bin/env node
// Independent numbers for a .cpuprofile (modern or legacy shape), computed
// with JSON.parse: node count, sample count, deepest node (root = 0),
// startTime/endTime in µs. Prints "file nodes samples max_depth start end".
'use strict';
const fs = require('fs');
for (const f of process.argv.slice(2)) {
  const p = JSON.parse(fs.readFileSync(f, 'utf8'));
  let nodes = 0, maxDepth = 0, start = p.startTime, end = p.endTime;
  if (p.head) {
    const stack = [[p.head, 0]];
    while (stack.length) {
      const [n, d] = stack.pop();
      nodes++;
      maxDepth = Math.max(maxDepth, d);
      for (const c of n.children || []) stack.push([c, d + 1]);
    }
    start = Math.round(start * 1e6); end = Math.round(end * 1e6);
  } else {
    const byId = new Map(p.nodes.map(n => [n.id, n]));
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children || []) if (byId.has(c) && !parent.has(c)) parent.set(c, n.id);
    for (const n of p.nodes) if (!parent.has(n.id) && n.parent !== undefined && byId.has(n.parent)) parent.set(n.id, n.parent);
    const depth = new Map();
    for (const n of p.nodes) {
      let d = 0, id = n.id;
      while (parent.has(id)) { id = parent.get(id); d++; }
      maxDepth = Math.max(maxDepth, d);
    }
    nodes = p.nodes.length;
  }
  const samples = Math.min((p.samples || []).length, (p.timeDeltas || p.timestamps || []).length);
  console.log([f.split('/').slice(-2).join('/'), nodes, samples, maxDepth, start, end].join(' '));
}
