import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { bucketStart, MINUTE } from '../../contract/market';
import { createHarness, ok, type Harness } from '../testing/harness';
import { INSTRUMENTS } from './instruments';
import { QuoteList } from './quotes';
import { Simulator } from './simulator';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

function trade(ms: number): void {
  const engine = h.ctx.market.engine;
  const simulator = new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: h.ctx.now(),
    seed: 5,
    tradesPerSecond: 400,
    now: () => h.ctx.now(),
  });
  h.advance(ms);
  engine.apply(simulator.runUntil(h.ctx.now()));
}

const fresh = () =>
  new QuoteList(
    h.ctx.catalogue,
    () => h.ctx.market.engine,
    () => h.ctx.market.feed.tickersSeq,
  ).current();

test('GET /currency/quotation_new is the list built afresh, built again only when a trade prints, the clock enters another minute or a ticker batch goes out', async () => {
  const { engine, feed } = h.ctx.market;
  const quotes = new QuoteList(
    h.ctx.catalogue,
    () => engine,
    () => feed.tickersSeq,
  );
  const answer = async () => ok(h.call(endpoints.quotations, {}));

  trade(5_000);
  const first = quotes.current();
  expect(first).toEqual(fresh());
  expect(await answer()).toEqual(fresh());
  // Nothing changed: the same list, and the same text.
  expect(quotes.current()).toBe(first);
  const text = quotes.serialize({ type: 'ok', message: first });
  expect(quotes.serialize({ type: 'ok', message: first })).toBe(text);
  expect(JSON.parse(text)).toEqual({ type: 'ok', message: fresh() });

  // A trade prints.
  trade(1_000);
  const traded = quotes.current();
  expect(traded).not.toBe(first);
  expect(traded).toEqual(fresh());
  expect(traded).not.toEqual(first);
  // A list no longer current is written as it is.
  expect(JSON.parse(quotes.serialize({ type: 'ok', message: first }))).toEqual({ type: 'ok', message: first });

  // The clock enters the next minute with no trade (the maker requotes): the oldest
  // minutes leave every market's 24h window.
  const next = bucketStart(engine.time, '1min') + MINUTE;
  const printed = engine.printed;
  engine.apply(INSTRUMENTS.map((def) => ({ t: next + 1, kind: 'quote', m: def.id, fair: engine.lastTicks(def.id) }) as const));
  expect(engine.printed).toBe(printed);
  const slid = quotes.current();
  expect(slid).not.toBe(traded);
  expect(slid).toEqual(fresh());
  expect(slid.groups[0]!.markets[0]!.volume).not.toBe(traded.groups[0]!.markets[0]!.volume);
  expect(await answer()).toEqual(fresh());

  // A ticker batch goes out: the list carries its seq.
  h.ctx.market.connect(
    () => undefined,
    () => true,
  );
  trade(500);
  feed.flushTickers();
  const batched = quotes.current();
  expect(batched.seq).toBe(feed.tickersSeq);
  expect(batched.seq).toBeGreaterThan(slid.seq);
  expect(await answer()).toEqual(fresh());
});
