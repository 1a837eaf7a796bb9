// Main thread plus two worker threads, each processing a shard of records
// through processShard -> normalizeRecord, scoreRecord, generateCsv (with
// callbacks, so that paths run through anonymous functions, node's own and
// ours). SCORE_FACTOR (env) multiplies scoreRecord's work in the first
// worker only: 1 in BASE, 2 in HEAD. For diff's tests (make.sh).
'use strict';
const { Worker, isMainThread, workerData } = require('worker_threads');
const SCORE = Number(process.env.SCORE_FACTOR || 1);

function normalizeRecord(r) {
	let h = r.id;
	for (let i = 0; i < 3000; i++) h = (Math.imul(h ^ i, 0x45d9f3b) + r.value) | 0;
	return { id: r.id, key: h, value: r.value };
}

function scoreRecord(r, factor) {
	let s = 0;
	for (let i = 0; i < 3000 * factor; i++) s += Math.sqrt((r.key ^ i) & 0xffff);
	return s;
}

function generateCsv(rows) {
	return rows.map((r) => r.id + ',' + r.key + ',' + r.score.toFixed(2)).join('\n');
}

function processShard(shard, n) {
	const factor = shard === 0 ? SCORE : 1;
	const rows = [];
	for (let i = 0; i < n; i++) rows.push({ id: i, value: i * 7 + shard });
	// the slower side also checks its input: one more anonymous function,
	// above the others in this file, with too little time to matter
	if (factor > 1)
		for (let k = 0; k < 40; k++) if (rows.some((r) => r.id < 0)) throw new Error('id');
	const out = rows.map((r) => normalizeRecord(r));
	out.forEach((r) => {
		r.score = scoreRecord(r, factor);
	});
	return generateCsv(out).length;
}

function mainWork(n) {
	let s = 0;
	for (let i = 0; i < n; i++) s += Math.sqrt(i);
	return s;
}

if (isMainThread) {
	// one thread at a time (the main thread's work, then the workers one
	// after the other), so that the threads do not compete for the cores
	// the samples are timed on; thread 2 is shard 0
	mainWork(8000000);
	new Worker(__filename, { workerData: { shard: 0 } }).on('exit', () => {
		new Worker(__filename, { workerData: { shard: 1 } });
	});
} else {
	processShard(workerData.shard, 6000);
}
