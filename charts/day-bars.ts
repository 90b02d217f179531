import { createChart, HistogramSeries, type ISeriesApi } from 'lightweight-charts';
import { baseOptions, onThemeChange, readChartColors, themeOptions, withAlpha } from './theme';

/** One figure per UTC day (YYYY-MM-DD), drawn as bars in a palette colour. */
export interface DayBars {
  name: string;
  /** 'up' and 'down' (the colour convention's), or 'line' (the accent) */
  color: 'up' | 'down' | 'line';
  points: readonly { day: string; value: number }[];
}

/**
 * A chart of figures per day (the operator console's dashboard): histograms in the app's
 * palette, repainted when the theme changes, fitted to the days given, not scrollable.
 */
export function drawDayBars(element: HTMLElement, locale: string): { show(series: readonly DayBars[]): void; remove(): void } {
  const chart = createChart(element, {
    ...baseOptions(locale, readChartColors()),
    timeScale: { borderVisible: false, timeVisible: false, barSpacing: 14 },
    handleScroll: false,
    handleScale: false,
  });
  const stop = onThemeChange(() => chart.applyOptions(themeOptions(readChartColors())));
  let drawn: ISeriesApi<'Histogram'>[] = [];
  return {
    show(series) {
      for (const old of drawn) chart.removeSeries(old);
      const colors = readChartColors();
      drawn = series.map((one) => {
        const bars = chart.addSeries(HistogramSeries, { color: withAlpha(colors[one.color], 0.85), priceLineVisible: false, lastValueVisible: false, title: one.name });
        bars.setData(one.points.map((point) => ({ time: point.day, value: point.value })));
        return bars;
      });
      chart.timeScale().fitContent();
    },
    remove() {
      stop();
      chart.remove();
    },
  };
}
