import { describe, expect, test } from 'vitest';
import { bucketStart, DAY, MINUTE, PERIODS, type Candle, type Period } from '../../contract/market';
import { aggregate } from './candles';
import { backfill, FULL_HISTORY, gapFill, SHORT_HISTORY } from './history';
import { INSTRUMENTS } from './instruments';

const btc = INSTRUMENTS[0]!;
const flow = { instrument: btc, tradesPerSecond: 40 };
const now = Date.parse('2026-11-22T10:37:25Z');

/** Same buckets and prices; volumes equal up to the rounding of stored figures. */
function agree(stored: Candle[], folded: Candle[]): void {
  const prices = (candles: Candle[]) => candles.map(({ time, open, high, low, close }) => ({ time, open, high, low, close }));
  expect(prices(stored)).toEqual(prices(folded));
  stored.forEach((candle, i) => {
    expect(candle.volume).toBeCloseTo(folded[i]!.volume, 4);
    expect(candle.amount).toBeCloseTo(folded[i]!.amount, 0);
  });
}

function wellFormed(candles: Candle[], period: Period): void {
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i]!;
    expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
    expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
    expect(c.low).toBeGreaterThan(0);
    expect(c.time).toBe(bucketStart(c.time, period));
    if (i > 0) expect(c.time).toBeGreaterThan(candles[i - 1]!.time);
  }
}

describe('backfill', () => {
  const history = backfill(flow, now, 96_123.45, SHORT_HISTORY, 7);

  test('every period is well formed, ends before the current minute, and closes at the live price', () => {
    for (const period of PERIODS) {
      const candles = history.get(period) ?? [];
      expect(candles.length, period).toBeGreaterThan(0);
      wellFormed(candles, period);
      expect(candles.at(-1)!.close).toBe(96_123.45);
    }
    expect(history.get('1min')!.at(-1)!.time).toBe(bucketStart(now, '1min') - MINUTE);
    expect(history.get('1min')!.length).toBe((bucketStart(now, '1min') - bucketStart(now, '1day') + SHORT_HISTORY.minuteDays * DAY) / MINUTE);
  });

  test('minute candles have no holes, and each period agrees with the finer ones where both exist', () => {
    const minutes = history.get('1min')!;
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.time - minutes[i - 1]!.time).toBe(MINUTE);
    for (const period of ['5min', '15min', '30min'] as const) agree(history.get(period)!, aggregate(minutes, period));
    const hours = history.get('60min')!;
    const fromMinutes = aggregate(minutes, '60min');
    agree(hours.slice(-fromMinutes.length), fromMinutes);
    for (const period of ['1week', '1mon'] as const) agree(history.get(period)!, aggregate(history.get('1day')!, period));
    const days = history.get('1day')!;
    expect(days.length).toBe(SHORT_HISTORY.dayDays + 1);
  });

  test('volumes are those of the trade flow: about trades x average size / price', () => {
    const days = history.get('1day')!;
    const recent = days.at(-2)!;
    const expected = (40 * 86_400 * btc.averageNotional) / recent.close;
    expect(recent.volume).toBeGreaterThan(expected / 4);
    expect(recent.volume).toBeLessThan(expected * 4);
  });

  test('with the full depth every chart opens full: at least 70 candles in every period', () => {
    const full = backfill(flow, now, 96_123.45, FULL_HISTORY, 7);
    for (const period of PERIODS) expect(full.get(period)!.length, period).toBeGreaterThanOrEqual(70);
  });

  test('the same seed gives the same history', () => {
    expect(backfill(flow, now, 96_123.45, SHORT_HISTORY, 7).get('1day')).toEqual(history.get('1day'));
    expect(backfill(flow, now, 96_123.45, SHORT_HISTORY, 8).get('1day')).not.toEqual(history.get('1day'));
  });
});

describe('gapFill', () => {
  test('a short stop is filled minute by minute from the last price, to the current minute', () => {
    const last = bucketStart(now, '1min') - 30 * MINUTE;
    const gap = gapFill(flow, last, now, 95_000, SHORT_HISTORY, 3);
    const minutes = gap.get('1min')!;
    expect(minutes[0]!.time).toBe(last + MINUTE);
    expect(minutes[0]!.open).toBe(95_000);
    expect(minutes.at(-1)!.time).toBe(bucketStart(now, '1min') - MINUTE);
    expect(minutes.length).toBe(29);
    for (const period of PERIODS) wellFormed(gap.get(period) ?? [], period);
  });

  test('a stop longer than the minute window gets hours for its older part, and no bucket twice', () => {
    const last = now - 3 * DAY - 17 * MINUTE;
    const gap = gapFill(flow, bucketStart(last, '1min'), now, 95_000, SHORT_HISTORY, 3);
    for (const period of PERIODS) wellFormed(gap.get(period) ?? [], period);
    expect(gap.get('1min')![0]!.time).toBe(bucketStart(last, '1min') + MINUTE);
    expect(gap.get('60min')!.length).toBeGreaterThan(60);
  });

  test('nothing to fill when the last minute is the previous one', () => {
    expect(gapFill(flow, bucketStart(now, '1min') - MINUTE, now, 1, SHORT_HISTORY, 1).size).toBe(0);
  });
});
