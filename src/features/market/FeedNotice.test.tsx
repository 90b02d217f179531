// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { beforeAll, expect, test } from 'vitest';
import type { MarketFeed } from '../../../contract/market';
import type { MarketInfo } from '../../../contract/worker-api';
import { applyPatch } from '../../core/patch';
import { quoteOf, type Quote } from '../../core/store';
import { loadSharedNamespaces } from '../../i18n';
import { rootPerTest } from '../../ui/test-root';
import { FeedPaused, FeedSource, usePricesPaused } from './FeedNotice';
import { MarketList } from './MarketList';

/**
 * Where a price comes from and whether it is current, as a user watching it sees it: a
 * stale market's row is marked and its price dimmed, and its pair's screens say they are
 * paused and whose stream is being restored (the order buttons wait); beside live markets
 * a simulator market says it is simulated; with the simulator alone, nothing is marked.
 */
const page = rootPerTest();

beforeAll(() => loadSharedNamespaces());

function market(id: number, symbol: string, feed: MarketFeed): MarketInfo {
  const [base = '', quote = ''] = symbol.split('/');
  return { id, currencyId: id, legalId: 3, symbol, base, quote, name: base, kind: feed === 'simulated' ? 'stock' : 'crypto', contract: false, pricePrecision: 2, qtyPrecision: 4, feed };
}

function rows(list: readonly MarketInfo[]): Float64Array {
  return Float64Array.from(list.flatMap((info) => [info.id, 101, 100, 102, 99, 10, 1000]));
}

async function showList(list: readonly MarketInfo[]): Promise<void> {
  applyPatch({ markets: [...list], tickers: rows(list) });
  const quotes = list.map((info) => quoteOf(info.id)).filter((quote): quote is Quote => quote !== undefined);
  const rootRoute = createRootRoute({ component: () => <MarketList quotes={quotes} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => page.root.render(<RouterProvider router={router} />));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
}

const find = (testId: string) => page.container.querySelector(`[data-testid="${testId}"]`);

const BTC = market(7001, 'BTC/USDT', 'binance');
const ETH = market(7002, 'ETH/USDT', 'okx');
const AAPL = market(7003, 'AAPL/USD', 'simulated');

test('quote rows: a stale market is tagged "Reconnecting" and its price dimmed until a batch says it is live; a simulator market beside live ones is tagged "Simulated"', async () => {
  await showList([BTC, ETH, AAPL]);
  expect(find('simulated-7003')?.textContent).toBe('Simulated');
  expect(find('simulated-7001')).toBeNull();
  expect(find('stale-7001')).toBeNull();
  expect(find('price-7001')?.className).toContain('up');

  await act(async () => applyPatch({ staleMarkets: [7001] }));
  expect(find('stale-7001')?.textContent).toBe('Reconnecting');
  expect(find('price-7001')?.className).toContain('stale');
  expect(find('price-7001')?.className).not.toContain('up');
  expect(find('stale-7002')).toBeNull();
  expect(find('price-7002')?.className).toContain('up');

  await act(async () => applyPatch({ staleMarkets: [] }));
  expect(find('stale-7001')).toBeNull();
  expect(find('price-7001')?.className).toContain('up');
  expect(find('price-7001')?.className).not.toContain('stale');
});

test('with the simulator alone (every feed simulated), rows carry no tag', async () => {
  const list = [market(7101, 'AAA/USDT', 'simulated'), market(7102, 'MSFT/USD', 'simulated')];
  await showList(list);
  expect(page.container.querySelectorAll('[data-testid^="market-"]')).toHaveLength(2);
  expect(page.container.querySelectorAll('[data-testid^="simulated-"], [data-testid^="stale-"]')).toHaveLength(0);
});

function Pair({ info }: { info: MarketInfo }) {
  const paused = usePricesPaused(info);
  return (
    <>
      <FeedSource info={info} className="source" />
      <FeedPaused info={info} />
      <button type="button" disabled={paused} data-testid="submit">
        Buy
      </button>
    </>
  );
}

test("a live market's pair screen names its exchange; while stale it says it is reconnecting to it and the order button waits", async () => {
  applyPatch({ markets: [BTC, ETH, AAPL], tickers: rows([BTC, ETH, AAPL]), staleMarkets: [] });
  await act(async () => page.root.render(<Pair info={ETH} />));
  expect(find('feed-source')?.textContent).toBe('Prices from OKX');
  expect(find('feed-paused')).toBeNull();
  expect(find('submit')?.hasAttribute('disabled')).toBe(false);

  await act(async () => applyPatch({ staleMarkets: [7002] }));
  expect(find('feed-paused')?.textContent).toBe('Prices paused: reconnecting to OKX');
  expect(find('submit')?.hasAttribute('disabled')).toBe(true);

  await act(async () => applyPatch({ staleMarkets: [] }));
  expect(find('feed-paused')).toBeNull();
  expect(find('submit')?.hasAttribute('disabled')).toBe(false);
});

test('a simulator market says "Simulated" beside live ones, and nothing when the simulator is alone', async () => {
  applyPatch({ markets: [BTC, ETH, AAPL] });
  await act(async () => page.root.render(<Pair info={AAPL} />));
  expect(find('feed-source')?.textContent).toBe('Simulated');

  const alone = market(7201, 'TSLA/USD', 'simulated');
  await act(async () => applyPatch({ markets: [alone] }));
  await act(async () => page.root.render(<Pair info={alone} />));
  expect(find('feed-source')).toBeNull();
});
