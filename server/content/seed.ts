import { BCP47, LANGUAGES, type Language } from '../../contract/languages';
import { Money } from '../../contract/money';
import { ensureSetting } from '../common/settings';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { INSTRUMENTS } from '../market/instruments';
import { LEVER_FEE, LEVER_MAX_SHARE, LEVER_MIN_SHARE, LEVER_OVERNIGHT, leverMultiples, LIQUIDATION_RISK, OPTION_DURATIONS, OPTION_MAX_OPEN, SPOT_FEE, SPOT_MIN_NOTIONAL } from '../trading/config';
import { WITHDRAW_LIMIT_BTC } from '../wallet/withdrawals';
import { SEED_CONTENT, type BannerKey, type ContentFacts, type FaqKey, type GuideKey, type LanguageContent } from './seed-content';
import { BANNERS, NEWS, PAGE_KEYS, saveFaq, saveNews, savePage, SERVICE_LINK } from './service';

/** The demo's customer service address (README). */
export const SUPPORT_EMAIL = 'support@kestrel.local';

/** The trading rules and the configuration as the seed texts state them, formatted for one language. */
export function contentFacts(config: Pick<ServerConfig, 'signupGift' | 'autoApprove' | 'networks' | 'exchangeFee' | 'rebateRate'>, language: Language): ContentFacts {
  const locale = BCP47[language];
  const percent = (rate: Money) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(rate.toNumber());
  const number = (value: Money | number | string) => new Intl.NumberFormat(locale, { maximumFractionDigits: 8 }).format(new Money(value).toNumber());
  const cryptoMultiples = INSTRUMENTS.some((def) => def.kind === 'crypto' && def.contract) ? leverMultiples('crypto') : [];
  const stockMultiples = INSTRUMENTS.some((def) => def.kind === 'stock' && def.contract) ? leverMultiples('stock') : [];
  const allMultiples = [...cryptoMultiples, ...stockMultiples];
  // A worked example with a multiple the markets really offer.
  const exampleMultiple = cryptoMultiples.includes(10) ? 10 : (cryptoMultiples[0] ?? 1);
  const payouts = OPTION_DURATIONS.map((rule) => rule.ratio);
  const seconds = OPTION_DURATIONS.map((rule) => rule.seconds);
  const gift = new Money(config.signupGift);
  return {
    gift: gift.gt(0) ? number(gift) : null,
    autoDeposit: config.autoApprove.has('recharge'),
    support: SUPPORT_EMAIL,
    spotFee: percent(SPOT_FEE),
    spotMin: number(SPOT_MIN_NOTIONAL),
    convertFee: percent(new Money(config.exchangeFee)),
    leverFee: percent(LEVER_FEE),
    overnight: percent(LEVER_OVERNIGHT),
    liquidation: percent(LIQUIDATION_RISK),
    rebate: percent(new Money(config.rebateRate)),
    lotsMin: number(LEVER_MIN_SHARE),
    lotsMax: number(LEVER_MAX_SHARE),
    cryptoMultiples: cryptoMultiples.join(', '),
    stockMultiples: stockMultiples.join(', '),
    maxMultiple: String(Math.max(...allMultiples, 1)),
    example: { value: number(1000), multiple: String(exampleMultiple), margin: number(new Money(1000).div(exampleMultiple)) },
    options: OPTION_DURATIONS.map((rule) => ({ seconds: String(rule.seconds), payout: percent(rule.ratio), fee: percent(rule.feeRate), min: number(rule.min), max: number(rule.max) })),
    optionFees: [...new Set(OPTION_DURATIONS.map((rule) => percent(rule.feeRate)))].join(' / '),
    payoutLow: percent(Money.min(...payouts)),
    payoutHigh: percent(Money.max(...payouts)),
    secondsMin: String(Math.min(...seconds)),
    secondsMax: String(Math.max(...seconds)),
    optionMaxOpen: String(OPTION_MAX_OPEN),
    withdraw1: number(WITHDRAW_LIMIT_BTC[1] ?? '0'),
    withdraw2: number(WITHDRAW_LIMIT_BTC[2] ?? '0'),
    networks: config.networks.map((net) => ({
      label: net.currency === net.network ? net.currency : `${net.currency} (${net.network})`,
      coin: net.currency,
      network: net.network,
      min: number(net.minWithdraw),
      fee: number(net.withdrawFee),
    })),
  };
}

/** What the seed writes, newest first: the welcome notice is the pop-up. */
const GUIDES: readonly GuideKey[] = ['welcome', 'paper', 'futures', 'options', 'fees'];
const BANNER_KEYS: readonly BannerKey[] = ['paper', 'futures', 'fees'];
const FAQ_KEYS: readonly FaqKey[] = ['deposit', 'withdraw', 'levels', 'invite', 'liquidation', 'options'];

/**
 * First-start content in all eight languages. It fills only what is missing and never
 * overwrites: an article or question the seed wrote once (its seed_key) is not written
 * again, even when an operator deleted it; it only gains the languages it lacks. A page
 * gains the languages it lacks. The pop-up goes to the welcome notice only when no other
 * article is the notice. The demo also gets a customer service link.
 */
export async function seedContent(db: Db, config: Pick<ServerConfig, 'signupGift' | 'autoApprove' | 'demo' | 'networks' | 'exchangeFee' | 'rebateRate'>, now: number): Promise<void> {
  const texts = new Map<Language, LanguageContent>(LANGUAGES.map((language) => [language, SEED_CONTENT[language](contentFacts(config, language))]));
  const textOf = (language: Language): LanguageContent => {
    const content = texts.get(language);
    if (!content) throw new Error(`no seed content for ${language}`);
    return content;
  };

  await db.transaction().execute(async (trx) => {
    const items = [
      ...GUIDES.map((key, i) => ({ seedKey: `news:${key}`, category: NEWS, sort: 0, pop: key === 'welcome', at: now - i * 60_000, text: (c: LanguageContent) => c.news[key] })),
      ...BANNER_KEYS.map((key, i) => ({
        seedKey: `banner:${key}`,
        category: BANNERS,
        sort: i + 1,
        pop: false,
        at: now,
        text: (c: LanguageContent) => ({ ...c.banners[key], content: c.news[key].content }),
      })),
    ];
    for (const item of items) {
      const existing = await trx.selectFrom('news').select(['id', 'category', 'deleted_at']).where('seed_key', '=', item.seedKey).executeTakeFirst();
      if (existing?.deleted_at) continue;
      let id = existing?.id;
      const have = new Set(id === undefined ? [] : (await trx.selectFrom('news_texts').select('lang').where('news_id', '=', id).execute()).map((row) => row.lang));
      for (const language of LANGUAGES) {
        if (have.has(language)) continue;
        const text = item.text(textOf(language));
        if (id === undefined) {
          const otherNotice = await trx.selectFrom('news').select('id').where('pop', '=', 1).where('deleted_at', 'is', null).executeTakeFirst();
          id = (await saveNews(trx, { c_id: item.category, lang: language, ...text, sort: item.sort, pop: item.pop && !otherNotice }, item.at, item.seedKey)).id;
        } else {
          // Only this language is written; what the operator set (category, order, notice) stays.
          await saveNews(trx, { id, c_id: existing?.category ?? item.category, lang: language, ...text }, now);
        }
      }
    }

    for (const [index, key] of FAQ_KEYS.entries()) {
      const seedKey = `faq:${key}`;
      const existing = await trx.selectFrom('faqs').select(['id', 'deleted_at']).where('seed_key', '=', seedKey).executeTakeFirst();
      if (existing?.deleted_at) continue;
      let id = existing?.id;
      const have = new Set(id === undefined ? [] : (await trx.selectFrom('faq_texts').select('lang').where('faq_id', '=', id).execute()).map((row) => row.lang));
      for (const language of LANGUAGES) {
        if (have.has(language)) continue;
        const text = textOf(language).faq[key];
        id = (await saveFaq(trx, { id, lang: language, question: text.question, answer: text.answer, ...(id === undefined ? { sort: (index + 1) * 10 } : {}) }, now, seedKey)).id;
      }
    }

    for (const key of PAGE_KEYS) {
      const have = new Set((await trx.selectFrom('pages').select('lang').where('key', '=', key).execute()).map((row) => row.lang));
      for (const language of LANGUAGES) {
        if (!have.has(language)) await savePage(trx, { key, lang: language, ...textOf(language).pages[key] }, now);
      }
    }
  });

  if (config.demo) await ensureSetting(db, SERVICE_LINK, `mailto:${SUPPORT_EMAIL}`, true);
}
