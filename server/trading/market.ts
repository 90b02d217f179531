import { Money } from '../../contract/money';
import { priceTicks, quantityLots } from '../../contract/order-rules';
import type { Selectable } from 'kysely';
import type { SpotFillsTable } from '../db/schema';
import type { Market } from '../exchange/catalogue';
import { ApiError, refusal } from '../http/errors';
import { EXCHANGE_NAMES } from '../../contract/market';
import type { Trade } from '../market/engine';
import type { MarketReads } from '../market/view';

/**
 * A catalogue market as trading counts it: the order books' integers (price ticks,
 * quantity lots) and the decimals users and the ledger see.
 */

/** A price in ticks as its exact decimal. */
export function priceOf(market: Market, ticks: number): Money {
  return new Money(ticks).div(market.priceScale);
}

/** A quantity in lots as its exact decimal. */
export function quantityOf(market: Market, lots: number): Money {
  return new Money(lots).div(market.lotScale);
}

/** A price a user sent, in ticks; refused when it has more decimals than the market's. */
export function ticksOf(market: Market, price: Money): number {
  const checked = priceTicks(price, market.pricePrecision);
  if (!checked.ok) throw refusal(checked);
  return checked.ticks;
}

/** A quantity a user sent, in lots; refused when it is not a whole number of lots. */
export function lotsOf(market: Market, quantity: Money): number {
  const checked = quantityLots(quantity, market.qtyPrecision, market.base.code);
  if (!checked.ok) throw refusal(checked);
  return checked.lots;
}

/**
 * The trade a settlement used, as stored and answered: {market_id, seq, price, time}, and
 * on a live market the exchange it printed on and its trade id there (`time` is its time there).
 */
export interface TickRecord {
  market_id: number;
  seq: number;
  price: string;
  time: number;
  exchange?: string;
  trade_id?: string;
  /** a live market's taker fill: the exchange's book update it walked */
  book_id?: string;
}

export function tickOf(market: Market, trade: Pick<Trade, 'seq' | 'time' | 'price' | 'source'>): TickRecord {
  const tick: TickRecord = { market_id: market.id, seq: trade.seq, price: new Money(trade.price).toFixed(market.pricePrecision), time: trade.time };
  return trade.source ? { ...tick, exchange: trade.source.exchange, trade_id: trade.source.id } : tick;
}

/**
 * The tick a spot fill went by: the market's trade it printed; on a live market the
 * exchange's trade that went through a resting order (its id, time and price there), or
 * the exchange's book update a taker walked (no trade printed: the tape's last one).
 */
export function fillTick(fill: Pick<Selectable<SpotFillsTable>, 'market_id' | 'seq' | 'price' | 'time' | 'exchange_ref' | 'exchange_time' | 'exchange_price'>): TickRecord {
  const tick: TickRecord = { market_id: fill.market_id, seq: fill.seq, price: fill.price, time: fill.time };
  const [exchange, kind, id] = fill.exchange_ref?.split(':') ?? [];
  if (exchange === undefined || id === undefined) return tick;
  const there = { ...tick, exchange, time: fill.exchange_time ?? fill.time };
  return kind === 'trade' ? { ...there, price: fill.exchange_price ?? fill.price, trade_id: id } : { ...there, book_id: id };
}

/**
 * Refuses what would trade or settle at a market's prices while they are not current (a
 * live market whose exchange stream is lost): nothing is settled on a stale price.
 */
export function assertCurrent(view: MarketReads, market: Market): void {
  if (!view.isStale(market.id)) return;
  const feed = view.feedOf(market.id);
  throw new ApiError('server:errors.market_stale', { market: market.symbol, exchange: feed === 'simulated' ? feed : EXCHANGE_NAMES[feed] });
}

export function readTick(json: string | null): TickRecord | null {
  return json ? (JSON.parse(json) as TickRecord) : null;
}
