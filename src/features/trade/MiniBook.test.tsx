// @vitest-environment happy-dom
import { Profiler, act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import type { MarketInfo } from '../../../contract/worker-api';
import { applyPatch } from '../../core/patch';
import { MiniBook } from './MiniBook';

/**
 * The book beside the order forms: depth updates write only the cells that changed (no
 * component renders while the number of rows stays), bars follow the running quantity,
 * and the grouping gathers levels into buckets.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const market: MarketInfo = {
  id: 4242,
  currencyId: 4243,
  legalId: 3,
  symbol: 'BOOK/USDT',
  base: 'BOOK',
  quote: 'USDT',
  name: 'Book coin',
  kind: 'crypto',
  contract: true,
  pricePrecision: 2,
  qtyPrecision: 4,
  feed: 'simulated',
};

/** Ten levels a side a tick apart around 100, quantities moved by `step`. */
function depth(step: number) {
  const bids: number[] = [];
  const asks: number[] = [];
  for (let i = 0; i < 10; i++) {
    bids.push(Number((99.99 - i * 0.03).toFixed(2)), 1 + i + step * 0.1);
    asks.push(Number((100.01 + i * 0.03).toFixed(2)), 2 + i + step * 0.1);
  }
  return { marketId: market.id, bids: Float64Array.from(bids), asks: Float64Array.from(asks) };
}

let container: HTMLDivElement;
afterEach(() => container.remove());

test('depth updates touch only changed cells and render no component; grouping sums levels into buckets', async () => {
  applyPatch({ markets: [market], depth: [depth(0)] });
  let commits = 0;
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <Profiler id="book" onRender={() => commits++}>
        <MiniBook market={market} />
      </Profiler>,
    ),
  );
  const texts = (side: 'bid' | 'ask', cell: 'price' | 'amount') => [...container.querySelectorAll(`[data-testid="book-${side}"] [data-testid="book-${cell}"]`)].map((node) => node.textContent);
  const bars = (side: 'bid' | 'ask') => [...container.querySelectorAll<HTMLElement>(`[data-testid="book-${side}"] [data-testid="book-bar"]`)].map((node) => node.style.transform);

  expect(texts('bid', 'price')).toEqual(['99.99', '99.96', '99.93', '99.90', '99.87', '99.84']);
  // Asks above the last price, the best one lowest.
  expect(texts('ask', 'price')).toEqual(['100.16', '100.13', '100.10', '100.07', '100.04', '100.01']);
  expect(texts('bid', 'amount')).toEqual(['1.0000', '2.0000', '3.0000', '4.0000', '5.0000', '6.0000']);
  // Bars of the running total over the deepest visible one (asks: 2 + ... + 7 = 27).
  expect(bars('ask').at(-1)).toBe(`scaleX(${2 / 27})`);
  expect(bars('ask')[0]).toBe('scaleX(1)');
  expect(bars('bid')[5]).toBe(`scaleX(${21 / 27})`);

  const settled = commits;
  const written = new Set<Node>();
  const observer = new MutationObserver((records) => {
    for (const record of records) written.add(record.target instanceof Element ? record.target : (record.target.parentElement as Element));
  });
  observer.observe(container, { subtree: true, characterData: true, childList: true, attributes: true });
  for (let step = 1; step <= 10; step++) await act(async () => applyPatch({ depth: [depth(step)] }));
  observer.disconnect();
  expect(commits - settled).toBe(0);
  expect(texts('bid', 'amount')).toEqual(['2.0000', '3.0000', '4.0000', '5.0000', '6.0000', '7.0000']);
  // Prices did not move: their cells were never written.
  const touched = [...written].map((node) => (node as Element).getAttribute('data-testid'));
  expect(touched).not.toContain('book-price');
  expect(touched).toContain('book-amount');

  // Grouped by 0.1: bids round down, asks round up, quantities (now 2 + i and 3 + i) summed.
  await act(async () => (container.querySelector('[data-testid="book-grouping"]') as HTMLButtonElement).click());
  await act(async () => (document.querySelector('[data-testid="book-grouping-0.1"]') as HTMLButtonElement).click());
  expect(container.querySelector('[data-testid="book-grouping"]')?.textContent).toBe('0.1');
  // 99.99 | 99.96 99.93 99.90 | 99.87 99.84 99.81 | 99.78 99.75 99.72
  expect(texts('bid', 'price')).toEqual(['99.9', '99.8', '99.7']);
  expect(texts('bid', 'amount')).toEqual(['14.0000', '21.0000', '30.0000']);
  // 100.01 100.04 100.07 100.10 | 100.13 100.16 100.19 | 100.22 100.25 100.28
  expect(texts('ask', 'price')).toEqual(['100.3', '100.2', '100.1']);
  expect(texts('ask', 'amount')).toEqual(['33.0000', '24.0000', '18.0000']);
  await act(async () => root.unmount());
});
