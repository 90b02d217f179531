import { signal } from '@preact/signals-react';
import type { ApiOutput } from '../../../contract/api';
import { api } from '../../api/client';

/** The caller's accounts as the assets screens show them, reloaded when a screen opens. */
export type Wallet = ApiOutput<'POST /wallet/list'>;
export type AccountKind = 'legal' | 'change' | 'lever' | 'micro';
export const ACCOUNT_ORDER: readonly AccountKind[] = ['change', 'lever', 'micro', 'legal'];

export const wallet = signal<Wallet | null>(null);

export async function loadWallet(): Promise<Wallet> {
  const next = await api('POST /wallet/list', {}, { silent: true });
  wallet.value = next;
  return next;
}

/** Available amount of a coin in an account, as text ("0" when there is none). */
export function availableIn(kind: AccountKind, code: string): string {
  return wallet.value?.accounts.find((a) => a.kind === kind)?.currencies.find((c) => c.code === code)?.available ?? '0';
}

/** The kind an account has in the API's words, from its account id (spec 3: 1 legal .. 4 micro). */
export function isAccountKind(value: unknown): value is AccountKind {
  return value === 'legal' || value === 'change' || value === 'lever' || value === 'micro';
}

/** Coins that can be deposited and withdrawn, one entry per network (GET /currency/list), read once. */
export type CoinEntry = ApiOutput<'GET /currency/list'>[number];
export const coins = signal<readonly CoinEntry[]>([]);
let coinsLoading: Promise<void> | null = null;

export function loadCoins(): Promise<void> {
  if (coins.value.length > 0) return Promise.resolve();
  coinsLoading ??= api('GET /currency/list', {}, { silent: true })
    .then((list) => {
      coins.value = list;
    })
    .catch(() => undefined)
    .finally(() => {
      coinsLoading = null;
    });
  return coinsLoading;
}

/** The networks a coin travels on. */
export function networksOf(currencyId: number): CoinEntry[] {
  return coins.value.filter((coin) => coin.id === currencyId);
}

/**
 * Coins' prices in US dollars by currency id, for screens whose own data carries no
 * price (GET /wallet/getRateCurrency with an id: the server's price, the one the assets
 * tab's totals are valued at). Reloaded when such a screen opens: prices move.
 */
export const usdPrices = signal<Readonly<Record<number, number>>>({});

export function loadUsdPrices(ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  return Promise.all(
    unique.map((id) =>
      api('GET /wallet/getRateCurrency', { id }, { silent: true })
        .then(({ usd_price }) => {
          if (usd_price !== undefined) usdPrices.value = { ...usdPrices.value, [id]: usd_price };
        })
        .catch(() => undefined),
    ),
  ).then(() => undefined);
}
