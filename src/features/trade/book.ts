import { Money } from '../../../contract/money';

/**
 * The order book's price grouping: levels gathered into buckets of a price step, as
 * exchanges offer beside the book (0.01 / 0.1 / 1 / 10 for a market quoted to two
 * decimals). Pure and exact: bucket edges are decimals (contract/money.ts), never floats.
 */

/** A grouped level: its bucket's price and the quantity of every level inside it. */
export interface BookBucket {
  price: Money;
  quantity: Money;
}

/** The steps a market's book offers: its tick, then ×10, ×100 and ×1000 of it. */
export function groupingSteps(pricePrecision: number): string[] {
  return [0, 1, 2, 3].map((power) => new Money(10).pow(power - pricePrecision).toFixed());
}

/** Decimals a price shows at a step: 2 at 0.01, 0 at 1 or 10. */
export function stepDecimals(step: string): number {
  return new Money(step).decimalPlaces();
}

/**
 * Gathers one side of the book, best level first (`rows`: price, quantity, price,
 * quantity... as the depth channel sends them), into at most `limit` buckets of `step`.
 * A bid falls into the bucket at or below its price (rounded down), an ask into the one
 * at or above (rounded up), so a bucket never promises a better price than its levels;
 * the quantities of a bucket's levels are summed. Levels come best first, so equal
 * buckets are next to each other.
 */
export function groupLevels(rows: ArrayLike<number>, side: 'bid' | 'ask', step: string, limit: number): BookBucket[] {
  const size = new Money(step);
  const buckets: BookBucket[] = [];
  for (let i = 0; i + 1 < rows.length; i += 2) {
    const units = new Money(rows[i] as number).div(size);
    const price = (side === 'bid' ? units.floor() : units.ceil()).times(size);
    const quantity = new Money(rows[i + 1] as number);
    const last = buckets.at(-1);
    if (last?.price.eq(price)) last.quantity = last.quantity.plus(quantity);
    else if (buckets.length === limit) break;
    else buckets.push({ price, quantity });
  }
  return buckets;
}
