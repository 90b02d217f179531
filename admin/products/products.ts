/**
 * The Products screen's place in the URL (#/products?tab=lockup): one tab per product the
 * operator runs, each its own component (and chunk) under admin/products/.
 */
export const TABS = ['lockup', 'dual', 'ieo', 'coupons', 'rates', 'fees'] as const;
export type ProductsTab = (typeof TABS)[number];

export const isProductsTab = (value: unknown): value is ProductsTab => typeof value === 'string' && (TABS as readonly string[]).includes(value);

export interface ProductsSearch {
  tab: ProductsTab;
}

export function productsSearch(search: Record<string, unknown>): ProductsSearch {
  return { tab: isProductsTab(search['tab']) ? search['tab'] : 'lockup' };
}
