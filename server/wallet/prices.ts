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

export function usdPrice(ctx: Pick<AppContext, 'catalogue' | 'market'>, currencyId: number): { price: number; tick: PriceTick | null } | null {
  const currency = ctx.catalogue.currency(currencyId);
  if (currency.code === 'USDT' || currency.code === 'USD') return { price: 1, tick: null };
  const market = ctx.catalogue.marketOfBase(currency.id);
  if (!market) return null;
  const engine = ctx.market.view;
  const trade = engine.recentTrades(market.id).at(-1);
  const price = engine.lastPrice(market.id);
  if (!(price > 0)) return null;
  return { price, tick: { marketId: market.id, seq: trade?.seq ?? 0, price, time: trade?.time ?? engine.time } };
}
