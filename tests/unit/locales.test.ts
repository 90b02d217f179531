import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { BCP47, LANGUAGES, type Language } from '../../contract/languages';
import { LEDGER_REASONS } from '../../contract/ledger';

/**
 * Every language has every key of English, with the same {{placeholders}}, and is a
 * real translation: not an English copy.
 */
const root = path.resolve(import.meta.dirname, '../../locales');
const namespaces = fs.readdirSync(path.join(root, 'en')).filter((file) => file.endsWith('.json'));

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') result.set(prefix + key, value);
    else for (const [inner, text] of leaves(value, `${prefix}${key}.`)) result.set(inner, text);
  }
  return result;
}

const read = (language: string, file: string): Map<string, string> => leaves(JSON.parse(fs.readFileSync(path.join(root, language, file), 'utf8')) as Tree);

/**
 * A counted text (i18next's `key_one`, `key_other`…) has one form per plural category of
 * its language (Intl.PluralRules): English one and other, Chinese other alone.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
function expectedKeys(language: Language, english: Map<string, string>): Map<string, string> {
  const categories = new Intl.PluralRules(BCP47[language]).resolvedOptions().pluralCategories;
  const result = new Map<string, string>();
  for (const [key, text] of english) {
    if (!PLURAL.test(key) || !english.has(key.replace(PLURAL, '_other'))) result.set(key, text);
    else for (const category of categories) result.set(key.replace(PLURAL, `_${category}`), english.get(key.replace(PLURAL, '_other')) ?? text);
  }
  return result;
}

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/** Strings every language writes as English does: identifiers, symbols, formulas. */
const SAME_AS_ENGLISH = new Set([
  'settings:profile.uid',
  'people:invite.uid',
  'common:home.uid',
  'assets:exchange.rate',
  'trade:contract.set_stops',
  'market:price_summary',
  'trade:advanced.types.oco',
  'admin:queues.uid',
  'admin:queues.chat.author',
  'admin:users.fields.uid',
  'admin:users.spot_types.oco',
  'admin:users.usd',
  'admin:products.dual.fields.id',
  'admin:products.dual.sold_of',
  'admin:products.ieo.fields.id',
  'admin:products.ieo.asked_of',
  'admin:products.coupons.filter_uid',
  'admin:products.coupons.fields.uid',
  'admin:products.coupons.fields.id',
]);

/**
 * Strings a language writes as English does, because its traders do: chart periods,
 * maker and taker, take profit and stop loss in French and Spanish, and words spelt
 * the same (Version, Signature, Total in French). Anything else equal to English fails.
 */
const SAME_IN: Partial<Record<string, readonly string[]>> = {
  th: [
    'trade:orders.maker',
    'trade:orders.taker',
    'trade:contract.long',
    'trade:contract.short',
    ...['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'].map((period) => `market:periods.${period}`),
  ],
  fra: [
    'admin:audit.action',
    'admin:overview.positions',
    'admin:overview.long',
    'admin:overview.short',
    'admin:queues.fields.message',
    'chat:messages',
    'chat:image',
    'content:article',
    'content:pages.faq',
    'admin:content.kinds.faq',
    'admin:content.kinds.pages',
    'admin:content.fields.question',
    'admin:products.tabs.coupons',
    'admin:products.dual.page',
    'admin:products.dual.fields.dates',
    'admin:products.ieo.page',
    'admin:products.ieo.fields.dates',
    'admin:products.lockup.columns.minimum',
    'admin:products.lockup.columns.actions',
    'settings:settings.version',
    'settings:profile.signature',
    'settings:security.email',
    'assets:accounts.micro',
    'assets:move.max',
    'assets:exchange.max',
    'assets:bills.reasons.exchange',
    'trade:modes.seconds',
    'common:shortcuts.options',
    'trade:total',
    'validation:fields.total',
    'trade:confirm.type',
    'trade:confirm.total',
    'trade:confirm.direction',
    'trade:confirm.lots',
    'trade:confirm.take_profit',
    'trade:confirm.stop_loss',
    'trade:orders.maker',
    'trade:orders.taker',
    'trade:contract.long',
    'trade:contract.short',
    'trade:contract.lots',
    'trade:contract.lot_size',
    'trade:contract.stops',
    'trade:contract.positions',
    'trade:contract.reasons.take_profit',
    'trade:contract.reasons.stop_loss',
    'validation:fields.email',
    'validation:fields.signature',
    'validation:fields.type',
    'validation:fields.source',
    'validation:fields.page',
    'validation:fields.direction',
    'validation:fields.share',
    'validation:fields.question',
    'market:periods.1min',
    'market:periods.5min',
    'market:periods.15min',
    'market:periods.30min',
    'market:periods.60min',
    'market:periods.1mon',
    'market:candle.volume',
    'auth:kind.email',
    'auth:fields.email',
    // NFT: collections and rarity are spelt as in English
    'nft:home.collections',
    'nft:search.tabs.collections',
    'nft:artist.collections',
    'nft:collection.title',
    'nft:detail.collection',
    'nft:market.rarity.rare',
    // Products: coupons, rates and fees (a bonus, conversions, a page, a coupon; seconds as s)
    'admin:products.coupons.kinds.bonus',
    'admin:products.coupons.scopes.conversion',
    'admin:products.coupons.page',
    'admin:products.coupons.fields.coupon',
    'admin:products.fees.sections.conversion',
    'admin:products.fees.seconds',
  ],
  spa: [
    'admin:products.fees.seconds',
    'assets:accounts.legal',
    'trade:total',
    'validation:fields.total',
    'trade:confirm.total',
    'trade:confirm.take_profit',
    'trade:confirm.stop_loss',
    'trade:orders.maker',
    'trade:orders.taker',
    'trade:contract.stops',
    'trade:contract.reasons.take_profit',
    'trade:contract.reasons.stop_loss',
    'trade:seconds.left',
    ...['1min', '5min', '15min', '30min', '60min', '1day', '1mon'].map((period) => `market:periods.${period}`),
  ],
};

test('the locales folder holds exactly the eight languages', () => {
  const folders = fs.readdirSync(root).filter((name) => fs.statSync(path.join(root, name)).isDirectory());
  expect(folders.sort()).toEqual([...LANGUAGES].sort());
});

test('every reason the ledger records has its bill label (the other languages follow English, below)', () => {
  const english = read('en', 'assets.json');
  expect(LEDGER_REASONS.filter((reason) => !english.has(`bills.reasons.${reason}`))).toEqual([]);
});

describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
  test.each(namespaces)('%s has every English key (each plural form its language has), no others, and the same placeholders', (file) => {
    const english = expectedKeys(language, read('en', file));
    const translated = read(language, file);
    expect(
      [...translated.keys()].filter((key) => !english.has(key)),
      'keys English does not have',
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !translated.has(key)),
      'missing keys',
    ).toEqual([]);
    for (const [key, text] of english) {
      const other = translated.get(key) ?? '';
      expect(other.trim(), `${language}/${file} ${key} is empty`).not.toBe('');
      expect(placeholders(other), `${language}/${file} ${key} placeholders`).toEqual(placeholders(text));
    }
  });

  test('is a translation: a string equal to English is one the language really uses', () => {
    const copies: string[] = [];
    for (const file of namespaces) {
      const english = read('en', file);
      const translated = read(language, file);
      for (const [key, text] of english) {
        const name = `${file.replace(/\.json$/, '')}:${key}`;
        if (translated.get(key) === text && !SAME_AS_ENGLISH.has(name) && !(SAME_IN[language] ?? []).includes(name)) copies.push(name);
      }
    }
    expect(copies, 'strings left in English: translate them, or list them below when the language uses the English word').toEqual([]);
  });
});
