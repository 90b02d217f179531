import { useEffect, useRef, useState } from 'react';
import type { Period } from '../../../contract/market';
import type { MarketInfo } from '../../../contract/worker-api';
import { showChart } from '../../core/hooks';
import { language, useT } from '../../i18n';
import styles from './detail.module.css';

/** "time" is the timeshare line of 1-minute closes; the rest are candle periods. */
type ChartChoice = 'time' | Period;
const CHOICES: readonly ChartChoice[] = ['time', '1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'];

export function ChartPanel({ info }: { info: MarketInfo }) {
  const t = useT();
  const [choice, setChoice] = useState<ChartChoice>('15min');
  const container = useRef<HTMLDivElement>(null);
  const lang = language.value;

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let stop: (() => void) | undefined;
    let destroy: (() => void) | undefined;
    let disposed = false;
    const period: Period = choice === 'time' ? '1min' : choice;
    void import('../../../charts/kline').then(({ createKlineChart }) => {
      if (disposed) return;
      const chart = createKlineChart(element, {
        pricePrecision: info.pricePrecision,
        language: lang,
        mode: choice === 'time' ? 'timeshare' : 'candles',
        period,
        labels: {
          caption: t('market:chart_caption', { symbol: info.symbol, period: t(`market:periods.${choice}`) }),
          time: t('market:candle.time'),
          open: t('market:candle.open'),
          high: t('market:candle.high'),
          low: t('market:candle.low'),
          close: t('market:candle.close'),
          volume: t('market:candle.volume'),
        },
      });
      destroy = () => chart.destroy();
      stop = showChart(info.id, period, (patch) => chart.apply(patch.candles, patch.reset));
    });
    return () => {
      disposed = true;
      stop?.();
      destroy?.();
    };
  }, [choice, info, lang, t]);

  return (
    <section className={styles.chartSection}>
      <div className={styles.periods} role="tablist">
        {CHOICES.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={choice === key}
            className={`${styles.period} ${choice === key ? styles.periodOn : ''}`}
            onClick={() => setChoice(key)}
            data-testid={`period-${key}`}
          >
            {t(`market:periods.${key}`)}
          </button>
        ))}
      </div>
      <div ref={container} className={styles.chart} data-testid="chart" />
    </section>
  );
}
