import { AreaSeries, ColorType, createOptionsChart, type AreaData, type IChartApiBase } from 'lightweight-charts';
import { formatFixed } from '../contract/format';
import { BCP47, type Language } from '../contract/languages';
import { depthPoints } from './depth-points';
import { onThemeChange, readChartColors, withAlpha, type ChartColors } from './theme';

/**
 * The depth chart: cumulative quantity against price, bids from the best bid down in the
 * colour of a rise, asks from the best ask up in the colour of a fall (green and red, or
 * red and green in the red-up convention), on a price axis; it follows the theme.
 */
export interface DepthChart {
  apply(bids: Float64Array, asks: Float64Array): void;
  destroy(): void;
}

export function createDepthChart(container: HTMLElement, options: { pricePrecision: number; language: Language }): DepthChart {
  let colors = readChartColors();
  const layout = (c: ChartColors) => ({ background: { type: ColorType.Solid, color: c.background } as const, textColor: c.text });
  const side = (color: string) => ({ lineColor: color, topColor: withAlpha(color, 0.35), bottomColor: withAlpha(color, 0.05) });
  const chart: IChartApiBase<number> = createOptionsChart(container, {
    autoSize: true,
    layout: { ...layout(colors), fontSize: 11 },
    grid: { vertLines: { visible: false }, horzLines: { color: colors.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false },
    localization: { locale: BCP47[options.language], priceFormatter: (price: number) => formatFixed(price, options.pricePrecision, options.language) },
    handleScroll: false,
    handleScale: false,
  });
  const bidSeries = chart.addSeries(AreaSeries, {
    ...side(colors.up),
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const askSeries = chart.addSeries(AreaSeries, {
    ...side(colors.down),
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
  });

  const stopWatchingTheme = onThemeChange(() => {
    colors = readChartColors();
    chart.applyOptions({ layout: layout(colors), grid: { horzLines: { color: colors.grid } } });
    bidSeries.applyOptions(side(colors.up));
    askSeries.applyOptions(side(colors.down));
  });

  return {
    apply(bids, asks) {
      const points = depthPoints(bids, asks);
      const bidPoints: AreaData<number>[] = points.bids.map((p) => ({ time: p.price, value: p.total }));
      const askPoints: AreaData<number>[] = points.asks.map((p) => ({ time: p.price, value: p.total }));
      bidSeries.setData(bidPoints);
      askSeries.setData(askPoints);
      chart.timeScale().fitContent();
    },
    destroy() {
      stopWatchingTheme();
      chart.remove();
    },
  };
}
