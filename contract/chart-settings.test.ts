import { describe, expect, test } from 'vitest';
import { checkChartSettings, checkIndicatorParams, DEFAULT_CHART_SETTINGS, indicatorColumns, indicatorsKey, indicatorTitle, parseParam, type ChartSettings } from './chart-settings';

/** The chart settings' rules: what the app's sheet, the device's copy and the server's endpoint all hold a value to. */
const valid: ChartSettings = {
  period: '60min',
  overlays: ['boll', 'ma'],
  panes: ['macd', 'rsi'],
  params: { ...DEFAULT_CHART_SETTINGS.params, ma: [7, null, 99], boll: [21, 2.5], macd: [8, 21, 5] },
};
const check = (change: Record<string, unknown>) => checkChartSettings({ ...valid, ...change });
const checkParams = (params: Record<string, unknown>) => checkChartSettings({ ...valid, params: { ...valid.params, ...params } });

describe('checkChartSettings', () => {
  test('a valid value comes back as a clean copy; parameters left out take their defaults', () => {
    expect(checkChartSettings(valid)).toEqual({ ok: true, settings: valid });
    expect(checkChartSettings(DEFAULT_CHART_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_CHART_SETTINGS });
    expect(checkChartSettings({ period: 'time', overlays: [], panes: [], params: { rsi: [14, null, null] } })).toEqual({
      ok: true,
      settings: { period: 'time', overlays: [], panes: [], params: { ...DEFAULT_CHART_SETTINGS.params, rsi: [14, null, null] } },
    });
    // The copy shares nothing with what was given.
    const given = structuredClone(valid);
    const result = checkChartSettings(given);
    given.params.ma[0] = 300;
    expect(result.ok && result.settings.params.ma[0]).toBe(7);
  });

  test('an unknown indicator is refused by its name, in the lists or the parameters', () => {
    expect(check({ overlays: ['ma', 'ichimoku'] })).toMatchObject({ ok: false, key: 'indicator_unknown', params: { name: 'ichimoku' } });
    expect(check({ panes: ['sar'] })).toMatchObject({ ok: false, key: 'indicator_unknown', params: { name: 'sar' } });
    // An overlay is not a pane, nor the other way round.
    expect(check({ panes: ['ma'] })).toMatchObject({ ok: false, key: 'indicator_unknown', params: { name: 'ma' } });
    expect(check({ overlays: ['macd'] })).toMatchObject({ ok: false, key: 'indicator_unknown' });
    expect(checkParams({ wr: [14] })).toMatchObject({ ok: false, key: 'indicator_unknown', params: { name: 'wr' } });
    // A long name is cut in the message.
    expect(check({ overlays: ['x'.repeat(500)] })).toMatchObject({ key: 'indicator_unknown', params: { name: 'x'.repeat(20) } });
  });

  test('parameters out of range are refused with the figures of their rule, naming the indicator and the field', () => {
    expect(checkParams({ ma: [0, 10, 30] })).toEqual({ ok: false, key: 'indicator_period_range', params: { indicator: 'MA', min: 1, max: 500 }, at: { indicator: 'ma', index: 0 } });
    expect(checkParams({ ema: [5, 501, 30] })).toMatchObject({ key: 'indicator_period_range', params: { indicator: 'EMA' }, at: { indicator: 'ema', index: 1 } });
    expect(checkParams({ rsi: [6, 12, 2.5] })).toMatchObject({ key: 'indicator_period_range', at: { indicator: 'rsi', index: 2 } });
    expect(checkParams({ kdj: [9, -3, 3] })).toMatchObject({ key: 'indicator_period_range', params: { indicator: 'KDJ' }, at: { index: 1 } });
    expect(checkParams({ boll: [20, 0] })).toEqual({ ok: false, key: 'indicator_multiplier_range', params: { indicator: 'BOLL', min: 0.1, max: 10 }, at: { indicator: 'boll', index: 1 } });
    expect(checkParams({ boll: [20, 10.5] })).toMatchObject({ key: 'indicator_multiplier_range' });
    expect(checkParams({ boll: [20, 2.125] })).toMatchObject({ key: 'indicator_multiplier_range' });
    expect(checkParams({ boll: [null, 2] })).toMatchObject({ key: 'indicator_period_range', at: { indicator: 'boll', index: 0 } });
    expect(checkParams({ macd: [26, 12, 9] })).toMatchObject({ key: 'macd_periods', at: { indicator: 'macd', index: 0 } });
    expect(checkParams({ macd: [12, 12, 9] })).toMatchObject({ key: 'macd_periods' });
    expect(checkParams({ ma: [null, null, null] })).toMatchObject({ key: 'indicator_lines_none', params: { indicator: 'MA' } });
    // The volume's averages may all be off: its bars stay.
    expect(checkParams({ vol: [null, null] })).toMatchObject({ ok: true });
  });

  test('anything of the wrong shape is refused, never half taken', () => {
    for (const value of [null, 'ma', 42, [], { ...valid, extra: 1 }, { ...valid, overlays: 'ma' }, { ...valid, overlays: ['ma', 'ma'] }, { ...valid, params: [] }]) {
      expect(checkChartSettings(value)).toMatchObject({ ok: false, key: 'chart_settings_invalid' });
    }
    expect(checkParams({ ma: [5, 10] })).toMatchObject({ key: 'chart_settings_invalid' });
    expect(checkParams({ ma: ['5', 10, 30] })).toMatchObject({ key: 'chart_settings_invalid' });
    expect(checkParams({ ma: [Number.NaN, 10, 30] })).toMatchObject({ key: 'chart_settings_invalid' });
    expect(check({ period: '2min' })).toMatchObject({ key: 'chart_period_unknown' });
    expect(check({ period: undefined })).toMatchObject({ key: 'chart_period_unknown' });
  });
});

describe('parseParam: a field of the parameter sheet', () => {
  test('a whole number in range, a multiplier with at most two decimals, empty for a line off', () => {
    expect(parseParam('ma', 0, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseParam('ma', 2, '')).toEqual({ ok: true, value: null });
    expect(parseParam('boll', 1, '2.25')).toEqual({ ok: true, value: 2.25 });
    for (const text of ['0', '501', '1.5', '-3', '1e2', 'abc', '12345'])
      expect(parseParam('ema', 1, text)).toMatchObject({ ok: false, key: 'indicator_period_range', at: { indicator: 'ema', index: 1 } });
    for (const text of ['', '0', '0.05', '11', '2.125', 'x']) expect(parseParam('boll', 1, text)).toMatchObject({ ok: false, key: 'indicator_multiplier_range' });
    expect(parseParam('macd', 2, '')).toMatchObject({ ok: false, key: 'indicator_period_range' });
  });

  test('the whole indicator: MACD fast under slow, a line left on', () => {
    expect(checkIndicatorParams('macd', [12, 26, 9])).toBeNull();
    expect(checkIndicatorParams('macd', [30, 26, 9])).toMatchObject({ key: 'macd_periods' });
    expect(checkIndicatorParams('rsi', [null, null, null])).toMatchObject({ key: 'indicator_lines_none' });
  });
});

describe('columns', () => {
  test('the overlays then the panes, each line turned on, with legend labels and colours', () => {
    const columns = indicatorColumns(valid);
    expect(indicatorColumns({ ...valid, panes: ['vol'] }).map((column) => column.heading)).toEqual(['UP', 'MB', 'DN', 'MA(7)', 'MA(99)', 'VOL MA(5)', 'VOL MA(10)']);
    expect(columns.map((column) => `${column.label}:${column.tone}:${column.shape}`)).toEqual([
      'UP:1:line',
      'MB:0:line',
      'DN:2:line',
      'MA(7):0:line',
      'MA(99):2:line',
      'DIF:0:line',
      'DEA:1:line',
      'MACD:2:histogram',
      'RSI(6):0:line',
      'RSI(12):1:line',
      'RSI(24):2:line',
    ]);
    expect(indicatorsKey(valid)).toBe('boll(21,2.5) ma(7,-,99) macd(8,21,5) rsi(6,12,24)');
    // Parameters of an indicator not shown do not change the key.
    expect(indicatorsKey({ ...valid, params: { ...valid.params, kdj: [5, 5, 5] } })).toBe(indicatorsKey(valid));
    expect(indicatorTitle('macd', valid.params)).toBe('MACD(8,21,5)');
    expect(indicatorTitle('vol', { ...valid.params, vol: [null, 10] })).toBe('VOL(10)');
  });
});
