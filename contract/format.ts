import { BCP47, type Language } from './languages';

/**
 * The one number formatter, for the app's screens and the server's messages (spec
 * section 9): prices and quantities at their market's precision with the language's
 * grouping; compact figures above 1,000,000 as M with one decimal (B and T past a
 * billion and a trillion), above 1,000 as K, else four decimals; changes as signed percents.
 */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, minimum: number, maximum: number): Intl.NumberFormat {
  const key = `${language}:${minimum}:${maximum}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[language], { minimumFractionDigits: minimum, maximumFractionDigits: maximum });
    cache.set(key, format);
  }
  return format;
}

export function formatFixed(value: number, decimals: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  return formatter(language, decimals, decimals).format(value);
}

/**
 * An exact decimal amount as the server sends it (a balance, a stake, a fee): the
 * language's grouping and decimal mark, every meaningful digit kept (never rounded
 * through a float). The server pads an amount to its coin's precision; the zeros past
 * the last meaningful digit are dropped, down to two decimals ('100.000000' reads
 * '100.00', '0.00199900' reads '0.001999', '0.956447' stays whole).
 */
export function formatAmount(text: string, language: Language): string {
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  const written = text.split('.')[1] ?? '';
  const meaningful = written.replace(/0+$/u, '').length;
  const decimals = Math.max(meaningful, Math.min(2, written.length));
  const grouped = formatter(language, decimals, decimals).format(text as Intl.StringNumericLiteral);
  return text.startsWith('+') ? `+${grouped}` : grouped;
}

/** A profit or loss: +1,234.50, -0.20, 0.00 (spec 9: up green, down red, zero grey). */
export function formatSigned(value: number, decimals: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  // What rounds to zero at these decimals is shown, and signed, as zero.
  const sign = Math.abs(value) < 0.5 * 10 ** -decimals ? '' : value < 0 ? '-' : '+';
  return `${sign}${formatter(language, decimals, decimals).format(Math.abs(value))}`;
}

/**
 * Spec 9: M with one decimal above a million, K above a thousand, else four decimals;
 * past a billion B and past a trillion T, so a volume never reads '5,394,155.7M'.
 */
export function formatCompact(value: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  const size = Math.abs(value);
  if (size > 1_000_000_000_000) return `${formatter(language, 1, 1).format(value / 1_000_000_000_000)}T`;
  if (size > 1_000_000_000) return `${formatter(language, 1, 1).format(value / 1_000_000_000)}B`;
  if (size > 1_000_000) return `${formatter(language, 1, 1).format(value / 1_000_000)}M`;
  if (size > 1_000) return `${formatter(language, 1, 1).format(value / 1_000)}K`;
  return formatter(language, 4, 4).format(value);
}

/** +1.23%, -0.50%, 0.00% */
export function formatChange(percent: number, language: Language): string {
  if (!Number.isFinite(percent)) return '--';
  const text = formatter(language, 2, 2).format(Math.abs(percent));
  return `${percent > 0 ? '+' : percent < 0 ? '-' : ''}${text}%`;
}

export type Direction = 'up' | 'down' | 'flat';

/** Up green, down red, zero grey (spec 9). */
export function directionOf(value: number): Direction {
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/**
 * Date formats made once per language and shape, like the number formats: building one
 * costs a slow phone milliseconds, and a list formats a date on every row.
 */
const CLOCK = { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' } as const;
const DATE_TIME = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false } as const;
const DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(language: Language, shape: 'clock' | 'dateTime' | 'date' | 'dateTimeUtc'): Intl.DateTimeFormat {
  const key = `${language}:${shape}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options = shape === 'clock' ? CLOCK : shape === 'date' ? DATE : shape === 'dateTime' ? DATE_TIME : { ...DATE_TIME, timeZone: 'UTC' };
    format = new Intl.DateTimeFormat(BCP47[language], options);
    dateFormats.set(key, format);
  }
  return format;
}

/** Local time of day, hh:mm:ss, for trade lists. */
export function formatClock(time: number, language: Language): string {
  return dateFormat(language, 'clock').format(time);
}

/** Local date and time in the app's language, for records and articles. */
export function formatDateTime(time: number, language: Language): string {
  return dateFormat(language, 'dateTime').format(time);
}

/** Local date in the app's language. */
export function formatDate(time: number, language: Language): string {
  return dateFormat(language, 'date').format(time);
}

/**
 * Date and time in UTC, marked so, for the server's messages (a notice, a refusal): the
 * server does not know the reader's time zone; the screens show local time instead.
 */
export function formatDateTimeUtc(time: number, language: Language): string {
  return `${dateFormat(language, 'dateTimeUtc').format(time)} UTC`;
}
