import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ieoAllocation, ieoCost, ieoPhase, ieoStage } from './ieo';
import { Money } from './money';

describe('ieoAllocation', () => {
  test('no more asked than issued: each gets what it asked for', () => {
    const result = ieoAllocation(
      '1000',
      [
        { id: 1, amount: '600' },
        { id: 2, amount: '400' },
      ],
      4,
    );
    expect([...result].map(([id, amount]) => [id, amount.toFixed()])).toEqual([
      [1, '600'],
      [2, '400'],
    ]);
  });

  test('oversubscribed: pro rata, rounded down to the token decimals', () => {
    // 300 asked for 100: a third each; 100 / 3 = 33.3333 (4 decimals), 0.0001 left to the house.
    const result = ieoAllocation(
      '100',
      [1, 2, 3].map((id) => ({ id, amount: '100' })),
      4,
    );
    expect([...result.values()].map((amount) => amount.toFixed())).toEqual(['33.3333', '33.3333', '33.3333']);
  });

  test('any subscriptions: never more than issued nor asked, and at most one smallest unit short of the exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 6 }),
        (asks, supply, decimals) => {
          const unit = new Money(10).pow(-decimals);
          const rows = asks.map((units, id) => ({ id, amount: new Money(units).times(unit) }));
          const total = new Money(supply).times(unit);
          const asked = rows.reduce((all, row) => all.plus(row.amount), new Money(0));
          const result = ieoAllocation(total, rows, decimals);
          let given = new Money(0);
          for (const row of rows) {
            const got = result.get(row.id) ?? new Money(-1);
            const exact = asked.lte(total) ? row.amount : row.amount.times(total).div(asked);
            expect(got.lte(row.amount) && got.lte(exact) && exact.minus(got).lt(unit) && got.decimalPlaces() <= decimals).toBe(true);
            given = given.plus(got);
          }
          expect(given.lte(total)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 19 },
    );
  });
});

test('ieoPhase follows the clock; ieoCost is exact', () => {
  const project = { start_at: 1000, end_at: 2000 };
  expect([999, 1000, 1999, 2000].map((now) => ieoPhase(project, now))).toEqual(['warmup', 'progress', 'progress', 'ended']);
  expect(ieoCost('33333.3333', '0.05').toFixed()).toBe('1666.666665');
});

test('ieoStage: the clock until the window ends, then the records (allocated, listed)', () => {
  const project = { start_at: 1000, end_at: 2000, allocated_at: null, market_id: null };
  expect([999, 1000, 1999, 2000, 9999].map((now) => ieoStage(project, now))).toEqual(['upcoming', 'subscribing', 'subscribing', 'allocating', 'allocating']);
  expect(ieoStage({ ...project, allocated_at: 2015 }, 2020)).toBe('allocated');
  expect(ieoStage({ ...project, allocated_at: 2015, market_id: 5002 }, 2020)).toBe('listed');
});
