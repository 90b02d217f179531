import type { IndicatorColumn, IndicatorName } from '../contract/chart-settings';

/**
 * The chart's legend: at the top of each pane, its indicators' names and values in the
 * colour of their lines, for the candle under the crosshair (the newest when there is
 * none). A layer over the canvas that takes no touches; charts/kline.ts fills it.
 */
export interface LegendGroup {
  /** the indicator's title (BOLL(20,2), VOL(5,10)); empty where its lines name it (MA(5)) */
  title: string;
  /** the pane it heads: 0 the candles */
  pane: number;
  /** its items: a label (empty for the volume itself) and the colour of its value */
  items: { label: string; column: number | null }[];
  indicator: IndicatorName;
}

export interface Legend {
  /** The groups and where each pane begins (px from the chart's top). */
  layout(groups: LegendGroup[], paneTops: number[]): void;
  /** The texts and colours of every item, in the order of `layout`'s groups. */
  write(values: { text: string; color: string }[][]): void;
  /** The colour of the titles and labels (the theme changed). */
  recolor(muted: string): void;
  destroy(): void;
}

export function createLegend(container: HTMLElement, muted: string): Legend {
  const layer = document.createElement('div');
  layer.dataset['testid'] = 'chart-legend';
  Object.assign(layer.style, { position: 'absolute', inset: '0', pointerEvents: 'none', zIndex: '3', overflow: 'hidden' });
  container.append(layer);
  let values: HTMLSpanElement[][] = [];
  let labels: HTMLElement[] = [];
  let color = muted;

  return {
    layout(groups, paneTops) {
      layer.replaceChildren();
      values = [];
      labels = [];
      const lines = new Map<number, HTMLDivElement>();
      for (const group of groups) {
        let line = lines.get(group.pane);
        if (!line) {
          line = document.createElement('div');
          line.dataset['pane'] = String(group.pane);
          Object.assign(line.style, {
            position: 'absolute',
            left: '6px',
            right: '64px',
            top: `${(paneTops[group.pane] ?? 0) + 3}px`,
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: '8px',
            rowGap: '1px',
            fontSize: '10px',
            lineHeight: '13px',
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
          });
          lines.set(group.pane, line);
          layer.append(line);
        }
        const box = document.createElement('span');
        box.dataset['indicator'] = group.indicator;
        Object.assign(box.style, { display: 'inline-flex', gap: '6px' });
        if (group.title) {
          const title = document.createElement('span');
          title.textContent = group.title;
          title.style.color = color;
          labels.push(title);
          box.append(title);
        }
        const spans = group.items.map((item) => {
          const span = document.createElement('span');
          if (item.label) span.dataset['label'] = item.label;
          box.append(span);
          return span;
        });
        values.push(spans);
        // A pane's groups on one line; the candles' overlays each on their own.
        if (group.pane === 0 && line.childElementCount > 0) line.style.flexDirection = 'column';
        line.append(box);
      }
    },
    write(texts) {
      texts.forEach((group, g) =>
        group.forEach(({ text, color: tone }, i) => {
          const span = values[g]?.[i];
          if (!span) return;
          if (span.textContent !== text) span.textContent = text;
          if (span.style.color !== tone) span.style.color = tone;
        }),
      );
    },
    recolor(next) {
      color = next;
      for (const label of labels) label.style.color = next;
    },
    destroy() {
      layer.remove();
    },
  };
}

/** The columns of each indicator, in order: the legend's groups follow the worker's columns. */
export function groupColumns(columns: readonly IndicatorColumn[]): Map<IndicatorName, number[]> {
  const groups = new Map<IndicatorName, number[]>();
  columns.forEach((column, i) => {
    const list = groups.get(column.indicator) ?? [];
    list.push(i);
    groups.set(column.indicator, list);
  });
  return groups;
}
