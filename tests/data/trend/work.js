// A program whose parseRows gets slower at a known run: the test series of
// `flamechart trend` (tests/data/trend/record.sh records it).
// Usage: node work.js SLOWDOWN   (1 = before the step, 1.5 = after)
'use strict';
const slowdown = Number(process.argv[2] || 1);

function parseRows(n) {
	let sum = 0;
	const rounds = Math.round(n * slowdown);
	for (let i = 0; i < rounds; i++) {
		const row = 'id=' + i + ';name=row' + (i % 97) + ';value=' + (i * 7) % 1000;
		const parts = row.split(';');
		for (const p of parts) sum += p.length + p.charCodeAt(p.length - 1);
	}
	return sum;
}

function buildIndex(n) {
	const index = new Map();
	for (let i = 0; i < n; i++) index.set('k' + (i % 5000), i);
	let sum = 0;
	for (const v of index.values()) sum += v;
	return sum;
}

function checksum(n) {
	let h = 0;
	for (let i = 0; i < n; i++) h = (h * 31 + i) | 0;
	return h;
}

let total = 0;
for (let round = 0; round < 2; round++) {
	total += parseRows(60000);
	total += buildIndex(150000);
	total += checksum(6000000);
}
if (total === 42) console.log(total);
