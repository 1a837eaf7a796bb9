// Records a heap profile the way DevTools' "Allocation sampling" does:
// HeapProfiler.startSampling / stopSampling through the inspector.
// `node inspector.js OUT [rounds] [parse-factor]`
'use strict';
const fs = require('fs');
const inspector = require('inspector');
const { run } = require('./alloc.js');

const session = new inspector.Session();
session.connect();
const post = (method, params) =>
	new Promise((resolve, reject) =>
		session.post(method, params || {}, (err, res) => (err ? reject(err) : resolve(res))));

(async () => {
	await post('HeapProfiler.enable');
	await post('HeapProfiler.startSampling', { samplingInterval: 16384 });
	run(Number(process.argv[3] || 20), Number(process.argv[4] || 1));
	const { profile } = await post('HeapProfiler.stopSampling');
	fs.writeFileSync(process.argv[2], JSON.stringify(profile));
	session.disconnect();
})();
