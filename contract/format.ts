import { BCP47, type Language } from './languages';

/**
 * The one number formatter, for the app's screens and the server's messages (spec
 * section 9): prices and quantities at their market's precision with the language's
 * grouping; compact figures above 1,000,000 as M with one decimal (B and T past a
 * billion and a trillion), above 1,000 as K, else four decimals; changes as signed percents.
 */
/**
 * Each language's marks, as Intl.NumberFormat writes them (contract/format.test.ts holds
 * every output equal to Intl's): the grouping mark, the decimal mark, and from how many
 * integer digits a number is grouped (Spanish leaves 1234 whole). The formatter writes
 * numbers itself: a phone's first Intl.NumberFormat loads the number data of the whole
 * ICU library, some 80 ms of a slow phone's first screen.
 */
const MARKS: Record<Language, { group: string; decimal: string; groupFrom: number }> = {
  en: { group: ',', decimal: '.', groupFrom: 4 },
  zh: { group: ',', decimal: '.', groupFrom: 4 },
  hk: { group: ',', decimal: '.', groupFrom: 4 },
  th: { group: ',', decimal: '.', groupFrom: 4 },
  jp: { group: ',', decimal: '.', groupFrom: 4 },
  kor: { group: ',', decimal: '.', groupFrom: 4 },
  fra: { group: '\u202f', decimal: ',', groupFrom: 4 },
  spa: { group: '.', decimal: ',', groupFrom: 5 },
};

/** Adds one to the last digit of a string of digits, carrying ('199' -> '200', '99' -> '100'). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let at = out.length - 1; at >= 0; at--) {
    if (out[at] !== '9') {
      out[at] = String(Number(out[at]) + 1);
      return out.join('');
    }
    out[at] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * A decimal written with `decimals` places in the language: rounded half away from zero
 * on the number's shortest decimal form (as Intl does: 1.005 is 1.01), grouped, a minus
 * kept on what rounds to zero (-0.001 is -0.00, as Intl writes it). `value` is a number, or
 * a decimal text taken exactly.
 */
function fixed(value: number | string, decimals: number, language: Language): string {
  let text = typeof value === 'number' ? String(value) : value;
  const negative = typeof value === 'number' ? value < 0 || Object.is(value, -0) : text.startsWith('-');
  text = text.replace(/^[+-]/, '');
  // Past what plain digits write (1e21, 1e-7), Intl's own path; no price or balance gets there.
  if (!/^\d+(\.\d+)?$/.test(text))
    return new Intl.NumberFormat(BCP47[language], { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
      typeof value === 'number' ? value : (value as Intl.StringNumericLiteral),
    );
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  if ((fraction[decimals] ?? '0') >= '5') digits = increment(digits);
  const integer = digits.slice(0, digits.length - decimals).replace(/^0+(?=\d)/, '') || '0';
  const places = digits.slice(digits.length - decimals);
  const marks = MARKS[language];
  const grouped = integer.length < marks.groupFrom ? integer : integer.replace(/\B(?=(\d{3})+$)/g, marks.group);
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `${marks.decimal}${places}` : ''}`;
}

export function formatFixed(value: number, decimals: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  return fixed(value, decimals, language);
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
  const grouped = fixed(text, decimals, language);
  return text.startsWith('+') ? `+${grouped}` : grouped;
}

/** A profit or loss: +1,234.50, -0.20, 0.00 (spec 9: up green, down red, zero grey). */
export function formatSigned(value: number, decimals: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  // What rounds to zero at these decimals is shown, and signed, as zero.
  const sign = Math.abs(value) < 0.5 * 10 ** -decimals ? '' : value < 0 ? '-' : '+';
  return `${sign}${fixed(Math.abs(value), decimals, language)}`;
}

/**
 * Spec 9: M with one decimal above a million, K above a thousand, else four decimals;
 * past a billion B and past a trillion T, so a volume never reads '5,394,155.7M'.
 */
export function formatCompact(value: number, language: Language): string {
  if (!Number.isFinite(value)) return '--';
  const size = Math.abs(value);
  if (size > 1_000_000_000_000) return `${fixed(value / 1_000_000_000_000, 1, language)}T`;
  if (size > 1_000_000_000) return `${fixed(value / 1_000_000_000, 1, language)}B`;
  if (size > 1_000_000) return `${fixed(value / 1_000_000, 1, language)}M`;
  if (size > 1_000) return `${fixed(value / 1_000, 1, language)}K`;
  return fixed(value, 4, language);
}

/** +1.23%, -0.50%, 0.00% */
export function formatChange(percent: number, language: Language): string {
  if (!Number.isFinite(percent)) return '--';
  const text = fixed(Math.abs(percent), 2, language);
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
