import { Money, ZERO, type MoneyValue } from './money';

/**
 * The arithmetic of leveraged positions, shared by the server (which settles with it)
 * and the worker (which shows live figures with it), so both always agree.
 *
 * A position of `quantity` base units opened at `open` with direction 1 (long, buy) or
 * -1 (short, sell). Prices and amounts in the quote currency (USDT; a stock's USD counts
 * as USDT).
 */
export type Direction = 1 | -1;

const DAY = 86_400_000;

/** Profit (negative: loss) of a position at `price`. */
export function pnlOf(direction: Direction, open: MoneyValue, price: MoneyValue, quantity: MoneyValue): Money {
  return new Money(price).minus(open).times(quantity).times(direction);
}

/** How many midnights (UTC) lie between two times: the nights a position was held over. */
export function nightsBetween(from: number, to: number): number {
  return Math.max(0, Math.floor(to / DAY) - Math.floor(from / DAY));
}

/** The overnight fee of a position: a daily rate of its opening value per night held. */
export function overnightOf(open: MoneyValue, quantity: MoneyValue, dailyRate: MoneyValue, nights: number): Money {
  return new Money(open).times(quantity).times(dailyRate).times(nights);
}

/**
 * Risk rate of a contract account: (balance + margins + unrealised profit) / margins,
 * where the unrealised profit is net of overnight fees owed. Null without positions.
 */
export function riskRate(balance: MoneyValue, margins: MoneyValue, pnl: MoneyValue): Money | null {
  const m = new Money(margins);
  if (m.lte(0)) return null;
  return new Money(balance).plus(m).plus(pnl).div(m);
}

/**
 * The price at which this position would bring the account's risk rate down to
 * `threshold` (and be liquidated with the others), every other figure staying as it is.
 * `otherPnl` is the unrealised profit of the account's other positions, net of all
 * overnight fees owed. Null when no positive price gets there.
 */
export function liquidationPrice(
  position: { direction: Direction; open: MoneyValue; quantity: MoneyValue },
  account: { balance: MoneyValue; margins: MoneyValue; otherPnl: MoneyValue },
  threshold: MoneyValue,
): Money | null {
  const quantity = new Money(position.quantity);
  if (quantity.lte(0)) return null;
  const room = new Money(threshold).times(account.margins).minus(account.balance).minus(account.margins).minus(account.otherPnl);
  const price = new Money(position.open).plus(room.div(quantity).times(position.direction));
  return price.gt(ZERO) ? price : null;
}

/** Margin of a position: its value at `price` over the multiple. */
export function marginOf(price: MoneyValue, quantity: MoneyValue, multiple: number): Money {
  return new Money(price).times(quantity).div(multiple);
}

/** Whether a trade at `price` reaches a take-profit (`kind` tp) or stop-loss (sl) level. */
export function stopReached(kind: 'tp' | 'sl', direction: Direction, level: MoneyValue, price: MoneyValue): boolean {
  const p = new Money(price);
  const up = direction === 1 ? kind === 'tp' : kind === 'sl';
  return up ? p.gte(level) : p.lte(level);
}

/**
 * A seconds option's result were it decided by a trade at `price`: up (1) wins above its
 * open price, down (-1) below it; at the open price it is a tie. The server settles with
 * the deciding trade; the app shows where an open option stands at the last trade.
 */
export function optionResultAt(direction: Direction, open: MoneyValue, price: MoneyValue): 'win' | 'tie' | 'loss' {
  const moved = new Money(price).minus(open).times(direction);
  return moved.gt(0) ? 'win' : moved.eq(0) ? 'tie' : 'loss';
}

/** Whether a trade at `price` reaches a limit order's price (a long buys at or below it). */
export function limitReached(direction: Direction, limit: MoneyValue, price: MoneyValue): boolean {
  return direction === 1 ? new Money(price).lte(limit) : new Money(price).gte(limit);
}

/**
 * Return on equity of a position, in percent: its profit over the margin it was opened
 * with (the initial margin; a partly closed position's margin is the part left). Null
 * without a margin.
 */
export function roeOf(profit: MoneyValue, margin: MoneyValue): Money | null {
  const m = new Money(margin);
  if (m.lte(0)) return null;
  return new Money(profit).div(m).times(100);
}

/** A trailing stop's callback: a share of the best price (rate) or a distance in price. */
export type TrailingCallback = { rate: MoneyValue; distance?: null } | { rate?: null; distance: MoneyValue };

/** The best price a trailing stop has seen: a long's highest trade since it was set, a short's lowest. */
export function trailingBest(direction: Direction, best: MoneyValue, price: MoneyValue): Money {
  const b = new Money(best);
  const p = new Money(price);
  return direction === 1 ? Money.max(b, p) : Money.min(b, p);
}

/**
 * Where a trailing stop stands: the callback below a long's best price, above a short's.
 * A trade at or beyond it closes the position (trailingHit).
 */
export function trailingStopPrice(direction: Direction, best: MoneyValue, callback: TrailingCallback): Money {
  const b = new Money(best);
  const gap = callback.rate !== null && callback.rate !== undefined ? b.times(callback.rate) : new Money(callback.distance ?? 0);
  return direction === 1 ? b.minus(gap) : b.plus(gap);
}

/** Whether a trade at `price` reaches a trailing stop at `stop`: a long's at or below it, a short's at or above it. */
export function trailingHit(direction: Direction, stop: MoneyValue, price: MoneyValue): boolean {
  return direction === 1 ? new Money(price).lte(stop) : new Money(price).gte(stop);
}

/** Whether a trade at `price` reaches a reduce-only limit close: a long sells at or above it, a short buys at or below it. */
export function closeLimitReached(direction: Direction, limit: MoneyValue, price: MoneyValue): boolean {
  return direction === 1 ? new Money(price).gte(limit) : new Money(price).lte(limit);
}

/**
 * Whether a trade at `price` reaches a spot stop's trigger: a buy stop at or above it, a
 * sell stop at or below it (a trade at or through the trigger).
 */
export function triggerReached(side: Direction, trigger: MoneyValue, price: MoneyValue): boolean {
  return side === 1 ? new Money(price).gte(trigger) : new Money(price).lte(trigger);
}

/**
 * A position's pro rata part: `part` of its `whole` lots' margin (or fee), cut down to
 * `decimals`; the rest stays with the lots left, which take all of it when they close.
 */
export function proRata(amount: MoneyValue, part: number, whole: number, decimals: number): Money {
  return new Money(amount).times(part).div(whole).toDecimalPlaces(decimals, Money.ROUND_DOWN);
}
