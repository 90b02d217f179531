import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { depthPoints } from './depth-points';

/** The plain reference: each level's total is the sum of its own and every better level. */
function reference(levels: [number, number][]): number[] {
  return levels.map((_, i) => levels.slice(0, i + 1).reduce((sum, [, qty]) => sum + qty, 0));
}

const level = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }));

describe('depth chart points', () => {
  test('equal the reference sums, bids rising in price toward the spread and asks away from it', () => {
    fc.assert(
      fc.property(fc.array(level, { maxLength: 60 }), fc.array(level, { maxLength: 60 }), (rawBids, rawAsks) => {
        const bids = [...rawBids].sort((a, b) => b[0] - a[0]);
        const asks = [...rawAsks].sort((a, b) => a[0] - b[0]);
        const points = depthPoints(bids.flat(), asks.flat());
        expect(points.bids.map((p) => p.total)).toEqual(reference(bids).reverse());
        expect(points.bids.map((p) => p.price)).toEqual(bids.map(([price]) => price).reverse());
        expect(points.asks.map((p) => p.total)).toEqual(reference(asks));
        expect(points.asks.map((p) => p.price)).toEqual(asks.map(([price]) => price));
      }),
    );
  });

  test('an empty side draws nothing', () => {
    expect(depthPoints(new Float64Array(), Float64Array.of(10, 2))).toEqual({ bids: [], asks: [{ price: 10, total: 2 }] });
  });
});
