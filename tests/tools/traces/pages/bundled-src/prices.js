// Prices of an order: a computation long enough to be sampled.
export function computeTotals(rows) {
  let total = 0;
  for (let k = 0; k < 200; k++)
    for (const r of rows) total += taxOf(r.price * r.qty) + Math.sqrt(k + r.qty);
  return total;
}

function taxOf(amount) {
  let t = amount;
  for (let i = 0; i < 50; i++) t = t * 1.0001 - Math.sin(i) * 1e-6;
  return t - amount;
}

export function spinFor(ms) {
  const end = performance.now() + ms;
  let x = 0;
  while (performance.now() < end) x += Math.sqrt(x + 1);
  return x;
}
