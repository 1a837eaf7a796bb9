// A React app rendering a big table on a click: the button's handler sets
// the state, React renders 2 000 rows of five cells and commits them to the
// DOM in the click's task. Bundled by esbuild into ../react-table.js (see
// tests/data/traces/README.md).
import React, {useState} from 'react';
import {createRoot} from 'react-dom/client';

const ROWS = 2000;

function makeRows(seed) {
  const rows = [];
  for (let i = 0; i < ROWS; i++) {
    const price = ((i * 7919 + seed) % 10000) / 100;
    rows.push({id: i, name: `item ${i}`, price, qty: (i * 31 + seed) % 17, total: price * ((i * 31 + seed) % 17)});
  }
  return rows;
}

function Row({row}) {
  return (
    <tr className={row.id % 2 ? 'odd' : 'even'}>
      <td>{row.id}</td>
      <td>{row.name}</td>
      <td>{row.price.toFixed(2)}</td>
      <td>{row.qty}</td>
      <td>{row.total.toFixed(2)}</td>
    </tr>
  );
}

function Table({rows}) {
  return (
    <table>
      <thead>
        <tr><th>#</th><th>name</th><th>price</th><th>qty</th><th>total</th></tr>
      </thead>
      <tbody>
        {rows.map((row) => <Row key={row.id} row={row} />)}
      </tbody>
    </table>
  );
}

function App() {
  const [rows, setRows] = useState([]);
  return (
    <div>
      <button id="go" onClick={() => setRows(makeRows(rows.length + 1))}>render the table</button>
      <p>{rows.length} rows</p>
      <Table rows={rows} />
    </div>
  );
}

createRoot(document.getElementById('root')).render(<App />);
