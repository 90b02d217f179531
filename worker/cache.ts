import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Period } from '../contract/market';
import type { MarketInfo } from '../contract/worker-api';

/**
 * The device cache (IndexedDB): the last tickers and recent candles, so a cold start
 * shows the last known prices at once, marked stale until the socket is live.
 */
export interface CoreCache {
  loadTickers(): Promise<{ markets: MarketInfo[]; rows: Float64Array } | null>;
  saveTickers(markets: MarketInfo[], rows: Float64Array): Promise<void>;
  loadCandles(marketId: number, period: Period): Promise<Float64Array | null>;
  saveCandles(marketId: number, period: Period, rows: Float64Array): Promise<void>;
}

interface CacheSchema extends DBSchema {
  quotes: { key: string; value: { savedAt: number; markets: MarketInfo[]; rows: Float64Array } };
  candles: { key: string; value: { savedAt: number; rows: Float64Array } };
}

const NAME = 'kestrel-market';
/** Cached candles older than this are not worth showing. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export async function openCache(name = NAME): Promise<CoreCache> {
  const db: IDBPDatabase<CacheSchema> = await openDB<CacheSchema>(name, 2, {
    upgrade(database, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        database.createObjectStore('quotes');
        database.createObjectStore('candles');
      }
      // Version 1 kept markets without their feed (where their prices come from): dropped.
      else void transaction.objectStore('quotes').clear();
    },
  });
  const fresh = (savedAt: number) => Date.now() - savedAt < MAX_AGE_MS;
  return {
    async loadTickers() {
      const entry = await db.get('quotes', 'all');
      return entry && fresh(entry.savedAt) ? { markets: entry.markets, rows: entry.rows } : null;
    },
    async saveTickers(markets, rows) {
      await db.put('quotes', { savedAt: Date.now(), markets, rows }, 'all');
    },
    async loadCandles(marketId, period) {
      const entry = await db.get('candles', `${marketId}:${period}`);
      return entry && fresh(entry.savedAt) ? entry.rows : null;
    },
    async saveCandles(marketId, period, rows) {
      await db.put('candles', { savedAt: Date.now(), rows }, `${marketId}:${period}`);
    },
  };
}
