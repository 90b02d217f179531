import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import type { KlineChart } from '../../../charts/kline';
import { CHART_CHOICES, INDICATOR_LABEL, indicatorsKey, OVERLAYS, PANES, type ChartIndicators, type ChartSettings, type IndicatorName } from '../../../contract/chart-settings';
import type { MarketInfo } from '../../../contract/worker-api';
import { token } from '../../app/session';
import { showChart } from '../../core/chart';
import { quoteOf } from '../../core/store';
import { language, useT } from '../../i18n';
import { ChangeText, PriceCell } from '../market/cells';
import { enterLandscape, leaveLandscape } from './fullscreen';
import { IndicatorSheet } from './IndicatorSheet';
import { changeChartSettings, chartSettings, loadChartSettings } from './settings';
import styles from './chart.module.css';

/** The candles' pane and each indicator pane under it, in CSS pixels on the pair screen. */
const MAIN_HEIGHT = 300;
const PANE_HEIGHT = 84;

/** Whether the screen is taller than wide, kept up to date. */
function usePortrait(): boolean {
  const [portrait, setPortrait] = useState(() => window.matchMedia('(orientation: portrait)').matches);
  useEffect(() => {
    const query = window.matchMedia('(orientation: portrait)');
    const change = () => setPortrait(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return portrait;
}

const indicatorsOf = (settings: ChartSettings): ChartIndicators => ({ overlays: settings.overlays, panes: settings.panes, params: settings.params });

function ExpandIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  );
}
function CloseIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
function TuneIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" aria-hidden="true">
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8M16 5v4M10 15v4" />
    </svg>
  );
}

/**
 * The pair's chart: period tabs, the candles (or the timeshare line) with the indicators
 * chosen in the chips under it, their parameters in a sheet, and a full-screen landscape
 * view (`full`, a route state the back button closes). The worker computes the candles
 * and the indicators; the chart (charts/kline.ts) draws what it posts. The choices are
 * kept per user (./settings.ts).
 */
export function ChartPanel({ info, full, onFull }: { info: MarketInfo; full: boolean; onFull: (open: boolean) => void }) {
  useSignals();
  const t = useT();
  const settings = chartSettings.value;
  const choice = settings.period;
  const shown = indicatorsOf(settings);
  const key = indicatorsKey(shown);
  const [editing, setEditing] = useState<IndicatorName | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<{ chart: KlineChart; indicators: (next: ChartIndicators) => void; key: string } | null>(null);
  const portrait = usePortrait();
  // Full screen on a portrait screen: the CSS turns the chart a quarter, and its touches are read turned.
  const turned = full && portrait;
  const latestTurned = useRef(turned);
  latestTurned.current = turned;
  // The indicators as they are when the chart is made (it is made again only for another period, market or language).
  const latest = useRef(shown);
  latest.current = shown;
  const lang = language.value;
  const session = token.value;
  const quote = quoteOf(info.id);

  useEffect(() => loadChartSettings(), [session]);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let stop: (() => void) | undefined;
    let destroy: (() => void) | undefined;
    let disposed = false;
    const period = choice === 'time' ? '1min' : choice;
    void import('../../../charts/kline').then(({ createKlineChart }) => {
      if (disposed) return;
      const indicators = latest.current;
      const chart = createKlineChart(element, {
        pricePrecision: info.pricePrecision,
        language: lang,
        mode: choice === 'time' ? 'timeshare' : 'candles',
        period,
        indicators,
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
      const view = showChart({ marketId: info.id, period, indicators }, (patch) => chart.apply(patch.candles, patch.reset, patch.indicators));
      live.current = { chart, indicators: view.indicators, key: indicatorsKey(indicators) };
      chart.setQuarterTurn(latestTurned.current);
      destroy = () => chart.destroy();
      stop = view.stop;
    });
    return () => {
      disposed = true;
      live.current = null;
      stop?.();
      destroy?.();
    };
  }, [choice, info, lang, t]);

  // Other indicators or parameters on the same chart: its series change, the worker computes them again.
  useEffect(() => {
    const current = live.current;
    if (!current || current.key === key) return;
    current.key = key;
    current.chart.setIndicators(latest.current);
    current.indicators(latest.current);
  }, [key]);

  useEffect(() => live.current?.chart.setQuarterTurn(turned), [turned]);

  // Full screen: the screen's hold given back on closing; leaving full screen by the browser's own means closes it.
  useEffect(() => {
    if (!full) return undefined;
    const left = () => {
      if (!document.fullscreenElement) onFull(false);
    };
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onFull(false);
    document.addEventListener('fullscreenchange', left);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('fullscreenchange', left);
      document.removeEventListener('keydown', escape);
      leaveLandscape();
    };
  }, [full, onFull]);

  const toggle = (name: IndicatorName) => {
    const isOverlay = (OVERLAYS as readonly IndicatorName[]).includes(name);
    const list: IndicatorName[] = isOverlay ? settings.overlays : settings.panes;
    const next = list.includes(name) ? list.filter((item) => item !== name) : [...list, name];
    changeChartSettings(isOverlay ? { ...settings, overlays: OVERLAYS.filter((o) => next.includes(o)) } : { ...settings, panes: PANES.filter((p) => next.includes(p)) });
  };
  const chip = (name: IndicatorName) => {
    const on = [...settings.overlays, ...settings.panes].some((item) => item === name);
    return (
      <button key={name} type="button" aria-pressed={on} className={`${styles.chip} ${on ? styles.chipOn : ''}`} onClick={() => toggle(name)} data-testid={`indicator-${name}`}>
        {INDICATOR_LABEL[name]}
      </button>
    );
  };

  return (
    <section className={`${styles.section} ${full ? styles.full : ''}`} data-testid={full ? 'chart-full-screen' : 'chart-panel'} aria-label={full ? info.symbol : undefined}>
      {full && quote && (
        <div className={styles.fullHead}>
          <span className={styles.fullSymbol}>{info.symbol}</span>
          <PriceCell quote={quote} className={styles.fullPrice} />
          <ChangeText quote={quote} />
        </div>
      )}
      <div className={styles.bar}>
        <div className={styles.periods} role="tablist">
          {CHART_CHOICES.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={choice === key}
              className={`${styles.period} ${choice === key ? styles.periodOn : ''}`}
              onClick={() => changeChartSettings({ ...settings, period: key })}
              data-testid={`period-${key}`}
            >
              {t(`market:periods.${key}`)}
            </button>
          ))}
        </div>
        {full ? (
          <button type="button" className={styles.iconButton} onClick={() => onFull(false)} aria-label={t('chart:close')} data-testid="chart-close">
            <CloseIcon />
          </button>
        ) : (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => {
              // In the tap itself: browsers allow full screen only then.
              enterLandscape();
              onFull(true);
            }}
            aria-label={t('chart:full_screen')}
            data-testid="chart-full"
          >
            <ExpandIcon />
          </button>
        )}
      </div>
      <div ref={container} className={styles.chart} style={full ? undefined : { height: MAIN_HEIGHT + PANE_HEIGHT * settings.panes.length }} data-testid="chart" />
      <div className={styles.chipBar}>
        <div className={styles.chips} role="group" aria-label={t('chart:indicators')}>
          <div className={styles.chipGroup} role="group" aria-label={t('chart:main')}>
            {OVERLAYS.map(chip)}
          </div>
          <span className={styles.divider} aria-hidden="true" />
          <div className={styles.chipGroup} role="group" aria-label={t('chart:sub')}>
            {PANES.map(chip)}
          </div>
        </div>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setEditing(settings.overlays[0] ?? settings.panes[0] ?? 'ma')}
          aria-label={t('chart:settings')}
          data-testid="indicator-settings"
        >
          <TuneIcon />
        </button>
      </div>
      {editing && <IndicatorSheet open onClose={() => setEditing(null)} first={editing} />}
    </section>
  );
}
