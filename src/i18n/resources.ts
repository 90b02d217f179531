import type { Language } from '../../contract/languages';
import enAssets from '../../locales/en/assets.json';
import enAuth from '../../locales/en/auth.json';
import enCommon from '../../locales/en/common.json';
import enContent from '../../locales/en/content.json';
import enMarket from '../../locales/en/market.json';
import enPeople from '../../locales/en/people.json';
import enSettings from '../../locales/en/settings.json';
import enTrade from '../../locales/en/trade.json';
import enValidation from '../../locales/en/validation.json';

/**
 * The app's translation namespaces. English is bundled (it is the fallback); the
 * other languages are fetched when chosen. The server's own namespace is not here.
 */
export const APP_NAMESPACES = [
  'common',
  'auth',
  'settings',
  'market',
  'assets',
  'finance',
  'trade',
  'content',
  'people',
  'copy',
  'nft',
  'game',
  'otc',
  'chat',
  'validation',
] as const satisfies readonly string[];
export type AppNamespace = (typeof APP_NAMESPACES)[number];

export const english = { common: enCommon, auth: enAuth, settings: enSettings, market: enMarket, assets: enAssets, trade: enTrade, content: enContent, people: enPeople, validation: enValidation };

/**
 * Namespaces only their own screens use (copy trading, the finance shelf, the NFT marketplace, the mini game, OTC, chat): their English
 * is not bundled with the first screen but loaded by those screens' routes
 * (`loader: () => loadNamespace('copy')`, src/i18n/index.ts), in parallel with their chunks.
 */
export const LATER_NAMESPACES = ['copy', 'finance', 'nft', 'game', 'otc', 'chat'] as const;
export type LaterNamespace = (typeof LATER_NAMESPACES)[number];
const englishLater = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/en/{copy,finance,nft,game,otc,chat}.json');

export async function loadEnglish(namespace: LaterNamespace): Promise<Record<string, unknown>> {
  const load = englishLater[`../../locales/en/${namespace}.json`];
  if (!load) throw new Error(`missing translations en/${namespace}`);
  return (await load()).default;
}

const files = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/{common,auth,settings,market,assets,finance,trade,content,people,copy,nft,game,otc,chat,validation}.json');

export async function loadLanguage(language: Language): Promise<Record<AppNamespace, Record<string, unknown>>> {
  const entries = await Promise.all(
    APP_NAMESPACES.map(async (namespace) => {
      const load = files[`../../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`missing translations ${language}/${namespace}`);
      return [namespace, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<AppNamespace, Record<string, unknown>>;
}
