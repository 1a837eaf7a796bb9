// Writes N report summaries (report --summary) of a made-up nightly series
// into DIR, one per night, each with a manifest beside it: a CI job of
// PROFILES profiles (processes and threads), each profile's functions drawn
// from a pool of 400 with noise, and one function (parseRows) 40 % slower
// from night STEP on. VERSION 2 (the default) writes what report writes
// now: each profile's cpu and its 200 heaviest functions (docs/report.md);
// VERSION 1 the top five only, as report wrote before. For bench/trend.sh.
// Usage: node bench/trend-summaries.js DIR N [PROFILES] [STEP] [VERSION]
'use strict';
const fs = require('fs');
const path = require('path');

const [dir, nArg, profilesArg, stepArg, versionArg] = process.argv.slice(2);
const n = Number(nArg);
const perRun = Number(profilesArg || 11);
const step = Number(stepArg || Math.floor(n * 0.7));
const version = Number(versionArg || 2);
const listed = version >= 2 ? 200 : 5;
fs.mkdirSync(dir, { recursive: true });

let seed = 36;
function rand() {
	// a fixed LCG: the same files every time
	seed = (seed * 1103515245 + 12345) % 2147483648;
	return seed / 2147483648;
}
const pool = Array.from({ length: 400 }, (_, i) => ({
	name: i === 0 ? 'parseRows' : `fn${i}`,
	url: `file:///ci/build/src/${i % 7 === 0 ? 'parse' : 'lib' + (i % 5)}.js`,
	line: 10 + i * 3,
	ms: 400 / (i + 1),
}));
const tiers = ['app', 'deps', 'core', 'native', 'v8', 'gc', 'idle'];

for (let r = 0; r < n; r++) {
	const profiles = [];
	let totalMs = 0;
	for (let p = 0; p < perRun; p++) {
		const all = [];
		for (let k = 0; k < pool.length; k++) {
			const f = pool[(k * 3 + p) % pool.length];
			let ms = f.ms * (0.9 + 0.2 * rand());
			if (f.name === 'parseRows' && r >= step) ms *= 1.4;
			all.push({ name: f.name, url: f.url, line: f.line, self_ms: ms });
		}
		all.sort((a, b) => b.self_ms - a.self_ms);
		const top = all.slice(0, 5);
		const cpu = all.reduce((s, f) => s + f.self_ms, 0);
		const sampled = cpu * 1.25;
		const t = {};
		tiers.forEach((name, i) => (t[name] = i === 0 ? sampled * 0.8 : i === 6 ? 0 : sampled * 0.04));
		profiles.push({
			file: `CPU.20261101.000000.${1000 + p}.0.001.cpuprofile`,
			status: 'ok',
			title: `process ${1000 + p}`,
			duration_ms: sampled * 1.1,
			sampled_ms: sampled,
			samples: Math.round(sampled),
			threads: 1,
			tiers_ms: t,
			packages_ms: {},
			top,
		});
		if (version >= 2) {
			const us = (ms) => Math.round(ms * 1e6) / 1e3;
			const kept = all.slice(0, listed);
			const rest = all.slice(listed);
			Object.assign(profiles[profiles.length - 1], {
				cpu: us(cpu),
				functions: kept.map((f) => ({
					name: f.name,
					file: f.url.replace('file:///ci/build/', ''),
					self: us(f.self_ms),
					total: us(f.self_ms * 1.5),
				})),
				functions_other: {
					count: rest.length,
					self: us(rest.reduce((s, f) => s + f.self_ms, 0)),
				},
			});
		}
		totalMs += sampled;
	}
	const name = String(r + 1).padStart(4, '0');
	const summary = {
		version,
		totals: { profiles: perRun, ok: perRun, failed: 0, tiers_ms: {}, packages_ms: {} },
		profiles,
	};
	fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(summary, null, 2) + '\n');
	const date = new Date(Date.UTC(2024, 0, 1) + r * 86400000).toISOString().slice(0, 10);
	const commit = (r * 2654435761 >>> 0).toString(16).padStart(8, '0') + 'abcdef';
	fs.writeFileSync(
		path.join(dir, `${name}.json.run.json`),
		JSON.stringify({ commit, date, total_ms: Math.round(totalMs) }) + '\n'
	);
}
