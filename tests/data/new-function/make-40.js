// Builds 40 functions with `new Function` (40 scripts without a URL, each
// with its own script id and the same name, "anonymous") and runs each for
// a few milliseconds, so that a CPU profile samples every one of them.
// Recorded with: node --cpu-prof --cpu-prof-interval 200 \
//   --cpu-prof-dir . --cpu-prof-name new-function-40.cpuprofile make-40.js
'use strict';
const fns = [];
for (let i = 0; i < 40; i++) {
  // a different body each time: equal sources could share a script
  fns.push(new Function('n', `let s = ${i}; for (let k = 0; k < n; k++) s = (s * 31 + k + ${i}) % 1000003; return s;`));
}
let sink = 0;
for (let round = 0; round < 3; round++) {
  for (const f of fns) {
    const until = Date.now() + 8;
    while (Date.now() < until) sink += f(2000);
  }
}
if (sink === 42) console.log('unlikely');
