function crunch(ms) {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 2);
  return x;
}
function work(ms) {
  return crunch(ms / 2) + crunch(ms / 2);
}
onmessage = (e) => postMessage(work(e.data));
