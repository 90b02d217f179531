import fs from 'node:fs/promises';
import path from 'node:path';
import { FIAT_CURRENCIES, isFiatCurrency, type FiatCurrency } from '../../contract/fiat';
import { Money } from '../../contract/money';
import { readSetting } from '../common/settings';
import type { AppContext } from '../context';
import type { Db } from '../db/database';

/**
 * Fiat rates (units per US dollar) for converted values, served from the database
 * (fiat_rates: each rate with when it was set and by what). The server makes no outside
 * call: the first start writes reference rates; when FIAT_RATES_FILE is set, the rates
 * in that local JSON file replace the stored ones at most once per 24 hours (at start
 * and on main.ts's timer, refreshRates); operators set a rate at any time (npm run
 * operator -- set-rate CNY 7.2). Clients keep them for 24 hours.
 */
const REFERENCE: Record<FiatCurrency, string> = {
  USD: '1',
  CNY: '7.25',
  GBP: '0.79',
  HKD: '7.78',
  JPY: '154',
  EUR: '0.94',
  AED: '3.6725',
  THB: '34.5',
  PHP: '58.5',
  SGD: '1.34',
  VND: '25350',
};

/** The stored rates are reloaded from FIAT_RATES_FILE at most this often. */
export const RATES_REFRESH_MS = 86_400_000;
/** settings key: when the rates were last loaded from the file (ms since 1970) */
const LOADED_AT = 'fiat_rates_loaded_at';

export async function seedRates(db: Db, now: number): Promise<void> {
  await db
    .insertInto('fiat_rates')
    .values(FIAT_CURRENCIES.map((code) => ({ code, rate: REFERENCE[code], updated_at: now, source: 'reference' })))
    .onConflict((oc) => oc.column('code').doNothing())
    .execute();
}

export async function listRates(db: Db) {
  const rows = await db.selectFrom('fiat_rates').selectAll().execute();
  const order = new Map<string, number>(FIAT_CURRENCIES.map((code, i) => [code, i]));
  return rows.sort((a, b) => (order.get(a.code) ?? 99) - (order.get(b.code) ?? 99));
}

/**
 * A rate as stored: a plain positive decimal (a JSON number is read as its text), in
 * canonical form; USD is always 1, the unit of the table. Null when it is not one.
 */
export function rateText(code: FiatCurrency, value: unknown): string | null {
  const raw = typeof value === 'number' ? String(value) : value;
  if (typeof raw !== 'string' || !/^(0|[1-9][0-9]{0,11})(\.[0-9]{1,12})?$/.test(raw)) return null;
  const rate = new Money(raw);
  if (rate.lte(0) || (code === 'USD' && !rate.eq(1))) return null;
  return rate.toFixed();
}

export async function writeRate(db: Db, code: FiatCurrency, rate: string, at: number, source: string): Promise<void> {
  await db
    .insertInto('fiat_rates')
    .values({ code, rate, updated_at: at, source })
    .onConflict((oc) => oc.column('code').doUpdateSet({ rate, updated_at: at, source }))
    .execute();
}

/** A rates file that cannot be used; nothing of it is stored. */
export class RatesFileError extends Error {}

/**
 * Reads a rates file: one JSON object of fiat codes to rates in units per US dollar,
 * {"CNY": "7.2", "EUR": 0.93}. Codes it leaves out keep their stored rate. All or
 * nothing: one unknown code or bad rate refuses the whole file.
 */
export async function readRatesFile(file: string): Promise<Map<FiatCurrency, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    throw new RatesFileError(`${file}: ${(error as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new RatesFileError(`${file} must hold one JSON object of currency codes to rates, such as {"CNY": "7.2"}`);
  const rates = new Map<FiatCurrency, string>();
  for (const [code, value] of Object.entries(parsed)) {
    if (!isFiatCurrency(code)) throw new RatesFileError(`${file}: ${code} is not one of ${FIAT_CURRENCIES.join(' ')}`);
    const rate = rateText(code, value);
    if (rate === null) throw new RatesFileError(`${file}: the rate of ${code} must be a positive decimal in units per US dollar${code === 'USD' ? ' (USD is 1)' : ''}, got ${JSON.stringify(value)}`);
    rates.set(code, rate);
  }
  if (rates.size === 0) throw new RatesFileError(`${file} holds no rates`);
  return rates;
}

export type RefreshOutcome =
  /** no FIAT_RATES_FILE: the stored rates stay */
  | { status: 'off' }
  /** loaded less than 24 hours ago: nothing read */
  | { status: 'not-due'; due: number }
  | { status: 'loaded'; codes: FiatCurrency[] }
  /** the file could not be used: the stored rates stay, and the next check tries again */
  | { status: 'refused'; error: string };

/**
 * Reloads the rates from FIAT_RATES_FILE when the last load is 24 hours old or more
 * (or there was none). Only a load counts: a refused file is tried again at the next
 * check.
 */
export async function refreshRates(ctx: Pick<AppContext, 'config' | 'db' | 'now'>): Promise<RefreshOutcome> {
  const file = ctx.config.fiatRatesFile;
  if (!file) return { status: 'off' };
  const now = ctx.now();
  const last = Number(await readSetting(ctx.db, LOADED_AT));
  if (Number.isFinite(last) && now - last < RATES_REFRESH_MS) return { status: 'not-due', due: last + RATES_REFRESH_MS };
  let rates: Map<FiatCurrency, string>;
  try {
    rates = await readRatesFile(file);
  } catch (error) {
    if (error instanceof RatesFileError) return { status: 'refused', error: error.message };
    throw error;
  }
  const source = `file ${path.basename(file)}`;
  await ctx.db.transaction().execute(async (trx) => {
    for (const [code, rate] of rates) await writeRate(trx, code, rate, now, source);
    await trx
      .insertInto('settings')
      .values({ key: LOADED_AT, value: String(now), public: 0 })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(now) }))
      .execute();
  });
  return { status: 'loaded', codes: [...rates.keys()] };
}

/** Who or what set a stored rate, from its source as writeRate's callers write it ('reference', 'file <name>', 'operator <name>'). */
export function rateSetBy(source: string): { set_by: 'reference' | 'file' | 'operator'; by: string } {
  if (source.startsWith('operator ')) return { set_by: 'operator', by: source.slice('operator '.length) };
  if (source.startsWith('file ')) return { set_by: 'file', by: source.slice('file '.length) };
  return { set_by: 'reference', by: '' };
}

/** FIAT_RATES_FILE, when set: its name, when it was last loaded (null: never) and when it is next due to be read. */
export async function ratesFile(ctx: Pick<AppContext, 'config' | 'db' | 'now'>): Promise<{ name: string; loaded_at: number | null; due_at: number } | null> {
  const file = ctx.config.fiatRatesFile;
  if (!file) return null;
  const last = Number(await readSetting(ctx.db, LOADED_AT));
  const loaded = Number.isFinite(last) && last > 0 ? last : null;
  return { name: path.basename(file), loaded_at: loaded, due_at: loaded === null ? ctx.now() : loaded + RATES_REFRESH_MS };
}
