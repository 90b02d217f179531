import { CURRENCIES, INSTRUMENTS, type CurrencyDef } from '../market/instruments';
import type { AppContext } from '../context';

/**
 * What a currency is worth in US dollars, from the market's last trade (USDT and USD
 * count as one dollar). Answers the tick used, so a conversion can say where its
 * price came from.
 */
export interface PriceTick {
  marketId: number;
  seq: number;
  price: number;
  time: number;
}

const marketOfBase = new Map(INSTRUMENTS.map((def) => [def.base, def.id]));
const byId = new Map(CURRENCIES.map((currency) => [currency.id, currency]));
const byCode = new Map(CURRENCIES.map((currency) => [currency.code, currency]));

export function currencyById(id: number): CurrencyDef | undefined {
  return byId.get(id);
}

export function currencyByCode(code: string): CurrencyDef | undefined {
  return byCode.get(code);
}

export function usdPrice(ctx: AppContext, currencyId: number): { price: number; tick: PriceTick | null } | null {
  const currency = byId.get(currencyId);
  if (!currency) return null;
  if (currency.code === 'USDT' || currency.code === 'USD') return { price: 1, tick: null };
  const marketId = marketOfBase.get(currency.code);
  if (marketId === undefined) return null;
  const engine = ctx.market.engine;
  const trade = engine.recentTrades(marketId).at(-1);
  const price = engine.lastPrice(marketId);
  if (!(price > 0)) return null;
  return { price, tick: { marketId, seq: trade?.seq ?? 0, price, time: trade?.time ?? engine.time } };
}

