import {
  AreaSeries,
  CandlestickSeries,
  createChart,
  HistogramSeries,
  LineSeries,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatDateTime, formatFixed } from '../contract/format';
import { Sma } from '../contract/indicators';
import { BCP47, type Language } from '../contract/languages';
import type { Period } from '../contract/market';
import { CANDLE_WIDTH } from '../contract/worker-api';
import { baseOptions, onThemeChange, readChartColors, themeOptions, withAlpha, type ChartColors } from './theme';

/**
 * The pair screen's chart: candles with volume and moving averages, or the timeshare
 * line (1-minute closes) with volume. Fed straight from the worker's patches. Beside the
 * canvas it keeps a small table of the newest candles for screen readers (and tests).
 */
export type ChartMode = 'candles' | 'timeshare';

export interface KlineChartOptions {
  pricePrecision: number;
  /** axis labels, prices and times, in the app's language */
  language: Language;
  mode: ChartMode;
  period: Period;
  /** labels for the accessible table */
  labels: { time: string; open: string; high: string; low: string; close: string; volume: string; caption: string };
}

export interface KlineChart {
  /** A patch's rows: the whole series when `reset`, else rows to update or append. */
  apply(rows: Float64Array, reset: boolean): void;
  destroy(): void;
}

const MA_LENGTHS = [5, 10, 30] as const;
const TABLE_ROWS = 30;

interface Row {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;

export function createKlineChart(container: HTMLElement, options: KlineChartOptions): KlineChart {
  const { language, pricePrecision } = options;
  let colors = readChartColors();
  const base = baseOptions(BCP47[language], colors);
  const chart: IChartApi = createChart(container, {
    ...base,
    timeScale: { ...base.timeScale, secondsVisible: false, timeVisible: !['1day', '1week', '1mon'].includes(options.period) },
    localization: {
      locale: BCP47[language],
      priceFormatter: (price: number) => formatFixed(price, pricePrecision, language),
      timeFormatter: (time: Time) => formatDateTime(Number(time) * 1000, language),
    },
  });
  const priceFormat = { type: 'price' as const, precision: options.pricePrecision, minMove: 10 ** -options.pricePrecision };
  const candleColors = (c: ChartColors) => ({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
  const areaColors = (c: ChartColors) => ({ lineColor: c.line, topColor: withAlpha(c.line, 0.28), bottomColor: withAlpha(c.line, 0.02) });
  const main: ISeriesApi<'Candlestick'> | ISeriesApi<'Area'> =
    options.mode === 'candles'
      ? chart.addSeries(CandlestickSeries, { ...candleColors(colors), borderVisible: false, priceFormat })
      : chart.addSeries(AreaSeries, { ...areaColors(colors), lineWidth: 2, priceFormat });
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' }, priceScaleId: 'volume', lastValueVisible: false, priceLineVisible: false });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  main.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.24 } });
  const averages =
    options.mode === 'candles'
      ? MA_LENGTHS.map((_, i) => chart.addSeries(LineSeries, { color: colors.ma[i], lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false }))
      : [];

  const rows: Row[] = [];
  // The table stays a table for screen readers; its box (the app's visually-hidden class) hides it from view.
  const box = document.createElement('div');
  box.className = 'chart-data visually-hidden';
  box.dataset['testid'] = 'chart-data';
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  caption.textContent = options.labels.caption;
  const head = document.createElement('thead');
  head.innerHTML = '<tr><th></th><th></th><th></th><th></th><th></th><th></th></tr>';
  const headers = head.querySelectorAll('th');
  [options.labels.time, options.labels.open, options.labels.high, options.labels.low, options.labels.close, options.labels.volume].forEach((text, i) => {
    const cell = headers[i];
    if (cell) cell.textContent = text;
  });
  const body = document.createElement('tbody');
  table.append(caption, head, body);
  box.append(table);
  container.append(box);
  let tableTimer: ReturnType<typeof setTimeout> | undefined;

  const writeTable = () => {
    tableTimer = undefined;
    const fragment = document.createDocumentFragment();
    for (const row of rows.slice(-TABLE_ROWS)) {
      const tr = document.createElement('tr');
      tr.dataset['time'] = String(row.time);
      for (const value of [new Date(row.time).toISOString(), row.open, row.high, row.low, row.close, row.volume]) {
        const td = document.createElement('td');
        td.textContent = typeof value === 'number' ? String(value) : value;
        tr.append(td);
      }
      fragment.append(tr);
    }
    body.replaceChildren(fragment);
  };

  const bar = (row: Row): CandlestickData<Time> => ({ time: toTime(row.time), open: row.open, high: row.high, low: row.low, close: row.close });
  const line = (row: Row): LineData<Time> => ({ time: toTime(row.time), value: row.close });
  const vol = (row: Row): HistogramData<Time> => ({ time: toTime(row.time), value: row.volume, color: withAlpha(row.close >= row.open ? colors.up : colors.down, 0.45) });

  // The moving averages (contract/indicators.ts): the closed candles pushed, the open one (the last row) peeked at each tick.
  let movingAverages: Sma[] = [];

  const setAll = () => {
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).setData(rows.map(bar));
    else (main as ISeriesApi<'Area'>).setData(rows.map(line));
    volume.setData(rows.map(vol));
    movingAverages = averages.map((_, i) => new Sma(MA_LENGTHS[i] as number));
    const data: LineData<Time>[][] = averages.map(() => []);
    rows.forEach((row, index) => {
      movingAverages.forEach((ma, i) => {
        const value = index === rows.length - 1 ? ma.peek(row) : ma.push(row);
        if (value !== null) data[i]?.push({ time: toTime(row.time), value });
      });
    });
    averages.forEach((series, i) => series.setData(data[i] ?? []));
  };

  /** The last row changed, or a new one came after `closed` (the candle that closed). */
  const updateLast = (closed: Row | null) => {
    const row = rows.at(-1) as Row;
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).update(bar(row));
    else (main as ISeriesApi<'Area'>).update(line(row));
    volume.update(vol(row));
    movingAverages.forEach((ma, i) => {
      if (closed) ma.push(closed);
      const value = ma.peek(row);
      if (value !== null) averages[i]?.update({ time: toTime(row.time), value });
    });
  };

  // The theme or the colour convention changed: repaint with the new palette (volume bars carry their colour per bar).
  const stopWatchingTheme = onThemeChange(() => {
    colors = readChartColors();
    chart.applyOptions(themeOptions(colors));
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).applyOptions(candleColors(colors));
    else (main as ISeriesApi<'Area'>).applyOptions(areaColors(colors));
    averages.forEach((series, i) => series.applyOptions({ color: colors.ma[i] }));
    volume.setData(rows.map(vol));
  });

  return {
    apply(data, reset) {
      const incoming: Row[] = [];
      for (let i = 0; i + CANDLE_WIDTH <= data.length; i += CANDLE_WIDTH) {
        incoming.push({ time: data[i] as number, open: data[i + 1] as number, high: data[i + 2] as number, low: data[i + 3] as number, close: data[i + 4] as number, volume: data[i + 5] as number });
      }
      if (reset) {
        rows.splice(0, rows.length, ...incoming);
        setAll();
      } else {
        let rewind = false;
        for (const row of incoming) {
          const last = rows.at(-1);
          if (!last || row.time > last.time) {
            rows.push(row);
            updateLast(last ?? null);
          } else if (row.time === last.time) {
            rows[rows.length - 1] = row;
            updateLast(null);
          } else {
            const index = rows.findIndex((r) => r.time === row.time);
            if (index >= 0) rows[index] = row;
            rewind = true;
          }
        }
        if (rewind) setAll();
      }
      tableTimer ??= setTimeout(writeTable, 300);
    },
    destroy() {
      stopWatchingTheme();
      clearTimeout(tableTimer);
      box.remove();
      chart.remove();
    },
  };
}
