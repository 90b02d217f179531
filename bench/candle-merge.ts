import { DEFAULT_CHART_SETTINGS, type ChartIndicators } from '../contract/chart-settings';
import { bucketStart } from '../contract/market';
import { CANDLE_WIDTH } from '../contract/worker-api';
import { CandleSeries } from '../worker/candles';
import { IndicatorTrack } from '../worker/chart-indicators';
import type { Suite } from './suites';

/**
 * Trades merged into one period's candles on a chart that has been open a long time
 * (over 4,096 candles, so the series' array has grown several times). The growth case
 * runs first: a merge that once touched a row past the end of its array (issue 14)
 * made every later merge in the process run at less than half speed.
 */
const SNAPSHOT_CANDLES = 4_000;
const NEW_CANDLES = 1_000;
const TRADES_PER_CANDLE = 2;
const LIVE_TRADES = 1_000;
const PATCH_EVERY = 100; // trades between two frames

const start = Date.parse('2026-11-22T00:00:00Z');
const minute = 60_000;

function history(candles: number): Float64Array {
  const rows = new Float64Array(candles * CANDLE_WIDTH);
  let price = 96_000;
  for (let i = 0; i < candles; i++) {
    const open = price;
    price = Math.round((price + (Math.random() - 0.5) * 40) * 100) / 100;
    rows.set([start + i * minute, open, Math.max(open, price) + 5, Math.min(open, price) - 5, price, 12.5, 12.5 * price], i * CANDLE_WIDTH);
  }
  return rows;
}

/** [time, price, quantity] per trade, in time order. */
function trades(count: number, from: number, spacing: number): Float64Array {
  const out = new Float64Array(count * 3);
  let price = 96_000;
  for (let i = 0; i < count; i++) {
    price = Math.round((price + (Math.random() - 0.5) * 10) * 100) / 100;
    out.set([from + i * spacing, price, Math.round(Math.random() * 1e5) / 1e5], i * 3);
  }
  return out;
}

function merge(series: CandleSeries, ticks: Float64Array, firstSeq: number, every = PATCH_EVERY, track?: IndicatorTrack): void {
  for (let i = 0, seq = firstSeq; i < ticks.length; i += 3, seq++) {
    series.trade(seq, ticks[i] as number, ticks[i + 1] as number, ticks[i + 2] as number);
    if ((seq - firstSeq) % every === every - 1) {
      const change = series.takePatch();
      track?.follow(series, change);
    }
  }
}

/** Every indicator the chart offers, on at once: the most a chart computes per frame. */
const EVERY_INDICATOR: ChartIndicators = { overlays: ['ma', 'ema', 'boll'], panes: ['vol', 'macd', 'rsi', 'kdj'], params: DEFAULT_CHART_SETTINGS.params };

export function candleMerge(): Suite {
  const snapshot = history(SNAPSHOT_CANDLES);
  // Extends the snapshot by NEW_CANDLES minutes: past 4,096 rows, so the array grows.
  const extension = trades(NEW_CANDLES * TRADES_PER_CANDLE, start + SNAPSHOT_CANDLES * minute, minute / TRADES_PER_CANDLE);

  // A series of 5,000 candles taking live trades into its open candle.
  const live = new CandleSeries('1min');
  live.load(snapshot, 0);
  merge(live, extension, 1);
  const lastOpen = bucketStart(start + (SNAPSHOT_CANDLES + NEW_CANDLES - 1) * minute, '1min');
  const liveTrades = trades(LIVE_TRADES, lastOpen, 0);
  let seq = extension.length / 3 + 1;
  // The chart's indicators following the same kind of series (issue 23): pushed once per closed candle, the open one peeked per frame.
  const followed = new CandleSeries('1min');
  followed.load(snapshot, 0);
  merge(followed, extension, 1);
  const track = new IndicatorTrack(EVERY_INDICATOR);
  track.follow(followed, followed.takePatch());
  let followedSeq = seq;

  return {
    title: `candle merge: one period (1min) of over 4,096 candles`,
    cases: {
      [`load ${SNAPSHOT_CANDLES.toLocaleString('en')} candles + ${(NEW_CANDLES * TRADES_PER_CANDLE).toLocaleString('en')} trades opening ${NEW_CANDLES.toLocaleString('en')} more (grows past 4,096)`]:
        () => {
          const series = new CandleSeries('1min');
          series.load(snapshot, 0);
          merge(series, extension, 1);
          if (series.length !== SNAPSHOT_CANDLES + NEW_CANDLES) throw new Error('lost candles');
        },
      [`${LIVE_TRADES.toLocaleString('en')} live trades into the open candle of ${live.length.toLocaleString('en')}`]: () => {
        merge(live, liveTrades, seq);
        seq += LIVE_TRADES;
      },
      // Against the case above: the indicators' cost, a frame after every trade (more frames than a phone draws).
      [`the same, with all seven indicators (15 lines) updated after each trade`]: () => {
        merge(followed, liveTrades, followedSeq, 1, track);
        followedSeq += LIVE_TRADES;
      },
      [`all seven indicators over ${followed.length.toLocaleString('en')} candles again (a reset, other parameters)`]: () => {
        new IndicatorTrack(EVERY_INDICATOR).follow(followed, null);
      },
    },
  };
}
