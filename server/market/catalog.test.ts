import { expect, test } from 'vitest';
import { readConfig } from '../config';
import { INSTRUMENTS, marketCatalog, SYNTHETIC_FIRST_ID } from './instruments';

test('MARKET_COUNT lists the real instruments, then load-test coins up to the count', () => {
  expect(marketCatalog()).toEqual(marketCatalog(INSTRUMENTS.length));
  expect(marketCatalog().instruments).toBe(INSTRUMENTS);

  const { currencies, instruments } = marketCatalog(200);
  expect(instruments).toHaveLength(200);
  expect(instruments.slice(0, INSTRUMENTS.length)).toEqual(INSTRUMENTS);
  const added = instruments.slice(INSTRUMENTS.length);
  expect(added[0]).toMatchObject({ id: SYNTHETIC_FIRST_ID, base: 'T001', quote: 'USDT', kind: 'crypto', contract: false });
  // Every market is unique and trades on a listed coin.
  expect(new Set(instruments.map((def) => def.id)).size).toBe(200);
  const codes = new Set(currencies.map((currency) => currency.code));
  for (const def of instruments) expect(codes.has(def.base) && codes.has(def.quote)).toBe(true);
  for (const def of added) expect(def.referencePrice).toBeGreaterThan(0);
});

test('MARKET_COUNT is read at start: the default, a larger count, and refusals', () => {
  expect(readConfig({}).market.markets).toBe(INSTRUMENTS.length);
  expect(readConfig({ MARKET_COUNT: '200' }).market.markets).toBe(200);
  expect(() => readConfig({ MARKET_COUNT: '10' })).toThrow(/MARKET_COUNT must be at least/);
  expect(() => readConfig({ MARKET_COUNT: 'many' })).toThrow(/MARKET_COUNT must be a positive number/);
  expect(() => readConfig({ MARKET_COUNT: '200', MARKET: 'replay', REPLAY_FILE: 'feed.ndjson.gz' })).toThrow(/needs MARKET=simulator/);
});
