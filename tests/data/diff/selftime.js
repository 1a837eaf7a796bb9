// Independent measure for the diff tests: self time per function (name +
// script file name, line ignored) summed over .cpuprofile files, in µs.
// Each sample is credited with the timeDelta of the next sample (the last
// one with the mean interval). Usage: node selftime.js FILE... [--json]
'use strict';
const fs = require('fs');
const path = require('path');

const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const totals = new Map();
let all = 0;
for (const f of files) {
	const p = JSON.parse(fs.readFileSync(f, 'utf8'));
	const byId = new Map(p.nodes.map((n) => [n.id, n]));
	const n = p.samples.length;
	const mean = n > 1 ? (p.endTime - p.startTime) / n : 0;
	for (let i = 0; i < n; i++) {
		const dt = i + 1 < n ? p.timeDeltas[i + 1] : mean;
		const cf = byId.get(p.samples[i]).callFrame;
		const key = (cf.functionName || '(anonymous)') + ' ' + path.basename(cf.url || '');
		totals.set(key, (totals.get(key) || 0) + dt);
		all += dt;
	}
}
const rows = [...totals].sort((a, b) => b[1] - a[1]);
if (process.argv.includes('--json')) {
	console.log(JSON.stringify({ total_us: all, self_us: Object.fromEntries(rows) }));
} else {
	console.log('total ' + (all / 1000).toFixed(1) + ' ms');
	for (const [k, v] of rows.slice(0, 12)) console.log((v / 1000).toFixed(1).padStart(9) + ' ms  ' + k);
}
