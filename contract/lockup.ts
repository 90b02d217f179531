import { floor, Money } from './money';

/**
 * The lock-up rules the app and the server share (spec 4). The daily rate grows with
 * the amount, from rate_min at min_amount to rate_max at full_rate_amount and above,
 * kept to 1/1,000,000 (rounded down); early redemption costs penalty_rate x days left
 * x amount, never more than the amount.
 */
export interface LockupTerms {
  min_amount: string;
  rate_min: string;
  rate_max: string;
  full_rate_amount: string;
}

const RATE_DECIMALS = 6;

export function lockupDailyRate(terms: LockupTerms, amount: Money): Money {
  const min = new Money(terms.min_amount);
  const full = new Money(terms.full_rate_amount);
  const low = new Money(terms.rate_min);
  const high = new Money(terms.rate_max);
  if (amount.gte(full)) return high;
  if (amount.lte(min)) return low;
  return floor(low.plus(high.minus(low).times(amount.minus(min).div(full.minus(min)))), RATE_DECIMALS);
}

export function lockupPenalty(amount: Money, penaltyRate: string, daysLeft: number, decimals: number): Money {
  const penalty = floor(amount.times(penaltyRate).times(daysLeft), decimals);
  return penalty.gt(amount) ? amount : penalty;
}
