import { Money, text, type MoneyValue } from './money';
import type { Direction } from './trading';

/**
 * The order rules, written once: the trade panels check them before anything is sent
 * (so a mistake is named at its field) and the desks check them again on receipt.
 * Each answers ok or a refusal: `key` names the message (`server:errors.<key>` from the
 * server; `trade:checks.<key>`, or the form's own validation message, in the app) and
 * `params` are the figures it interpolates, as plain text the caller formats. The rule
 * values (band, smallest order, lot range, stake range) are configured in
 * server/trading/config.ts and served to the forms, so they come in as arguments.
 */

/** What each refusal's message interpolates. */
export type RefusalParams = {
  price_step: { decimals: number };
  quantity_step: { step: string; currency: string };
  price_band: { low: string; high: string };
  order_too_small: { amount: string; currency: string };
  share_range: { min: number; max: number };
  take_profit_above: { price: string };
  take_profit_below: { price: string };
  stop_loss_below: { price: string };
  stop_loss_above: { price: string };
  amount_precision: { currency: string; decimals: number };
  option_stake_range: { min: string; max: string; currency: string };
  trigger_above: { price: string };
  trigger_below: { price: string };
  order_oco_limit_above: { price: string };
  order_oco_limit_below: { price: string };
  order_leverage_range: { min: number; max: number };
  order_trail_rate_range: { min: string; max: string };
  order_trail_distance_range: { min: string; max: string };
  order_reduce_too_large: { share: number };
};
export type RefusalKey = keyof RefusalParams;
/** A refused order: one of `K`'s messages with its own figures (the key tells which). */
export type Refusal<K extends RefusalKey = RefusalKey> = { [P in K]: { ok: false; key: P; params: RefusalParams[P] } }[K];
export type Passed = { ok: true };
export type Checked<K extends RefusalKey> = Passed | Refusal<K>;

const PASSED: Passed = { ok: true };
const refuse = <K extends RefusalKey>(key: K, params: RefusalParams[K]) => ({ ok: false, key, params }) as Refusal<K>;
/** 10^decimals: how many steps of the last decimal make one unit. */
const scale = (decimals: number) => new Money(10).pow(decimals);

/**
 * A price as a whole, positive number of ticks of the market's last decimal (spec 5: a
 * correct price): the engine's integer price. More decimals than the market's are refused.
 */
export function priceTicks(price: Money, decimals: number): { ok: true; ticks: number } | Refusal<'price_step'> {
  const ticks = price.times(scale(decimals));
  if (!ticks.isInteger() || ticks.lte(0)) return refuse('price_step', { decimals });
  return { ok: true, ticks: ticks.toNumber() };
}

/**
 * A quantity as a whole, positive number of lots of the market's last decimal (spec 5: a
 * correct quantity): the engine's integer quantity. The refusal names the step in `currency`.
 */
export function quantityLots(quantity: Money, decimals: number, currency: string): { ok: true; lots: number } | Refusal<'quantity_step'> {
  const lots = quantity.times(scale(decimals));
  if (!lots.isInteger() || lots.lte(0)) return refuse('quantity_step', { step: text(new Money(1).div(scale(decimals)), decimals), currency });
  return { ok: true, lots: lots.toNumber() };
}

/**
 * A limit price within `band` (a share) of the reference price, edges included: the
 * fat-finger band, reference x (1 - band) to reference x (1 + band). No spec section;
 * the exchange's rule (SPOT_PRICE_BAND). The edges are shown cut to the market's decimals.
 */
export function priceBand(price: Money, reference: MoneyValue, band: MoneyValue, decimals: number): Checked<'price_band'> {
  const low = new Money(reference).times(new Money(1).minus(band));
  const high = new Money(reference).times(new Money(1).plus(band));
  if (price.lt(low) || price.gt(high)) return refuse('price_band', { low: low.toFixed(decimals), high: high.toFixed(decimals) });
  return PASSED;
}

/**
 * The smallest order: quantity x price worth at least `min` of the quote currency
 * (`currency`); exactly `min` is enough. No spec section; the exchange's rule (SPOT_MIN_NOTIONAL).
 */
export function smallestOrder(quantity: Money, price: MoneyValue, min: MoneyValue, currency: string): Checked<'order_too_small'> {
  if (quantity.times(price).lt(min)) return refuse('order_too_small', { amount: new Money(min).toFixed(), currency });
  return PASSED;
}

/** A contract's number of lots (shares) from `min` to `max`, both included (the exchange's LEVER_MIN_SHARE..LEVER_MAX_SHARE). */
export function shareRange(share: number, min: number, max: number): Checked<'share_range'> {
  if (share < min || share > max) return refuse('share_range', { min, max });
  return PASSED;
}

/**
 * Take-profit and stop-loss on the right side of the opening price `price` (spec 1:
 * contract trading with stop-profit and stop-loss): a take-profit beyond it in the
 * position's favour (a long's above, a short's below), a stop-loss beyond it against;
 * a level equal to the price is refused, it would close at once. The take-profit is
 * checked first. Either may be absent.
 */
export function stopsSide(
  direction: Direction,
  price: Money,
  takeProfit: Money | null,
  stopLoss: Money | null,
  decimals: number,
): Checked<'take_profit_above' | 'take_profit_below' | 'stop_loss_below' | 'stop_loss_above'> {
  const params = { price: price.toFixed(decimals) };
  const long = direction === 1;
  if (takeProfit && (long ? takeProfit.lte(price) : takeProfit.gte(price))) return refuse(long ? 'take_profit_above' : 'take_profit_below', params);
  if (stopLoss && (long ? stopLoss.gte(price) : stopLoss.lte(price))) return refuse(long ? 'stop_loss_below' : 'stop_loss_above', params);
  return PASSED;
}

/** An amount of `currency` with at most its `decimals` places (spec 5: a correct amount). */
export function amountDecimals(amount: Money, decimals: number, currency: string): Checked<'amount_precision'> {
  if (amount.decimalPlaces() > decimals) return refuse('amount_precision', { currency, decimals });
  return PASSED;
}

/** An option's stake from `min` to `max` of `currency`, both included (the duration's range, OPTION_DURATIONS). */
export function stakeRange(stake: Money, min: MoneyValue, max: MoneyValue, currency: string): Checked<'option_stake_range'> {
  if (stake.lt(min) || stake.gt(max)) return refuse('option_stake_range', { min: new Money(min).toFixed(), max: new Money(max).toFixed(), currency });
  return PASSED;
}

/**
 * A stop's trigger on the right side of the last price: a buy stop above it (it buys
 * when the market rises through it), a sell stop below it. A trigger equal to the last
 * price is refused: the next trade at that price would trigger it at once.
 */
export function triggerSide(side: 1 | -1, trigger: Money, last: MoneyValue, decimals: number): Checked<'trigger_above' | 'trigger_below'> {
  const params = { price: new Money(last).toFixed(decimals) };
  if (side === 1 && trigger.lte(last)) return refuse('trigger_above', params);
  if (side === -1 && trigger.gte(last)) return refuse('trigger_below', params);
  return PASSED;
}

/**
 * An OCO order (one cancels the other): its take-profit limit on the far side of the last
 * price from its stop, so that either a rise or a fall ends it. A sell OCO takes profit
 * above the last price and stops below it; a buy OCO buys the dip below it and stops
 * above it. The stop's own side is triggerSide's.
 */
export function ocoPrices(
  side: 1 | -1,
  limit: Money,
  trigger: Money,
  last: MoneyValue,
  decimals: number,
): Checked<'order_oco_limit_above' | 'order_oco_limit_below' | 'trigger_above' | 'trigger_below'> {
  const params = { price: new Money(last).toFixed(decimals) };
  if (side === -1 && limit.lte(last)) return refuse('order_oco_limit_above', params);
  if (side === 1 && limit.gte(last)) return refuse('order_oco_limit_below', params);
  return triggerSide(side, trigger, last, decimals);
}

/** A contract's leverage: a whole multiple from `min` to `max`, both included (the market's range, leverRange in config.ts). */
export function leverageRange(multiple: number, min: number, max: number): Checked<'order_leverage_range'> {
  if (!Number.isInteger(multiple) || multiple < min || multiple > max) return refuse('order_leverage_range', { min, max });
  return PASSED;
}

/**
 * A trailing stop's callback: a rate (a share of the best price, e.g. 0.01 for 1 %) from
 * `min` to `max`, or a distance in price from `min` to `max` times the last price; the
 * refusal names the range in percent, or in price cut to the market's decimals.
 */
export function trailingCallback(
  callback: { rate: Money } | { distance: Money },
  range: { min: MoneyValue; max: MoneyValue },
  last: MoneyValue,
  decimals: number,
): Checked<'order_trail_rate_range' | 'order_trail_distance_range'> {
  if ('rate' in callback) {
    if (callback.rate.lt(range.min) || callback.rate.gt(range.max))
      return refuse('order_trail_rate_range', { min: new Money(range.min).times(100).toFixed(), max: new Money(range.max).times(100).toFixed() });
    return PASSED;
  }
  const low = new Money(last).times(range.min);
  const high = new Money(last).times(range.max);
  if (callback.distance.lt(low) || callback.distance.gt(high))
    return refuse('order_trail_distance_range', { min: low.toDecimalPlaces(decimals, Money.ROUND_UP).toFixed(decimals), max: high.toDecimalPlaces(decimals, Money.ROUND_DOWN).toFixed(decimals) });
  return PASSED;
}

/** A reduce-only order closes at most what the position holds (`held` lots): it can never open or flip one. */
export function reduceOnly(share: number, held: number): Checked<'order_reduce_too_large'> {
  if (share > held) return refuse('order_reduce_too_large', { share: held });
  return PASSED;
}

/**
 * The lots a share of a position closes: `percent` of `held` lots rounded down to whole
 * lots (100 % is all of them), at least one; 0 when the position has none.
 */
export function lotsOfPercent(held: number, percent: number): number {
  if (held <= 0) return 0;
  if (percent >= 100) return held;
  return Math.max(1, Math.floor((held * percent) / 100));
}
