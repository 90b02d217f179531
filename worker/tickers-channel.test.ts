import { expect, test } from 'vitest';
import type { ApiOutput } from '../contract/api';
import type { MarketFeed } from '../contract/market';
import type { Fetcher, Patch, SnapshotRoute } from '../contract/worker-api';
import type { CoreHost } from './host';
import { TickersChannel } from './tickers-channel';

type Quotations = ApiOutput<'GET /currency/quotation_new'>;
type MarketQuote = Quotations['groups'][number]['markets'][number];

/**
 * MARKET=live: each market says where its prices come from (feed) and whether they are
 * stale; the snapshot says it first, then every "tickers" batch lists the stale markets
 * (`x`) while any is, and a batch without `x` means none is.
 */
function quote(id: number, symbol: string, feed: MarketFeed, stale: boolean): MarketQuote {
  const [base = '', quoteAsset = ''] = symbol.split('/');
  return {
    id,
    currency_id: id + 100,
    legal_id: 3,
    symbol,
    base,
    quote: quoteAsset,
    name: base,
    kind: feed === 'simulated' ? 'stock' : 'crypto',
    contract: false,
    price_precision: 2,
    qty_precision: 4,
    last: 100,
    open: 99,
    high: 101,
    low: 98,
    volume: 10,
    amount: 1000,
    change: 1.01,
    feed,
    stale,
  };
}

const SNAPSHOT: Quotations = {
  seq: 40,
  groups: [
    { quote: 'USDT', markets: [quote(1, 'BTC/USDT', 'binance', false), quote(2, 'ETH/USDT', 'binance', true)] },
    { quote: 'USD', markets: [quote(3, 'AAPL/USD', 'simulated', false)] },
  ],
};

async function watchedChannel(): Promise<{ channel: TickersChannel; frame: () => Patch }> {
  const fetch: Fetcher = <R extends SnapshotRoute>(route: R) => (route === 'GET /currency/quotation_new' ? Promise.resolve(SNAPSHOT as ApiOutput<R>) : Promise.reject(new Error(`no ${route} here`)));
  const host: CoreHost = { fetch, dirty: () => undefined, setTimer: () => undefined, online: () => true, cache: null };
  const channel = new TickersChannel(host);
  channel.watching = true;
  await channel.sync.sync();
  const frame = () => {
    const patch: Patch = {};
    channel.patchInto(patch, []);
    return patch;
  };
  return { channel, frame };
}

test('the snapshot gives each market its feed, and the stale ones in the next frame', async () => {
  const { frame } = await watchedChannel();
  const patch = frame();
  expect(patch.markets?.map((market) => [market.symbol, market.feed])).toEqual([
    ['BTC/USDT', 'binance'],
    ['ETH/USDT', 'binance'],
    ['AAPL/USD', 'simulated'],
  ]);
  expect(patch.staleMarkets).toEqual([2]);
  // Told once: the next frame has nothing to say about it.
  expect(frame().staleMarkets).toBeUndefined();
});

test('a batch with `x` marks those markets stale; a later batch without `x` clears them all', async () => {
  const { channel, frame } = await watchedChannel();
  frame();
  channel.receive({ s: 41, d: [1, 100.5, 99, 101, 98, 11, 1100], x: [1, 2] });
  expect(frame().staleMarkets?.sort()).toEqual([1, 2]);
  // The same list again changes nothing.
  channel.receive({ s: 42, d: [], x: [2, 1] });
  expect(frame().staleMarkets).toBeUndefined();
  channel.receive({ s: 43, d: [] });
  expect(frame().staleMarkets).toEqual([]);
  channel.receive({ s: 44, d: [] });
  expect(frame().staleMarkets).toBeUndefined();
});

test('a new snapshot (after a lost batch) says again which markets are stale', async () => {
  const { channel, frame } = await watchedChannel();
  frame();
  channel.receive({ s: 41, d: [] });
  expect(frame().staleMarkets).toEqual([]);
  // Batch 43 without 42: a gap; the snapshot read again has market 2 stale.
  channel.receive({ s: 43, d: [] });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(frame().staleMarkets).toEqual([2]);
});
