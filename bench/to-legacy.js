#!/usr/bin/env node
// Converts a modern .cpuprofile (flat `nodes` with `children` ids, `samples`,
// `timeDeltas`) into the pre-2016 nested `head` shape, the only one the npm
// `flamegraph` package reads (input-rules A12/§legacy):
//   {typeId, uid, title, head: {functionName, url, lineNumber (1-based),
//    callUID, bailoutReason, id, scriptId, hitCount, children: [...]},
//    startTime, endTime (seconds), samples, timestamps (absolute µs)}
//
//   node bench/to-legacy.js IN OUT
//
// hitCount is recomputed from `samples` (the modern field can disagree with
// them, input-rules A7). The tree is built with an explicit stack, no
// recursion; JSON.stringify recurses, which is fine for depths of a few
// hundred.
'use strict';

const fs = require('fs');

function convert(p) {
  const nodes = p.nodes;
  const index = new Map();
  for (let i = 0; i < nodes.length; i++) index.set(nodes[i].id, i);
  const hits = new Map();
  for (const s of p.samples || []) hits.set(s, (hits.get(s) || 0) + 1);
  const isChild = new Uint8Array(nodes.length);
  for (const n of nodes) for (const c of n.children || []) { const j = index.get(c); if (j !== undefined) isChild[j] = 1; }
  const out = nodes.map((n) => {
    const cf = n.callFrame || {};
    return {
      functionName: cf.functionName || '',
      url: cf.url || '',
      lineNumber: cf.lineNumber >= 0 ? cf.lineNumber + 1 : 0,
      callUID: 0,
      bailoutReason: '',
      id: n.id,
      scriptId: Number(cf.scriptId) || 0,
      hitCount: hits.get(n.id) || 0,
      children: [],
    };
  });
  for (let i = 0; i < nodes.length; i++)
    for (const c of nodes[i].children || []) { const j = index.get(c); if (j !== undefined) out[i].children.push(out[j]); }
  let root = 0;
  while (root < nodes.length && isChild[root]) root++;
  const timestamps = [];
  let t = p.startTime || 0;
  for (const d of p.timeDeltas || []) { t += d; timestamps.push(t); }
  return {
    typeId: 'CPU', uid: 1, title: '',
    head: out[root],
    startTime: Math.floor((p.startTime || 0) / 1e6),
    endTime: Math.ceil((p.endTime || 0) / 1e6),
    samples: p.samples || [],
    timestamps,
  };
}

if (require.main === module) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    process.stderr.write('usage: to-legacy.js IN OUT\n');
    process.exit(2);
  }
  fs.writeFileSync(output, JSON.stringify(convert(JSON.parse(fs.readFileSync(input, 'utf8')))));
}

module.exports = { convert };
