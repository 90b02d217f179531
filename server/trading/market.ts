import { Money } from '../../contract/money';
import { priceTicks, quantityLots } from '../../contract/order-rules';
import { ApiError, refusal } from '../http/errors';
import type { Trade } from '../market/engine';
import { CURRENCIES, INSTRUMENTS, type CurrencyDef, type InstrumentDef } from '../market/instruments';

/**
 * A market as trading sees it: the instrument, its base and quote currencies, and the
 * conversions between the engine's integers (price ticks, quantity lots) and decimals.
 */
export interface TradingMarket {
  def: InstrumentDef;
  base: CurrencyDef;
  quote: CurrencyDef;
  priceScale: number;
  lotScale: number;
}

const byCode = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

function build(def: InstrumentDef): TradingMarket {
  const base = byCode.get(def.base);
  const quote = byCode.get(def.quote);
  if (!base || !quote) throw new Error(`market ${def.id} has no currencies`);
  return { def, base, quote, priceScale: 10 ** def.pricePrecision, lotScale: 10 ** def.qtyPrecision };
}

const MARKETS = new Map(INSTRUMENTS.map((def) => [def.id, build(def)]));

export function marketById(id: number): TradingMarket {
  const market = MARKETS.get(id);
  if (!market) throw new ApiError('server:errors.market_unknown');
  return market;
}

/** The market of a pair given as base and quote currency ids (spec: currency_id, legal_id). */
export function marketByPair(currencyId: number, legalId: number): TradingMarket {
  for (const market of MARKETS.values()) if (market.base.id === currencyId && market.quote.id === legalId) return market;
  throw new ApiError('server:errors.market_unknown');
}

export function symbolOf(market: TradingMarket): string {
  return `${market.def.base}/${market.def.quote}`;
}

/** A price in ticks as its exact decimal. */
export function priceOf(market: TradingMarket, ticks: number): Money {
  return new Money(ticks).div(market.priceScale);
}

/** A quantity in lots as its exact decimal. */
export function quantityOf(market: TradingMarket, lots: number): Money {
  return new Money(lots).div(market.lotScale);
}

/** A price a user sent, in ticks; refused when it has more decimals than the market's. */
export function ticksOf(market: TradingMarket, price: Money): number {
  const checked = priceTicks(price, market.def.pricePrecision);
  if (!checked.ok) throw refusal(checked);
  return checked.ticks;
}

/** A quantity a user sent, in lots; refused when it is not a whole number of lots. */
export function lotsOf(market: TradingMarket, quantity: Money): number {
  const checked = quantityLots(quantity, market.def.qtyPrecision, market.base.code);
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

export function tickOf(market: TradingMarket, trade: Pick<Trade, 'seq' | 'time' | 'price'>): TickRecord {
  return { market_id: market.def.id, seq: trade.seq, price: new Money(trade.price).toFixed(market.def.pricePrecision), time: trade.time };
}

export function readTick(json: string | null): TickRecord | null {
  return json ? (JSON.parse(json) as TickRecord) : null;
}
