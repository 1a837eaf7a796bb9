import { sumBy } from "lodash-es";
import type { Order, Totals } from "./model";
import { discountFor, taxCents } from "./pricing";

export function computeTotals(order: Order): Totals {
  const subtotal = sumBy(order.lines, (l) => l.quantity * l.unitCents - discountFor(l));
  const tax = taxCents(subtotal, order.customer);
  return { subtotal, tax, total: subtotal + tax };
}

export function checkoutAll(orders: Order[]): number {
  let grand = 0;
  for (const o of orders) grand += computeTotals(o).total;
  return grand;
}
