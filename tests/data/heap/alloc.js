// A workload that allocates in two known functions, for heap profiles
// (record.sh). `node alloc.js [rounds] [parse-factor]`: parseRows allocates
// parse-factor times as much as with 1.
'use strict';

function makeRows(n) {
	const rows = [];
	for (let i = 0; i < n; i++) rows.push({ id: i, name: 'row' + i, tags: [i, i + 1] });
	return rows;
}

function parseRows(n) {
	const out = [];
	for (let i = 0; i < n; i++)
		out.push(JSON.parse('{"a":' + i + ',"b":"' + 'x'.repeat(20) + '"}'));
	return out;
}

function run(rounds, factor) {
	// kept alive to the end, so the profile still holds them
	const keep = (globalThis.keep = []);
	for (let k = 0; k < rounds; k++) {
		keep.push(makeRows(5000));
		for (let f = 0; f < factor; f++) keep.push(parseRows(5000));
	}
	return keep.length;
}

module.exports = { run };
if (require.main === module)
	run(Number(process.argv[2] || 20), Number(process.argv[3] || 1));
