#!/usr/bin/env node
// Writes the seed corpora fuzz/corpus/<target>/ from the profiles in
// tests/data/: the small files as they are, the big ones cut down to a few
// KB (a connected part of the call tree, the first samples, the events that
// matter), and gzip variants. Run from the repository root:
//   node fuzz/make-seeds.js
// Seeds are kept small so that every mutation runs fast; the fuzzer grows
// the corpus from them.
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const root = path.resolve(__dirname, '..');
const data = path.join(root, 'tests', 'data');
const out = path.join(__dirname, 'corpus');
const read = (p) => fs.readFileSync(path.join(data, p));
const json = (p) => JSON.parse(read(p));

function put(target, name, bytes) {
	const dir = path.join(out, target);
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, name), bytes);
}

// A modern .cpuprofile cut to at most maxNodes nodes (those reachable from the
// root through kept nodes, in file order) and maxSamples samples; samples of
// dropped nodes go to their nearest kept ancestor.
function cutProfile(p, maxNodes, maxSamples) {
	const byId = new Map(p.nodes.map((n) => [n.id, n]));
	const parent = new Map();
	for (const n of p.nodes) {
		for (const c of n.children || []) parent.set(c, n.id);
		if (n.parent !== undefined) parent.set(n.id, n.parent);
	}
	const keep = new Set();
	for (const n of p.nodes) {
		if (keep.size >= maxNodes) break;
		const par = parent.get(n.id);
		if (par === undefined || keep.has(par)) keep.add(n.id);
	}
	const lift = (id) => {
		while (id !== undefined && !keep.has(id)) id = parent.get(id);
		return id === undefined ? p.nodes[0].id : id;
	};
	const nodes = p.nodes
		.filter((n) => keep.has(n.id))
		.map((n) => {
			const m = Object.assign({}, n);
			if (m.children) m.children = m.children.filter((c) => keep.has(c));
			if (m.positionTicks) delete m.positionTicks;
			return m;
		});
	const res = Object.assign({}, p, { nodes });
	if (p.samples) {
		const n = Math.min(maxSamples, p.samples.length);
		res.samples = p.samples.slice(0, n).map(lift);
		if (p.timeDeltas) res.timeDeltas = p.timeDeltas.slice(0, n);
		if (p.timeDeltas && p.startTime !== undefined) {
			const sum = res.timeDeltas.reduce((a, b) => a + b, 0);
			res.endTime = p.startTime + sum + 1000;
		}
	}
	void byId;
	return res;
}

// Trace events cut down: metadata, Profile events, the first chunks with
// their nodes and samples trimmed, CpuProfile events with a cut profile.
function cutTrace(t, maxChunks, maxNodes, maxSamples) {
	const arr = Array.isArray(t);
	const events = arr ? t : t.traceEvents;
	const kept = [];
	let chunks = 0;
	for (const e of events) {
		if (e.ph === 'M' && (e.name === 'thread_name' || e.name === 'process_name')) {
			kept.push(e);
		} else if (e.name === 'Profile') {
			kept.push(e);
		} else if (e.name === 'ProfileChunk' && chunks < maxChunks) {
			chunks++;
			const c = JSON.parse(JSON.stringify(e));
			const d = c.args && c.args.data;
			if (d && d.cpuProfile) {
				if (d.cpuProfile.nodes) d.cpuProfile.nodes = d.cpuProfile.nodes.slice(0, maxNodes);
				if (d.cpuProfile.samples) d.cpuProfile.samples = d.cpuProfile.samples.slice(0, maxSamples);
				if (d.timeDeltas) d.timeDeltas = d.timeDeltas.slice(0, maxSamples);
			}
			kept.push(c);
		} else if (e.name === 'CpuProfile') {
			const c = JSON.parse(JSON.stringify(e));
			if (c.args && c.args.data && c.args.data.cpuProfile)
				c.args.data.cpuProfile = cutProfile(c.args.data.cpuProfile, maxNodes, maxSamples);
			kept.push(c);
		}
	}
	// a few threads only: the metadata of the pids and tids that have profiles
	const pids = new Set(kept.filter((e) => e.name !== 'thread_name' && e.name !== 'process_name').map((e) => e.pid));
	const small = kept.filter((e) => pids.has(e.pid)).slice(0, 40);
	return arr ? small : Object.assign({}, t, { traceEvents: small });
}

const enc = (o) => Buffer.from(JSON.stringify(o));
const gz = (b) => zlib.gzipSync(b, { level: 9 });

// --- cpuprofile ---------------------------------------------------------------
const cpuSmall = [
	'corpus/seed-examples/minimal-cpu-profile.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-timing-data.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-timing-data-time-deltas.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-timing-data-samples.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-nodes-call-frame-source-location.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-nodes-call-frame-synthetic-frames.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-nodes-call-frame-url.cpuprofile',
	'corpus/seed-examples/minimal-cpu-profile-nodes-parent-child.cpuprofile',
	'corpus/minimal/valley.20250519.270340.10004.2.001.cpuprofile',
	'corpus/minimal/alternating-peaks.20250519.000070.10001.0.001.cpuprofile',
	'corpus/chrome-versions/Chrome-65-simple.cpuprofile',
	'corpus/chrome-versions/node-10.11.0-example.cpuprofile', // legacy head tree
];
for (const f of cpuSmall) put('cpuprofile', path.basename(f), read(f));
put('cpuprofile', 'ng-build-cut.cpuprofile',
	enc(cutProfile(json('corpus/real/ng-build/CPU.20250519.000217.90620.4.005.cpuprofile'), 30, 60)));
put('cpuprofile', 'nx-lint-cut.cpuprofile',
	enc(cutProfile(json('corpus/real/nx-run-lint/CPU.20250526.173254.19960.0.001.cpuprofile'), 25, 50)));
put('cpuprofile', 'sucrase-cut.cpuprofile',
	enc(cutProfile(json('corpus/chrome-versions/Chrome-65-sucrase.cpuprofile'), 25, 50)));

// --- trace ------------------------------------------------------------------------
const traceSmall = [
	'corpus/seed-examples/minimal-trace-event-pid-tid-grouping.json',
	'corpus/seed-examples/minimal-trace-event-instant-event-tracing-started-in-browser.json',
	'corpus/seed-examples/minimal-trace-event-instant-event-start-profiling.json',
	'corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json',
	'corpus/seed-examples/minimal-trace-event-instant-event-complex-profile-chunks.json',
];
for (const f of traceSmall) put('trace', path.basename(f), read(f));
put('trace', 'trace-2025-cut.json', enc(cutTrace(json('corpus/minimal/Trace-20250622T203446.json'), 3, 12, 20)));
put('trace', 'chrome-141-cut.json', enc(cutTrace(json('corpus/chrome-versions/Chrome-141-no-arg-data.json'), 4, 12, 20)));
put('trace', 'chrome-69-cut.json', enc(cutTrace(json('corpus/chrome-versions/Chrome-69-simple.json'), 3, 12, 20)));
put('trace', 'chrome-66-worker-cut.json', enc(cutTrace(json('corpus/chrome-versions/Chrome-66-worker.json'), 0, 12, 20)));

// --- trace metadata (input-rules §C9): embedded maps and annotations ---------------
{
	const t = JSON.parse(read('traces/minimal-tasks.json'));
	const ev = t.traceEvents;
	const click = ev.findIndex((e) => e.name === 'EventDispatch');
	const task = ev.findIndex((e) => e.name === 'RunTask');
	const map = { version: 3, file: 'a.js', sources: ['src/app.ts', 'src/b.ts'],
		sourcesContent: ['export function onClick() {\n  go();\n}\n', 'x'],
		names: ['onClick', 'go'], mappings: ';;;AAAAA,QAACC;A,C;;AAEA' };
	const annotations = {
		entryLabels: [{ entry: `r-${click}`, label: 'the click \u00e9\u0001' },
			{ entry: 'p-7-1-0-2', label: 'handler' }, { entry: 'p-7-1-99-2', label: 'no such sample' },
			{ entry: 'l-3', label: 'legacy frame' }, { entry: 'r-', label: 'broken' }],
		labelledTimeRanges: [{ bounds: { min: 2000, max: 2600, range: 600 }, label: 'task' },
			{ bounds: { min: 9.5e3, max: 1e4 }, label: '' },
			{ bounds: { min: 5, max: 1 }, label: 'reversed' }],
		linksBetweenEntries: [{ entryFrom: `r-${task}`, entryTo: 'p-7-1-1-3' }, { entryFrom: `s-${click}` }],
	};
	const meta = { source: 'DevTools', sourceMaps: [
		{ url: 'a.js', sourceMapUrl: 'a.js.map', sourceMap: map },
		{ url: 'b.js', sourceMapUrl: null, sourceMap: JSON.stringify(map) },
		{ url: 'c.js', sourceMap: { version: 3, sections: [{ offset: { line: 0, column: 0 }, map }],
			x: [1.5e300, -0, true, false, null, '"\\\n'] } },
		{ sourceMap: map }],
	modifications: { entriesModifications: { hiddenEntries: [], expandableEntries: [] },
		initialBreadcrumb: { window: { min: 0, max: 1, range: 1 }, child: null }, annotations } };
	const events = JSON.stringify(ev);
	const first = (m) => Buffer.from(`{"metadata":${JSON.stringify(m)},"traceEvents":${events}}`);
	put('trace_metadata', 'before.json', first(meta));
	put('trace_metadata', 'after.json', Buffer.from(`{"traceEvents":${events},"metadata":${JSON.stringify(meta)}}`));
	put('trace_metadata', 'null.json', Buffer.from(`{"metadata":null,"traceEvents":${events}}`));
	const wrong = JSON.parse(JSON.stringify(meta));
	wrong.sourceMaps = { url: 1 };
	wrong.modifications.annotations.entryLabels = [1, [], { entry: 5 }];
	put('trace_metadata', 'wrong-types.json', first(wrong));
	// a user timing makes a Timings lane, drawn first: the annotations go
	// with the thread after it
	const mark = { ph: 'R', cat: 'blink.user_timing', name: 'ready', pid: 7, tid: 1, ts: 2050, args: {} };
	put('trace_metadata', 'timings-lane.json', first({ ...meta, x: 0 }).toString()
		.replace('"traceEvents":[', `"traceEvents":[${JSON.stringify(mark)},`));
	put('trace_tasks', 'metadata-before.json', first(meta));
	put('trace', 'metadata-after.json', Buffer.from(`{"traceEvents":${events},"metadata":${JSON.stringify(meta)}}`));
}

// node --trace-events: node's own events, no samples
put('trace_tasks', 'node-trace-events.json', zlib.gunzipSync(read('traces/node-trace-events.json.gz')));

// --- self-profiling ------------------------------------------------------------------
for (const f of ['inputs/self-profiling/spec-example.json', 'inputs/self-profiling/wrapped-markers.json',
		 'inputs/self-profiling/chromium-156.json'])
	put('self_profiling', path.basename(f), read(f));

// --- speedscope and Hermes ----------------------------------------------------------
for (const f of fs.readdirSync(path.join(data, 'inputs/speedscope')).filter((f) => f.endsWith('.json') && f !== 'speedscope-totals.json'))
	put('speedscope', f, read('inputs/speedscope/' + f));
for (const f of fs.readdirSync(path.join(data, 'inputs/hermes')).filter((f) => f.endsWith('.json')))
	put('hermes', f, read('inputs/hermes/' + f));

// --- folded ------------------------------------------------------------------------
for (const f of ['inputs/folded/basic.folded', 'inputs/folded/differential.folded', 'inputs/folded/node-perf.folded'])
	put('folded', path.basename(f), read(f));
put('folded', 'annotated.folded', Buffer.from(
	'# comment\n' +
	'main;LazyCompile:*run /app/src/run.js:12:3;JS:~parse node:internal/fs:40 7\n' +
	'main;do_syscall_64_[k];read_[k] 2\r\n' +
	'main;Function:^leaf https://example.com/x.js:1 1.5\n' +
	'not a stack line\n' +
	'main;(garbage collector) 3\n'));

// --- gzip: compressed seeds, two members, an empty member ------------------------------
const g1 = read('corpus/seed-examples/minimal-cpu-profile.cpuprofile');
const g2 = read('inputs/folded/basic.folded');
const g3 = read('corpus/seed-examples/minimal-trace-event-instant-event-simple-profile-chunks.json');
const g4 = read('inputs/self-profiling/spec-example.json');
put('gzip', 'cpuprofile.gz', gz(g1));
put('gzip', 'folded.gz', gz(g2));
put('gzip', 'trace.gz', gz(g3));
put('gzip', 'self-profiling.gz', gz(g4));
put('gzip', 'two-members.gz', Buffer.concat([gz(g1.subarray(0, 300)), gz(g1.subarray(300))]));
put('gzip', 'empty-member.gz', Buffer.concat([gz(Buffer.alloc(0)), gz(g2)]));
put('gzip', 'stored.gz', zlib.gzipSync(g2, { level: 0 }));

// --- detect: one of each kind, and the non-profiles detection names -----------------------
put('detect', 'cpuprofile.json', g1);
put('detect', 'trace-array.json', g3);
put('detect', 'self-profiling-wrapped.json', read('inputs/self-profiling/wrapped-markers.json'));
put('detect', 'basic.folded', g2);
put('detect', 'bom.cpuprofile', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), g1]));
put('detect', 'keys-late.json', Buffer.from('{"meta":{"a":[1,2,3]},"samples":[],"x":"y","nodes":[]}'));
put('detect', 'not-a-profile.json', Buffer.from('{"name":"pkg","version":"1.0.0","files":["a"]}'));
put('detect', 'speedscope.json', Buffer.from('{"$schema":"https://www.speedscope.app/file-format-schema.json"}'));
put('detect', 'text.txt', Buffer.from('hello\nworld\n'));
put('detect', 'hermes.json', read('inputs/hermes/two-threads.json'));
put('detect', 'cpuprofile.gz', gz(g1));

// --- theme: the built-in themes, user themes that extend them, near misses ---------------
for (const f of fs.readdirSync(path.join(root, 'themes')).filter((f) => f.endsWith('.json')))
	put('theme', f, fs.readFileSync(path.join(root, 'themes', f)));
put('theme', 'extends-dark.json', Buffer.from(JSON.stringify({
	extends: 'dark', background: '#0d1117', tiers: { app: '#ff7b72' },
	font: { family: 'Inter, DejaVu Sans', size: 12 },
}, null, 2)));
put('theme', 'spaces.json', Buffer.from(JSON.stringify({
	url: { rules: 'performance', hue: { min: 0, max: 360, count: 7 },
		saturation: { min: 30, max: 30 }, lightness: { min: 40, max: 90, count: 0 } },
	package: { hue: { min: 10, max: 350 } },
	heat: { cold: [50, 100, 80], hot: [0, 100, 45], full_share: 0.05 },
	mono: { darkest: 20, lightest: 95 }, grid_alpha: 0, bar: { height: 64, text_padding: 0 },
})));
put('theme', 'short-colours.json', Buffer.from('{"name":"x","background":"#fff","background_end":"#000",' +
	'"labels":{"dark":"#123","light":"#fedcba"},"coalesced":"#888"}'));
put('theme', 'typo.json', Buffer.from('{"tiers":{"ap":"#ff0000"}}'));
put('theme', 'bad-value.json', Buffer.from('{\n  "url": {"hue": {"min": 0, "max": 400}}\n}'));
