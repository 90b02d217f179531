import type { Language } from '../../contract/languages';
import enCommon from '../../locales/en/common.json';
import enContent from '../../locales/en/content.json';
import enMarket from '../../locales/en/market.json';

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
  'security',
  'alerts',
  'validation',
  'chart',
] as const satisfies readonly string[];
export type AppNamespace = (typeof APP_NAMESPACES)[number];

/**
 * The English bundled with the app: what the first screens (the home and market tabs,
 * FIRST_SCREENS) and the shell around every screen say. tests/unit/namespaces.test.ts
 * holds those screens to these namespaces.
 */
export const BUNDLED_NAMESPACES = ['common', 'market', 'content'] as const;
export const english = { common: enCommon, market: enMarket, content: enContent } satisfies Record<(typeof BUNDLED_NAMESPACES)[number], unknown>;

export { FIRST_SCREENS } from '../app/first-screens';

/**
 * The English most other screens share (forms, account, assets, trading, settings):
 * fetched together before any screen but the first ones opens (the root route's
 * beforeLoad), and once the first screen has loaded, so moving on does not wait.
 */
export const SHARED_NAMESPACES = ['auth', 'settings', 'assets', 'trade', 'people', 'validation'] as const;

/**
 * Namespaces only their own screens use (copy trading, the finance shelf, the NFT marketplace, the mini game, OTC, chat, account security, price alerts, the pair
 * chart's indicator settings): their English
 * is not bundled with the first screen but loaded by those screens' routes
 * (`loader: () => loadNamespace('copy')`, src/i18n/index.ts), in parallel with their chunks.
 */
export const LATER_NAMESPACES = ['copy', 'finance', 'nft', 'game', 'otc', 'chat', 'security', 'alerts', 'chart'] as const;
export type LaterNamespace = (typeof LATER_NAMESPACES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../locales/*/{common,auth,settings,market,assets,finance,trade,content,people,copy,nft,game,otc,chat,security,alerts,chart,validation}.json',
);

/** Some namespaces of a language, fetched together: a language when chosen, English the app does not bundle. */
export async function loadNamespaces<N extends AppNamespace>(language: Language, namespaces: readonly N[]): Promise<Record<N, Record<string, unknown>>> {
  const entries = await Promise.all(
    namespaces.map(async (namespace) => {
      const load = files[`../../locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`missing translations ${language}/${namespace}`);
      return [namespace, (await load()).default] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<N, Record<string, unknown>>;
}
