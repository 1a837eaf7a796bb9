// The script traced for tests/data/traces/node-trace-events.json.gz: a
// timer that computes, then reads a file (tests/data/traces/README.md).
'use strict';
function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
setTimeout(() => {
  console.log(fib(27));
  require('fs').readFile(__filename, () => {});
}, 10);
