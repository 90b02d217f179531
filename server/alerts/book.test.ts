import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { Trade } from '../market/engine';
import { MarketBook, type BookAlert } from './book';

/**
 * The book against the rule written plainly: every alert checked at every trade. Random
 * alerts (price and change, up and down, once and repeating) and random trades, in
 * batches; the book must give the same firings and re-armings in the same order, and
 * leave the alerts in the state the plain scan ends with.
 */
const SCALE = 100;

/** The plain rule for one alert at one trade (p and o in ticks): fire, re-arm, or nothing. */
function plain(alert: BookAlert, p: number, o: number): 'fire' | 'rearm' | null {
  const rise = (p - o) * 10_000;
  const reached = alert.kind === 'price' ? (alert.direction === 1 ? p >= alert.level : p <= alert.level) : o > 0 && (alert.direction === 1 ? rise : -rise) >= alert.level * o;
  const back = alert.kind === 'price' ? (alert.direction === 1 ? p <= alert.rearm : p >= alert.rearm) : o > 0 && (alert.direction === 1 ? rise : -rise) <= alert.rearm * o;
  if (alert.armed && reached) return 'fire';
  if (!alert.armed && back) return 'rearm';
  return null;
}

const alertArb = fc.record({
  kind: fc.constantFrom('price' as const, 'change' as const),
  direction: fc.constantFrom(1 as const, -1 as const),
  level: fc.integer({ min: 9_500_000, max: 10_500_000 }),
  percent: fc.integer({ min: 10, max: 600 }),
  repeat: fc.boolean(),
});

test('the indexed book fires and re-arms exactly as checking every alert at every trade would', () => {
  fc.assert(
    fc.property(
      fc.array(alertArb, { minLength: 1, maxLength: 60 }),
      fc.array(fc.array(fc.integer({ min: 9_400_000, max: 10_600_000 }), { minLength: 1, maxLength: 12 }), { maxLength: 12 }),
      (specs, batches) => {
        const open = 100_000;
        const alerts: BookAlert[] = specs.map((spec, i) => {
          const level = spec.kind === 'price' ? spec.level : spec.percent;
          const rearm = spec.kind === 'price' ? (spec.direction === 1 ? Math.floor(level * 0.999) : Math.ceil(level * 1.001)) : level - 10;
          return { id: i + 1, kind: spec.kind, direction: spec.direction, level, rearm, repeat: spec.repeat, armed: true, crossings: 0 };
        });
        let book = new MarketBook();
        for (const alert of alerts) book.put(alert);
        const state = new Map(alerts.map((alert) => [alert.id, { ...alert }]));
        let seq = 0;
        for (const prices of batches) {
          const trades: Trade[] = prices.map((ticks) => ({ seq: ++seq, time: seq, price: ticks / SCALE, quantity: 1, side: 1 }));
          // The plain scan: trade by trade, every alert (the older first), moving its state.
          const want: [string, number, number][] = [];
          for (const trade of trades) {
            const p = Math.round(trade.price * SCALE);
            for (let pass = 0; pass < 2; pass++) {
              for (const alert of [...state.values()].sort((a, b) => a.id - b.id)) {
                const move = plain(alert, p, open);
                // Firings first, then re-armings, as the book's lists are visited (a re-armed alert cannot fire at the same trade).
                if (move === null || (pass === 0) !== (move === 'fire')) continue;
                want.push([move, alert.id, trade.seq]);
                if (move === 'rearm') state.set(alert.id, { ...alert, armed: true });
                else if (alert.repeat) state.set(alert.id, { ...alert, armed: false, crossings: alert.crossings + 1 });
                else state.delete(alert.id);
              }
            }
          }
          const settled = book.settle(trades, SCALE, open / SCALE);
          const got = settled.transitions.map((t): [string, number, number] => [t.kind, t.alert.id, t.trade.seq]);
          // Within one trade the book visits its lists in turn: compare each trade's moves as sets, firings before re-armings.
          const byTrade = (moves: [string, number, number][]) => moves.map((move) => move.join(':')).sort();
          expect(byTrade(got)).toEqual(byTrade(want));
          expect(settled.book === book).toBe(got.length === 0);
          book = settled.book;
        }
        const left = book
          .alerts()
          .map((alert) => `${alert.id}:${alert.armed}:${alert.crossings}`)
          .sort();
        expect(left).toEqual([...state.values()].map((alert) => `${alert.id}:${alert.armed}:${alert.crossings}`).sort());
      },
    ),
    { numRuns: 300, seed: 23 },
  );
});

test('an alert that fires is taken at its trade, and a book left unchanged is the same book (nothing copied)', () => {
  const book = new MarketBook();
  book.put({ id: 1, kind: 'price', direction: 1, level: 10_000, rearm: 9_990, repeat: false, armed: true, crossings: 0 });
  book.put({ id: 2, kind: 'price', direction: -1, level: 9_000, rearm: 9_009, repeat: true, armed: true, crossings: 0 });
  const quiet = book.settle([{ seq: 1, time: 1, price: 95, quantity: 1, side: 1 }], 100, 95);
  expect(quiet.book).toBe(book);
  const moved = book.settle(
    [
      { seq: 2, time: 2, price: 100, quantity: 1, side: 1 },
      { seq: 3, time: 3, price: 89.5, quantity: 1, side: -1 },
    ],
    100,
    95,
  );
  expect(moved.transitions.map((t) => [t.kind, t.alert.id, t.trade.seq])).toEqual([
    ['fire', 1, 2],
    ['fire', 2, 3],
  ]);
  // The step that settled this may fail: the old book still has both alerts, armed.
  expect(book.size).toBe(2);
  expect(moved.book.alerts()).toEqual([{ id: 2, kind: 'price', direction: -1, level: 9_000, rearm: 9_009, repeat: true, armed: false, crossings: 1 }]);
});
