import { AreaSeries, ColorType, createOptionsChart, type AreaData, type IChartApiBase } from 'lightweight-charts';
import { formatFixed } from '../contract/format';
import { BCP47, type Language } from '../contract/languages';
import { depthPoints } from './depth-points';
import { COLORS } from './theme';

/**
 * The depth chart: cumulative quantity against price, bids green from the best bid
 * down, asks red from the best ask up, on a price axis.
 */
export interface DepthChart {
  apply(bids: Float64Array, asks: Float64Array): void;
  destroy(): void;
}

export function createDepthChart(container: HTMLElement, options: { pricePrecision: number; language: Language }): DepthChart {
  const chart: IChartApiBase<number> = createOptionsChart(container, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: COLORS.background }, textColor: COLORS.text, fontSize: 11 },
    grid: { vertLines: { visible: false }, horzLines: { color: COLORS.grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false },
    localization: { locale: BCP47[options.language], priceFormatter: (price: number) => formatFixed(price, options.pricePrecision, options.language) },
    handleScroll: false,
    handleScale: false,
  });
  const bidSeries = chart.addSeries(AreaSeries, {
    lineColor: COLORS.up,
    topColor: 'rgba(46,189,133,0.35)',
    bottomColor: 'rgba(46,189,133,0.05)',
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
  });
  const askSeries = chart.addSeries(AreaSeries, {
    lineColor: COLORS.down,
    topColor: 'rgba(246,70,93,0.35)',
    bottomColor: 'rgba(246,70,93,0.05)',
    lineWidth: 2,
    priceLineVisible: false,
    lastValueVisible: false,
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
      chart.remove();
    },
  };
}
