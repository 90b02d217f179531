import fs from 'node:fs';
import { createInstance, type i18n as I18n } from 'i18next';
import { formatAmount, formatDateTimeUtc } from '../../contract/format';
import { LANGUAGES, type Language } from '../../contract/languages';
import type { Leaves } from '../../contract/i18n-keys';
import type enServer from '../../locales/en/server.json';
import type enValidation from '../../locales/en/validation.json';

/**
 * The server's messages in all eight languages: `server` (errors, confirmations,
 * mail) and `validation` (field rules, shared with the app's forms).
 */
export type ServerKey = `server:${Leaves<typeof enServer>}` | `validation:${Leaves<typeof enValidation>}`;
export type Params = Record<string, string | number>;
export type Translate = (key: ServerKey, params?: Params) => string;

const NAMESPACES = ['server', 'validation'] as const;
const localesDir = new URL('../../locales/', import.meta.url);

function readNamespace(language: Language, namespace: string): Record<string, unknown> {
  const file = new URL(`${language}/${namespace}.json`, localesDir);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export interface ServerI18n {
  t(language: Language, key: ServerKey, params?: Params): string;
  /** A translator fixed to one language. */
  fixed(language: Language): Translate;
  /** Whether a key exists (for keys named by schemas). */
  has(key: string): key is ServerKey;
}

export function loadServerI18n(): ServerI18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const language of LANGUAGES) {
    resources[language] = Object.fromEntries(NAMESPACES.map((ns) => [ns, readNamespace(language, ns)]));
  }
  const instance: I18n = createInstance();
  void instance.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'server',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // "{{price, amount}}": an exact decimal with the language's grouping, as the app shows it.
  instance.services.formatter?.add('amount', (value: unknown, lng: string | undefined) => {
    const language = LANGUAGES.find((candidate) => candidate === lng) ?? 'en';
    return formatAmount(String(value), language);
  });
  // "{{until, datetime}}": a time (ms since 1970) in UTC, marked so: the server does not know the reader's time zone.
  instance.services.formatter?.add('datetime', (value: unknown, lng: string | undefined) => {
    const language = LANGUAGES.find((candidate) => candidate === lng) ?? 'en';
    return formatDateTimeUtc(Number(value), language);
  });
  const fixedByLanguage = new Map<Language, Translate>();
  for (const language of LANGUAGES) {
    const t = instance.getFixedT(language);
    fixedByLanguage.set(language, (key, params) => String(t(key, params)));
  }
  const fixed = (language: Language): Translate => fixedByLanguage.get(language) ?? ((key) => key);
  return {
    t: (language, key, params) => fixed(language)(key, params),
    fixed,
    has: (key): key is ServerKey => instance.exists(key, { lng: 'en' }),
  };
}
