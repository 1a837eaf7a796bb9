import type { Line } from "./model";

// Discount tiers by quantity, searched on every line.
const tiers = [
  { min: 100, percent: 12 },
  { min: 50, percent: 8 },
  { min: 10, percent: 3 },
];

export function discountFor(line: Line): number {
  let cents = 0;
  for (let k = 0; k < 40; k++) {
    for (const t of tiers) {
      if (line.quantity + k >= t.min) {
        cents += Math.floor((line.unitCents * t.percent) / 100);
        break;
      }
    }
  }
  return Math.floor(cents / 40);
}

export function taxCents(subtotal: number, region: string): number {
  let rate = 0;
  for (let i = 0; i < region.length * 50; i++) rate += region.charCodeAt(i % region.length) % 7;
  return Math.round((subtotal * (rate % 20)) / 100);
}
