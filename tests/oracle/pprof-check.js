// An independent reading of a pprof profile (gzipped or not) with npm's
// pprof-format decoder, checked against `flamechart info --json`:
//   node pprof-check.js PROFILE INFO_JSON [SAMPLE_TYPE]
// The sample type is SAMPLE_TYPE, else the one default_sample_type names,
// else the last. A frame is one line of a location: its function's name
// (" (inline)" appended for every line but a location's last, as
// input-rules §I2 says), file and start line. The total is the sum of the
// values; a function's self weight is the values of the samples whose leaf
// frame it is, its total the values of the samples with it anywhere on the
// stack (once however often it recurses). A column on the function's first
// line is part of the frame (JavaScript keeps it), as in flamechart's model;
// info --json does not print columns, so an entry matches any frame of its
// name, file and line. Time is compared in µs, bytes
// and counts as they are. Needs `npm ci` in tests/oracle/pprof.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { Profile } = require(path.join(__dirname, 'pprof', 'node_modules', 'pprof-format'));

const [, , profilePath, infoPath, wanted] = process.argv;
let raw = fs.readFileSync(profilePath);
if (raw[0] === 0x1f && raw[1] === 0x8b) raw = zlib.gunzipSync(raw);
const prof = Profile.decode(raw);
const info = JSON.parse(fs.readFileSync(infoPath, 'utf8')).profiles[0];
const str = (i) => prof.stringTable.strings[Number(i)];

const types = prof.sampleType.map((t) => ({ type: str(t.type), unit: str(t.unit) }));
let ti = types.length - 1;
if (wanted) ti = types.findIndex((t) => t.type === wanted);
if (ti < 0) {
	console.log(`FAIL: no sample type ${wanted}`);
	process.exit(1);
}
else if (Number(prof.defaultSampleType))
	ti = types.findIndex((t) => t.type === str(prof.defaultSampleType));
const unit = types[ti].unit;
const toUs = { nanoseconds: 1e-3, microseconds: 1, milliseconds: 1e3, seconds: 1e6 }[unit];
const bytes = unit === 'bytes';

const functions = new Map(prof.function.map((f) => [String(f.id), f]));
const locations = new Map(prof.location.map((l) => [String(l.id), l]));
const fns = new Map();
function frameKey(loc, i) {
	const line = loc.line[i];
	const fn = functions.get(String(line.functionId));
	let name = str(fn.name) || str(fn.systemName);
	if (i + 1 < loc.line.length) name += ' (inline)';
	const start = Number(fn.startLine);
	const col = start > 0 && Number(line.line) === start ? Number(line.column) : 0;
	const k = [name, str(fn.filename), start > 0 ? start : 0, col].join('\u0000');
	if (!fns.has(k)) fns.set(k, { name, url: str(fn.filename), line: start, self: 0, total: 0 });
	return k;
}
let total = 0;
for (const s of prof.sample) {
	const v = Number(s.value[ti]);
	if (v <= 0) continue;
	total += v;
	const stack = [];
	for (const id of s.locationId) {
		const loc = locations.get(String(id));
		if (!loc.line.length) continue; // an address only: not compared here
		for (let i = 0; i < loc.line.length; i++) stack.push(frameKey(loc, i));
	}
	fns.get(stack[0]).self += v;
	for (const k of new Set(stack)) fns.get(k).total += v;
}

// what info --json says, in the profile's unit
const scale = (x) => (bytes ? x : toUs ? x * toUs : x);
function infoValue(e, field) {
	return bytes ? e[field + '_bytes'] : e[field + '_ms'] * 1000;
}
let failed = 0;
function check(ok, what) {
	if (!ok) {
		console.log('FAIL: ' + what);
		failed++;
	}
}
const close = (a, b) => Math.abs(a - b) <= (bytes ? 0 : 1); // time: 1 µs of rounding
check(info.format === 'pprof', `format ${info.format}`);
const got = bytes ? info.allocated_bytes : info.sampled_ms * 1000;
check(Math.round(got) === Math.round(scale(total)), `total ${got}, counted ${scale(total)}`);
const all = [...fns.values()];
for (const field of ['self', 'total']) {
	const list = field === 'self' ? info.top : info.top_total;
	const want = all
		.map((f) => scale(f[field]))
		.filter((v) => v > 0)
		.sort((a, b) => b - a)
		.slice(0, 10);
	check(list.length >= want.length, `${field}: ${list.length} entries, ${want.length} expected`);
	for (let i = 0; i < want.length && i < list.length; i++) {
		const e = list[i];
		const v = infoValue(e, field);
		check(close(v, want[i]), `${field} #${i + 1}: ${e.name} ${v}, expected ${want[i]}`);
		const f = all.find(
			(x) => x.name === e.name && x.url === e.url && (x.line > 0 ? x.line : 0) === e.line &&
				close(scale(x[field]), v),
		);
		check(f, `${field} #${i + 1}: ${e.name} is not a function with ${v}`);
	}
}
console.log(`${path.basename(profilePath)} ${types[ti].type}/${unit}: total ${scale(total)}, ${all.length} functions`);
process.exit(failed ? 1 : 0);
