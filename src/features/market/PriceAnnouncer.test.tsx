// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, test, vi } from 'vitest';
import type { MarketInfo } from '../../../contract/worker-api';
import { createQuote } from '../../core/store';
import { ANNOUNCE_EVERY_MS, PriceAnnouncer } from './PriceAnnouncer';

/**
 * A screen reader hears the pair's price politely, now and then: not on every tick, and
 * not again when nothing changed.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const info: MarketInfo = {
  id: 1,
  currencyId: 1,
  legalId: 3,
  symbol: 'BTC/USDT',
  base: 'BTC',
  quote: 'USDT',
  name: 'Bitcoin',
  kind: 'crypto',
  contract: true,
  pricePrecision: 2,
  qtyPrecision: 6,
  feed: 'simulated',
};

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

test('the price summary is a polite live region, written at most once per interval and only when it changed', async () => {
  vi.useFakeTimers();
  const quote = createQuote(info);
  quote.open.value = 100_000;
  quote.last.value = 101_000;
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<PriceAnnouncer quote={quote} />));
  const region = container.querySelector('[data-testid="price-announcer"]');
  expect(region?.getAttribute('aria-live')).toBe('polite');
  expect(region?.textContent).toBe('');

  // Ten ticks a second: the region stays silent until the interval has passed.
  for (let tick = 1; tick < ANNOUNCE_EVERY_MS / 100; tick++) {
    quote.last.value = 101_000 + tick;
    vi.advanceTimersByTime(100);
  }
  expect(region?.textContent).toBe('');
  vi.advanceTimersByTime(100);
  expect(region?.textContent).toBe('BTC/USDT 101,149.00, +1.15%');

  // One write per interval, whatever the number of ticks; none when the price stood still.
  const writes: string[] = [];
  new MutationObserver(() => writes.push(region?.textContent ?? '')).observe(region as Node, { childList: true, characterData: true, subtree: true });
  vi.advanceTimersByTime(ANNOUNCE_EVERY_MS);
  quote.last.value = 99_000;
  vi.advanceTimersByTime(ANNOUNCE_EVERY_MS);
  await Promise.resolve();
  expect(writes).toEqual(['BTC/USDT 99,000.00, -1.00%']);
  await act(async () => root.unmount());
});
