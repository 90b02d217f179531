import { useEffect, useRef } from 'react';
import { drawDayBars, type DayBars } from '../../charts/day-bars';
import styles from './overview.module.css';

export type { DayBars };

/**
 * A chart of figures per UTC day (sign-ups, deposits, fees), drawn by charts/day-bars.ts
 * in the app's palette. The same figures are in the page as text too.
 */
export function DayChart({ title, series, locale }: { title: string; series: readonly DayBars[]; locale: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof drawDayBars> | null>(null);

  useEffect(() => {
    if (box.current === null) return;
    const made = drawDayBars(box.current, locale);
    chart.current = made;
    return () => {
      made.remove();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => chart.current?.show(series), [series, locale]);

  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <div ref={box} className={styles.canvas} role="img" aria-label={title} />
    </figure>
  );
}
