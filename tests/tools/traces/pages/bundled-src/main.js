// The page's bundle: a click runs a long task through three modules.
import { computeTotals, spinFor } from './prices.js';
import { renderOrderTable } from './table.js';

function makeRows(n) {
  const rows = [];
  for (let i = 0; i < n; i++) rows.push({ name: 'item ' + i, price: 1 + (i % 7), qty: 1 + (i % 3) });
  return rows;
}

function handleCheckout() {
  const rows = makeRows(400);
  spinFor(30);
  const total = computeTotals(rows);
  renderOrderTable(document.getElementById('list'), rows.slice(0, 120));
  document.getElementById('total').textContent = String(total);
}

document.getElementById('go').addEventListener('click', handleCheckout);
