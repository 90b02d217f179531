import type { Static } from '@sinclair/typebox';
import type { NftBox, NftCard, NftItem, NftOrder, NftSale } from '../../contract/api';
import type { NftPerson } from '../../contract/api/nft';
import type { AuctionLive } from '../../contract/realtime';
import type { Db } from '../db/database';
import type { Catalogue } from '../exchange/catalogue';
import { contentsOf, minimumBid, seedPublished, type NftBoxRow, type NftOrderRow, type NftSaleRow } from './desk';

/** Rows of the NFT tables -> what the API answers. */
type Person = Static<typeof NftPerson>;
type Item = Static<typeof NftItem>;

export type Phase = 'upcoming' | 'live' | 'ended';
export function phaseOf(row: { start_at: number; end_at: number }, now: number): Phase {
  return now < row.start_at ? 'upcoming' : now < row.end_at ? 'live' : 'ended';
}

/** Users as the marketplace shows them: an artist by the artist's profile, anyone else by nickname and avatar. */
export async function people(db: Db, ids: readonly number[]): Promise<Map<number, Person>> {
  const result = new Map<number, Person>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const rows = await db
    .selectFrom('users')
    .leftJoin('nft_artists', 'nft_artists.user_id', 'users.id')
    .select(['users.id', 'users.uid', 'users.nickname', 'users.head_portrait', 'nft_artists.name as artist_name', 'nft_artists.avatar as artist_avatar'])
    .where('users.id', 'in', unique)
    .execute();
  for (const row of rows) result.set(row.id, { uid: row.uid, name: row.artist_name ?? row.nickname, avatar: row.artist_avatar ?? row.head_portrait });
  return result;
}

const nobody: Person = { uid: 0, name: '', avatar: '' };

export async function itemViews(db: Db, ids: readonly number[]): Promise<Map<number, Item>> {
  const result = new Map<number, Item>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const rows = await db
    .selectFrom('nft_items')
    .innerJoin('nft_media', 'nft_media.id', 'nft_items.media_id')
    .leftJoin('nft_collections', 'nft_collections.id', 'nft_items.collection_id')
    .select([
      'nft_items.id',
      'nft_items.code',
      'nft_items.name',
      'nft_items.description',
      'nft_items.rarity',
      'nft_items.cover',
      'nft_items.creator_id',
      'nft_items.owner_id',
      'nft_items.listed',
      'nft_items.collection_id',
      'nft_collections.name as collection_name',
      'nft_media.type',
      'nft_media.path',
      'nft_media.mime',
      'nft_media.width',
      'nft_media.height',
      'nft_media.duration_ms',
    ])
    .where('nft_items.id', 'in', unique)
    .execute();
  const persons = await people(
    db,
    rows.flatMap((row) => [row.creator_id, row.owner_id]),
  );
  const favourites = new Map(
    (
      await db
        .selectFrom('nft_favourites')
        .select(['item_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('item_id', 'in', unique)
        .groupBy('item_id')
        .execute()
    ).map((row) => [row.item_id, Number(row.n)]),
  );
  for (const row of rows) {
    const [kind, id] = row.listed?.split(':') ?? [];
    result.set(row.id, {
      id: row.id,
      code: row.code,
      name: row.name,
      description: row.description,
      rarity: row.rarity,
      media: { type: row.type, url: row.path, mime: row.mime, width: row.width, height: row.height, duration_ms: row.duration_ms },
      cover: row.cover,
      creator: persons.get(row.creator_id) ?? nobody,
      owner: persons.get(row.owner_id) ?? nobody,
      collection: row.collection_id === null ? null : { id: row.collection_id, name: row.collection_name ?? '' },
      favourites: favourites.get(row.id) ?? 0,
      listing: kind === 'sale' ? { mode: 'normal', id: Number(id) } : kind === 'box' ? { mode: 'box', id: Number(id) } : null,
    });
  }
  // A sale's listing names its own mode.
  const saleIds = [...result.values()].flatMap((item) => (item.listing && item.listing.mode !== 'box' ? [item.listing.id] : []));
  if (saleIds.length > 0) {
    const modes = new Map((await db.selectFrom('nft_sales').select(['id', 'mode']).where('id', 'in', saleIds).execute()).map((row) => [row.id, row.mode]));
    for (const item of result.values()) if (item.listing && item.listing.mode !== 'box') item.listing = { mode: modes.get(item.listing.id) ?? 'normal', id: item.listing.id };
  }
  return result;
}

export async function saleViews(db: Db, catalogue: Catalogue, rows: readonly NftSaleRow[], now: number, viewer: number | null = null): Promise<Static<typeof NftSale>[]> {
  const items = await itemViews(
    db,
    rows.map((row) => row.item_id),
  );
  const sellers = await people(
    db,
    rows.map((row) => row.seller_id),
  );
  const auctions = rows.filter((row) => row.mode === 'auction').map((row) => row.id);
  const deposits = new Map(
    viewer === null || auctions.length === 0
      ? []
      : (await db.selectFrom('nft_deposits').select(['sale_id', 'amount', 'status']).where('user_id', '=', viewer).where('sale_id', 'in', auctions).execute()).map(
          (row) => [row.sale_id, { amount: row.amount, status: row.status }] as const,
        ),
  );
  return rows.flatMap((row) => {
    const item = items.get(row.item_id);
    if (!item) return [];
    return [
      {
        id: row.id,
        mode: row.mode,
        item,
        seller: sellers.get(row.seller_id) ?? nobody,
        resale: row.resale === 1,
        currency_id: row.currency_id,
        currency: catalogue.currency(row.currency_id).code,
        price: row.price,
        increment: row.increment,
        deposit: row.deposit,
        start_at: row.start_at,
        end_at: row.end_at,
        phase: phaseOf(row, now),
        status: row.status,
        reason: row.reason,
        current_bid: row.current_bid,
        min_bid: row.mode === 'auction' ? minimumBid(row).toFixed() : null,
        bids: row.bids,
        my_deposit: deposits.get(row.id) ?? null,
      },
    ];
  });
}

export async function boxView(db: Db, catalogue: Catalogue, row: NftBoxRow, now: number): Promise<Static<typeof NftBox>> {
  const codes = contentsOf(row);
  const itemRows = await db.selectFrom('nft_items').select(['id', 'code']).where('code', 'in', codes).execute();
  const items = await itemViews(
    db,
    itemRows.map((item) => item.id),
  );
  const byCode = new Map([...items.values()].map((item) => [item.code, item]));
  const openings = await db
    .selectFrom('nft_box_units')
    .innerJoin('nft_items', 'nft_items.id', 'nft_box_units.item_id')
    .select(['nft_box_units.number', 'nft_items.code'])
    .where('nft_box_units.box_id', '=', row.id)
    .orderBy('nft_box_units.number')
    .execute();
  const seller = (await people(db, [row.seller_id])).get(row.seller_id) ?? nobody;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cover: row.cover,
    seller,
    currency_id: row.currency_id,
    currency: catalogue.currency(row.currency_id).code,
    price: row.price,
    start_at: row.start_at,
    end_at: row.end_at,
    phase: phaseOf(row, now),
    status: row.status,
    total: codes.length,
    sold: row.sold,
    contents: codes,
    items: codes.flatMap((code) => {
      const item = byCode.get(code);
      return item ? [item] : [];
    }),
    commitment: row.commitment,
    seed: seedPublished(row, now) ? row.seed : null,
    openings: openings.map((opening) => ({ number: opening.number, code: opening.code })),
  };
}

export async function saleCards(db: Db, catalogue: Catalogue, rows: readonly NftSaleRow[], now: number): Promise<Static<typeof NftCard>[]> {
  return (await saleViews(db, catalogue, rows, now)).map((sale) => ({
    mode: sale.mode,
    id: sale.id,
    name: sale.item.name,
    cover: sale.item.cover,
    media_type: sale.item.media.type,
    rarity: sale.item.rarity,
    artist: sale.item.creator,
    currency: sale.currency,
    price: sale.price,
    current_bid: sale.current_bid,
    start_at: sale.start_at,
    end_at: sale.end_at,
    phase: sale.phase,
    resale: sale.resale,
    remaining: null,
  }));
}

export async function boxCards(db: Db, catalogue: Catalogue, rows: readonly NftBoxRow[], now: number): Promise<Static<typeof NftCard>[]> {
  const sellers = await people(
    db,
    rows.map((row) => row.seller_id),
  );
  return rows.map((row) => ({
    mode: 'box' as const,
    id: row.id,
    name: row.name,
    cover: row.cover,
    media_type: 'image' as const,
    rarity: null,
    artist: sellers.get(row.seller_id) ?? nobody,
    currency: catalogue.currency(row.currency_id).code,
    price: row.price,
    current_bid: null,
    start_at: row.start_at,
    end_at: row.end_at,
    phase: phaseOf(row, now),
    resale: false,
    remaining: contentsOf(row).length - row.sold,
  }));
}

export async function orderViews(db: Db, catalogue: Catalogue, rows: readonly NftOrderRow[]): Promise<Static<typeof NftOrder>[]> {
  const items = await itemViews(
    db,
    rows.flatMap((row) => (row.item_id === null ? [] : [row.item_id])),
  );
  const saleIds = rows.flatMap((row) => (row.kind === 'auction' && row.sale_id !== null ? [row.sale_id] : []));
  const deposits = new Map<string, string>();
  if (saleIds.length > 0) {
    for (const deposit of await db.selectFrom('nft_deposits').select(['sale_id', 'user_id', 'amount']).where('sale_id', 'in', saleIds).execute()) {
      deposits.set(`${deposit.sale_id}:${deposit.user_id}`, deposit.amount);
    }
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    sale_id: row.sale_id,
    box_id: row.box_id,
    item: row.item_id === null ? null : (items.get(row.item_id) ?? null),
    currency: catalogue.currency(row.currency_id).code,
    price: row.price,
    status: row.status,
    pay_by: row.pay_by,
    deposit: row.sale_id === null ? null : (deposits.get(`${row.sale_id}:${row.buyer_id}`) ?? null),
    created_at: row.created_at,
    paid_at: row.paid_at,
  }));
}

/** An auction's live figures, as the socket pushes them (contract/realtime.ts AuctionLive). */
export async function auctionLive(ctx: { db: Db }, saleId: number): Promise<AuctionLive | null> {
  const sale = await ctx.db.selectFrom('nft_sales').selectAll().where('id', '=', saleId).executeTakeFirst();
  if (!sale || sale.mode !== 'auction') return null;
  const leader = sale.bidder_id === null ? null : ((await people(ctx.db, [sale.bidder_id])).get(sale.bidder_id)?.name ?? '');
  return {
    id: sale.id,
    status: sale.status,
    current_bid: sale.current_bid,
    min_bid: minimumBid(sale).toFixed(),
    bids: sale.bids,
    end_at: sale.end_at,
    leader: leader === null ? null : maskName(leader),
  };
}

/** A bidder as others see them: the first character of the name, then stars. */
export function maskName(name: string): string {
  return `${[...name].slice(0, 1).join('')}***`;
}
