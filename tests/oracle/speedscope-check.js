// An independent reading of a speedscope file or a Hermes sampling profile,
// checked against `flamechart info --json` and, when given, against what
// speedscope's own importers computed for the same file
// (tests/data/inputs/speedscope/speedscope-totals.json, made by make.sh):
//   node speedscope-check.js FILE INFO_JSON [TOTALS_JSON KEY]
// Per profile: the total weight, and for the ten functions with the most
// self weight and the ten with the most total weight, their self and total
// weight. A function is its name, file and line (what info --json names);
// its total counts each stretch once however deep it recurses. Weights are
// µs for time units (info's ms × 1000), bytes or counts otherwise.
'use strict';
const fs = require('fs');

const [, , file, infoPath, totalsPath, key] = process.argv;
const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
const infos = JSON.parse(fs.readFileSync(infoPath, 'utf8')).profiles;
const toUs = { nanoseconds: 0.001, microseconds: 1, milliseconds: 1000, seconds: 1e6 };

let failed = 0;
function check(ok, what) {
	if (!ok) {
		console.log('FAIL: ' + what);
		failed++;
	}
}
// rounding to the µs moves each boundary by at most half a µs
const near = (a, b, slack) => Math.abs(a - b) <= Math.max(slack, 1e-9 * Math.abs(b));

// A profile as stretches: [weight, [function keys, outermost first]].
function profileOf(name, unit, stretches, fnInfo) {
	const fns = new Map();
	let total = 0;
	for (const [w, stack] of stretches) {
		total += w;
		if (!stack.length) continue;
		for (const k of new Set(stack)) {
			if (!fns.has(k)) fns.set(k, { ...fnInfo(k), self: 0, total: 0 });
			fns.get(k).total += w;
		}
		fns.get(stack[stack.length - 1]).self += w;
	}
	return { name, unit, total, fns, n: stretches.length };
}

function speedscope(f) {
	const frames = f.shared.frames;
	const keyOf = (i) => {
		const fr = frames[i];
		return [fr.name, fr.file || '', fr.line || 0].join('\u0000');
	};
	const info = (k) => {
		const [name, url, line] = k.split('\u0000');
		return { name, url, line: Number(line) };
	};
	return f.profiles.map((p) => {
		const scale = toUs[p.unit] || 1;
		const stretches = [];
		if (p.type === 'evented') {
			const stack = [];
			// from startValue (speedscope's total is endValue - startValue)
			let last = p.startValue;
			if (p.events.length && p.events[0].at < last) last = p.events[0].at;
			for (const e of p.events) {
				if (e.at > last) stretches.push([(e.at - last) * scale, stack.map(keyOf)]);
				last = e.at;
				if (e.type === 'O') stack.push(e.frame);
				else stack.pop();
			}
			if (p.endValue > last) stretches.push([(p.endValue - last) * scale, []]);
		} else {
			p.samples.forEach((s, i) => stretches.push([p.weights[i] * scale, s.map(keyOf)]));
		}
		return profileOf(p.name, p.unit, stretches, info);
	});
}

// Hermes: "fn(file:line:col)" is the function fn of file; funcLine its line.
function hermes(f) {
	const splitName = (n) => {
		const m = /^(.*)\((.*):\d+:\d+\)$/s.exec(n);
		return m ? { name: m[1], url: m[2] } : { name: n, url: '' };
	};
	const keyOf = (id) => {
		const fr = f.stackFrames[id];
		const { name, url } = splitName(fr.name);
		return [name, url, fr.funcLine ? Number(fr.funcLine) : 0].join('\u0000');
	};
	const info = (k) => {
		const [name, url, line] = k.split('\u0000');
		return { name, url, line: Number(line) };
	};
	const threads = new Map();
	for (const s of f.samples) {
		const t = `${s.pid}/${s.tid}`;
		if (!threads.has(t)) threads.set(t, []);
		threads.get(t).push(s);
	}
	return [...threads.values()].map((ss) => {
		const stretches = ss.map((s, i) => {
			const stack = [];
			for (let id = s.sf; id !== undefined; id = f.stackFrames[id].parent) stack.unshift(keyOf(id));
			const next = i + 1 < ss.length ? Number(ss[i + 1].ts) : Number(s.ts);
			return [next - Number(s.ts), stack];
		});
		return profileOf('', 'microseconds', stretches, info);
	});
}

const profiles = raw.$schema ? speedscope(raw) : hermes(raw);
check(profiles.length === infos.length, `${profiles.length} profiles, info has ${infos.length}`);

profiles.forEach((p, i) => {
	const info = infos[i];
	if (!info) return;
	const bytes = info.unit === 'bytes';
	const get = (o, what) => (bytes ? o[`${what}_bytes`] : o[`${what}_ms`] * 1000);
	const total = bytes ? info.allocated_bytes : info.sampled_ms * 1000;
	// info's ms have three decimals: 0.5 µs, plus the µs rounding of each stretch
	const slack = bytes ? 0 : 1 + 0.5 * p.n;
	check(near(total, p.total, slack), `profile ${i}: total ${total}, counted ${p.total}`);
	const byKey = new Map();
	for (const list of [info.top, info.top_total])
		for (const f of list) byKey.set([f.name, f.url, f.line].join('\u0000'), f);
	const all = [...p.fns.entries()];
	for (const field of ['self', 'total']) {
		const top = all.sort((a, b) => b[1][field] - a[1][field]).slice(0, 10);
		for (const [k, f] of top) {
			if (f[field] <= 0) continue;
			const got = byKey.get(k);
			check(got, `profile ${i}: ${f.name} (${f.url}:${f.line}) is missing from info`);
			if (!got) continue;
			check(near(get(got, 'self'), f.self, slack), `profile ${i}: ${f.name} self ${get(got, 'self')}, counted ${f.self}`);
			check(near(get(got, 'total'), f.total, slack), `profile ${i}: ${f.name} total ${get(got, 'total')}, counted ${f.total}`);
		}
	}
});

// speedscope's own answers for the file: the same totals
if (totalsPath) {
	const theirs = JSON.parse(fs.readFileSync(totalsPath, 'utf8'))[key];
	check(theirs, `no speedscope totals for ${key}`);
	(theirs || []).forEach((t, i) => {
		const p = profiles[i];
		if (!p) return;
		const scale = toUs[t.unit] || 1;
		check(near(t.total * scale, p.total, 1e-6), `profile ${i}: speedscope's total ${t.total * scale}, counted ${p.total}`);
		// speedscope's frames, merged by function as above
		const fns = new Map();
		for (const fr of t.frames) {
			const m = /^(.*)\((.*):\d+:\d+\)$/s.exec(fr.name);
			const k = raw.$schema
				? [fr.name, fr.file, fr.line].join('\u0000')
				: m ? `${m[1]}\u0000${m[2]}` : `${fr.name}\u0000`;
			const o = fns.get(k) || { self: 0 };
			o.self += fr.self * scale;
			fns.set(k, o);
		}
		for (const [k, f] of p.fns) {
			const kk = raw.$schema ? k : k.split('\u0000').slice(0, 2).join('\u0000');
			const s = fns.get(kk);
			check(s && near(s.self, f.self, 1e-6), `profile ${i}: ${f.name}: speedscope's self ${s && s.self}, counted ${f.self}`);
		}
	});
}
process.exit(failed ? 1 : 0);
