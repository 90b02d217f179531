import { effect } from '@preact/signals-react';
import { TICKER_WIDTH } from '../contract/realtime';
import type { MarketInfo } from '../contract/worker-api';
import { applyPatch } from '../src/core/patch';
import { quoteOf } from '../src/core/store';

/**
 * One frame's patch for 200 markets written into the signals, with the 20 cells a
 * phone shows subscribed (their text and colour effects run).
 */
export const SYMBOLS = 200;
const VISIBLE = 20;

export function preparePatchApply(): () => void {
  const markets: MarketInfo[] = Array.from({ length: SYMBOLS }, (_, i) => ({
    id: 5000 + i,
    currencyId: 6000 + i,
    legalId: 3,
    symbol: `B${i}/USDT`,
    base: `B${i}`,
    quote: 'USDT',
    name: `Bench ${i}`,
    kind: 'crypto',
    contract: false,
    pricePrecision: 2,
    qtyPrecision: 3,
    feed: 'simulated',
  }));
  applyPatch({ markets });
  let shown = '';
  for (const market of markets.slice(0, VISIBLE)) {
    const quote = quoteOf(market.id);
    if (!quote) continue;
    effect(() => {
      shown = `${quote.lastText.value}${quote.changeText.value}${quote.direction.value}${quote.volumeText.value}`;
    });
  }
  const frames = Array.from({ length: 16 }, (_, frame) => {
    const rows = new Float64Array(SYMBOLS * TICKER_WIDTH);
    markets.forEach((market, i) => {
      const last = 100 + i + Math.sin(frame + i) * 0.5;
      rows.set([market.id, last, 100 + i, last + 1, last - 1, 1000 + frame, 100_000 + frame], i * TICKER_WIDTH);
    });
    return rows;
  });
  let next = 0;
  return () => {
    applyPatch({ tickers: frames[next++ % frames.length] });
    if (shown === '') throw new Error('cells did not update');
  };
}
