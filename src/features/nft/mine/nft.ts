import type { ApiOutput } from '../../../../contract/api';

/** The marketplace's records as the signed-in user's screens read them (contract/api/nft.ts). */
export type NftItem = ApiOutput<'GET /bind_box/getItem'>['item'];
export type NftHistory = ApiOutput<'GET /bind_box/getItem'>['history'][number];
export type NftBoxUnit = ApiOutput<'POST /bind_box/getMyNFTs'>['boxes'][number];
export type NftBid = ApiOutput<'POST /bind_box/getMyBindBoxQuotationLog'>['data'][number];
export type NftOrder = ApiOutput<'GET /bind_box/getNeedPayNFTOrder'>['data'][number];
export type NftMessage = ApiOutput<'GET /bind_box/getNFTMessages'>['data'][number];
export type NftCurrency = ApiOutput<'GET /bind_box/getNftCurrency'>[number];
export type NftRarity = NftItem['rarity'];

/**
 * A screen of the marketplace by path and search: the browse screens (a sale or a box,
 * /pages/nft/artworkDetail) or the user's own (/pages/nft/myNft, the Mine hub's tabs).
 */
export interface NftTarget {
  path: string;
  search: Record<string, string>;
}

/** A sale (fixed price or auction) or a blind box as the marketplace shows it to everyone. */
export function listingTarget(listing: { mode: 'normal' | 'auction' | 'box'; id: number }): NftTarget {
  return { path: '/pages/nft/artworkDetail', search: listing.mode === 'box' ? { id: String(listing.id), mode: 'box' } : { id: String(listing.id) } };
}

export const mineTarget = (tab: MineTab): NftTarget => ({ path: '/pages/nft/mine', search: { tab } });
export const itemTarget = (code: string): NftTarget => ({ path: '/pages/nft/myNft', search: { code } });

/** The Mine hub's tabs, in the order they show. */
import type { MineTab } from '../search';
export { isMineTab, MINE_TABS, type MineTab } from '../search';

/**
 * Where a message leads (spec 3 "messages"): an auction won or lost by not paying to the
 * orders, an outbid or a returned deposit to the auction, an item sold to its sale.
 */
export function messageTarget(message: Pick<NftMessage, 'kind' | 'sale_id' | 'order_id' | 'item'>): NftTarget | null {
  if (message.kind === 'won' || message.kind === 'expired') return mineTarget('orders');
  if (message.sale_id !== null) return listingTarget({ mode: message.kind === 'sold' ? 'normal' : 'auction', id: message.sale_id });
  return message.item ? itemTarget(message.item.code) : null;
}

/** An order's state for the orders tab: to pay (and how long is left), paid, or expired. */
export type OrderState = { kind: 'to_pay'; left: number } | { kind: 'overdue' } | { kind: 'paid' } | { kind: 'expired' };

export function orderState(order: Pick<NftOrder, 'status' | 'pay_by'>, now: number): OrderState {
  if (order.status === 'paid') return { kind: 'paid' };
  if (order.status === 'expired') return { kind: 'expired' };
  if (order.pay_by === null) return { kind: 'to_pay', left: Number.POSITIVE_INFINITY };
  // Past the deadline the server refuses the payment; the job marks it expired within seconds.
  return order.pay_by > now ? { kind: 'to_pay', left: order.pay_by - now } : { kind: 'overdue' };
}

/** Boxes not opened yet first (oldest first: bought first, opened first), then the opened ones, newest opened first. */
export function sortBoxes(units: readonly NftBoxUnit[]): NftBoxUnit[] {
  return [...units].sort((a, b) => {
    if ((a.opened_at === null) !== (b.opened_at === null)) return a.opened_at === null ? -1 : 1;
    if (a.opened_at === null || b.opened_at === null) return a.created_at - b.created_at || a.id - b.id;
    return b.opened_at - a.opened_at || b.id - a.id;
  });
}
