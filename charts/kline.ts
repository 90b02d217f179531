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
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import { indicatorColumns, indicatorsKey, indicatorTitle, type ChartIndicators, type IndicatorColumn, type IndicatorName } from '../contract/chart-settings';
import { formatCompact, formatDateTime, formatFixed } from '../contract/format';
import { BCP47, type Language } from '../contract/languages';
import type { Period } from '../contract/market';
import { CANDLE_WIDTH, type IndicatorPatch } from '../contract/worker-api';
import { createLegend, groupColumns, type LegendGroup } from './legend';
import { turnedTouches } from './quarter-turn';
import { baseOptions, onThemeChange, readChartColors, themeOptions, withAlpha, type ChartColors } from './theme';

/**
 * The pair screen's chart: candles (or the timeshare line of 1-minute closes), the
 * indicators drawn over them (MA, EMA, BOLL) and in panes under them (volume, MACD, RSI,
 * KDJ), and a legend of their values at the crosshair. It only draws: the candles and
 * the indicators' values come from the worker's patches (worker/chart-indicators.ts
 * computes them). Beside the canvas it keeps a small table of the newest candles and
 * their indicator values for screen readers (and tests).
 */
export type ChartMode = 'candles' | 'timeshare';

export interface KlineChartOptions {
  pricePrecision: number;
  /** axis labels, prices and times, in the app's language */
  language: Language;
  mode: ChartMode;
  period: Period;
  indicators: ChartIndicators;
  /** labels for the accessible table */
  labels: { time: string; open: string; high: string; low: string; close: string; volume: string; caption: string };
}

export interface KlineChart {
  /** A patch: candles (the whole series when `reset`, else rows to update or append) and the indicators' values. */
  apply(candles: Float64Array, reset: boolean, indicators?: IndicatorPatch): void;
  /** Other indicators or parameters: their series and panes are made again; their values follow from the worker. */
  setIndicators(indicators: ChartIndicators): void;
  /** The page turned the chart a quarter (full screen on a portrait phone): touches are read turned (./quarter-turn.ts). */
  setQuarterTurn(turned: boolean): void;
  destroy(): void;
}

const TABLE_ROWS = 30;
/** The candles' pane against one indicator pane, in height. */
const MAIN_STRETCH = 3;

interface Row {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;

/** An indicator's series: a line, or the MACD histogram, coloured per bar. */
type IndicatorSeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

export function createKlineChart(container: HTMLElement, options: KlineChartOptions): KlineChart {
  const { language, pricePrecision } = options;
  let colors = readChartColors();
  const base = baseOptions(BCP47[language], colors);
  const separator = (c: ChartColors) => ({ panes: { separatorColor: c.grid, separatorHoverColor: withAlpha(c.text, 0.2), enableResize: false } });
  const chart: IChartApi = createChart(container, {
    ...base,
    layout: { ...base.layout, ...separator(colors) },
    timeScale: { ...base.timeScale, secondsVisible: false, timeVisible: !['1day', '1week', '1mon'].includes(options.period) },
    localization: {
      locale: BCP47[language],
      timeFormatter: (time: Time) => formatDateTime(Number(time) * 1000, language),
    },
  });
  // Each pane's axis in the app's number format, in its own units: prices (and MACD, in price units) in the market's decimals, RSI and KDJ in two, volumes compact.
  const volumeText = (value: number) => (Math.abs(value) >= 1000 ? formatCompact(value, language) : formatFixed(value, 2, language));
  const numbers = (decimals: number, write = (value: number) => formatFixed(value, decimals, language)) => ({ type: 'custom' as const, minMove: 10 ** -decimals, formatter: write });
  const priceFormat = numbers(pricePrecision);
  const formatOf = (indicator: IndicatorName) => {
    if (indicator === 'vol') return numbers(2, volumeText);
    if (indicator === 'rsi' || indicator === 'kdj') return numbers(2);
    return priceFormat;
  };
  const candleColors = (c: ChartColors) => ({ upColor: c.up, downColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
  const areaColors = (c: ChartColors) => ({ lineColor: c.line, topColor: withAlpha(c.line, 0.28), bottomColor: withAlpha(c.line, 0.02) });
  const main: ISeriesApi<'Candlestick'> | ISeriesApi<'Area'> =
    options.mode === 'candles'
      ? chart.addSeries(CandlestickSeries, { ...candleColors(colors), borderVisible: false, priceFormat })
      : chart.addSeries(AreaSeries, { ...areaColors(colors), lineWidth: 2, priceFormat });
  main.priceScale().applyOptions({ scaleMargins: { top: 0.12, bottom: 0.06 } });

  const rows: Row[] = [];
  /** The indicators' values by candle time (ms), for the set `shown` (their key). */
  const values = new Map<number, Float64Array>();
  let shown = options.indicators;
  let key = indicatorsKey(shown);
  let columns: IndicatorColumn[] = [];
  let series: IndicatorSeries[] = [];
  /** the volume bars, in the volume pane when it is shown */
  let volume: ISeriesApi<'Histogram'> | null = null;
  let groups: LegendGroup[] = [];
  /** the candle time under the crosshair; null: the newest */
  let hovered: number | null = null;

  // The table stays a table for screen readers; its box (the app's visually-hidden class) hides it from view.
  const box = document.createElement('div');
  box.className = 'chart-data visually-hidden';
  box.dataset['testid'] = 'chart-data';
  const table = document.createElement('table');
  const caption = document.createElement('caption');
  caption.textContent = options.labels.caption;
  const head = document.createElement('thead');
  const body = document.createElement('tbody');
  table.append(caption, head, body);
  box.append(table);
  container.append(box);
  let tableTimer: ReturnType<typeof setTimeout> | undefined;
  const legend = createLegend(container, colors.text);

  const writeHead = () => {
    const tr = document.createElement('tr');
    const { time, open, high, low, close, volume: vol } = options.labels;
    for (const text of [time, open, high, low, close, vol, ...columns.map((column) => column.heading)]) {
      const th = document.createElement('th');
      th.textContent = text;
      tr.append(th);
    }
    head.replaceChildren(tr);
  };

  const writeTable = () => {
    tableTimer = undefined;
    const fragment = document.createDocumentFragment();
    for (const row of rows.slice(-TABLE_ROWS)) {
      const tr = document.createElement('tr');
      tr.dataset['time'] = String(row.time);
      const own = values.get(row.time);
      for (const value of [new Date(row.time).toISOString(), row.open, row.high, row.low, row.close, row.volume, ...columns.map((_, i) => own?.[i] ?? Number.NaN)]) {
        const td = document.createElement('td');
        td.textContent = typeof value === 'string' ? value : Number.isNaN(value) ? '' : String(value);
        tr.append(td);
      }
      fragment.append(tr);
    }
    body.replaceChildren(fragment);
  };
  const tableLater = () => {
    tableTimer ??= setTimeout(writeTable, 300);
  };

  const bar = (row: Row): CandlestickData<Time> => ({ time: toTime(row.time), open: row.open, high: row.high, low: row.low, close: row.close });
  const line = (row: Row): LineData<Time> => ({ time: toTime(row.time), value: row.close });
  const vol = (row: Row): HistogramData<Time> => ({ time: toTime(row.time), value: row.volume, color: withAlpha(row.close >= row.open ? colors.up : colors.down, 0.5) });
  const toneOf = (column: IndicatorColumn | undefined, c: ChartColors) => c.ma[column?.tone ?? 0];
  /** One column's point: a line's value, a histogram bar coloured by its sign, or nothing yet. */
  const point = (time: number, value: number, column: IndicatorColumn | undefined): LineData<Time> | HistogramData<Time> | WhitespaceData<Time> => {
    if (Number.isNaN(value)) return { time: toTime(time) };
    if (column?.shape === 'histogram') return { time: toTime(time), value, color: withAlpha(value >= 0 ? colors.up : colors.down, 0.7) };
    return { time: toTime(time), value };
  };

  // --- the legend ---------------------------------------------------------------

  const paneTops = (): number[] => {
    const tops: number[] = [];
    let top = 0;
    for (const pane of chart.panes()) {
      tops.push(top);
      // Panes are separated by a line of 1 px.
      top += pane.getHeight() + 1;
    }
    return tops;
  };

  /** How a column's value reads: prices in the market's decimals, oscillators in two, volumes compact. */
  const textOf = (indicator: IndicatorName, value: number): string => (Number.isNaN(value) ? '--' : formatOf(indicator).formatter(value));

  const writeLegend = () => {
    const row = hovered === null ? rows.at(-1) : rows.find((candle) => candle.time === hovered);
    const own = row ? values.get(row.time) : undefined;
    legend.write(
      groups.map((group) =>
        group.items.map(({ label, column }) => {
          if (column === null) return { text: row ? `${label} ${volumeText(row.volume)}`.trim() : '--', color: row && row.close < row.open ? colors.down : colors.up };
          const value = own?.[column] ?? Number.NaN;
          const spec = columns[column];
          const color = spec?.shape === 'histogram' ? (value < 0 ? colors.down : colors.up) : toneOf(spec, colors);
          return { text: `${label} ${textOf(group.indicator, value)}`, color };
        }),
      ),
    );
  };

  let legendFrame = 0;
  /** The panes' heights are known once the chart has laid them out. */
  const placeLegend = () => {
    cancelAnimationFrame(legendFrame);
    legendFrame = requestAnimationFrame(() => {
      legend.layout(groups, paneTops());
      writeLegend();
    });
  };
  const resizes = new ResizeObserver(placeLegend);
  resizes.observe(container);

  const onCrosshair = (param: MouseEventParams<Time>) => {
    const next = param.time === undefined ? null : Number(param.time) * 1000;
    if (next === hovered) return;
    hovered = next;
    writeLegend();
  };
  chart.subscribeCrosshairMove(onCrosshair);

  // --- the indicators' series and panes ------------------------------------------

  const lineOptions = (color: string) => ({ color, lineWidth: 1 as const, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false });

  /** The series and panes for `shown`, made again; the candles stay. */
  const build = () => {
    for (const made of series) chart.removeSeries(made);
    if (volume) chart.removeSeries(volume);
    for (let pane = chart.panes().length - 1; pane > 0; pane--) chart.removePane(pane);
    series = [];
    volume = null;
    values.clear();
    key = indicatorsKey(shown);
    columns = indicatorColumns(shown);
    const byIndicator = groupColumns(columns);
    groups = [];
    // The overlays over the candles (pane 0), then a pane for each of the others, in order.
    const placed: [IndicatorName, number][] = [
      ...shown.overlays.map((indicator): [IndicatorName, number] => [indicator, 0]),
      ...shown.panes.map((indicator, i): [IndicatorName, number] => [indicator, i + 1]),
    ];
    for (const [indicator, pane] of placed) {
      const own = byIndicator.get(indicator) ?? [];
      if (indicator === 'vol') {
        volume = chart.addSeries(HistogramSeries, { priceFormat: formatOf('vol'), lastValueVisible: false, priceLineVisible: false }, pane);
        volume.setData(rows.map(vol));
      }
      for (const index of own) {
        const column = columns[index];
        series[index] =
          column?.shape === 'histogram'
            ? chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, priceFormat: formatOf(indicator) }, pane)
            : chart.addSeries(LineSeries, { ...lineOptions(toneOf(column, colors)), priceFormat: formatOf(indicator) }, pane);
      }
      groups.push({
        indicator,
        pane,
        // MA(5), RSI(14): the lines name their indicator themselves.
        title: ['ma', 'ema', 'rsi'].includes(indicator) ? '' : indicatorTitle(indicator, shown.params),
        items: [...(indicator === 'vol' ? [{ label: '', column: null }] : []), ...own.map((index) => ({ label: columns[index]?.label ?? '', column: index }))],
      });
    }
    chart.panes().forEach((pane, i) => {
      pane.setStretchFactor(i === 0 ? MAIN_STRETCH : 1);
      if (i > 0) pane.priceScale('right').applyOptions({ scaleMargins: { top: 0.18, bottom: 0.04 } });
    });
    writeHead();
    tableLater();
    placeLegend();
  };

  /** Every indicator series from `values`, at once (a reset). */
  const drawIndicators = () => {
    series.forEach((made, index) => {
      const column = columns[index];
      const data = rows.map((row) => point(row.time, values.get(row.time)?.[index] ?? Number.NaN, column));
      (made as ISeriesApi<'Line'>).setData(data);
    });
  };

  const applyIndicators = (patch: IndicatorPatch) => {
    // Rows made for other indicators (a change on its way): the next reset brings these.
    if (patch.key !== key) return;
    const width = 1 + columns.length;
    if (patch.reset) values.clear();
    const changed: number[] = [];
    for (let at = 0; at + width <= patch.rows.length; at += width) {
      const time = patch.rows[at] as number;
      values.set(time, patch.rows.slice(at + 1, at + width));
      changed.push(time);
    }
    if (patch.reset) drawIndicators();
    else {
      for (const time of changed) {
        const own = values.get(time);
        series.forEach((made, index) => (made as ISeriesApi<'Line'>).update(point(time, own?.[index] ?? Number.NaN, columns[index])));
      }
    }
  };

  // --- the candles -----------------------------------------------------------------

  const setAll = () => {
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).setData(rows.map(bar));
    else (main as ISeriesApi<'Area'>).setData(rows.map(line));
    volume?.setData(rows.map(vol));
  };

  const updateLast = () => {
    const row = rows.at(-1) as Row;
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).update(bar(row));
    else (main as ISeriesApi<'Area'>).update(line(row));
    volume?.update(vol(row));
  };

  // The theme or the colour convention changed: repaint with the new palette (volume and histogram bars carry their colour per bar).
  const stopWatchingTheme = onThemeChange(() => {
    colors = readChartColors();
    chart.applyOptions({ ...themeOptions(colors), layout: { ...themeOptions(colors).layout, ...separator(colors) } });
    if (options.mode === 'candles') (main as ISeriesApi<'Candlestick'>).applyOptions(candleColors(colors));
    else (main as ISeriesApi<'Area'>).applyOptions(areaColors(colors));
    series.forEach((made, index) => {
      if (columns[index]?.shape === 'line') (made as ISeriesApi<'Line'>).applyOptions({ color: toneOf(columns[index], colors) });
    });
    volume?.setData(rows.map(vol));
    drawIndicators();
    legend.recolor(colors.text);
    writeLegend();
  });

  build();
  /** set while the chart is turned: gives the library its own touch handling back */
  let unturn: (() => void) | null = null;

  return {
    apply(data, reset, indicators) {
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
            updateLast();
          } else if (row.time === last.time) {
            rows[rows.length - 1] = row;
            updateLast();
          } else {
            const index = rows.findIndex((r) => r.time === row.time);
            if (index >= 0) rows[index] = row;
            rewind = true;
          }
        }
        if (rewind) setAll();
      }
      if (indicators) applyIndicators(indicators);
      if (hovered === null || indicators?.reset || reset) writeLegend();
      tableLater();
    },
    setIndicators(next) {
      if (indicatorsKey(next) === key) return;
      shown = next;
      build();
    },
    setQuarterTurn(turned) {
      if (turned === (unturn !== null)) return;
      unturn?.();
      unturn = null;
      chart.clearCrosshairPosition();
      hovered = null;
      writeLegend();
      if (!turned) return;
      unturn = turnedTouches(chart, container, (x) => {
        const time = chart.timeScale().coordinateToTime(x);
        const row = time === null ? undefined : rows.find((candle) => candle.time === Number(time) * 1000);
        // A tap shows the candle under it; the next tap hides the crosshair.
        if (hovered !== null || !row) {
          chart.clearCrosshairPosition();
          hovered = null;
        } else {
          chart.setCrosshairPosition(row.close, toTime(row.time), main);
          hovered = row.time;
        }
        writeLegend();
      });
    },
    destroy() {
      unturn?.();
      stopWatchingTheme();
      chart.unsubscribeCrosshairMove(onCrosshair);
      resizes.disconnect();
      cancelAnimationFrame(legendFrame);
      clearTimeout(tableTimer);
      legend.destroy();
      box.remove();
      chart.remove();
    },
  };
}
