// Main thread plus one worker thread, both doing work; for the thread
// matching of diff. HOT_FACTOR multiplies the worker's hotLoop.
'use strict';
const { Worker, isMainThread } = require('worker_threads');
const HOT = Number(process.env.HOT_FACTOR || 1);

function hotLoop(n) {
	let x = 0;
	for (let i = 0; i < n; i++) x = (Math.imul(x ^ i, 0x2c1b3c6d) + i) | 0;
	return x;
}

function mainWork(n) {
	let s = 0;
	for (let i = 0; i < n; i++) s += Math.sqrt(i);
	return s;
}

if (isMainThread) {
	const w = new Worker(__filename);
	mainWork(6000000);
	w.on('exit', () => {});
} else {
	hotLoop(20000000 * HOT);
}
