import type { ChartIndicators } from '../../contract/chart-settings';
import type { ChartPatch, ChartView } from '../../contract/worker-api';
import { ensureCore } from '.';
import { onChart } from './store';

/**
 * Puts one chart on screen: `draw` gets its patches straight from the worker, outside
 * React, starting with the whole series. Answers how to change the indicators it shows
 * (the worker computes them again; the candles stay) and how to take it off.
 */
export function showChart(view: ChartView, draw: (patch: ChartPatch) => void): { indicators: (next: ChartIndicators) => void; stop: () => void } {
  const core = ensureCore();
  const { marketId, period } = view;
  const stop = onChart((patch) => {
    if (patch.marketId === marketId && patch.period === period) draw(patch);
  });
  void core.showChart(view);
  return {
    indicators: (indicators) => void core.showChart({ marketId, period, indicators }),
    stop: () => {
      stop();
      void core.showChart(null);
    },
  };
}
