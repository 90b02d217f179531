import { Type, type Static } from '@sinclair/typebox';
import { CHART_CHOICES, CHART_SETTINGS_MAX_LENGTH, OVERLAYS, PANES, type ChartSettings } from '../chart-settings';
import { endpoint } from './define';

/**
 * The pair chart's settings kept for a user across devices (issue 23): its period, the
 * indicators shown and their parameters. The rules are contract/chart-settings.ts
 * (checkChartSettings); this schema describes the answer.
 */
const Period = Type.Union(CHART_CHOICES.map((choice) => Type.Literal(choice)));
const Line = Type.Union([Type.Integer(), Type.Null()], { description: 'a period, or null: the line is off' });
export const ChartSettingsView = Type.Object({
  period: Period,
  overlays: Type.Array(Type.Union(OVERLAYS.map((name) => Type.Literal(name))), { description: 'drawn over the candles' }),
  panes: Type.Array(Type.Union(PANES.map((name) => Type.Literal(name))), { description: 'each in a pane under the candles, in this order' }),
  params: Type.Object({
    ma: Type.Tuple([Line, Line, Line]),
    ema: Type.Tuple([Line, Line, Line]),
    boll: Type.Tuple([Type.Integer(), Type.Number()], { description: 'period, width in standard deviations' }),
    vol: Type.Tuple([Line, Line], { description: "the volume's moving averages" }),
    macd: Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer()], { description: 'fast, slow, signal' }),
    rsi: Type.Tuple([Line, Line, Line]),
    kdj: Type.Tuple([Type.Integer(), Type.Integer(), Type.Integer()], { description: 'period, K smoothing, D smoothing' }),
  }),
});
// The answer's schema and the rules' type describe the same value.
const sameShape: Static<typeof ChartSettingsView> extends ChartSettings ? (ChartSettings extends Static<typeof ChartSettingsView> ? true : false) : false = true;
void sameShape;

export const chartSettings = endpoint({
  method: 'GET',
  path: '/chart/settings',
  access: 'user',
  tag: 'market',
  summary: "The user's chart settings (period, indicators and their parameters), or null when never saved",
  input: Type.Object({}),
  output: Type.Union([ChartSettingsView, Type.Null()]),
});

export const chartSettingsSave = endpoint({
  method: 'POST',
  path: '/chart/settings',
  access: 'user',
  tag: 'market',
  summary:
    'Keep the chart settings for the user: `settings` is their JSON ({period, overlays, panes, params}); an unknown indicator, a parameter out of range or a malformed value is refused and nothing is stored. Answers them as stored',
  input: Type.Object({ settings: Type.String({ minLength: 1, maxLength: CHART_SETTINGS_MAX_LENGTH }) }),
  output: ChartSettingsView,
});
