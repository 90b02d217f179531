import { signal } from '@preact/signals-react';
import { DEFAULT_FIAT, isFiatCurrency, type FiatCurrency } from '../../contract/fiat';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';

/** The currency converted values are shown in (spec 9: default USD), stored locally. */
const stored = readString(STORAGE_KEYS.fiat);
export const fiat = signal<FiatCurrency>(isFiatCurrency(stored) ? stored : DEFAULT_FIAT);

export function setFiat(next: FiatCurrency): void {
  writeString(STORAGE_KEYS.fiat, next);
  fiat.value = next;
}
