#!/usr/bin/env node
// Compares flamechart's layout JSON (stdin) with devtools-chart.js's frames
// for the same profile: same frames in open order, same depth, name, start
// and end (to 1e-6 µs). Names are compared after flamechart's documented
// clean-up (control characters and invalid UTF-8 become U+FFFD).
'use strict';
const fs = require('fs');
const { execFileSync } = require('child_process');
const path = require('path');
const profile = process.argv[2];
const want = JSON.parse(execFileSync(process.execPath, [path.join(__dirname, 'devtools-chart.js'), profile], { maxBuffer: 1 << 30 }));
const got = JSON.parse(fs.readFileSync(0, 'utf8')).profiles[0].frames;
const clean = s => s.replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '\ufffd');
let bad = 0;
if (got.length !== want.length) { console.log(`${profile}: ${got.length} frames, DevTools ${want.length}`); bad++; }
for (let i = 0; i < Math.min(got.length, want.length) && bad < 5; i++) {
  const a = got[i], b = want[i];
  if (a.depth !== b.depth || a.name !== clean(b.name) || Math.abs(a.start_us - b.start_us) > 1e-6 || Math.abs(a.end_us - b.end_us) > 1e-6) {
    console.log(`${profile}: frame ${i}: ${JSON.stringify([a.depth, a.name, a.start_us, a.end_us])} != DevTools ${JSON.stringify([b.depth, b.name, b.start_us, b.end_us])}`);
    bad++;
  }
}
process.exit(bad ? 1 : 0);
