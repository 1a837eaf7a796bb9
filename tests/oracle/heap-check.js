// An independent count of a heap sampling profile (.heapprofile, gzipped or
// not), checked against `flamechart info --json`:
//   node heap-check.js PROFILE INFO_JSON
// It walks the head tree itself: the total is the sum of the nodes'
// selfSize; a function's self bytes are the selfSize of its nodes, its total
// bytes the selfSize of every node with the function on its stack (counted
// once however often it recurses). A function is its name, url, line and
// column (and script id when it has no url). The sum of the samples' sizes
// is printed beside the total, not compared: see docs/inputs.md.
'use strict';
const fs = require('fs');
const zlib = require('zlib');

const [, , profilePath, infoPath] = process.argv;
let raw = fs.readFileSync(profilePath);
if (raw[0] === 0x1f && raw[1] === 0x8b) raw = zlib.gunzipSync(raw);
const profile = JSON.parse(raw.toString('utf8'));
const info = JSON.parse(fs.readFileSync(infoPath, 'utf8')).profiles[0];

const fns = new Map();
let total = 0;
function keyOf(cf) {
	const sid = cf.url ? '' : String(cf.scriptId ?? '0');
	return [cf.functionName, cf.url, cf.lineNumber, cf.columnNumber, sid].join('\u0000');
}
// iterative walk: each entry is a node and the set of functions above it
const stack = profile.head.children.map((n) => [n, new Set()]);
while (stack.length) {
	const [node, above] = stack.pop();
	const cf = node.callFrame;
	const k = keyOf(cf);
	if (!fns.has(k))
		fns.set(k, {
			name: cf.functionName,
			url: cf.url,
			line: cf.lineNumber >= 0 ? cf.lineNumber + 1 : 0,
			self: 0,
			total: 0,
		});
	const on = new Set(above).add(k);
	fns.get(k).self += node.selfSize;
	total += node.selfSize;
	for (const f of on) fns.get(f).total += node.selfSize;
	for (const c of node.children || []) stack.push([c, on]);
}
const samples = (profile.samples || []).reduce((s, x) => s + x.size, 0);

let failed = 0;
function check(ok, what) {
	if (!ok) {
		console.log('FAIL: ' + what);
		failed++;
	}
}
const all = [...fns.values()];
check(info.unit === 'bytes', `unit ${info.unit}`);
check(info.allocated_bytes === total, `allocated_bytes ${info.allocated_bytes}, counted ${total}`);
for (const [list, field] of [
	[info.top, 'self'],
	[info.top_total, 'total'],
]) {
	const ranked = all
		.filter((f) => f[field] > 0)
		.map((f) => f[field])
		.sort((a, b) => b - a)
		.slice(0, 10);
	const got = list.slice(0, 10);
	// the same amounts in the same order (ties may name either function)
	check(
		JSON.stringify(got.map((e) => e[field + '_bytes'])) === JSON.stringify(ranked),
		`top 10 by ${field}: ${got.map((e) => e[field + '_bytes'])} vs ${ranked}`,
	);
	// and each named function has exactly those bytes, self and total
	for (const e of got) {
		const f = all.find(
			(x) =>
				x.name === e.name &&
				x.url === e.url &&
				x.line === e.line &&
				x.self === e.self_bytes &&
				x.total === e.total_bytes,
		);
		check(f, `${e.name} ${e.url}:${e.line} self ${e.self_bytes} total ${e.total_bytes}`);
	}
}
console.log(`${profilePath}: ${total} bytes in the nodes, ${samples} in the samples, ${fns.size} functions`);
process.exit(failed ? 1 : 0);
