import { Money } from '../../contract/money';
import { priceTicks, quantityLots } from '../../contract/order-rules';
import type { Market } from '../exchange/catalogue';
import { refusal } from '../http/errors';
import type { Trade } from '../market/engine';

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

/** The trade a settlement used, as stored and answered: {market_id, seq, price, time}. */
export interface TickRecord {
  market_id: number;
  seq: number;
  price: string;
  time: number;
}

export function tickOf(market: Market, trade: Pick<Trade, 'seq' | 'time' | 'price'>): TickRecord {
  return { market_id: market.id, seq: trade.seq, price: new Money(trade.price).toFixed(market.pricePrecision), time: trade.time };
}

export function readTick(json: string | null): TickRecord | null {
  return json ? (JSON.parse(json) as TickRecord) : null;
}
