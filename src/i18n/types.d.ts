import 'i18next';
import type enChat from '../../locales/en/chat.json';
import type enCopy from '../../locales/en/copy.json';
import type enFinance from '../../locales/en/finance.json';
import type enGame from '../../locales/en/game.json';
import type enNft from '../../locales/en/nft.json';
import type enOtc from '../../locales/en/otc.json';
import type { english } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    /** the bundled English, and the namespaces their screens load (LATER_NAMESPACES) */
    resources: typeof english & { copy: typeof enCopy; finance: typeof enFinance; nft: typeof enNft; game: typeof enGame; otc: typeof enOtc; chat: typeof enChat };
  }
}
