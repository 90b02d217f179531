import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { OrderBook, type BookSide } from './book';

describe('OrderBook', () => {
  test('takers fill best price first, then oldest order first, and never beyond the limit', () => {
    const book = new OrderBook();
    book.add({ id: 1, owner: 7, ref: 0, side: -1, price: 101, remaining: 5 });
    book.add({ id: 2, owner: 8, ref: 0, side: -1, price: 100, remaining: 3 });
    book.add({ id: 3, owner: 9, ref: 0, side: -1, price: 100, remaining: 4 });
    book.add({ id: 4, owner: 0, ref: 0, side: 1, price: 99, remaining: 10 });
    expect(book.take(1, 9)).toEqual([
      { makerId: 2, makerOwner: 8, makerRef: 0, price: 100, lots: 3 },
      { makerId: 3, makerOwner: 9, makerRef: 0, price: 100, lots: 4 },
      { makerId: 1, makerOwner: 7, makerRef: 0, price: 101, lots: 2 },
    ]);
    expect(book.depth(5)).toEqual({ bids: [[99, 10]], asks: [[101, 3]] });
    expect(book.take(1, 10, 100)).toEqual([]);
    expect(book.take(-1, 4, 99)).toEqual([{ makerId: 4, makerOwner: 0, makerRef: 0, price: 99, lots: 4 }]);
  });

  test('cancel removes an order and its empty level', () => {
    const book = new OrderBook();
    book.add({ id: 1, owner: 0, ref: 0, side: 1, price: 50, remaining: 2 });
    book.add({ id: 2, owner: 0, ref: 0, side: 1, price: 49, remaining: 2 });
    expect(book.cancel(1)?.id).toBe(1);
    expect(book.cancel(1)).toBeUndefined();
    expect(book.bestBid()).toBe(49);
    expect(book.size).toBe(1);
  });

  test('random streams keep quantity, priority, limits and an uncrossed book; a peek is the take to come (model check)', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), side: fc.constantFrom<BookSide>(1, -1), price: fc.integer({ min: 90, max: 110 }), lots: fc.integer({ min: 1, max: 20 }) }),
      fc.record({
        kind: fc.constant('take' as const),
        side: fc.constantFrom<BookSide>(1, -1),
        lots: fc.integer({ min: 1, max: 60 }),
        limit: fc.option(fc.integer({ min: 90, max: 110 }), { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const book = new OrderBook();
        // The reference: a plain list of live orders in arrival order.
        const live: { id: number; side: BookSide; price: number; remaining: number }[] = [];
        let nextId = 1;
        for (const step of ops) {
          if (step.kind === 'add') {
            // Only rest orders that do not cross, as the engine does after matching.
            const bestOpposite = step.side === 1 ? book.bestAsk() : book.bestBid();
            if (bestOpposite !== undefined && (step.side === 1 ? step.price >= bestOpposite : step.price <= bestOpposite)) continue;
            const order = { id: nextId++, owner: 1, ref: 0, side: step.side, price: step.price, remaining: step.lots };
            book.add({ ...order });
            live.push(order);
          } else if (step.kind === 'cancel') {
            if (live.length === 0) continue;
            const victim = live.splice(step.pick % live.length, 1)[0];
            if (victim) expect(book.cancel(victim.id)?.id).toBe(victim.id);
          } else {
            // A preview is exactly what the take then does, and changes nothing.
            const preview = book.peek(step.side, step.lots, step.limit);
            const fills = book.take(step.side, step.lots, step.limit);
            expect(fills).toEqual(preview);
            // Reference matching: best price, then earliest arrival, within the limit.
            let wanted = step.lots;
            const expected: { makerId: number; price: number; lots: number }[] = [];
            const candidates = live
              .filter((o) => o.side !== step.side && (step.limit === undefined || (step.side === 1 ? o.price <= step.limit : o.price >= step.limit)))
              .sort((a, b) => (step.side === 1 ? a.price - b.price : b.price - a.price) || a.id - b.id);
            for (const maker of candidates) {
              if (wanted === 0) break;
              const traded = Math.min(wanted, maker.remaining);
              maker.remaining -= traded;
              wanted -= traded;
              expected.push({ makerId: maker.id, price: maker.price, lots: traded });
            }
            for (let i = live.length - 1; i >= 0; i--) if ((live[i]?.remaining ?? 0) === 0) live.splice(i, 1);
            expect(fills.map(({ makerId, price, lots }) => ({ makerId, price, lots }))).toEqual(expected);
            expect(fills.reduce((sum, f) => sum + f.lots, 0)).toBe(step.lots - wanted);
          }
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
          const depth = book.depth(1000);
          const sum = (side: BookSide) => live.filter((o) => o.side === side).reduce((s, o) => s + o.remaining, 0);
          expect(depth.bids.reduce((s, [, q]) => s + q, 0)).toBe(sum(1));
          expect(depth.asks.reduce((s, [, q]) => s + q, 0)).toBe(sum(-1));
          expect(book.size).toBe(live.length);
        }
      }),
      { numRuns: 300 },
    );
  });
});
