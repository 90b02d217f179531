import { bucketStart, DAY, PERIODS, periodMs, type Period } from '../../../contract/market';
import type { Db } from '../../db/database';
import { writeCandles } from '../store';
import type { LiveConnector } from './connector';

/**
 * Kline history of a market that follows a live exchange: read from the exchange's REST
 * klines, every period on its own (the exchange's own candles, not folded from finer ones),
 * up to the candle open now, which live trades then continue. On the first start it goes
 * back `LIVE_HISTORY_DAYS` of each period; on a later start it reads from the newest
 * candle stored (written again, as it may have been cut short by the stop), so a restart
 * leaves no gap. Pages of the most the exchange gives at once (Binance 1,000, OKX 300), one request at a time.
 */
export const LIVE_HISTORY_DAYS: Record<Period, number> = {
  '1min': 7,
  '5min': 30,
  '15min': 90,
  '30min': 120,
  '60min': 365,
  '1day': 6 * 365,
  '1week': 10 * 365,
  '1mon': 10 * 365,
};

export interface Backfilled {
  period: Period;
  /** the first candle time asked for */
  from: number;
  /** candles written */
  written: number;
}

export interface BackfillOptions {
  /** candles asked for at once (default, and at most, the exchange's page: Binance 1,000, OKX 300) */
  page?: number;
  /** how far back a period goes on the first start, in days, where not LIVE_HISTORY_DAYS */
  days?: Partial<Record<Period, number>>;
}

export async function backfillLive(db: Db, connector: LiveConnector, marketId: number, now: number, options: BackfillOptions = {}): Promise<Backfilled[]> {
  const page = Math.min(options.page ?? connector.candlesPage, connector.candlesPage);
  const result: Backfilled[] = [];
  for (const period of PERIODS) {
    const newest = await db.selectFrom('klines').select('time').where('market_id', '=', marketId).where('period', '=', period).orderBy('time', 'desc').limit(1).executeTakeFirst();
    const from = newest?.time ?? bucketStart(now - (options.days?.[period] ?? LIVE_HISTORY_DAYS[period]) * DAY, period);
    const until = bucketStart(now, period);
    let since = from;
    let written = 0;
    // Binance answers the first `page` candles from `since`; OKX those in the window of
    // `page` periods from `since`, none for a window before the pair was listed. So an empty
    // answer moves on a window, and the reading ends at the open candle.
    while (since <= until) {
      const answer = await connector.candles(marketId, period, since, page);
      const candles = answer.filter((candle) => candle.time >= since && candle.time <= until);
      if (candles.length === 0) {
        since += page * periodMs(period);
        continue;
      }
      await writeCandles(
        db,
        candles.map((candle) => ({ marketId, period, candle })),
      );
      written += candles.length;
      since = (candles.at(-1) as { time: number }).time + 1;
    }
    result.push({ period, from, written });
  }
  return result;
}
