import { checkoutAll } from "./orders/checkout";
import type { Order } from "./orders/model";
import { summarize } from "./report";
import { Rng } from "./util/rng";

const customers = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra"];

function makeOrders(rng: Rng, count: number): Order[] {
  const orders: Order[] = [];
  for (let id = 0; id < count; id++) {
    const lines = [];
    const n = 1 + rng.nextInt(6);
    for (let j = 0; j < n; j++)
      lines.push({ sku: "sku-" + rng.nextInt(500), quantity: 1 + rng.nextInt(120), unitCents: 99 + rng.nextInt(9900) });
    orders.push({ id, customer: customers[rng.nextInt(customers.length)] + " " + (id % 37), lines });
  }
  return orders;
}

function run(rounds: number): void {
  const rng = new Rng(20);
  let total = 0;
  let digest = 0;
  for (let r = 0; r < rounds; r++) {
    const orders = makeOrders(rng, 400);
    total += checkoutAll(orders);
    digest += summarize(orders).length;
  }
  console.log(`total ${total} digest ${digest}`);
}

run(Number(process.argv[2] ?? 60));
