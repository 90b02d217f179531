import type { IChartApi } from 'lightweight-charts';

/**
 * Touches on a chart the page has turned a quarter clockwise (the full-screen chart on a
 * portrait phone that will not turn itself, src/features/chart/chart.module.css). The
 * library reads a touch's place on the screen as if the chart were upright, so its own
 * handling is switched off and a layer over the chart reads them turned: a drag scrolls
 * the candles, a tap shows the crosshair on the candle under it (and a second hides it).
 */
export function turnedTouches(chart: IChartApi, container: HTMLElement, tap: (x: number) => void): () => void {
  const layer = document.createElement('div');
  Object.assign(layer.style, { position: 'absolute', inset: '0', zIndex: '4', touchAction: 'none' });
  container.append(layer);
  chart.applyOptions({ handleScroll: false, handleScale: false });
  let start: { x: number; from: number; to: number; id: number } | null = null;
  let moved = false;
  /** The touch in the chart's own (upright) coordinates: its x runs down the screen. */
  const along = (event: PointerEvent) => event.clientY - layer.getBoundingClientRect().top;

  const down = (event: PointerEvent) => {
    const range = chart.timeScale().getVisibleLogicalRange();
    if (!range) return;
    start = { x: along(event), from: range.from, to: range.to, id: event.pointerId };
    moved = false;
    layer.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = along(event) - start.x;
    if (Math.abs(dx) > 6) moved = true;
    if (!moved) return;
    const shift = dx / chart.timeScale().options().barSpacing;
    chart.timeScale().setVisibleLogicalRange({ from: start.from - shift, to: start.to - shift });
  };
  const up = (event: PointerEvent) => {
    if (!start || event.pointerId !== start.id) return;
    if (!moved) tap(along(event));
    start = null;
  };
  layer.addEventListener('pointerdown', down);
  layer.addEventListener('pointermove', move);
  layer.addEventListener('pointerup', up);
  layer.addEventListener('pointercancel', up);
  return () => {
    layer.remove();
    chart.applyOptions({ handleScroll: true, handleScale: true });
  };
}
