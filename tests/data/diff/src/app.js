// A small program for diff test data: three functions with deterministic
// amounts of work. HOT_FACTOR (env) multiplies hotLoop's work: 1 in BASE,
// 2 in the regression HEAD.
'use strict';
const { mix } = require('./lib/mix.js');

const HOT = Number(process.env.HOT_FACTOR || 1);
const ROUNDS = Number(process.env.ROUNDS || 1);

function hotLoop(n) {
	let x = 0;
	for (let i = 0; i < n; i++) x = (Math.imul(x ^ (x >>> 13), 0x5bd1e995) + i) | 0;
	return x;
}

function coldLoop(n) {
	let s = 0;
	for (let i = 0; i < n; i++) s = mix(s, i);
	return s;
}

function steady(n) {
	let a = [];
	for (let i = 0; i < n; i++) a.push(i ^ (i >> 3));
	return a.length;
}

let sink = 0;
for (let r = 0; r < ROUNDS; r++) {
	sink += hotLoop(60000000 * HOT);
	sink += coldLoop(8000000);
	sink += steady(200000);
	sink += [1, 2, 3].map((v) => hotLoop(20000 * v)).length;
}
if (sink === 42) console.log(sink);
