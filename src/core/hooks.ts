import { useEffect } from 'react';
import type { Period } from '../../contract/market';
import type { ChartPatch } from '../../contract/worker-api';
import { ensureCore } from '.';
import { onChart } from './store';

/** Screens say what they show; the worker keeps exactly that live. */
let tickerWatchers = 0;

export function useTickers(): void {
  useEffect(() => {
    const core = ensureCore();
    if (tickerWatchers++ === 0) void core.watchTickers(true);
    return () => {
      if (--tickerWatchers === 0) void core.watchTickers(false);
    };
  }, []);
}

/** The user's positions, options and order events, live while a trade screen shows them. */
export function useAccountWatch(active = true): void {
  useEffect(() => {
    if (!active) return undefined;
    const core = ensureCore();
    void core.watchAccount(true);
    return () => void core.watchAccount(false);
  }, [active]);
}

export function useMarketWatch(marketId: number | undefined): void {
  useEffect(() => {
    if (marketId === undefined) return undefined;
    const core = ensureCore();
    void core.watchMarket(marketId, true);
    return () => void core.watchMarket(marketId, false);
  }, [marketId]);
}

/**
 * Puts one chart on screen: `draw` gets its patches straight from the worker, outside
 * React, starting with the whole series. Answers the function that takes it off.
 */
export function showChart(marketId: number, period: Period, draw: (patch: ChartPatch) => void): () => void {
  const core = ensureCore();
  const stop = onChart((patch) => {
    if (patch.marketId === marketId && patch.period === period) draw(patch);
  });
  void core.showChart({ marketId, period });
  return () => {
    stop();
    void core.showChart(null);
  };
}
