import { signal } from '@preact/signals-react';
import { DEFAULT_FIAT, isFiatCurrency, type FiatCurrency } from '../../contract/fiat';
import { BCP47, type Language } from '../../contract/languages';
import { Money } from '../../contract/money';
import { api } from '../api/client';
import { readJson, readString, STORAGE_KEYS, writeJson, writeString } from '../lib/storage';

/**
 * The currency converted values are shown in (spec 9: default USD), stored locally,
 * and the rates to show them: fetched from the server, kept on the device for
 * 86,400,000 ms under "fiats" and "saveFiatsTime".
 */
const stored = readString(STORAGE_KEYS.fiat);
export const fiat = signal<FiatCurrency>(isFiatCurrency(stored) ? stored : DEFAULT_FIAT);

export function setFiat(next: FiatCurrency): void {
  writeString(STORAGE_KEYS.fiat, next);
  fiat.value = next;
}

export const RATES_TTL_MS = 86_400_000;
type Rates = Record<string, number>;
const isRates = (value: unknown): value is Rates => typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'number');

export const rates = signal<Rates>(readJson(STORAGE_KEYS.fiatRates, isRates) ?? { USD: 1 });
let loading: Promise<void> | null = null;

/** Fetches the rates when the device's copy is older than a day. */
export function ensureRates(): Promise<void> {
  const savedAt = Number(readString(STORAGE_KEYS.fiatRatesSavedAt) ?? 0);
  if (Date.now() - savedAt < RATES_TTL_MS && Object.keys(rates.value).length > 1) return Promise.resolve();
  loading ??= api('GET /wallet/getRateCurrency', {}, { silent: true })
    .then(({ fiats }) => {
      const next: Rates = {};
      for (const entry of fiats) next[entry.code] = Number(entry.rate);
      rates.value = next;
      writeJson(STORAGE_KEYS.fiatRates, next);
      writeString(STORAGE_KEYS.fiatRatesSavedAt, String(Date.now()));
    })
    .catch(() => undefined)
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** A US dollar value in the chosen currency, e.g. "≈ ¥72,500.00". */
export function formatFiat(usd: number | string, currency: FiatCurrency, language: Language, table: Rates): string {
  const rate = table[currency] ?? (currency === 'USD' ? 1 : Number.NaN);
  const value = Number(usd) * rate;
  if (!Number.isFinite(value)) return '--';
  return new Intl.NumberFormat(BCP47[language], { style: 'currency', currency, maximumFractionDigits: currency === 'JPY' || currency === 'VND' ? 0 : 2 }).format(value);
}

/**
 * What an amount of a coin is worth in US dollars at the coin's USD price (the server's
 * price, the one the assets tab's totals are valued at): exact decimal text for
 * formatFiat, or null while the amount or the price is unknown (the server sends 0 for no price).
 */
export function usdValue(amount: string | null | undefined, usdPrice: number | null | undefined): string | null {
  if (!amount || !/^\d+(\.\d+)?$/.test(amount) || typeof usdPrice !== 'number' || !Number.isFinite(usdPrice) || usdPrice <= 0) return null;
  return new Money(amount).times(usdPrice).toFixed();
}
