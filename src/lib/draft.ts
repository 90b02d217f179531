import { signal, type Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';

/**
 * What a user has typed into a form, kept in memory while they step away to a picker
 * (the area code list) and come back. Cleared when the form is sent.
 */
const drafts = new Map<string, Signal<Record<string, string>>>();

export interface Draft<T extends Record<string, string>> {
  values: T;
  set: (patch: Partial<T>) => void;
  clear: () => void;
}

export function useDraft<T extends Record<string, string>>(key: string, initial: T): Draft<T> {
  useSignals();
  let store = drafts.get(key);
  if (!store) {
    store = signal<Record<string, string>>({ ...initial });
    drafts.set(key, store);
  }
  const current = store;
  return {
    values: { ...initial, ...current.value },
    set: (patch) => {
      current.value = { ...current.value, ...patch };
    },
    clear: () => {
      current.value = { ...initial };
    },
  };
}
