import type { ComponentType } from 'react';
import { AssetsIcon, FinanceIcon, HomeIcon, MarketIcon, TradeIcon } from '../ui/icons';

/** The bottom tabs, in the spec's order (home, market, trade, finance, assets). */
export interface Tab {
  key: 'home' | 'market' | 'trade' | 'finance' | 'assets';
  path: string;
  /** other paths that show this tab as selected */
  aliases: readonly string[];
  icon: ComponentType<{ size?: number }>;
}

export const TABS: readonly Tab[] = [
  { key: 'home', path: '/', aliases: ['/pages/index/index'], icon: HomeIcon },
  { key: 'market', path: '/pages/market/market', aliases: [], icon: MarketIcon },
  { key: 'trade', path: '/pages/transaction/index', aliases: [], icon: TradeIcon },
  { key: 'finance', path: '/pages/financial/index', aliases: [], icon: FinanceIcon },
  { key: 'assets', path: '/pages/fund/assets', aliases: [], icon: AssetsIcon },
];

export function tabOf(path: string): Tab | undefined {
  return TABS.find((tab) => tab.path === path || tab.aliases.includes(path));
}
