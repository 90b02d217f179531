/**
 * The eight interface languages (spec section 1) and how each maps to the API's
 * `lang` parameter and to a BCP 47 locale for Intl formatting.
 */
export const LANGUAGES = ['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Value sent as `lang` on every request: zh -> zh-cn, hk -> zh-tw, the rest as they are (spec section 1). */
export const API_LANG: Record<Language, string> = {
  en: 'en',
  zh: 'zh-cn',
  hk: 'zh-tw',
  th: 'th',
  jp: 'jp',
  kor: 'kor',
  fra: 'fra',
  spa: 'spa',
};

/** BCP 47 tags used for Intl (numbers, dates, region names). */
export const BCP47: Record<Language, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-TW',
  th: 'th',
  jp: 'ja',
  kor: 'ko',
  fra: 'fr',
  spa: 'es',
};

/** Each language's own name, shown in the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
  jp: '日本語',
  kor: '한국어',
  fra: 'Français',
  spa: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Reads a `lang` parameter or an Accept-Language value (zh-cn, zh-tw, en, or one of
 * our own codes) and answers the language it names; anything unknown is English.
 */
export function languageFromApiValue(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  const first = value.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isLanguage(first)) return first;
  switch (first) {
    case 'zh-cn':
    case 'zh-hans':
    case 'zh-sg':
      return 'zh';
    case 'zh-tw':
    case 'zh-hk':
    case 'zh-hant':
      return 'hk';
    case 'ja':
      return 'jp';
    case 'ko':
      return 'kor';
    case 'fr':
      return 'fra';
    case 'es':
      return 'spa';
    default: {
      const base = first.split('-')[0] ?? '';
      if (base === 'zh') return 'zh';
      if (base === 'fr') return 'fra';
      if (base === 'es') return 'spa';
      if (base === 'ja') return 'jp';
      if (base === 'ko') return 'kor';
      if (base === 'th') return 'th';
      return DEFAULT_LANGUAGE;
    }
  }
}
