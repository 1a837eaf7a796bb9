#!/usr/bin/env node
// A profile of 40 functions made with `new Function` (40 scripts without a
// URL, one name): flamechart's layout JSON must show 40 distinct frames,
// each in the colour DevTools gives it -- keyed by the script id when there
// is no URL (devtools-rules §5.2, restated in devtools-url-colors.js).
//
//   new-function-check.js PROFILE LAYOUT_JSON N
//
// N is how many anonymous url-less frames the layout must have (40 by
// location or function; 0 for a chart, whose bars are compared as a set of
// colours). Exits 1 with the first difference.
'use strict';
const fs = require('fs');
const { profilerColor, hslToRgb } = require('./devtools-url-colors.js');

const [file, jsonFile, nWant] = process.argv.slice(2);
function die(msg) {
  process.stderr.write(`new-function-check: ${jsonFile}: ${msg}\n`);
  process.exit(1);
}
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const scripts = prof.nodes.map((n) => n.callFrame)
  .filter((cf) => cf.url === '' && String(cf.scriptId) !== '0');
const sids = [...new Set(scripts.map((cf) => String(cf.scriptId)))];
if (sids.length !== 40) die(`the profile has ${sids.length} url-less scripts, not 40`);
const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const want = scripts.filter((cf, i) => scripts.findIndex((o) => o.scriptId === cf.scriptId) === i)
  .map((cf) => hex(hslToRgb(...profilerColor(cf).hsl))).sort();

const doc = JSON.parse(fs.readFileSync(jsonFile, 'utf8'));
const frames = doc.profiles.flatMap((p) => p.frames)
  .filter((f) => f.url === '' && f.name === '');
if (Number(nWant) && frames.length !== Number(nWant)) die(`${frames.length} url-less frames, want ${nWant}`);
{
  // a chart (N = 0) draws a function as several bars: its colours as a set
  const got = (Number(nWant) ? frames.map((f) => f.color) : [...new Set(frames.map((f) => f.color))]).sort();
  if (got.join() !== want.join()) die(`colours ${got.join(' ')}\n  want ${want.join(' ')}`);
  if (new Set(got).size < 30) die(`only ${new Set(got).size} distinct colours`);
}
process.stdout.write(`ok: ${frames.length} frames, ${new Set(frames.map((f) => f.color)).size} colours\n`);
