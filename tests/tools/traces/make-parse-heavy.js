// Writes pages/parse-heavy.js, the large script of pages/parse-heavy.html: a
// bundle-like file of about 2.5 MB, 6 000 modules of functions with loops,
// objects and strings for V8 to parse, a tenth of them called when the
// script runs (compiled lazily then). Deterministic: the same bytes each run.
//   node make-parse-heavy.js
'use strict';
const fs = require('fs');
const path = require('path');

const MODULES = 6000;
let seed = 33;
const rand = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};

const out = ['(function () {', '"use strict";', 'var modules = [];'];
for (let m = 0; m < MODULES; m++) {
  const k = rand(1000);
  out.push(`modules.push(function module${m}(input) {
  var table = {key${k}: ${k}, label: "module ${m} of the parse-heavy bundle", list: [${[1, 2, 3, 4].map(() => rand(100)).join(', ')}]};
  function step${m}(x) {
    var s = 0;
    for (var i = 0; i < table.list.length; i++) s += (x * table.list[i]) % ${k + 7};
    return s + table.key${k};
  }
  function format${m}(v) {
    return table.label + ": " + String(v).padStart(8, " ") + (v % 2 ? " odd" : " even");
  }
  var result = step${m}(input);
  return result > ${rand(500)} ? format${m}(result) : result;
});`);
}
out.push('var done = 0;');
out.push(`for (var m = 0; m < modules.length; m += 10) done += String(modules[m](m)).length;`);
out.push('document.getElementById("out").textContent = done + " characters";');
out.push('})();');
const file = path.join(__dirname, 'pages', 'parse-heavy.js');
fs.writeFileSync(file, out.join('\n') + '\n');
console.log(`${file}: ${fs.statSync(file).size} bytes`);
