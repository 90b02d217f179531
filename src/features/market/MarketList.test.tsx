// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { Profiler, act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test } from 'vitest';
import type { MarketInfo } from '../../../contract/worker-api';
import { applyPatch } from '../../core/patch';
import { quoteOf, type Quote } from '../../core/store';
import { MarketList } from './MarketList';

/**
 * 200 markets updating 10 times a second: the list, its rows and its cells render
 * zero times per tick; only the text of changed prices changes in the page, and a cell's
 * class only when its direction does.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const COUNT = 200;
const catalogue: MarketInfo[] = Array.from({ length: COUNT }, (_, i) => ({
  id: 1000 + i,
  currencyId: 2000 + i,
  legalId: 3,
  symbol: `C${i}/USDT`,
  base: `C${i}`,
  quote: 'USDT',
  name: `Coin ${i}`,
  kind: 'crypto',
  contract: true,
  pricePrecision: 2,
  qtyPrecision: 3,
  feed: 'simulated',
}));

function tickers(step: number, only?: (index: number) => boolean): Float64Array {
  const rows: number[] = [];
  catalogue.forEach((market, i) => {
    if (only && !only(i)) return;
    const last = 100 + i + step * 0.01 * ((i % 3) - 1);
    rows.push(market.id, last, 100 + i, last + 1, last - 1, 1000 + step, 100_000 + step);
  });
  return Float64Array.from(rows);
}

let container: HTMLDivElement;
afterEach(() => container.remove());

test('ticks for 200 markets re-render no list, row or cell; only changed price texts change', async () => {
  applyPatch({ markets: catalogue, tickers: tickers(0) });
  const quotes = catalogue.map((market) => quoteOf(market.id)).filter((q): q is Quote => q !== undefined);
  let commits = 0;
  const rootRoute = createRootRoute({
    component: () => (
      <Profiler id="list" onRender={() => commits++}>
        <MarketList quotes={quotes} />
      </Profiler>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} />));
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

  const rows = container.querySelectorAll('[data-testid^="market-C"]');
  expect(rows.length).toBeGreaterThan(10);
  const shown = [...rows].map((row) => Number(row.querySelector('[data-testid^="price-"]')?.getAttribute('data-testid')?.slice(6)));
  const priceOf = (id: number) => container.querySelector(`[data-testid="price-${id}"]`)?.textContent;
  expect(priceOf(1000)).toBe('100.00');

  const settled = commits;
  const changedTexts = new Set<Node>();
  let replacedNodes = 0;
  const classWrites = new Map<string, number>();
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        const cell = (record.target as Element).getAttribute('data-testid') ?? '';
        classWrites.set(cell, (classWrites.get(cell) ?? 0) + 1);
      } else {
        changedTexts.add(record.target);
        if (record.type === 'childList') replacedNodes++;
      }
    }
  });
  observer.observe(container, { subtree: true, characterData: true, childList: true, attributes: true, attributeFilter: ['class'] });

  // One second at 10 updates per second: every market moves except each third one.
  for (let step = 1; step <= 10; step++) {
    await act(async () => applyPatch({ tickers: tickers(step) }));
  }
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  observer.disconnect();

  expect(commits - settled).toBe(0);
  // Markets with i % 3 === 1 never change price; their cells were not touched.
  const unchanged = shown.filter((id) => (id - 1000) % 3 === 1);
  const moved = shown.filter((id) => (id - 1000) % 3 !== 1);
  for (const id of moved) expect(priceOf(id)).not.toBe(`${id - 1000 + 100}.00`);
  for (const id of unchanged) expect(priceOf(id)).toBe(`${(id - 1000 + 100).toFixed(2)}`);
  const touchedPrices = [...changedTexts].map((node) => (node instanceof Element ? node : node.parentElement)?.closest('[data-testid^="price-"]')?.getAttribute('data-testid')).filter(Boolean);
  for (const id of unchanged) expect(touchedPrices).not.toContain(`price-${id}`);
  expect(new Set(touchedPrices).size).toBe(moved.length);

  // A text node's data is rewritten in place: no node is added or removed.
  expect(replacedNodes).toBe(0);

  // Colours follow the direction without a render, and a class is written only when the
  // direction changes: once (flat to down or up, on the first tick) for the moved markets'
  // price and change cells, never for the unchanged ones.
  expect(container.querySelector(`[data-testid="price-1000"]`)?.className).toContain('down');
  expect(container.querySelector(`[data-testid="price-1002"]`)?.className).toContain('up');
  for (const id of moved) {
    expect(classWrites.get(`price-${id}`)).toBe(1);
    expect(classWrites.get(`change-${id}`)).toBe(1);
  }
  for (const id of unchanged) {
    expect(classWrites.get(`price-${id}`)).toBeUndefined();
    expect(classWrites.get(`change-${id}`)).toBeUndefined();
  }
  await act(async () => root.unmount());
});
