import { floor, Money, sum, type MoneyValue } from './money';

/**
 * IEO subscriptions, the rules the app and the server share.
 *
 * - A project is warming up before its start, in progress until its end, ended after.
 * - The allocation, once the subscription window has ended: when no more was asked for
 *   than the total issuance, every subscription gets what it asked for. When more was
 *   asked for (oversubscribed), each gets its share pro rata:
 *   amount x total issuance / everything asked for, rounded down to the token's decimals.
 *   What rounding leaves (at most one smallest unit per subscription) and whatever was
 *   not asked for are never issued: they stay with the house.
 * - Each pays allocated x issue price, exact in the subscription currency (a project's
 *   issue price has at most the subscription currency's decimals less the token's), and
 *   the rest of its payment returns to it.
 */
export type IeoPhase = 'warmup' | 'progress' | 'ended';

export function ieoPhase(project: { start_at: number; end_at: number }, now: number): IeoPhase {
  return now < project.start_at ? 'warmup' : now < project.end_at ? 'progress' : 'ended';
}

/**
 * Where a project is in its lifecycle, for the operator: upcoming (before its start),
 * subscribing (its window), allocating (ended, the ieo job not yet run), allocated (tokens
 * given, waiting for the time to market), listed (its market trades).
 */
export type IeoStage = 'upcoming' | 'subscribing' | 'allocating' | 'allocated' | 'listed';

export function ieoStage(project: { start_at: number; end_at: number; allocated_at: number | null; market_id: number | null }, now: number): IeoStage {
  if (project.market_id !== null) return 'listed';
  if (project.allocated_at !== null) return 'allocated';
  const phase = ieoPhase(project, now);
  return phase === 'warmup' ? 'upcoming' : phase === 'progress' ? 'subscribing' : 'allocating';
}

export interface IeoAsk {
  id: number;
  amount: MoneyValue;
}

/** Tokens allocated to each subscription, by id. */
export function ieoAllocation(total: MoneyValue, asks: readonly IeoAsk[], tokenDecimals: number): Map<number, Money> {
  const asked = sum(asks.map((ask) => ask.amount));
  const supply = new Money(total);
  const result = new Map<number, Money>();
  for (const ask of asks) {
    result.set(ask.id, asked.lte(supply) ? new Money(ask.amount) : floor(new Money(ask.amount).times(supply).div(asked), tokenDecimals));
  }
  return result;
}

/** The most decimals an issue price may have: the subscription currency's less the token's. */
export function ieoPriceDecimals(payDecimals: number, tokenDecimals: number): number {
  return payDecimals - tokenDecimals;
}

/** What a number of tokens costs at the issue price (exact under the rule above). */
export function ieoCost(amount: MoneyValue, price: MoneyValue): Money {
  return new Money(amount).times(price);
}
