import type { ApiOutput } from '../../../contract/api';
import { Money, parseAmount } from '../../../contract/money';
import type { AuctionLive } from '../../../contract/realtime';

/** The marketplace's records as its public screens read them (contract/api/nft.ts). */
export type NftCard = ApiOutput<'GET /bind_box/getBoxList'>['data'][number];
export type NftSale = NonNullable<ApiOutput<'GET /bind_box/getBoxDetail'>['sale']>;
export type NftBox = NonNullable<ApiOutput<'GET /bind_box/getBoxDetail'>['box']>;
export type NftItem = NftSale['item'];
export type NftHistory = ApiOutput<'GET /bind_box/getItem'>['history'][number];
export type NftArtist = ApiOutput<'GET /bind_box/getArtist'>['data'][number];
export type NftCollection = ApiOutput<'GET /bind_box/getCollection'>['data'][number];
export type NftBid = ApiOutput<'POST /bind_box/getBindBoxQuotationLog'>['data'][number];
export type NftRarity = NftItem['rarity'];
export type NftMediaType = NftItem['media']['type'];
export type NftListMode = NftCard['mode'];

/** What a sale or a box is doing now, by the clock (spec 4): not started, on sale, ended. */
export type NftPhase = 'upcoming' | 'live' | 'ended';

/** The home's and the artwork list's segments: every mode, or one. */
export { isListMode, isSaleModeFilter, SALE_MODES, type SaleModeFilter } from './search';

/** The rarities from the most common up, the order a box's contents are summed in. */
export const RARITIES: readonly NftRarity[] = ['common', 'rare', 'epic', 'legendary'];

/**
 * The phase now from the start and end (spec 4: the status is computed from the current
 * time): the device's clock moves a card from "not started" to "on sale" to "ended"
 * without asking the server again. An auction's end can move later (a late bid): the
 * caller passes the newest end it knows.
 */
export function phaseAt(window: { start_at: number; end_at: number }, now: number): NftPhase {
  return now < window.start_at ? 'upcoming' : now < window.end_at ? 'live' : 'ended';
}

/** What the countdown counts to: the start before it, the end while on sale; nothing once ended. */
export function countdownTarget(window: { start_at: number; end_at: number }, now: number): { to: 'start' | 'end'; at: number } | null {
  const phase = phaseAt(window, now);
  if (phase === 'upcoming') return { to: 'start', at: window.start_at };
  if (phase === 'live') return { to: 'end', at: window.end_at };
  return null;
}

export { countdown } from '../../lib/clock';

/**
 * Why a typed bid cannot be sent (spec 5: above the current bid by the increment, so at
 * least the minimum the server names; at most the currency's decimals), or null. The
 * server checks the same against the auction as it stands when the bid arrives.
 */
export type BidProblem = { key: 'bid_invalid' } | { key: 'bid_decimals'; decimals: number } | { key: 'bid_low'; min: string };

export function bidProblem(typed: string, minBid: string, decimals: number): BidProblem | null {
  const price = parseAmount(typed, Number.POSITIVE_INFINITY);
  if (!price || price.lte(0)) return { key: 'bid_invalid' };
  if (price.decimalPlaces() > decimals) return { key: 'bid_decimals', decimals };
  if (price.lt(minBid)) return { key: 'bid_low', min: minBid };
  return null;
}

/** A box's items counted by rarity, with each rarity's share of the box (the odds of one box), rarest last. */
export function rarityOdds(items: readonly Pick<NftItem, 'rarity'>[]): { rarity: NftRarity; count: number; share: Money }[] {
  if (items.length === 0) return [];
  return RARITIES.flatMap((rarity) => {
    const count = items.filter((item) => item.rarity === rarity).length;
    return count === 0 ? [] : [{ rarity, count, share: new Money(count).div(items.length) }];
  });
}

/** What the balance leaves after paying `price`, or null when it is not enough. */
export function balanceAfter(available: string, price: string): Money | null {
  const left = new Money(available).minus(price);
  return left.lt(0) ? null : left;
}

/**
 * An auction's figures as they stand: the socket's push (src/core useAuctionWatch) once
 * one has come for this sale and is at least as new as what was loaded (bids only ever
 * grow), else the loaded sale's. The push also names the leader, shown in part.
 */
export interface AuctionFigures {
  status: string;
  current_bid: string | null;
  min_bid: string;
  bids: number;
  end_at: number;
  leader: string | null;
}

export function auctionFigures(sale: Pick<NftSale, 'id' | 'status' | 'current_bid' | 'min_bid' | 'price' | 'bids' | 'end_at'>, live: AuctionLive | null): AuctionFigures {
  if (live && live.id === sale.id && live.bids >= sale.bids)
    return { status: live.status, current_bid: live.current_bid, min_bid: live.min_bid, bids: live.bids, end_at: live.end_at, leader: live.leader };
  return { status: sale.status, current_bid: sale.current_bid, min_bid: sale.min_bid ?? sale.price, bids: sale.bids, end_at: sale.end_at, leader: null };
}
