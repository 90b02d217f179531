import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { TradeBatch } from '../contract/realtime';
import { TickerTable } from './tickers';
import { TradeLog } from './trade-log';

const batch = (s: number, n: number): TradeBatch => ({ m: 1, s, b: 1_000, d: Array.from({ length: n }, (_, i) => [i, 100 + i, 1, 1]).flat() });

describe('TradeLog', () => {
  test('a batch is the next trades, old news, or after a hole', () => {
    const log = new TradeLog();
    log.reset([], 10);
    expect(log.fit(batch(11, 3))).toBe('next');
    expect(log.fit(batch(9, 3))).toBe('next'); // overlaps: 9, 10 seen, 11 new
    expect(log.fit(batch(5, 3))).toBe('old');
    expect(log.fit(batch(12, 3))).toBe('gap');
  });

  test('replays exactly the stored trades after a seq, or says it cannot reach back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6000 }), fc.integer({ min: 0, max: 7000 }), (count, after) => {
        const log = new TradeLog();
        log.reset([], 0);
        for (let seq = 1; seq <= count; seq++) log.add(seq, seq * 10, seq, 1, 1);
        const seen: number[] = [];
        const complete = log.replayAfter(after, (seq) => seen.push(seq));
        const oldestKept = Math.max(1, count - 4096 + 1);
        if (after >= count) expect(complete && seen.length === 0).toBe(true);
        else if (after + 1 < oldestKept) expect(complete).toBe(false);
        else expect(seen).toEqual(Array.from({ length: count - after }, (_, i) => after + 1 + i));
      }),
      { numRuns: 100 },
    );
  });

  test('the trades panel gets the whole list after a snapshot, then only what was added', () => {
    const log = new TradeLog();
    log.reset(
      [
        [1, 10, 5, 2, 1],
        [2, 20, 6, 1, -1],
      ],
      2,
    );
    expect(Array.from(log.takeRecent()!.rows)).toEqual([10, 5, 2, 1, 20, 6, 1, -1]);
    expect(log.takeRecent()).toBeNull();
    log.add(3, 30, 7, 3, 1);
    expect(log.add(3, 30, 7, 3, 1)).toBe(false);
    expect(log.takeRecent()).toEqual({ reset: false, rows: Float64Array.from([30, 7, 3, 1]) });
  });
});

describe('TickerTable', () => {
  test('hands out each changed row once, and ignores markets it does not know', () => {
    const table = new TickerTable();
    const info = (id: number) => ({
      id,
      currencyId: id,
      legalId: 3,
      symbol: `X${id}/USDT`,
      base: `X${id}`,
      quote: 'USDT',
      name: '',
      kind: 'crypto' as const,
      contract: false,
      pricePrecision: 2,
      qtyPrecision: 2,
      feed: 'simulated' as const,
    });
    table.reset([info(1), info(2)], [1, 10, 9, 11, 8, 100, 1000, 2, 20, 19, 21, 18, 200, 4000]);
    expect(table.takeDirty()?.length).toBe(14);
    expect(table.takeDirty()).toBeNull();
    table.apply([2, 21, 19, 22, 18, 210, 4100, 99, 1, 1, 1, 1, 1, 1]);
    expect(Array.from(table.takeDirty()!)).toEqual([2, 21, 19, 22, 18, 210, 4100]);
    table.setLast(1, 12);
    expect(Array.from(table.takeDirty()!)).toEqual([1, 12, 9, 12, 8, 100, 1000]);
  });
});
