// A small CPU-bound workload for the CI recipe's example and its test:
// builds, sorts and serialises records. `node workload.js [N]`.
'use strict';
const n = Number(process.argv[2] || 60000);

function makeRecords(count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push({ id: i, name: 'item-' + ((i * 7919) % count), score: Math.sin(i) * 1000 });
  return out;
}

function sortRecords(records) {
  return records.slice().sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
}

function serialise(records) {
  let size = 0;
  for (let round = 0; round < 5; round++) size += JSON.stringify(records).length;
  return size;
}

const records = makeRecords(n);
const sorted = sortRecords(records);
console.log(`${sorted.length} records, ${serialise(sorted)} bytes of JSON`);
