/**
 * The NFT routes' search parameters: what a route file validates, kept apart from the
 * screens so that the route definitions (in the first chunk) carry no screen code.
 */
export const SALE_MODES = ['all', 'normal', 'auction', 'box'] as const;
export type SaleModeFilter = (typeof SALE_MODES)[number];
export const isSaleModeFilter = (value: unknown): value is SaleModeFilter => typeof value === 'string' && (SALE_MODES as readonly string[]).includes(value);

export type NftListMode = 'normal' | 'auction' | 'box';
export const isListMode = (value: unknown): value is NftListMode => value === 'normal' || value === 'auction' || value === 'box';

export const SEARCH_TABS = ['sales', 'artists', 'collections'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const isSearchTab = (value: unknown): value is SearchTab => typeof value === 'string' && (SEARCH_TABS as readonly string[]).includes(value);

export const MINE_TABS = ['artworks', 'boxes', 'bids', 'orders', 'favourites', 'messages'] as const;
export type MineTab = (typeof MINE_TABS)[number];
export const isMineTab = (value: unknown): value is MineTab => typeof value === 'string' && (MINE_TABS as readonly string[]).includes(value);
