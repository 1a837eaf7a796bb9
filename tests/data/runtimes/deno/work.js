function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
function hot(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    s += Math.sqrt(i) * Math.sin(i);
  }
  return s;
}
const t0 = Date.now();
let x = 0;
while (Date.now() - t0 < 600) { x += fib(20); x += hot(20000); }
console.log(x > 0);
