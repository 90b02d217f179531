import type { ApiInput, ApiOutput } from '../../contract/api';
import { Money } from '../../contract/money';

/**
 * The Lock-up tab's form, apart from React: operators type rates as percentages (0.35 for
 * 0.35 % a day, as the app shows them) and the API takes fractions (0.0035). What the
 * server checks (a coin's decimals, the order of the rates, their ceiling) it says itself;
 * here only what cannot be sent at all is caught: a percentage or a whole number that is
 * not one.
 */
export type LockupProduct = ApiOutput<'GET /operator/lockup/products'>['products'][number];
export type LockupCreate = ApiInput<'POST /operator/lockup/create'>;

export interface LockupDraft {
  currency: string;
  days: string;
  min_amount: string;
  rate_min: string;
  rate_max: string;
  full_rate_amount: string;
  penalty_rate: string;
  sort: string;
}

/** What is wrong with a draft, as the key of its message under products.lockup. */
export type DraftProblem = 'required' | 'percent_invalid' | 'days_invalid' | 'sort_invalid';

/** 4 decimals of a percentage are the 6 of a fraction the server keeps. */
const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

export const toPercent = (fraction: string) => new Money(fraction).times(100).toFixed();
export const toFraction = (percent: string) => new Money(percent).div(100).toFixed();

export function emptyDraft(currency: string, sort: number): LockupDraft {
  return { currency, days: '', min_amount: '', rate_min: '', rate_max: '', full_rate_amount: '', penalty_rate: '', sort: String(sort) };
}

export function draftOf(product: LockupProduct): LockupDraft {
  return {
    currency: product.code,
    days: String(product.days),
    min_amount: product.min_amount,
    rate_min: toPercent(product.rate_min),
    rate_max: toPercent(product.rate_max),
    full_rate_amount: product.full_rate_amount,
    penalty_rate: toPercent(product.penalty_rate),
    sort: String(product.sort),
  };
}

/** The draft as the API takes it, or what is wrong with it. */
export function inputOf(draft: LockupDraft): { input: LockupCreate } | { problem: DraftProblem } {
  const value: LockupDraft = {
    currency: draft.currency.trim(),
    days: draft.days.trim(),
    min_amount: draft.min_amount.trim(),
    rate_min: draft.rate_min.trim(),
    rate_max: draft.rate_max.trim(),
    full_rate_amount: draft.full_rate_amount.trim(),
    penalty_rate: draft.penalty_rate.trim(),
    sort: draft.sort.trim(),
  };
  if (Object.values(value).some((text) => text === '')) return { problem: 'required' };
  if (![value.rate_min, value.rate_max, value.penalty_rate].every((text) => PERCENT.test(text))) return { problem: 'percent_invalid' };
  const days = Number(value.days);
  if (!/^\d{1,3}$/.test(value.days) || days < 1 || days > 365) return { problem: 'days_invalid' };
  const sort = Number(value.sort);
  if (!/^\d{1,7}$/.test(value.sort) || sort > 1_000_000) return { problem: 'sort_invalid' };
  return {
    input: {
      currency: value.currency,
      days,
      min_amount: value.min_amount,
      rate_min: toFraction(value.rate_min),
      rate_max: toFraction(value.rate_max),
      full_rate_amount: value.full_rate_amount,
      penalty_rate: toFraction(value.penalty_rate),
      sort,
    },
  };
}
