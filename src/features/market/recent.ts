import { signal } from '@preact/signals-react';
import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';

/** Markets looked at on this device, newest first (search screen's "recent"). */
const MAX_RECENT = 10;

const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => typeof id === 'number');

export const recentMarkets = signal<readonly number[]>(readJson(STORAGE_KEYS.recentMarkets, isIdList) ?? []);

export function rememberMarket(marketId: number): void {
  const next = [marketId, ...recentMarkets.value.filter((id) => id !== marketId)].slice(0, MAX_RECENT);
  recentMarkets.value = next;
  writeJson(STORAGE_KEYS.recentMarkets, next);
}

export function clearRecentMarkets(): void {
  recentMarkets.value = [];
  writeJson(STORAGE_KEYS.recentMarkets, []);
}
