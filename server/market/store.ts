import { DAY, bucketStart, foldCandle, PERIODS, type Candle, type Period } from '../../contract/market';
import type { Db } from '../db/database';
import { NETWORK_DEFAULTS } from '../wallet/networks';
import { contractLotOf, marketCatalog, symbolOf, type InstrumentDef, type MarketCatalog } from './instruments';
import type { MarketStart } from './engine';

/**
 * Candles and the market catalogue in SQLite. Candles are written in batches of
 * upserts; an open candle is rewritten as it grows, a closed one for the last time.
 */
const BATCH = 2000;

export interface CandleRow {
  marketId: number;
  period: Period;
  candle: Candle;
}

/**
 * Writes what the catalogue (currencies, markets, networks) lacks: rows that are not there
 * yet, and the contract lot of a market written before lots were stored. Never changes
 * what is there.
 */
export async function seedCatalog(db: Db, catalog: MarketCatalog = marketCatalog()): Promise<void> {
  const byCode = new Map(catalog.currencies.map((currency) => [currency.code, currency]));
  const currencyOf = (code: string) => {
    const currency = byCode.get(code);
    if (!currency) throw new Error(`unknown currency ${code}`);
    return currency;
  };
  await db
    .insertInto('currencies')
    .values(catalog.currencies.map(({ id, code, name, kind, precision }) => ({ id, code, name, kind, precision })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('markets')
    .values(
      catalog.instruments.map((def, index) => ({
        id: def.id,
        base_currency_id: currencyOf(def.base).id,
        quote_currency_id: currencyOf(def.quote).id,
        symbol: symbolOf(def),
        kind: def.kind,
        price_precision: def.pricePrecision,
        qty_precision: def.qtyPrecision,
        contract: def.contract ? 1 : 0,
        sort: index,
        contract_lot: contractLotOf(def),
      })),
    )
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ contract_lot: eb.ref('excluded.contract_lot') }))
        .where('markets.contract_lot', 'is', null),
    )
    .execute();
  await db
    .insertInto('networks')
    .values(
      NETWORK_DEFAULTS.map((net, index) => ({
        key: net.key,
        currency_id: currencyOf(net.currency).id,
        network: net.network,
        name: net.name,
        address_format: net.format,
        min_withdraw: net.minWithdraw,
        withdraw_fee: net.withdrawFee,
        sort: index,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The markets listed while the exchange ran (market_listings), as the simulator runs them. */
export async function listedInstruments(db: Db): Promise<InstrumentDef[]> {
  const rows = await db
    .selectFrom('market_listings')
    .innerJoin('markets', 'markets.id', 'market_listings.market_id')
    .innerJoin('currencies', 'currencies.id', 'markets.base_currency_id')
    .select([
      'markets.id',
      'currencies.code',
      'markets.kind',
      'markets.price_precision',
      'markets.qty_precision',
      'market_listings.open_price',
      'market_listings.volatility',
      'market_listings.flow_weight',
      'market_listings.average_notional',
      'market_listings.listed_at',
    ])
    .orderBy('markets.id')
    .execute();
  return rows.map((row) =>
    listingInstrument({
      id: row.id,
      base: row.code,
      kind: row.kind,
      pricePrecision: row.price_precision,
      qtyPrecision: row.qty_precision,
      openPrice: row.open_price,
      volatility: row.volatility,
      flowWeight: row.flow_weight,
      averageNotional: row.average_notional,
      listedAt: row.listed_at,
    }),
  );
}

/** A listed market as an instrument: quoted in USDT, spot only, opening at its listing price. */
export function listingInstrument(row: {
  id: number;
  base: string;
  kind: 'crypto' | 'stock';
  pricePrecision: number;
  qtyPrecision: number;
  openPrice: string;
  volatility: number;
  flowWeight: number;
  averageNotional: number;
  listedAt: number;
}): InstrumentDef {
  return {
    id: row.id,
    base: row.base,
    quote: 'USDT',
    kind: row.kind,
    pricePrecision: row.pricePrecision,
    qtyPrecision: row.qtyPrecision,
    referencePrice: Number(row.openPrice),
    volatility: row.volatility,
    flowWeight: row.flowWeight,
    averageNotional: row.averageNotional,
    contract: false,
    listedAt: row.listedAt,
  };
}

export async function writeCandles(db: Db, rows: readonly CandleRow[]): Promise<void> {
  if (rows.length === 0) return;
  // Inside a caller's transaction (a fenced write: server/market/service.ts), in it.
  const inTransaction = (work: (trx: Db) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto('klines')
        .values(rows.slice(i, i + BATCH).map(({ marketId, period, candle }) => ({ market_id: marketId, period, ...candle })))
        .onConflict((oc) =>
          oc.columns(['market_id', 'period', 'time']).doUpdateSet((eb) => ({
            open: eb.ref('excluded.open'),
            high: eb.ref('excluded.high'),
            low: eb.ref('excluded.low'),
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
            amount: eb.ref('excluded.amount'),
          })),
        )
        .execute();
    }
  });
}

/** Candles of [from, to), oldest first, at most `limit`, the newest ones when cut. */
export async function readCandles(db: Db, marketId: number, period: Period, from: number, to: number, limit: number): Promise<Candle[]> {
  const rows = await db
    .selectFrom('klines')
    .select(['time', 'open', 'high', 'low', 'close', 'volume', 'amount'])
    .where('market_id', '=', marketId)
    .where('period', '=', period)
    .where('time', '>=', from)
    .where('time', '<', to)
    .orderBy('time', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export async function latestMinute(db: Db, marketId: number): Promise<Candle | undefined> {
  return db
    .selectFrom('klines')
    .select(['time', 'open', 'high', 'low', 'close', 'volume', 'amount'])
    .where('market_id', '=', marketId)
    .where('period', '=', '1min')
    .orderBy('time', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Folds freshly made history (a gap fill) into what is stored: where a stored candle
 * already covers the first bucket of a period, the new candles continue it.
 */
export async function mergeHistory(db: Db, marketId: number, history: ReadonlyMap<Period, Candle[]>): Promise<void> {
  const rows: CandleRow[] = [];
  for (const [period, candles] of history) {
    const first = candles[0];
    if (!first) continue;
    const stored = await db
      .selectFrom('klines')
      .select(['time', 'open', 'high', 'low', 'close', 'volume', 'amount'])
      .where('market_id', '=', marketId)
      .where('period', '=', period)
      .where('time', '=', first.time)
      .executeTakeFirst();
    const merged = candles.map((candle) => ({ ...candle }));
    if (stored) {
      const head = { ...stored };
      foldCandle(head, merged[0] as Candle);
      merged[0] = head;
    }
    for (const candle of merged) rows.push({ marketId, period, candle });
  }
  await writeCandles(db, rows);
}

/** Reads a market's start from the store: loadStart, or a memo of it (server/testing/harness.ts). */
export type ReadStart = (db: Db, def: InstrumentDef, now: number) => Promise<MarketStart>;

/** What the engine needs to carry on where the stored history ends. */
export async function loadStart(db: Db, def: InstrumentDef, now: number): Promise<MarketStart> {
  const open: [Period, Candle][] = [];
  for (const period of PERIODS) {
    const candle = await db
      .selectFrom('klines')
      .select(['time', 'open', 'high', 'low', 'close', 'volume', 'amount'])
      .where('market_id', '=', def.id)
      .where('period', '=', period)
      .where('time', '=', bucketStart(now, period))
      .executeTakeFirst();
    if (candle) open.push([period, candle]);
  }
  const minutes = await readCandles(db, def.id, '1min', now - DAY, bucketStart(now, '1min'), 1440);
  const last = (await latestMinute(db, def.id))?.close ?? def.referencePrice;
  return { last, open, minutes };
}
