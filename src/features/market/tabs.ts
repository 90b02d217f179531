import { signal } from '@preact/signals-react';

/**
 * The market tab's lists (spec 2) and the one the user was on. Kept apart from the
 * screen: the route definition imports it into the entry chunk, the screen loads with
 * its route.
 */
export type MarketTab = 'favourites' | 'futures' | 'coins' | 'stock';
export const TABS: readonly MarketTab[] = ['favourites', 'futures', 'coins', 'stock'];

/** The tab a user was on, for coming back to the market tab. */
export const lastTab = signal<MarketTab>('coins');

/** ?tab=stock opens that list (the home's stock shortcut); without it the last one stays. */
export function marketSearch(search: Record<string, unknown>): { tab?: MarketTab } {
  const tab = TABS.find((key) => key === search['tab']);
  return tab ? { tab } : {};
}
