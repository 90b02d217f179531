import { ColorType, CrosshairMode, type DeepPartial, type TimeChartOptions } from 'lightweight-charts';

/**
 * The charts' look, read from the app's palette (src/ui/theme.css): the theme's
 * background, axis text and grid, and the colour convention's up and down (green up or
 * red up). A chart reads it when it is made and again on every change of
 * `<html data-theme data-colors>` (onThemeChange), so one palette paints the screens and
 * the canvases.
 */
export interface ChartColors {
  background: string;
  text: string;
  grid: string;
  up: string;
  down: string;
  line: string;
  ma: readonly [string, string, string];
}

/** Every colour as the browser resolves it ("rgb(46, 189, 133)"), whatever form the palette writes it in. */
export function readChartColors(): ChartColors {
  const probe = document.createElement('span');
  probe.style.display = 'none';
  document.body.append(probe);
  const read = (name: string): string => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  const colors: ChartColors = {
    background: read('--bg'),
    text: read('--text-3'),
    grid: read('--chart-grid'),
    up: read('--up'),
    down: read('--down'),
    line: read('--accent'),
    ma: [read('--accent'), read('--chart-ma-2'), read('--chart-ma-3')],
  };
  probe.remove();
  return colors;
}

/** A resolved colour ("rgb(r, g, b)" or "rgba(r, g, b, a)") at `alpha`. */
export function withAlpha(color: string, alpha: number): string {
  const parts = /rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(color);
  return parts ? `rgba(${parts[1]}, ${parts[2]}, ${parts[3]}, ${alpha})` : color;
}

/** Calls `listener` whenever the theme or the colour convention changes; returns the unsubscribe. */
export function onThemeChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'data-colors'] });
  return () => observer.disconnect();
}

/** The options a theme sets on any chart: background, axis text, grid. */
export function themeOptions(colors: ChartColors): DeepPartial<TimeChartOptions> {
  return {
    layout: { background: { type: ColorType.Solid, color: colors.background }, textColor: colors.text },
    grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
  };
}

export function baseOptions(locale: string, colors: ChartColors): DeepPartial<TimeChartOptions> {
  const themed = themeOptions(colors);
  return {
    ...themed,
    autoSize: true,
    layout: { ...themed.layout, fontSize: 11 },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, rightOffset: 4, barSpacing: 7 },
    localization: { locale },
  };
}
