import 'i18next';
import type enAlerts from '../../locales/en/alerts.json';
import type enAssets from '../../locales/en/assets.json';
import type enAuth from '../../locales/en/auth.json';
import type enChart from '../../locales/en/chart.json';
import type enChat from '../../locales/en/chat.json';
import type enCopy from '../../locales/en/copy.json';
import type enFinance from '../../locales/en/finance.json';
import type enGame from '../../locales/en/game.json';
import type enNft from '../../locales/en/nft.json';
import type enOtc from '../../locales/en/otc.json';
import type enPeople from '../../locales/en/people.json';
import type enSecurity from '../../locales/en/security.json';
import type enSettings from '../../locales/en/settings.json';
import type enTrade from '../../locales/en/trade.json';
import type enValidation from '../../locales/en/validation.json';
import type { english } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /** the bundled English, the shared namespaces (SHARED_NAMESPACES) and the namespaces their screens load (LATER_NAMESPACES) */
    resources: typeof english & {
      auth: typeof enAuth;
      settings: typeof enSettings;
      assets: typeof enAssets;
      trade: typeof enTrade;
      people: typeof enPeople;
      validation: typeof enValidation;
      copy: typeof enCopy;
      finance: typeof enFinance;
      nft: typeof enNft;
      game: typeof enGame;
      otc: typeof enOtc;
      chat: typeof enChat;
      security: typeof enSecurity;
      alerts: typeof enAlerts;
      chart: typeof enChart;
    };
  }
}
