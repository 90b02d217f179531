import { Money, parseAmount } from '../../../../contract/money';
import { saleProceeds, type Proceeds, type SaleRates } from '../../../../contract/nft';

/**
 * A resale's rules as the form checks them before the server does (spec 4 and 5: a
 * correct price, increment and deposit; the end later than the start), and what the
 * seller would receive (contract/nft.ts saleProceeds, the arithmetic the server pays with).
 */
export type ResaleMode = 'normal' | 'auction';

export type { Proceeds, SaleRates as ResaleRates } from '../../../../contract/nft';

/** What the seller would receive: a resale pays the creator's royalty unless the seller is the creator. */
export function resaleProceeds(price: Money, rates: SaleRates, sellerIsCreator: boolean): Proceeds {
  return saleProceeds(price, rates, !sellerIsCreator);
}

export interface ResaleDraft {
  mode: ResaleMode;
  price: string;
  increment: string;
  deposit: string;
  /** ms, or null when the field is empty or not a time */
  start: number | null;
  end: number | null;
}

export type ResaleField = 'price' | 'increment' | 'deposit' | 'start' | 'end';
/** The reason a field is refused, named as the form's messages are (nft:mine.resell.errors.*). */
export type ResaleProblem = 'price' | 'increment' | 'deposit' | 'time' | 'order' | 'past';

/** The first problem of each field, none when the offer may be sent. */
export function resaleProblems(draft: ResaleDraft, precision: number, now: number): Partial<Record<ResaleField, ResaleProblem>> {
  const problems: Partial<Record<ResaleField, ResaleProblem>> = {};
  if (!parseAmount(draft.price, precision)) problems.price = 'price';
  if (draft.mode === 'auction') {
    if (!parseAmount(draft.increment, precision)) problems.increment = 'increment';
    if (!parseAmount(draft.deposit, precision)) problems.deposit = 'deposit';
  }
  if (draft.start === null) problems.start = 'time';
  if (draft.end === null) problems.end = 'time';
  else if (draft.start !== null && draft.end <= draft.start) problems.end = 'order';
  else if (draft.end <= now) problems.end = 'past';
  return problems;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a datetime-local field shows it, in the phone's time zone, to the minute. */
export function toLocalInput(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value as a time (ms), or null when it holds none. */
export function fromLocalInput(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match.map(Number) as [number, number, number, number, number, number, number];
  const time = new Date(year, month - 1, day, hours, minutes, Number.isNaN(seconds) ? 0 : seconds).getTime();
  return Number.isFinite(time) ? time : null;
}
