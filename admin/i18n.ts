import { signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { createInstance } from 'i18next';
import { API_LANG, BCP47, DEFAULT_LANGUAGE, isLanguage, type Language } from '../contract/languages';
import enAdmin from '../locales/en/admin.json';

/**
 * The console's words: one namespace, `admin` (locales/<code>/admin.json), in the eight
 * languages of the app; English bundled as the fallback, another language fetched when
 * chosen. Kept apart from the app's i18next instance, whose namespaces the console does
 * not need. The choice is this browser's (local storage).
 */
const LANGUAGE_KEY = 'consoleLang';

export const consoleLanguage = signal<Language>(DEFAULT_LANGUAGE);

const i18n = createInstance();
void i18n.init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  ns: ['admin'],
  defaultNS: 'admin',
  resources: { en: { admin: enAdmin } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The other seven languages, each its own chunk (English is bundled above).
const files = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/admin.json', '!../locales/en/admin.json']);

/** A key of locales/en/admin.json and its values ({{placeholders}}); admin/i18n.test.ts checks every key the console uses is there. */
export type ConsoleT = (key: string, values?: Record<string, string | number>) => string;
const t: ConsoleT = (key, values) => String(i18n.t(key, { ns: 'admin', ...values }));

export async function setConsoleLanguage(next: Language): Promise<void> {
  if (!i18n.hasResourceBundle(next, 'admin')) {
    const load = files[`../locales/${next}/admin.json`];
    if (!load) throw new Error(`missing translations ${next}/admin`);
    i18n.addResourceBundle(next, 'admin', (await load()).default, true, true);
  }
  await i18n.changeLanguage(next);
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Storage refused (a private window): the choice lasts this visit.
  }
  document.documentElement.lang = BCP47[next];
  consoleLanguage.value = next;
}

/** The stored language, before the first render. */
export async function initConsoleLanguage(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    stored = null;
  }
  await setConsoleLanguage(isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
}

/** The `lang` field and Accept-Language of the console's requests: the server answers in the operator's language. */
export const apiLanguage = (): string => API_LANG[consoleLanguage.value];

/** The translate function; the calling component re-renders on a language change. */
export function useConsoleT(): ConsoleT {
  useSignals();
  void consoleLanguage.value;
  return t;
}

/** For code outside components (the client's failure words). */
export const translate: ConsoleT = t;
