import { bucketStart, extendCandle, foldCandle, PERIODS, type Candle, type Period } from '../../contract/market';

/**
 * The open candle of every period for one market, extended trade by trade. When a
 * trade falls in a new bucket the old candle is closed and handed back to be stored.
 */
export class OpenCandles {
  readonly current = new Map<Period, Candle>();

  constructor(initial: Iterable<[Period, Candle]> = []) {
    for (const [period, candle] of initial) this.current.set(period, { ...candle });
  }

  /** Applies one trade; answers the candles it closed. */
  trade(time: number, price: number, quantity: number): { period: Period; candle: Candle }[] {
    const closed: { period: Period; candle: Candle }[] = [];
    for (const period of PERIODS) {
      const open = bucketStart(time, period);
      const candle = this.current.get(period);
      if (candle && candle.time === open) {
        extendCandle(candle, price, quantity);
        continue;
      }
      if (candle) closed.push({ period, candle });
      this.current.set(period, { time: open, open: price, high: price, low: price, close: price, volume: quantity, amount: price * quantity });
    }
    return closed;
  }
}

/** Candles of a finer period folded into `period` buckets (input oldest first). */
export function aggregate(candles: readonly Candle[], period: Period): Candle[] {
  const result: Candle[] = [];
  let current: Candle | undefined;
  for (const candle of candles) {
    const open = bucketStart(candle.time, period);
    if (current && current.time === open) {
      foldCandle(current, candle);
    } else {
      current = { ...candle, time: open };
      result.push(current);
    }
  }
  return result;
}
