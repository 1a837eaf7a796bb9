// Writes the order's rows, reading layout after each (a forced layout).
export function renderOrderTable(list, rows) {
  let h = 0;
  for (const r of rows) {
    const d = document.createElement('div');
    d.textContent = r.name + ': ' + r.qty;
    list.appendChild(d);
    h += list.offsetHeight;
  }
  return h;
}
