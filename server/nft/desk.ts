import type { Selectable } from 'kysely';
import { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { NftBoxesTable, NftItemsTable, NftMessagesTable, NftOrdersTable, NftSalesTable } from '../db/schema';
import type { Catalogue } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { userAccount } from '../ledger/accounts';
import type { FeePath } from '../ledger/fees';
import { saleProceeds } from '../../contract/nft';
import type { HoldSource } from '../ledger/holds';
import { record } from '../ledger/ledger';
import { commitmentOf, drawn, newSeed } from './fair';

/**
 * The NFT marketplace's desk: everything that changes who owns an item or moves money,
 * each inside the step it is given.
 *
 * - A sale (fixed price or auction) or a blind box holds its items (nft_items.listed), so
 *   an item is offered once at a time. Resales wait for an operator's review (unless
 *   AUTO_APPROVE includes nft); what an operator makes is reviewed by being made.
 * - Buying pays at once: the price from the buyer's coin account to the seller's, less
 *   the exchange's fee (NFT_FEE, to the house fees account) and, on a resale, the
 *   creator's royalty (NFT_ROYALTY, to the creator), in one ledger transaction under the
 *   order's reference.
 * - An auction needs the bidder's deposit first (frozen in the coin account). A bid is at
 *   least the starting price, then the current bid plus the increment; a bid in the last
 *   five minutes moves the end five minutes on. At the end the winner's order is to be
 *   paid within 24 hours and every other deposit returns; the winner's returns when they
 *   pay. A winner who does not pay forfeits the deposit to the seller (it pays for the
 *   sale they held up) and the item stays with its owner.
 * - A blind box is bought at its price, numbered in order of purchase; opening it gives
 *   the item its number draws from the seed (server/nft/fair.ts). When the sale is over,
 *   the items no box drew are free again.
 */
export type NftSaleRow = Selectable<NftSalesTable>;
export type NftItemRow = Selectable<NftItemsTable>;
export type NftBoxRow = Selectable<NftBoxesTable>;
export type NftOrderRow = Selectable<NftOrdersTable>;

export interface NftDeps {
  db: Db;
  catalogue: Catalogue;
  fees: FeePath;
  now: () => number;
  /** NFT_FEE and NFT_ROYALTY */
  feeRate: Money;
  royaltyRate: Money;
  /** resales go live without review (AUTO_APPROVE includes nft) */
  autoApprove: boolean;
}

export const NFT_CURRENCY = 'USDT';
const MINUTE = 60_000;
/** A bid this close to the end moves the end this far on. */
export const ANTI_SNIPE_MS = 5 * MINUTE;
/** An auction's winner pays within this. */
export const PAY_WITHIN_MS = 24 * 60 * MINUTE;

export interface SaleInput {
  mode: 'normal' | 'auction';
  price: string;
  increment?: string | undefined;
  deposit?: string | undefined;
  start_at: number;
  end_at: number;
}

type Message = Pick<NftMessagesTable, 'kind'> & { userId: number; saleId?: number | null; orderId?: number | null; itemId?: number | null; amount?: string | null };

export class NftDesk {
  constructor(private readonly deps: NftDeps) {}

  currency(step: Pick<Step, 'catalogue'>) {
    return step.catalogue.currencyByCodeOf(NFT_CURRENCY);
  }

  async createArtist(step: Step, input: { user_id: number; name: string; bio: string; avatar: string }): Promise<number> {
    const user = await step.trx.selectFrom('users').select('id').where('id', '=', input.user_id).executeTakeFirst();
    if (!user) throw new ApiError('server:errors.record_unknown');
    const existing = await step.trx.selectFrom('nft_artists').select('user_id').where('user_id', '=', user.id).executeTakeFirst();
    if (existing) throw new ApiError('server:errors.nft_artist_exists');
    await step.trx.insertInto('nft_artists').values({ user_id: user.id, name: input.name, bio: input.bio, avatar: input.avatar, created_at: step.time }).execute();
    return user.id;
  }

  async createCollection(step: Step, input: { artist_uid: number; name: string; description: string; cover: string }): Promise<number> {
    const artist = await this.artistByUid(step, input.artist_uid);
    const { id } = await step.trx
      .insertInto('nft_collections')
      .values({ artist_id: artist, name: input.name, description: input.description, cover: input.cover, created_at: step.time })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Mints an artwork owned by its artist; its code is KN and its id. */
  async createItem(
    step: Step,
    input: { artist_uid: number; collection_id?: number | undefined; name: string; description: string; rarity: NftItemRow['rarity']; media_id: number; cover?: string | undefined },
  ): Promise<{ id: number; code: string }> {
    const artist = await this.artistByUid(step, input.artist_uid);
    const media = await step.trx.selectFrom('nft_media').select(['id', 'path', 'type']).where('id', '=', input.media_id).executeTakeFirst();
    if (!media) throw new ApiError('server:errors.nft_media_unknown');
    if (input.collection_id !== undefined) {
      const collection = await step.trx.selectFrom('nft_collections').select('artist_id').where('id', '=', input.collection_id).executeTakeFirst();
      if (collection?.artist_id !== artist) throw new ApiError('server:errors.nft_collection_unknown');
    }
    const cover = input.cover ?? (media.type === 'image' || media.type === 'gif' ? media.path : null);
    if (!cover) throw new ApiError('server:errors.nft_cover_required');
    const { id } = await step.trx
      .insertInto('nft_items')
      .values({
        code: `new-${step.time}-${media.id}`,
        name: input.name,
        description: input.description,
        creator_id: artist,
        owner_id: artist,
        collection_id: input.collection_id ?? null,
        rarity: input.rarity,
        media_id: media.id,
        cover,
        listed: null,
        created_at: step.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = `KN${String(id).padStart(6, '0')}`;
    await step.trx.updateTable('nft_items').set({ code }).where('id', '=', id).execute();
    return { id, code };
  }

  /**
   * Offers an item: by an operator on its owner's behalf (reviewed: live at once), or by
   * its owner (a resale: reviewed unless AUTO_APPROVE includes nft). Irreversible: there
   * is no withdrawing it (spec 4).
   */
  async offer(step: Step, item: NftItemRow, sellerId: number, input: SaleInput, options: { resale: boolean; reviewed: boolean }): Promise<NftSaleRow> {
    if (item.owner_id !== sellerId) throw new ApiError('server:errors.nft_not_owner');
    if (item.listed !== null) throw new ApiError('server:errors.nft_listed');
    const currency = this.currency(step);
    const decimals = currency.precision;
    const price = positive(input.price, decimals, 'server:errors.nft_price_invalid');
    let increment: Money | null = null;
    let deposit: Money | null = null;
    if (input.mode === 'auction') {
      increment = positive(input.increment ?? '', decimals, 'server:errors.nft_increment_invalid');
      deposit = positive(input.deposit ?? '', decimals, 'server:errors.nft_deposit_invalid');
    }
    if (!(input.start_at < input.end_at)) throw new ApiError('server:errors.nft_time_order');
    if (input.end_at <= step.time) throw new ApiError('server:errors.nft_time_past');
    const { id } = await step.trx
      .insertInto('nft_sales')
      .values({
        item_id: item.id,
        seller_id: sellerId,
        mode: input.mode,
        resale: options.resale ? 1 : 0,
        currency_id: currency.id,
        price: price.toFixed(),
        increment: increment?.toFixed() ?? null,
        deposit: deposit?.toFixed() ?? null,
        start_at: input.start_at,
        end_at: input.end_at,
        status: options.reviewed || this.deps.autoApprove ? 'live' : 'review',
        reason: null,
        current_bid: null,
        bidder_id: null,
        bids: 0,
        created_at: step.time,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Held by this sale from now: the guard keeps a twin request from offering it twice.
    const held = await step.trx
      .updateTable('nft_items')
      .set({ listed: `sale:${id}` })
      .where('id', '=', item.id)
      .where('listed', 'is', null)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) !== 1) throw new ApiError('server:errors.nft_listed');
    return saleRow(step, id);
  }

  /** An operator passes or refuses a resale waiting for review; a refused item is free again. */
  async review(step: Step, saleId: number, approve: boolean, reason: string | undefined): Promise<void> {
    const sale = await step.trx.selectFrom('nft_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
    if (!sale || sale.status !== 'review') throw new ApiError('server:errors.nft_not_in_review');
    if (approve) {
      await step.trx.updateTable('nft_sales').set({ status: 'live' }).where('id', '=', saleId).execute();
      return;
    }
    if (!reason) throw new ApiError('server:errors.reason_blank');
    await step.trx.updateTable('nft_sales').set({ status: 'rejected', reason, settled_at: step.time }).where('id', '=', saleId).execute();
    await step.trx.updateTable('nft_items').set({ listed: null }).where('id', '=', sale.item_id).execute();
  }

  /** Buys a fixed-price item while its sale is live. */
  async buy(step: Step, buyerId: number, saleId: number): Promise<NftOrderRow> {
    const sale = await step.trx.selectFrom('nft_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
    if (!sale || sale.mode !== 'normal') throw new ApiError('server:errors.nft_sale_unknown');
    this.liveOrRefuse(step, sale);
    if (sale.seller_id === buyerId) throw new ApiError('server:errors.nft_own_item');
    const item = await itemRow(step, sale.item_id);
    const order = await this.insertOrder(step, {
      kind: 'normal',
      sale_id: sale.id,
      box_id: null,
      item_id: item.id,
      buyer_id: buyerId,
      seller_id: sale.seller_id,
      price: sale.price,
      status: 'paid',
      pay_by: null,
      paid_at: step.time,
    });
    await this.pay(step, order, { creatorId: sale.resale === 1 ? item.creator_id : null });
    await this.transfer(step, item.id, buyerId);
    await step.trx.updateTable('nft_sales').set({ status: 'sold', settled_at: step.time }).where('id', '=', sale.id).execute();
    await this.message(step, { kind: 'sold', userId: sale.seller_id, saleId: sale.id, orderId: order.id, itemId: item.id, amount: sale.price });
    return orderRow(step, order.id);
  }

  /** Pays an auction's deposit: frozen until the auction ends. */
  async deposit(step: Step, userId: number, saleId: number): Promise<{ amount: string; currency: string }> {
    const sale = await step.trx.selectFrom('nft_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
    if (!sale || sale.mode !== 'auction' || sale.deposit === null) throw new ApiError('server:errors.nft_sale_unknown');
    if (sale.status !== 'live' || step.time >= sale.end_at) throw new ApiError('server:errors.nft_ended');
    if (sale.seller_id === userId) throw new ApiError('server:errors.nft_own_item');
    const existing = await step.trx.selectFrom('nft_deposits').select('id').where('sale_id', '=', sale.id).where('user_id', '=', userId).executeTakeFirst();
    if (existing) throw new ApiError('server:errors.nft_deposit_paid');
    const { id } = await step.trx
      .insertInto('nft_deposits')
      .values({ sale_id: sale.id, user_id: userId, currency_id: sale.currency_id, amount: sale.deposit, status: 'held', created_at: step.time, settled_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'nft_deposit',
      ref: { kind: 'nft-deposit', id },
      userId,
      memo: `NFT #${sale.id}`,
      movements: [{ from: userAccount(userId, sale.currency_id, 'change'), to: userAccount(userId, sale.currency_id, 'change', 'frozen'), amount: sale.deposit }],
      at: step.time,
    });
    return { amount: sale.deposit, currency: step.catalogue.currency(sale.currency_id).code };
  }

  /** A bid on the live auction of the item with this code. */
  async bid(step: Step, userId: number, code: string, priceText: string): Promise<NftSaleRow> {
    const item = await step.trx.selectFrom('nft_items').selectAll().where('code', '=', code).executeTakeFirst();
    const saleId = item?.listed?.startsWith('sale:') ? Number(item.listed.slice(5)) : null;
    const sale = saleId === null ? undefined : await step.trx.selectFrom('nft_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
    if (!sale || sale.mode !== 'auction') throw new ApiError('server:errors.nft_no_auction');
    this.liveOrRefuse(step, sale);
    if (sale.seller_id === userId) throw new ApiError('server:errors.nft_own_item');
    const deposit = await step.trx.selectFrom('nft_deposits').select('status').where('sale_id', '=', sale.id).where('user_id', '=', userId).executeTakeFirst();
    if (deposit?.status !== 'held') throw new ApiError('server:errors.nft_deposit_required', { amount: sale.deposit ?? '0', currency: step.catalogue.currency(sale.currency_id).code });
    if (sale.bidder_id === userId) throw new ApiError('server:errors.nft_bid_leading');
    const decimals = step.catalogue.currency(sale.currency_id).precision;
    const price = new Money(priceText);
    const min = minimumBid(sale);
    if (price.decimalPlaces() > decimals) throw new ApiError('server:errors.nft_price_invalid', { decimals });
    if (price.lt(min)) throw new ApiError('server:errors.nft_bid_low', { min: min.toFixed(), currency: step.catalogue.currency(sale.currency_id).code });
    await step.trx.insertInto('nft_bids').values({ sale_id: sale.id, user_id: userId, price: price.toFixed(), created_at: step.time }).execute();
    // No sniping: a bid in the last five minutes leaves five minutes for the others to answer.
    const endAt = sale.end_at - step.time < ANTI_SNIPE_MS ? step.time + ANTI_SNIPE_MS : sale.end_at;
    await step.trx
      .updateTable('nft_sales')
      .set({ current_bid: price.toFixed(), bidder_id: userId, bids: sale.bids + 1, end_at: endAt })
      .where('id', '=', sale.id)
      .execute();
    if (sale.bidder_id !== null) await this.message(step, { kind: 'outbid', userId: sale.bidder_id, saleId: sale.id, itemId: sale.item_id, amount: price.toFixed() });
    step.raise({ kind: 'nftAuction', saleId: sale.id });
    return saleRow(step, sale.id);
  }

  /** Auctions whose end has passed: the winner's order to pay, the other deposits back; answers how many. */
  async closeAuctions(step: Step): Promise<number> {
    const ended = await step.trx.selectFrom('nft_sales').selectAll().where('status', '=', 'live').where('mode', '=', 'auction').where('end_at', '<=', step.time).orderBy('id').limit(100).execute();
    for (const sale of ended) {
      step.raise({ kind: 'nftAuction', saleId: sale.id });
      const deposits = await step.trx.selectFrom('nft_deposits').selectAll().where('sale_id', '=', sale.id).where('status', '=', 'held').orderBy('id').execute();
      for (const deposit of deposits) if (deposit.user_id !== sale.bidder_id) await this.returnDeposit(step, deposit.id, 'returned');
      if (sale.bidder_id === null || sale.current_bid === null) {
        await step.trx.updateTable('nft_sales').set({ status: 'unsold', settled_at: sale.end_at }).where('id', '=', sale.id).execute();
        await step.trx.updateTable('nft_items').set({ listed: null }).where('id', '=', sale.item_id).execute();
        continue;
      }
      const order = await this.insertOrder(step, {
        kind: 'auction',
        sale_id: sale.id,
        box_id: null,
        item_id: sale.item_id,
        buyer_id: sale.bidder_id,
        seller_id: sale.seller_id,
        price: sale.current_bid,
        status: 'to_pay',
        pay_by: sale.end_at + PAY_WITHIN_MS,
        paid_at: null,
      });
      await step.trx.updateTable('nft_sales').set({ status: 'awarded', settled_at: sale.end_at }).where('id', '=', sale.id).execute();
      await this.message(step, { kind: 'won', userId: sale.bidder_id, saleId: sale.id, orderId: order.id, itemId: sale.item_id, amount: sale.current_bid });
    }
    return ended.length;
  }

  /** Fixed-price sales that ended unsold: their items are free again. */
  async closeUnsold(step: Step): Promise<number> {
    const ended = await step.trx
      .selectFrom('nft_sales')
      .select(['id', 'item_id', 'end_at'])
      .where('status', '=', 'live')
      .where('mode', '=', 'normal')
      .where('end_at', '<=', step.time)
      .limit(200)
      .execute();
    for (const sale of ended) {
      await step.trx.updateTable('nft_sales').set({ status: 'unsold', settled_at: sale.end_at }).where('id', '=', sale.id).execute();
      await step.trx.updateTable('nft_items').set({ listed: null }).where('id', '=', sale.item_id).execute();
    }
    // Resales still waiting for review when their time is over are refused by the clock.
    const stale = await step.trx.selectFrom('nft_sales').select(['id', 'item_id']).where('status', '=', 'review').where('end_at', '<=', step.time).execute();
    for (const sale of stale) {
      await step.trx.updateTable('nft_sales').set({ status: 'unsold', settled_at: step.time }).where('id', '=', sale.id).execute();
      await step.trx.updateTable('nft_items').set({ listed: null }).where('id', '=', sale.item_id).execute();
    }
    return ended.length + stale.length;
  }

  /** The winner pays an auction before its deadline: the price, the deposit back, the item theirs. */
  async payOrder(step: Step, userId: number, orderId: number): Promise<NftOrderRow> {
    const order = await step.trx.selectFrom('nft_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || order.buyer_id !== userId) throw new ApiError('server:errors.nft_order_unknown');
    if (order.status === 'paid') throw new ApiError('server:errors.nft_order_paid');
    if (order.status === 'expired' || (order.pay_by !== null && step.time > order.pay_by)) throw new ApiError('server:errors.nft_order_expired');
    const sale = await step.trx
      .selectFrom('nft_sales')
      .selectAll()
      .where('id', '=', order.sale_id ?? 0)
      .executeTakeFirstOrThrow();
    const item = await itemRow(step, sale.item_id);
    await step.trx.updateTable('nft_orders').set({ status: 'paid', paid_at: step.time }).where('id', '=', order.id).execute();
    await this.pay(step, order, { creatorId: sale.resale === 1 ? item.creator_id : null });
    const deposit = await step.trx.selectFrom('nft_deposits').select('id').where('sale_id', '=', sale.id).where('user_id', '=', userId).where('status', '=', 'held').executeTakeFirst();
    if (deposit) await this.returnDeposit(step, deposit.id, null);
    await this.transfer(step, item.id, userId);
    await step.trx.updateTable('nft_sales').set({ status: 'sold' }).where('id', '=', sale.id).execute();
    await this.message(step, { kind: 'sold', userId: sale.seller_id, saleId: sale.id, orderId: order.id, itemId: item.id, amount: order.price });
    return orderRow(step, order.id);
  }

  /** Orders not paid in time: the deposit forfeited to the seller, the item back with its owner. */
  async expireOrders(step: Step): Promise<number> {
    const due = await step.trx.selectFrom('nft_orders').selectAll().where('status', '=', 'to_pay').where('pay_by', '<', step.time).orderBy('id').limit(100).execute();
    for (const order of due) {
      const sale = await step.trx
        .selectFrom('nft_sales')
        .selectAll()
        .where('id', '=', order.sale_id ?? 0)
        .executeTakeFirstOrThrow();
      await step.trx.updateTable('nft_orders').set({ status: 'expired' }).where('id', '=', order.id).execute();
      const deposit = await step.trx.selectFrom('nft_deposits').selectAll().where('sale_id', '=', sale.id).where('user_id', '=', order.buyer_id).where('status', '=', 'held').executeTakeFirst();
      if (deposit) {
        await record(step, {
          reason: 'nft_deposit_forfeit',
          ref: { kind: 'nft-deposit-forfeit', id: deposit.id },
          userId: order.buyer_id,
          memo: `NFT #${sale.id}`,
          movements: [{ from: userAccount(order.buyer_id, deposit.currency_id, 'change', 'frozen'), to: userAccount(sale.seller_id, deposit.currency_id, 'change'), amount: deposit.amount }],
          at: step.time,
        });
        await step.trx.updateTable('nft_deposits').set({ status: 'forfeited', settled_at: step.time }).where('id', '=', deposit.id).execute();
        await this.message(step, { kind: 'forfeit', userId: sale.seller_id, saleId: sale.id, orderId: order.id, itemId: sale.item_id, amount: deposit.amount });
      }
      await step.trx.updateTable('nft_sales').set({ status: 'unsold' }).where('id', '=', sale.id).execute();
      await step.trx.updateTable('nft_items').set({ listed: null }).where('id', '=', sale.item_id).execute();
      await this.message(step, { kind: 'expired', userId: order.buyer_id, saleId: sale.id, orderId: order.id, itemId: sale.item_id, amount: deposit?.amount ?? null });
    }
    return due.length;
  }

  /** A blind box of one owner's items; the commitment is published at once. */
  async createBox(step: Step, input: { name: string; description: string; cover: string; price: string; start_at: number; end_at: number; codes: readonly string[] }): Promise<NftBoxRow> {
    const codes = [...new Set(input.codes)];
    if (codes.length !== input.codes.length || codes.length === 0 || codes.length > 256) throw new ApiError('server:errors.nft_codes_invalid');
    const items = await step.trx.selectFrom('nft_items').selectAll().where('code', 'in', codes).execute();
    if (items.length !== codes.length) throw new ApiError('server:errors.nft_codes_invalid');
    const owner = items[0]?.owner_id ?? 0;
    if (items.some((item) => item.owner_id !== owner)) throw new ApiError('server:errors.nft_box_owners');
    if (items.some((item) => item.listed !== null)) throw new ApiError('server:errors.nft_listed');
    const currency = this.currency(step);
    const price = positive(input.price, currency.precision, 'server:errors.nft_price_invalid');
    if (!(input.start_at < input.end_at)) throw new ApiError('server:errors.nft_time_order');
    if (input.end_at <= step.time) throw new ApiError('server:errors.nft_time_past');
    const seed = newSeed();
    const { id } = await step.trx
      .insertInto('nft_boxes')
      .values({
        seller_id: owner,
        name: input.name,
        description: input.description,
        cover: input.cover,
        currency_id: currency.id,
        price: price.toFixed(),
        start_at: input.start_at,
        end_at: input.end_at,
        contents: JSON.stringify(codes),
        commitment: commitmentOf(seed, codes),
        seed,
        sold: 0,
        status: 'live',
        reason: null,
        created_at: step.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await step.trx
      .updateTable('nft_items')
      .set({ listed: `box:${id}` })
      .where('code', 'in', codes)
      .execute();
    return boxRow(step, id);
  }

  /** Buys the next box of a live box sale: numbered, paid at once, opened later. */
  async buyBox(step: Step, buyerId: number, boxId: number): Promise<NftOrderRow> {
    const box = await step.trx.selectFrom('nft_boxes').selectAll().where('id', '=', boxId).executeTakeFirst();
    if (!box) throw new ApiError('server:errors.nft_sale_unknown');
    if (box.status !== 'live' || step.time < box.start_at) throw new ApiError('server:errors.nft_not_started');
    if (step.time >= box.end_at) throw new ApiError('server:errors.nft_ended');
    if (box.seller_id === buyerId) throw new ApiError('server:errors.nft_own_item');
    const codes = contentsOf(box);
    if (box.sold >= codes.length) throw new ApiError('server:errors.nft_sold_out');
    const number = box.sold + 1;
    await step.trx.insertInto('nft_box_units').values({ box_id: box.id, number, owner_id: buyerId, item_id: null, created_at: step.time, opened_at: null }).execute();
    const moved = await step.trx.updateTable('nft_boxes').set({ sold: number }).where('id', '=', box.id).where('sold', '=', box.sold).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new ApiError('server:errors.nft_sold_out');
    const order = await this.insertOrder(step, {
      kind: 'box',
      sale_id: null,
      box_id: box.id,
      item_id: null,
      buyer_id: buyerId,
      seller_id: box.seller_id,
      price: box.price,
      status: 'paid',
      pay_by: null,
      paid_at: step.time,
    });
    await this.pay(step, order, { creatorId: null });
    return orderRow(step, order.id);
  }

  /** Opens one of the buyer's boxes: the item its number draws becomes theirs. */
  async openBox(step: Step, userId: number, unitId: number): Promise<number> {
    const unit = await step.trx.selectFrom('nft_box_units').selectAll().where('id', '=', unitId).executeTakeFirst();
    if (!unit || unit.owner_id !== userId) throw new ApiError('server:errors.nft_box_unknown');
    if (unit.opened_at !== null) throw new ApiError('server:errors.nft_box_opened');
    const box = await step.trx.selectFrom('nft_boxes').selectAll().where('id', '=', unit.box_id).executeTakeFirstOrThrow();
    const code = drawn(box.seed, contentsOf(box), unit.number);
    const item = await step.trx.selectFrom('nft_items').select(['id', 'listed']).where('code', '=', code).executeTakeFirstOrThrow();
    if (item.listed !== `box:${box.id}`) throw new Error(`item ${code} drawn by box ${box.id} #${unit.number} is not held by the box`);
    await step.trx.updateTable('nft_box_units').set({ item_id: item.id, opened_at: step.time }).where('id', '=', unit.id).execute();
    await this.transfer(step, item.id, userId);
    return unit.id;
  }

  /** Box sales that are over: the items no box drew are free again. */
  async closeBoxes(step: Step): Promise<number> {
    const ended = await step.trx.selectFrom('nft_boxes').selectAll().where('status', '=', 'live').where('end_at', '<=', step.time).execute();
    for (const box of ended) {
      const codes = contentsOf(box);
      const free = codes.filter((code) => !drawnCodes(box).has(code));
      if (free.length > 0) await step.trx.updateTable('nft_items').set({ listed: null }).where('code', 'in', free).where('listed', '=', `box:${box.id}`).execute();
      await step.trx.updateTable('nft_boxes').set({ status: 'ended' }).where('id', '=', box.id).execute();
    }
    return ended.length;
  }

  async favourite(step: Step, userId: number, itemId: number): Promise<{ collected: boolean; favourites: number }> {
    const item = await step.trx.selectFrom('nft_items').select('id').where('id', '=', itemId).executeTakeFirst();
    if (!item) throw new ApiError('server:errors.nft_item_unknown');
    const removed = await step.trx.deleteFrom('nft_favourites').where('user_id', '=', userId).where('item_id', '=', itemId).executeTakeFirst();
    const collected = Number(removed.numDeletedRows) === 0;
    if (collected) await step.trx.insertInto('nft_favourites').values({ user_id: userId, item_id: itemId, created_at: step.time }).execute();
    const count = await step.trx
      .selectFrom('nft_favourites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('item_id', '=', itemId)
      .executeTakeFirstOrThrow();
    return { collected, favourites: Number(count.n) };
  }

  // ----- inside the desk

  private async artistByUid(step: Step, uid: number): Promise<number> {
    const row = await step.trx.selectFrom('nft_artists').innerJoin('users', 'users.id', 'nft_artists.user_id').select('nft_artists.user_id').where('users.uid', '=', uid).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.nft_artist_unknown');
    return row.user_id;
  }

  private liveOrRefuse(step: Step, sale: NftSaleRow): void {
    if (sale.status === 'review') throw new ApiError('server:errors.nft_in_review');
    if (sale.status !== 'live' || step.time >= sale.end_at) throw new ApiError('server:errors.nft_ended');
    if (step.time < sale.start_at) throw new ApiError('server:errors.nft_not_started');
  }

  private async insertOrder(step: Step, values: Omit<NftOrderRow, 'id' | 'created_at' | 'fee' | 'royalty' | 'currency_id'>): Promise<NftOrderRow> {
    const { id } = await step.trx
      .insertInto('nft_orders')
      .values({ ...values, currency_id: this.currency(step).id, fee: null, royalty: null, created_at: step.time })
      .returning('id')
      .executeTakeFirstOrThrow();
    return orderRow(step, id);
  }

  /** The price from the buyer to the seller, less the fee (to the house) and a resale's royalty (to the creator). */
  private async pay(step: Step, order: NftOrderRow, options: { creatorId: number | null }): Promise<void> {
    const currency = step.catalogue.currency(order.currency_id);
    const price = new Money(order.price);
    const { fee, royalty } = saleProceeds(
      price,
      { fee_rate: this.deps.feeRate.toFixed(), royalty_rate: this.deps.royaltyRate.toFixed(), precision: currency.precision },
      options.creatorId !== null && options.creatorId !== order.seller_id,
    );
    const seller = userAccount(order.seller_id, currency.id, 'change');
    await this.deps.fees.record(
      step,
      {
        reason: 'nft_buy',
        ref: { kind: 'nft-order', id: order.id },
        userId: order.buyer_id,
        memo: `NFT #${order.id}`,
        movements: [
          { from: userAccount(order.buyer_id, currency.id, 'change'), to: seller, amount: price },
          ...(royalty.gt(0) && options.creatorId !== null ? [{ from: seller, to: userAccount(options.creatorId, currency.id, 'change'), amount: royalty }] : []),
        ],
        at: step.time,
      },
      fee.gt(0) ? [{ payer: order.seller_id, from: seller, currency: currency.id, amount: fee, ref: { kind: 'nft-order', id: order.id }, rebate: null, memo: `NFT #${order.id}` }] : [],
    );
    await step.trx
      .updateTable('nft_orders')
      .set({ fee: fee.toFixed(currency.precision), royalty: royalty.toFixed(currency.precision) })
      .where('id', '=', order.id)
      .execute();
  }

  private async returnDeposit(step: Step, depositId: number, notice: 'returned' | null): Promise<void> {
    const deposit = await step.trx.selectFrom('nft_deposits').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
    await record(step, {
      reason: 'nft_deposit_return',
      ref: { kind: 'nft-deposit-return', id: deposit.id },
      userId: deposit.user_id,
      memo: `NFT #${deposit.sale_id}`,
      movements: [{ from: userAccount(deposit.user_id, deposit.currency_id, 'change', 'frozen'), to: userAccount(deposit.user_id, deposit.currency_id, 'change'), amount: deposit.amount }],
      at: step.time,
    });
    await step.trx.updateTable('nft_deposits').set({ status: 'returned', settled_at: step.time }).where('id', '=', deposit.id).execute();
    if (notice) {
      const sale = await step.trx.selectFrom('nft_sales').select('item_id').where('id', '=', deposit.sale_id).executeTakeFirstOrThrow();
      await this.message(step, { kind: notice, userId: deposit.user_id, saleId: deposit.sale_id, itemId: sale.item_id, amount: deposit.amount });
    }
  }

  private async transfer(step: Step, itemId: number, to: number): Promise<void> {
    await step.trx.updateTable('nft_items').set({ owner_id: to, listed: null }).where('id', '=', itemId).execute();
  }

  private async message(step: Step, message: Message): Promise<void> {
    await step.trx
      .insertInto('nft_messages')
      .values({
        user_id: message.userId,
        kind: message.kind,
        sale_id: message.saleId ?? null,
        order_id: message.orderId ?? null,
        item_id: message.itemId ?? null,
        amount: message.amount ?? null,
        read_at: null,
        created_at: step.time,
      })
      .execute();
  }
}

function positive(text: string, decimals: number, key: 'server:errors.nft_price_invalid' | 'server:errors.nft_increment_invalid' | 'server:errors.nft_deposit_invalid'): Money {
  if (!/^(0|[1-9][0-9]{0,20})(\.[0-9]{1,30})?$/.test(text)) throw new ApiError(key, { decimals });
  const value = new Money(text);
  if (value.lte(0) || value.decimalPlaces() > decimals) throw new ApiError(key, { decimals });
  return value;
}

/** The lowest bid accepted now: the starting price, then the current bid plus the increment. */
export function minimumBid(sale: Pick<NftSaleRow, 'price' | 'current_bid' | 'increment'>): Money {
  return sale.current_bid === null ? new Money(sale.price) : new Money(sale.current_bid).plus(sale.increment ?? 0);
}

export function contentsOf(box: Pick<NftBoxRow, 'contents'>): string[] {
  return JSON.parse(box.contents) as string[];
}

/** The codes the boxes sold so far draw. */
function drawnCodes(box: NftBoxRow): Set<string> {
  const codes = contentsOf(box);
  const result = new Set<string>();
  for (let number = 1; number <= box.sold; number++) result.add(drawn(box.seed, codes, number));
  return result;
}

/** Whether a box's seed is published: its sale has ended or sold out. */
export function seedPublished(box: Pick<NftBoxRow, 'end_at' | 'sold' | 'contents' | 'status'>, now: number): boolean {
  return box.status === 'ended' || now >= box.end_at || box.sold >= contentsOf(box).length;
}

async function saleRow(step: Step, id: number): Promise<NftSaleRow> {
  return step.trx.selectFrom('nft_sales').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function itemRow(step: Step, id: number): Promise<NftItemRow> {
  return step.trx.selectFrom('nft_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function boxRow(step: Step, id: number): Promise<NftBoxRow> {
  return step.trx.selectFrom('nft_boxes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderRow(step: Step, id: number): Promise<NftOrderRow> {
  return step.trx.selectFrom('nft_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An auction's deposits wait frozen in the coin account until it ends (or its winner pays). */
export const nftHolds: HoldSource[] = [
  {
    name: 'NFT auction deposits',
    part: 'frozen',
    list: async (db) =>
      (await db.selectFrom('nft_deposits').select(['user_id', 'currency_id', 'amount']).where('status', '=', 'held').execute()).map((row) => ({
        userId: row.user_id,
        currency: row.currency_id,
        kind: 'change' as const,
        amount: row.amount,
      })),
  },
];

/** The NFT job: auctions ended, payments overdue, sales and box sales over; each from stored state, in its own step. */
export async function runNft(ctx: { exchange: { run<T>(work: (step: Step) => Promise<T>): Promise<T> }; nft: NftDesk }): Promise<{ auctions: number; expired: number; closed: number; boxes: number }> {
  const auctions = await ctx.exchange.run((step) => ctx.nft.closeAuctions(step));
  const expired = await ctx.exchange.run((step) => ctx.nft.expireOrders(step));
  const closed = await ctx.exchange.run((step) => ctx.nft.closeUnsold(step));
  const boxes = await ctx.exchange.run((step) => ctx.nft.closeBoxes(step));
  return { auctions, expired, closed, boxes };
}
