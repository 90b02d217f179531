import { Money } from '../../contract/money';

/**
 * The pure parts of the dual investment and IEO tabs: the date-time fields (the browser's
 * datetime-local value, in the operator's time zone, to and from milliseconds), the
 * figures the forms check before sending (the server checks them again and words its own
 * refusals), and the APR typed as a percent sent as the fraction the server stores.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A time as a datetime-local field shows it: local, to the minute (2026-11-28T14:30). */
export function toLocalInput(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value as milliseconds (read as local time), or null when it holds none. */
export function fromLocalInput(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(text)) return null;
  const time = new Date(text).getTime();
  return Number.isFinite(time) ? time : null;
}

/** The next whole hour after `now` plus `hours`: a round default for a time field. */
export function hoursAhead(now: number, hours: number): number {
  const HOUR = 3_600_000;
  return (Math.floor(now / HOUR) + 1 + hours) * HOUR;
}

/** A positive decimal with at most `decimals` places, as typed (no exponent, no sign, no grouping). */
export function isPositiveDecimal(text: string, decimals: number): boolean {
  const match = /^(\d{1,20})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return false;
  if ((match[2] ?? '').length > decimals) return false;
  return new Money(text.trim()).gt(0);
}

/** A whole number from `min` to `max`, as typed. */
export function wholeIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,12}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** An APR typed as a percent (36.5) as the fraction the server takes (0.365); null when it is not a number above 0. */
export function aprFraction(percent: string): string | null {
  if (!/^\d{1,6}(\.\d{1,8})?$/.test(percent.trim())) return null;
  const value = new Money(percent.trim());
  return value.gt(0) ? value.div(100).toFixed() : null;
}

/** A fraction (0.365, a progress of 0.06) as the percent figure the screens write (36.5, 6). */
export function percentOf(fraction: string): string {
  return new Money(fraction).times(100).toFixed();
}

/** An https:// link as the server takes it: no spaces, quotes or angle brackets, at most 300 characters. */
export function isLink(text: string): boolean {
  return text.length <= 300 && /^https:\/\/[^\s<>"]+$/.test(text) && URL.canParse(text);
}
