import { groupBy, sortBy } from "lodash-es";
import type { Order } from "./orders/model";
import { checksum, slugify } from "./util/text";

export function summarize(orders: Order[]): string {
  const byCustomer = groupBy(orders, (o) => slugify(o.customer));
  const names = sortBy(Object.keys(byCustomer), (k) => checksum(k));
  let text = "";
  for (const n of names) text += n + ":" + byCustomer[n].length + "\n";
  return text;
}
