import { PERIOD_RANGE, WIDTH_MAX } from './indicators';
import { isPeriod, type Period } from './market';

/**
 * The pair chart's settings (issue 23), written once for the app (its indicator chips and
 * parameter sheet, the device's copy), the worker (what it computes: columns below) and
 * the server (a user's preference, POST /chart/settings): the chart's period, the
 * indicators drawn over the candles (overlays) and in panes under them, and every
 * indicator's parameters. `checkChartSettings` holds a whole value to the rules and
 * answers a clean copy or a refusal: `key` names the message (`server:errors.<key>` from
 * the server, the chart namespace's errors.<key> in the app) and `params` are its figures.
 */

/** What the chart shows: the timeshare line of 1-minute closes, or candles of a period. */
export type ChartChoice = 'time' | Period;
export const CHART_CHOICES: readonly ChartChoice[] = ['time', '1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'];
export const isChartChoice = (value: unknown): value is ChartChoice => value === 'time' || isPeriod(value);

/** Drawn over the candles, on the price scale. */
export const OVERLAYS = ['ma', 'ema', 'boll'] as const;
/** Drawn in a pane of their own under the candles. */
export const PANES = ['vol', 'macd', 'rsi', 'kdj'] as const;
export type Overlay = (typeof OVERLAYS)[number];
export type Pane = (typeof PANES)[number];
export type IndicatorName = Overlay | Pane;
export const INDICATORS: readonly IndicatorName[] = [...OVERLAYS, ...PANES];
export const isIndicator = (value: unknown): value is IndicatorName => typeof value === 'string' && (INDICATORS as readonly string[]).includes(value);

/** Up to three lines, each a period or off (null). */
type Lines = [number | null, number | null, number | null];
export interface IndicatorParams {
  /** moving averages of the close */
  ma: Lines;
  ema: Lines;
  /** period, width (deviations) */
  boll: [number, number];
  /** the volume's moving averages */
  vol: [number | null, number | null];
  /** fast, slow, signal */
  macd: [number, number, number];
  rsi: Lines;
  /** period, K smoothing, D smoothing */
  kdj: [number, number, number];
}

/** What the worker computes and the chart draws. */
export interface ChartIndicators {
  overlays: Overlay[];
  panes: Pane[];
  params: IndicatorParams;
}

export interface ChartSettings extends ChartIndicators {
  period: ChartChoice;
}

/** Like a top exchange's phone app: moving averages over 15-minute candles, volume under them. */
export const DEFAULT_CHART_SETTINGS: ChartSettings = {
  period: '15min',
  overlays: ['ma'],
  panes: ['vol'],
  params: { ma: [5, 10, 30], ema: [5, 10, 30], boll: [20, 2], vol: [5, 10], macd: [12, 26, 9], rsi: [6, 12, 24], kdj: [9, 3, 3] },
};

/**
 * Each parameter's kind, in order: a line (a period; empty turns the line off, one line
 * at least stays on, except the volume's averages), a period, or BOLL's multiplier.
 * `label` names it in the parameter sheet (chart:params.<label>).
 */
export type ParamKind = 'line' | 'period' | 'multiplier';
export interface ParamField {
  kind: ParamKind;
  label: 'line' | 'period' | 'multiplier' | 'fast' | 'slow' | 'signal' | 'k' | 'd';
}
const line: ParamField = { kind: 'line', label: 'line' };
export const PARAM_FIELDS: { readonly [N in IndicatorName]: readonly ParamField[] } = {
  ma: [line, line, line],
  ema: [line, line, line],
  boll: [
    { kind: 'period', label: 'period' },
    { kind: 'multiplier', label: 'multiplier' },
  ],
  vol: [line, line],
  macd: [
    { kind: 'period', label: 'fast' },
    { kind: 'period', label: 'slow' },
    { kind: 'period', label: 'signal' },
  ],
  rsi: [line, line, line],
  kdj: [
    { kind: 'period', label: 'period' },
    { kind: 'period', label: 'k' },
    { kind: 'period', label: 'd' },
  ],
};
/** The volume pane may show its bars alone; every other indicator keeps one line. */
const LINES_OPTIONAL: readonly IndicatorName[] = ['vol'];

export const MULTIPLIER_RANGE = { min: 0.1, max: WIDTH_MAX } as const;
export { PERIOD_RANGE };

/** The settings as JSON text: the most the server stores for one user (POST /chart/settings). */
export const CHART_SETTINGS_MAX_LENGTH = 1000;

/** The indicator's name as charts write it, in every language (MA, BOLL, MACD). */
export const INDICATOR_LABEL: { readonly [N in IndicatorName]: string } = { ma: 'MA', ema: 'EMA', boll: 'BOLL', vol: 'VOL', macd: 'MACD', rsi: 'RSI', kdj: 'KDJ' };

/** What each refusal's message interpolates. */
export type ChartRefusalParams = {
  chart_settings_invalid: Record<string, never>;
  chart_period_unknown: Record<string, never>;
  indicator_unknown: { name: string };
  indicator_period_range: { indicator: string; min: number; max: number };
  indicator_multiplier_range: { indicator: string; min: number; max: number };
  indicator_lines_none: { indicator: string };
  macd_periods: { indicator: string };
};
export type ChartRefusalKey = keyof ChartRefusalParams;
/** A refused value: the message, its figures and, for a parameter, which one (the sheet shows it at its field). */
export type ChartRefusal = {
  [K in ChartRefusalKey]: { ok: false; key: K; params: ChartRefusalParams[K]; at?: { indicator: IndicatorName; index: number } };
}[ChartRefusalKey];

const refuse = <K extends ChartRefusalKey>(key: K, params: ChartRefusalParams[K], at?: { indicator: IndicatorName; index: number }): ChartRefusal =>
  ({ ok: false, key, params, ...(at ? { at } : {}) }) as ChartRefusal;
const invalid = (): ChartRefusal => refuse('chart_settings_invalid', {});

/** Whole hundredths: a multiplier has at most two decimals. */
const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9;

/** One parameter's value against its rule; null is a line turned off. */
function checkParam(indicator: IndicatorName, index: number, field: ParamField, value: number | null): ChartRefusal | null {
  const at = { indicator, index };
  const label = INDICATOR_LABEL[indicator];
  if (value === null && field.kind === 'line') return null;
  const number = value ?? Number.NaN;
  if (field.kind === 'multiplier') {
    return number >= MULTIPLIER_RANGE.min && number <= MULTIPLIER_RANGE.max && hundredths(number) ? null : refuse('indicator_multiplier_range', { indicator: label, ...MULTIPLIER_RANGE }, at);
  }
  return Number.isInteger(number) && number >= PERIOD_RANGE.min && number <= PERIOD_RANGE.max ? null : refuse('indicator_period_range', { indicator: label, ...PERIOD_RANGE }, at);
}

/** An indicator's parameters as a whole (MACD's fast period under its slow one, a line left on). */
function checkParams<N extends IndicatorName>(indicator: N, values: readonly (number | null)[]): ChartRefusal | null {
  const fields = PARAM_FIELDS[indicator];
  for (const [index, field] of fields.entries()) {
    const refused = checkParam(indicator, index, field, values[index] ?? null);
    if (refused) return refused;
  }
  const label = INDICATOR_LABEL[indicator];
  if (fields[0]?.kind === 'line' && !LINES_OPTIONAL.includes(indicator) && values.every((value) => value === null))
    return refuse('indicator_lines_none', { indicator: label }, { indicator, index: 0 });
  if (indicator === 'macd' && (values[0] ?? 0) >= (values[1] ?? 0)) return refuse('macd_periods', { indicator: label }, { indicator, index: 0 });
  return null;
}

/**
 * A parameter as typed in the sheet: a whole number (a period), a number with at most two
 * decimals (BOLL's multiplier), or empty for a line turned off. Answers the value or the
 * refusal to show at the field.
 */
export function parseParam(indicator: IndicatorName, index: number, text: string): { ok: true; value: number | null } | ChartRefusal {
  const field = PARAM_FIELDS[indicator][index];
  if (!field) return invalid();
  const trimmed = text.trim();
  const pattern = field.kind === 'multiplier' ? /^\d{1,3}(\.\d{1,2})?$/ : /^\d{1,4}$/;
  const value = trimmed === '' ? null : pattern.test(trimmed) ? Number(trimmed) : Number.NaN;
  const refused = checkParam(indicator, index, field, value);
  return refused ?? { ok: true, value };
}

/** An indicator's parameters as a whole, once each field is valid: the sheet's last check before it saves. */
export function checkIndicatorParams(indicator: IndicatorName, values: readonly (number | null)[]): ChartRefusal | null {
  return checkParams(indicator, values);
}

/** A copy sharing no array with `params`. */
export const copyParams = (params: IndicatorParams): IndicatorParams => ({
  ma: [...params.ma],
  ema: [...params.ema],
  boll: [...params.boll],
  vol: [...params.vol],
  macd: [...params.macd],
  rsi: [...params.rsi],
  kdj: [...params.kdj],
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of distinct names of one kind: an unknown name is refused as such. */
function names<T extends IndicatorName>(value: unknown, allowed: readonly T[]): T[] | ChartRefusal {
  if (!Array.isArray(value) || value.length > allowed.length) return invalid();
  const seen: T[] = [];
  for (const name of value) {
    if (typeof name !== 'string') return invalid();
    if (!(allowed as readonly string[]).includes(name)) return refuse('indicator_unknown', { name: name.slice(0, 20) });
    if (seen.includes(name as T)) return invalid();
    seen.push(name as T);
  }
  return seen;
}

/**
 * Settings from anywhere (a request, the device's storage) held to the rules: every
 * field of its type, indicators known and distinct, each parameter in range. Parameters
 * left out take their defaults; anything else unknown is refused. Answers a clean copy.
 */
export function checkChartSettings(value: unknown): { ok: true; settings: ChartSettings } | ChartRefusal {
  if (!isRecord(value)) return invalid();
  for (const key of Object.keys(value)) if (!['period', 'overlays', 'panes', 'params'].includes(key)) return invalid();
  if (!isChartChoice(value['period'])) return refuse('chart_period_unknown', {});
  const overlays = names(value['overlays'], OVERLAYS);
  if (!Array.isArray(overlays)) return overlays;
  const panes = names(value['panes'], PANES);
  if (!Array.isArray(panes)) return panes;
  const given = value['params'] ?? {};
  if (!isRecord(given)) return invalid();
  for (const name of Object.keys(given)) if (!isIndicator(name)) return refuse('indicator_unknown', { name: name.slice(0, 20) });
  const params = copyParams(DEFAULT_CHART_SETTINGS.params);
  for (const indicator of INDICATORS) {
    const values = given[indicator];
    if (values === undefined) continue;
    if (!Array.isArray(values) || values.length !== PARAM_FIELDS[indicator].length || !values.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)))) return invalid();
    const refused = checkParams(indicator, values as (number | null)[]);
    if (refused) return refused;
    (params as Record<IndicatorName, unknown>)[indicator] = [...(values as (number | null)[])];
  }
  return { ok: true, settings: { period: value['period'], overlays, panes, params } };
}

/**
 * One line the worker computes and the chart draws, in the order of the worker's rows:
 * the overlays' lines, then each pane's, as the settings list them.
 */
export interface IndicatorColumn {
  indicator: IndicatorName;
  /** the legend's name of the line: MA(5), UP, DIF, K */
  label: string;
  /** its name on its own, as the chart's table heads it: the volume's MA(5) is VOL MA(5) */
  heading: string;
  /** which of the chart's line colours (0 to 2); the MACD histogram takes the rise and fall colours */
  tone: 0 | 1 | 2;
  shape: 'line' | 'histogram';
}

const lineColumns = (indicator: IndicatorName, periods: readonly (number | null)[]): IndicatorColumn[] =>
  periods.flatMap((period, i) =>
    period === null
      ? []
      : [
          {
            indicator,
            label: `${indicator === 'vol' ? 'MA' : INDICATOR_LABEL[indicator]}(${period})`,
            heading: `${indicator === 'vol' ? 'VOL MA' : INDICATOR_LABEL[indicator]}(${period})`,
            tone: (i % 3) as 0 | 1 | 2,
            shape: 'line' as const,
          },
        ],
  );

/** The columns one indicator adds (its lines turned off add none). */
export function columnsOf(indicator: IndicatorName, params: IndicatorParams): IndicatorColumn[] {
  const column = (label: string, tone: 0 | 1 | 2, shape: 'line' | 'histogram' = 'line'): IndicatorColumn => ({ indicator, label, heading: label, tone, shape });
  switch (indicator) {
    case 'ma':
    case 'ema':
    case 'rsi':
    case 'vol':
      return lineColumns(indicator, params[indicator]);
    case 'boll':
      return [column('UP', 1), column('MB', 0), column('DN', 2)];
    case 'macd':
      return [column('DIF', 0), column('DEA', 1), column('MACD', 2, 'histogram')];
    case 'kdj':
      return [column('K', 0), column('D', 1), column('J', 2)];
  }
}

/** Every column, in row order. */
export function indicatorColumns(shown: ChartIndicators): IndicatorColumn[] {
  return [...shown.overlays, ...shown.panes].flatMap((indicator) => columnsOf(indicator, shown.params));
}

/** What a set of indicators computes, as text: equal texts, equal columns and values (the chart drops rows made for another set). */
export function indicatorsKey(shown: ChartIndicators): string {
  return [...shown.overlays, ...shown.panes].map((indicator) => `${indicator}(${shown.params[indicator].map((value) => value ?? '-').join(',')})`).join(' ');
}

/** The legend's title of an indicator: MA, BOLL(20,2), MACD(12,26,9). */
export function indicatorTitle(indicator: IndicatorName, params: IndicatorParams): string {
  if (indicator === 'ma' || indicator === 'ema' || indicator === 'rsi') return INDICATOR_LABEL[indicator];
  return `${INDICATOR_LABEL[indicator]}(${params[indicator].filter((value) => value !== null).join(',')})`;
}
