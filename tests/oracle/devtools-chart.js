#!/usr/bin/env node
// An independent re-statement of DevTools' CPUProfileDataModel (paths A/B1,
// devtools-rules §1-3) in JavaScript doubles: timestamps, stable sort, the
// extra last timestamp, fixMissingSamples and forEachFrame. Prints the
// frames in open order as JSON: [{depth, name, start_us, end_us}], so the
// C layout can be compared with it.
'use strict';
const fs = require('fs');

function chart(profile) {
  const nodes = profile.nodes;
  const idToNode = new Map();
  for (const n of nodes) idToNode.set(n.id, { id: n.id, name: n.callFrame.functionName, raw: n, parent: null, children: [] });
  const root = idToNode.get(nodes[0].id);
  if (nodes[0].children !== undefined) {
    for (const n of nodes) {
      const p = idToNode.get(n.id);
      for (const c of n.children || []) {
        const cn = idToNode.get(c);
        if (cn && !cn.parent) { cn.parent = p; p.children.push(cn); }
      }
    }
  } else {
    for (const n of nodes) {
      if (n.parent === undefined) continue;
      const p = idToNode.get(n.parent);
      const c = idToNode.get(n.id);
      if (p) { c.parent = p; p.children.push(c); }
    }
  }
  // depths: root -1
  const stack = [[root, -1]];
  while (stack.length) {
    const [n, d] = stack.pop();
    n.depth = d;
    for (const c of n.children) stack.push([c, d + 1]);
  }
  let programNode = null, gcNode = null, idleNode = null;
  for (const c of root.children) {
    if (c.name === '(program)') programNode = c;
    if (c.name === '(garbage collector)') gcNode = c;
    if (c.name === '(idle)') idleNode = c;
  }
  // timestamps
  let samples = profile.samples || [];
  let timestamps = [];
  let t = profile.startTime;
  for (let i = 0; i < (profile.timeDeltas || []).length; i++) { t += profile.timeDeltas[i]; timestamps.push(t); }
  const n0 = Math.min(samples.length, timestamps.length);
  samples = samples.slice(0, n0); timestamps = timestamps.slice(0, n0);
  const idx = samples.map((_, i) => i);
  idx.sort((a, b) => timestamps[a] - timestamps[b]);
  samples = idx.map(i => samples[i]); timestamps = idx.map(i => timestamps[i]);
  let profileEndTime = profile.endTime;
  const n = samples.length;
  if (n) {
    const avg = (timestamps[n - 1] - timestamps[0]) / (n - 1);
    timestamps.push(timestamps[n - 1] + avg);
    if (timestamps[n]) profileEndTime = timestamps[n];
  }
  // fixMissingSamples
  if (programNode && n >= 3) {
    const isSystem = id => id === programNode.id || (gcNode && id === gcNode.id) || (idleNode && id === idleNode.id);
    const bottom = node => { while (node.parent && node.parent.parent) node = node.parent; return node; };
    let prevId = samples[0], id = samples[1];
    for (let i = 1; i < n - 1; i++) {
      const nextId = samples[i + 1];
      if (id === programNode.id && !isSystem(prevId) && !isSystem(nextId) &&
          bottom(idToNode.get(prevId)) === bottom(idToNode.get(nextId))) samples[i] = prevId;
      prevId = id; id = nextId;
    }
  }
  // forEachFrame
  const out = [];
  const opens = [];
  const open = (depth, node, time) => { opens.push({ depth, name: node.name, start_us: time }); return opens.length - 1; };
  const openStack = [];
  const starts = [], childDur = [0];
  let top = 0, prevId = root.id, gcParent = null, node = null, i;
  const close = (depth, time) => {
    const k = openStack.pop();
    opens[k].end_us = time;
    top--;
  };
  for (i = 0; i < n; i++) {
    const time = timestamps[i];
    const id = samples[i];
    if (id === prevId) continue;
    node = idToNode.get(id);
    let prevNode = idToNode.get(prevId);
    if (gcNode && node === gcNode) {
      gcParent = prevNode;
      openStack.push(open(gcParent.depth + 1, gcNode, time)); top++;
      prevId = id;
      continue;
    }
    if (gcNode && prevNode === gcNode && gcParent) {
      close(gcParent.depth + 1, time);
      prevNode = gcParent; prevId = prevNode.id; gcParent = null;
    }
    const toOpen = [];
    while (node && node.depth > prevNode.depth) { toOpen.push(node); node = node.parent; }
    while (prevNode !== node) {
      close(prevNode.depth, time);
      if (node && node.depth === prevNode.depth) { toOpen.push(node); node = node.parent; }
      prevNode = prevNode.parent;
    }
    while (toOpen.length) { const c = toOpen.pop(); node = c; openStack.push(open(c.depth, c, time)); top++; }
    prevId = id;
  }
  const endTime = timestamps[i] || profileEndTime;
  if (gcParent && idToNode.get(prevId) === gcNode) { close(gcParent.depth + 1, endTime); prevId = gcParent.id; }
  for (let nd = idToNode.get(prevId); nd && nd.parent; nd = nd.parent) close(nd.depth, endTime);
  return opens;
}

const profile = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
process.stdout.write(JSON.stringify(chart(profile)) + '\n');
