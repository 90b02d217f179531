import { ColorType, CrosshairMode, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/** The charts' look, matching the app's dark theme (src/ui/theme.css). */
export const COLORS = {
  background: '#0e0f13',
  text: '#8a8d99',
  grid: 'rgba(255,255,255,0.04)',
  up: '#2ebd85',
  down: '#f6465d',
  line: '#f7a54a',
  ma: ['#f7a54a', '#4aa3f7', '#c77dff'] as const,
  volumeUp: 'rgba(46,189,133,0.45)',
  volumeDown: 'rgba(246,70,93,0.45)',
};

export function baseOptions(locale: string): DeepPartial<TimeChartOptions> {
  return {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: COLORS.background }, textColor: COLORS.text, fontSize: 11 },
    grid: { vertLines: { color: COLORS.grid }, horzLines: { color: COLORS.grid } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, rightOffset: 4, barSpacing: 7 },
    localization: { locale },
  };
}
