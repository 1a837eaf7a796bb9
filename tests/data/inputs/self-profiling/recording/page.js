function leaf(n) { let s = 0; for (let i = 0; i < n; i++) s += Math.sqrt(i) * Math.sin(i); return s; }
function middle(n) { let s = 0; for (let k = 0; k < 20; k++) s += leaf(n); return s; }
function sortWork() { const a = []; for (let i = 0; i < 200000; i++) a.push((i * 7919) % 100003); a.sort((x, y) => x - y); return a[5]; }
async function main() {
  const out = document.getElementById('out');
  if (typeof Profiler === 'undefined') { out.textContent = 'NO_PROFILER'; return; }
  const p = new Profiler({ sampleInterval: 10, maxBufferSize: 100000 });
  const t0 = performance.now();
  let x = 0;
  while (performance.now() - t0 < 400) { x += middle(20000); x += sortWork(); }
  await new Promise(r => setTimeout(r, 50));
  const t1 = performance.now();
  while (performance.now() - t1 < 100) { x += leaf(50000); }
  const trace = await p.stop();
  out.textContent = "done"; await fetch("/trace", { method: "POST", body: JSON.stringify(trace) });
}
main();
