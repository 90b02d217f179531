import { useSignals } from '@preact/signals-react/runtime';
import { createInstance, type TFunction } from 'i18next';
import { formatDate } from '../../contract/format';
import { BCP47, DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contract/languages';
import { readString, STORAGE_KEYS, writeString } from '../lib/storage';
import { language } from './language';
import { APP_NAMESPACES, english, FIRST_SCREENS, loadNamespaces, SHARED_NAMESPACES, type LaterNamespace } from './resources';

/**
 * The interface language: stored locally, English by default (spec section 1).
 * `language` is a signal, so a component that translates re-renders when it changes.
 */
const i18n = createInstance();

/** Sets i18next up with the bundled English, once: at the start (initLanguage), or at the first text asked for before it. */
function ensureInit(): void {
  if (i18n.isInitialized) return;
  void i18n.init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: [...APP_NAMESPACES],
    defaultNS: 'common',
    resources: { en: english },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export { language };

/** Translates "namespace:key" in the current language, whichever it is at call time. */
export type Translator = TFunction<typeof APP_NAMESPACES>;
const t: Translator = i18n.getFixedT(null, APP_NAMESPACES);

function addBundles(wanted: Language, bundles: Record<string, Record<string, unknown>>): void {
  for (const [namespace, resources] of Object.entries(bundles)) i18n.addResourceBundle(wanted, namespace, resources, true, true);
}

async function loadBundles(wanted: Language): Promise<void> {
  ensureInit();
  if (i18n.hasResourceBundle(wanted, 'common')) return;
  addBundles(wanted, await loadNamespaces(wanted, APP_NAMESPACES));
}

export async function setLanguage(next: Language): Promise<void> {
  await loadBundles(next);
  await i18n.changeLanguage(next);
  writeString(STORAGE_KEYS.lang, next);
  document.documentElement.lang = BCP47[next];
  language.value = next;
}

/** Loads the stored language before the first render. */
export async function initLanguage(): Promise<void> {
  const stored = readString(STORAGE_KEYS.lang);
  await setLanguage(isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
}

/** The translate function; the calling component re-renders on a language change. */
export function useT(): Translator {
  ensureInit();
  useSignals();
  void language.value;
  return t;
}

/**
 * A translator fixed to one language whatever the interface language, for a text the
 * reader asked for in that language (the copy trading agreement in English or Chinese).
 */
export async function translatorFor(wanted: Language): Promise<Translator> {
  await loadBundles(wanted);
  return i18n.getFixedT(wanted, APP_NAMESPACES);
}

/**
 * Makes a namespace that is not bundled with the first screen ready (its English, the
 * fallback; another language has all its namespaces once chosen): a route's loader
 * calls it, so the screen renders with its texts.
 */
export async function loadNamespace(namespace: LaterNamespace): Promise<void> {
  ensureInit();
  if (i18n.hasResourceBundle('en', namespace)) return;
  addBundles('en', await loadNamespaces('en', [namespace]));
}

let sharedEnglish: Promise<void> | null = null;

/** Loads the shared English namespaces once (SHARED_NAMESPACES); a failed load is tried again next time. */
export function loadSharedNamespaces(): Promise<void> {
  ensureInit();
  sharedEnglish ??= loadNamespaces('en', SHARED_NAMESPACES).then(
    (bundles) => addBundles('en', bundles),
    (error: unknown) => {
      sharedEnglish = null;
      throw error;
    },
  );
  return sharedEnglish;
}

/**
 * What a navigation waits for before its screen renders (the root route's beforeLoad):
 * nothing on the first screens or once the shared English is in, else its loading.
 */
export function textsFor(pathname: string): Promise<void> | undefined {
  ensureInit();
  if (FIRST_SCREENS.includes(pathname) || SHARED_NAMESPACES.every((namespace) => i18n.hasResourceBundle('en', namespace))) return undefined;
  return loadSharedNamespaces();
}

/** For code outside components (the API client, toasts from services). */
export function translate(...args: Parameters<Translator>): string {
  ensureInit();
  return String(t(...args));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something was published, as spec section 9 has it: "just now" under five
 * minutes, then minutes, hours, and days under thirty days, otherwise its date.
 */
export function formatAgo(time: number, now: number): string {
  ensureInit();
  const past = Math.max(0, now - time);
  if (past < 5 * MINUTE) return t('common:ago.now');
  if (past < HOUR) return t('common:ago.minutes', { count: Math.floor(past / MINUTE) });
  if (past < DAY) return t('common:ago.hours', { count: Math.floor(past / HOUR) });
  if (past < 30 * DAY) return t('common:ago.days', { count: Math.floor(past / DAY) });
  return formatDate(time, language.value);
}
