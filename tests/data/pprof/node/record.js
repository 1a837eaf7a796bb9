// Writes a CPU (time) profile and a heap profile of a small workload with
// @datadog/pprof, as gzipped pprof: node record.js CPU.pb.gz HEAP.pb.gz
'use strict';
const fs = require('fs');
const zlib = require('zlib');
const { time, heap, encode } = require('@datadog/pprof');

function fib(n) {
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
function render(rows) {
	return rows.map((r) => `<tr><td>${r.id}</td><td>${r.name}</td></tr>`).join('');
}
function makeRows(n) {
	const rows = [];
	for (let i = 0; i < n; i++) rows.push({ id: i, name: 'row ' + i, tags: ['a', 'b'] });
	return rows;
}
const keep = [];
async function main() {
	const [cpuPath, heapPath] = process.argv.slice(2);
	heap.start(16 * 1024, 64);
	time.start({ intervalMicros: 1000, durationMillis: 60000 });
	const until = Date.now() + 2000;
	let sink = 0;
	while (Date.now() < until) {
		const rows = makeRows(2000);
		keep.push(render(rows));
		if (keep.length > 20) keep.shift();
		sink += fib(20);
		sink += JSON.stringify(rows).length;
	}
	const cpu = time.stop();
	fs.writeFileSync(cpuPath, await encode(cpu));
	fs.writeFileSync(heapPath, await encode(heap.profile()));
	heap.stop();
	console.log(sink > 0 ? 'ok' : 'no');
}
main();
