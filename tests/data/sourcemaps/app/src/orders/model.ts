// The shapes the shop works with.
export interface Line {
  sku: string;
  quantity: number;
  unitCents: number;
}

export interface Order {
  id: number;
  customer: string;
  lines: Line[];
}

export interface Totals {
  subtotal: number;
  tax: number;
  total: number;
}
