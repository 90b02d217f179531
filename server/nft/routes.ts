import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { audit } from '../operator/auth';
import { authenticate, tokenFromHeader } from '../auth/sessions';
import { NFT_CURRENCY } from './desk';
import { boxCards, boxView, itemViews, maskName, orderViews, people, saleCards, saleViews } from './views';

/** The marketplace's endpoints (spec 7 "/bind_box/*") and the operator's. */
export function nftRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { nft, db, catalogue } = ctx;
  const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

  route(app, ctx, endpoints.nftList, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const now = ctx.now();
    const artist = input.artist_uid === undefined ? null : await userIdOfUid(db, input.artist_uid);
    let sales: Awaited<ReturnType<typeof saleCards>> = [];
    if (input.mode !== 'box') {
      let query = db
        .selectFrom('nft_sales')
        .innerJoin('nft_items', 'nft_items.id', 'nft_sales.item_id')
        .selectAll('nft_sales')
        .where('nft_sales.status', '=', 'live')
        .where('nft_sales.end_at', '>', now);
      if (input.mode) query = query.where('nft_sales.mode', '=', input.mode);
      if (artist !== null) query = query.where('nft_items.creator_id', '=', artist);
      if (input.collection_id !== undefined) query = query.where('nft_items.collection_id', '=', input.collection_id);
      if (input.keyword) query = query.where('nft_items.name', 'like', like(input.keyword));
      sales = await saleCards(db, catalogue, await query.orderBy('nft_sales.id', 'desc').limit(500).execute(), now);
    }
    let boxes: Awaited<ReturnType<typeof boxCards>> = [];
    if ((input.mode === undefined || input.mode === 'box') && input.collection_id === undefined) {
      let query = db.selectFrom('nft_boxes').selectAll().where('status', '=', 'live').where('end_at', '>', now);
      if (artist !== null) query = query.where('seller_id', '=', artist);
      if (input.keyword) query = query.where('name', 'like', like(input.keyword));
      boxes = await boxCards(db, catalogue, await query.orderBy('id', 'desc').limit(200).execute(), now);
    }
    // Live first (ending soonest first), then upcoming (starting soonest first).
    const cards = [...sales, ...boxes].sort((a, b) => (a.phase === b.phase ? (a.phase === 'live' ? a.end_at - b.end_at : a.start_at - b.start_at) : a.phase === 'live' ? -1 : 1) || b.id - a.id);
    return { data: cards.slice((page - 1) * limit, page * limit), page, limit, more: cards.length > page * limit };
  });

  route(app, ctx, endpoints.nftDetail, async ({ input, request }) => {
    const now = ctx.now();
    if (input.mode === 'box') {
      const box = await db.selectFrom('nft_boxes').selectAll().where('id', '=', input.id).executeTakeFirst();
      if (!box) throw new ApiError('server:errors.nft_sale_unknown');
      return { sale: null, box: await boxView(db, catalogue, box, now) };
    }
    const row = await db.selectFrom('nft_sales').selectAll().where('id', '=', input.id).executeTakeFirst();
    // The caller's own deposit, when a logged-in user asks.
    const viewer = await authenticate(ctx, tokenFromHeader(request.headers.authorization));
    const [sale] = row ? await saleViews(db, catalogue, [row], now, viewer?.user.id ?? null) : [];
    if (!sale) throw new ApiError('server:errors.nft_sale_unknown');
    return { sale, box: null };
  });

  route(app, ctx, endpoints.nftItem, async ({ input }) => {
    const row = await db.selectFrom('nft_items').select('id').where('code', '=', input.code).executeTakeFirst();
    const item = row ? (await itemViews(db, [row.id])).get(row.id) : undefined;
    if (!row || !item) throw new ApiError('server:errors.nft_item_unknown');
    const history = await db
      .selectFrom('nft_sales')
      .select(['id', 'mode', 'current_bid', 'price', 'currency_id', 'settled_at'])
      .where('item_id', '=', row.id)
      .where('status', '=', 'sold')
      .orderBy('id', 'desc')
      .execute();
    return {
      item,
      history: history.map((sale) => ({ sale_id: sale.id, mode: sale.mode, price: sale.current_bid ?? sale.price, currency: catalogue.currency(sale.currency_id).code, at: sale.settled_at ?? 0 })),
    };
  });

  route(app, ctx, endpoints.nftArtists, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = db
      .selectFrom('nft_artists')
      .innerJoin('users', 'users.id', 'nft_artists.user_id')
      .select(['nft_artists.user_id', 'users.uid', 'nft_artists.name', 'nft_artists.avatar', 'nft_artists.bio']);
    if (input.keyword) query = query.where('nft_artists.name', 'like', like(input.keyword));
    const rows = await query
      .orderBy('nft_artists.created_at')
      .orderBy('nft_artists.user_id')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const counts = await artistCounts(
      db,
      rows.map((row) => row.user_id),
    );
    return {
      data: rows.slice(0, limit).map((row) => ({ uid: row.uid, name: row.name, avatar: row.avatar, bio: row.bio, ...(counts.get(row.user_id) ?? { works: 0, collections: 0 }) })),
      page,
      limit,
      more: rows.length > limit,
    };
  });

  route(app, ctx, endpoints.nftArtist, async ({ input }) => {
    const row = await db
      .selectFrom('nft_artists')
      .innerJoin('users', 'users.id', 'nft_artists.user_id')
      .select(['nft_artists.user_id', 'users.uid', 'nft_artists.name', 'nft_artists.avatar', 'nft_artists.bio'])
      .where('users.uid', '=', input.uid)
      .executeTakeFirst();
    if (!row) throw new ApiError('server:errors.nft_artist_unknown');
    const counts = (await artistCounts(db, [row.user_id])).get(row.user_id) ?? { works: 0, collections: 0 };
    const collections = await collectionViews(db, await db.selectFrom('nft_collections').selectAll().where('artist_id', '=', row.user_id).orderBy('id').execute());
    const works = await db.selectFrom('nft_items').select('id').where('creator_id', '=', row.user_id).orderBy('id', 'desc').limit(100).execute();
    const items = await itemViews(
      db,
      works.map((work) => work.id),
    );
    return { artist: { uid: row.uid, name: row.name, avatar: row.avatar, bio: row.bio, ...counts }, collections, works: works.flatMap((work) => items.get(work.id) ?? []) };
  });

  route(app, ctx, endpoints.nftCurrencies, async () => {
    const currency = catalogue.currencyByCodeOf(NFT_CURRENCY);
    return [{ currency_id: currency.id, code: currency.code, precision: currency.precision, fee_rate: ctx.config.nftFee, royalty_rate: ctx.config.nftRoyalty }];
  });

  route(app, ctx, endpoints.nftCollections, async ({ input }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = db.selectFrom('nft_collections').selectAll();
    if (input.id !== undefined) query = query.where('id', '=', input.id);
    if (input.artist_uid !== undefined) query = query.where('artist_id', '=', (await userIdOfUid(db, input.artist_uid)) ?? 0);
    if (input.keyword) query = query.where('name', 'like', like(input.keyword));
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    let works: Awaited<ReturnType<typeof itemViews>> extends Map<number, infer T> ? T[] : never = [];
    if (input.id !== undefined) {
      const ids = await db.selectFrom('nft_items').select('id').where('collection_id', '=', input.id).orderBy('id').execute();
      const items = await itemViews(
        db,
        ids.map((row) => row.id),
      );
      works = ids.flatMap((row) => items.get(row.id) ?? []);
    }
    return { data: await collectionViews(db, rows.slice(0, limit)), page, limit, more: rows.length > limit, works };
  });

  route(app, ctx, endpoints.nftCollect, async ({ input, auth }) => ctx.exchange.run((step) => nft.favourite(step, auth.user.id, input.item_id)));

  route(app, ctx, endpoints.nftFavourites, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await db
      .selectFrom('nft_favourites')
      .select('item_id')
      .where('user_id', '=', auth.user.id)
      .orderBy('created_at', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const items = await itemViews(
      db,
      rows.map((row) => row.item_id),
    );
    return { data: rows.slice(0, limit).flatMap((row) => items.get(row.item_id) ?? []), page, limit, more: rows.length > limit };
  });

  const orderAnswer = async (id: number) => {
    const row = await db.selectFrom('nft_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const [view] = await orderViews(db, catalogue, [row]);
    if (!view) throw new ApiError('server:errors.nft_order_unknown');
    return view;
  };

  route(app, ctx, endpoints.nftBuy, async ({ input, auth }) => {
    const order = await once(
      ctx,
      { userId: auth.user.id, requestId: input.request_id, kind: 'nft' },
      (remember) =>
        ctx.exchange.run(async (step) => {
          const row = input.mode === 'box' ? await nft.buyBox(step, auth.user.id, input.id) : await nft.buy(step, auth.user.id, input.id);
          await remember(step.trx, row.id);
          return row;
        }),
      async (id) => db.selectFrom('nft_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    return orderAnswer(order.id);
  });

  route(app, ctx, endpoints.nftDeposit, async ({ input, auth }) => ({ sale_id: input.id, ...(await ctx.exchange.run((step) => nft.deposit(step, auth.user.id, input.id))) }));

  route(app, ctx, endpoints.nftBid, async ({ input, auth }) => {
    const sale = await ctx.exchange.run((step) => nft.bid(step, auth.user.id, input.code, input.price));
    const [view] = await saleViews(db, catalogue, [sale], ctx.now(), auth.user.id);
    if (!view) throw new ApiError('server:errors.nft_sale_unknown');
    return view;
  });

  const bidViews = async (rows: readonly { id: number; sale_id: number; user_id: number; price: string; created_at: number }[], viewer: number | null) => {
    const sales = new Map(
      (rows.length > 0
        ? await db
            .selectFrom('nft_sales')
            .innerJoin('nft_items', 'nft_items.id', 'nft_sales.item_id')
            .select(['nft_sales.id', 'nft_sales.status', 'nft_sales.bidder_id', 'nft_sales.current_bid', 'nft_items.code', 'nft_items.name'])
            .where(
              'nft_sales.id',
              'in',
              rows.map((row) => row.sale_id),
            )
            .execute()
        : []
      ).map((row) => [row.id, row]),
    );
    const names = await people(
      db,
      rows.map((row) => row.user_id),
    );
    return rows.map((row) => {
      const sale = sales.get(row.sale_id);
      const name = names.get(row.user_id)?.name ?? '';
      return {
        id: row.id,
        sale_id: row.sale_id,
        item_code: sale?.code ?? '',
        item_name: sale?.name ?? '',
        bidder: maskName(name),
        mine: row.user_id === viewer,
        price: row.price,
        created_at: row.created_at,
        // The highest bid of an auction still running (afterwards the order says who won).
        leading: sale?.status === 'live' && sale.bidder_id === row.user_id && sale.current_bid === row.price,
      };
    });
  };

  route(app, ctx, endpoints.nftBids, async ({ input, request }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const viewer = await authenticate(ctx, tokenFromHeader(request.headers.authorization));
    const rows = await db
      .selectFrom('nft_bids')
      .selectAll()
      .where('sale_id', '=', input.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: await bidViews(rows.slice(0, limit), viewer?.user.id ?? null), page, limit, more: rows.length > limit };
  });

  route(app, ctx, endpoints.nftMyBids, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await db
      .selectFrom('nft_bids')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: await bidViews(rows.slice(0, limit), auth.user.id), page, limit, more: rows.length > limit };
  });

  const unitViews = async (userId: number) => {
    const units = await db
      .selectFrom('nft_box_units')
      .innerJoin('nft_boxes', 'nft_boxes.id', 'nft_box_units.box_id')
      .selectAll('nft_box_units')
      .select(['nft_boxes.name', 'nft_boxes.cover'])
      .where('nft_box_units.owner_id', '=', userId)
      .orderBy('nft_box_units.id', 'desc')
      .limit(200)
      .execute();
    const items = await itemViews(
      db,
      units.flatMap((unit) => (unit.item_id === null ? [] : [unit.item_id])),
    );
    return units.map((unit) => ({
      id: unit.id,
      box: { id: unit.box_id, name: unit.name, cover: unit.cover },
      number: unit.number,
      item: unit.item_id === null ? null : (items.get(unit.item_id) ?? null),
      opened_at: unit.opened_at,
      created_at: unit.created_at,
    }));
  };

  route(app, ctx, endpoints.nftMine, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await db
      .selectFrom('nft_items')
      .select('id')
      .where('owner_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    const items = await itemViews(
      db,
      rows.map((row) => row.id),
    );
    return { items: { data: rows.slice(0, limit).flatMap((row) => items.get(row.id) ?? []), page, limit, more: rows.length > limit }, boxes: page === 1 ? await unitViews(auth.user.id) : [] };
  });

  route(app, ctx, endpoints.nftOpenBox, async ({ input, auth }) => {
    const id = await ctx.exchange.run((step) => nft.openBox(step, auth.user.id, input.id));
    const unit = (await unitViews(auth.user.id)).find((row) => row.id === id);
    if (!unit) throw new ApiError('server:errors.nft_box_unknown');
    return unit;
  });

  route(app, ctx, endpoints.nftResell, async ({ input, auth }) => {
    const sale = await ctx.exchange.run(async (step) => {
      const item = await step.trx.selectFrom('nft_items').selectAll().where('id', '=', input.item_id).executeTakeFirst();
      if (!item) throw new ApiError('server:errors.nft_not_owner');
      return nft.offer(step, item, auth.user.id, input, { resale: true, reviewed: false });
    });
    const [view] = await saleViews(db, catalogue, [sale], ctx.now());
    if (!view) throw new ApiError('server:errors.nft_sale_unknown');
    return view;
  });

  route(app, ctx, endpoints.nftOrders, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    let query = db.selectFrom('nft_orders').selectAll().where('buyer_id', '=', auth.user.id);
    if ((input.status ?? 'to_pay') === 'to_pay') query = query.where('status', '=', 'to_pay');
    const rows = await query
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: await orderViews(db, catalogue, rows.slice(0, limit)), page, limit, more: rows.length > limit };
  });

  route(app, ctx, endpoints.nftPay, async ({ input, auth }) => orderAnswer((await ctx.exchange.run((step) => nft.payOrder(step, auth.user.id, input.id))).id));

  const unread = async (userId: number) =>
    Number(
      (
        await db
          .selectFrom('nft_messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  route(app, ctx, endpoints.nftMessages, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await db
      .selectFrom('nft_messages')
      .leftJoin('nft_items', 'nft_items.id', 'nft_messages.item_id')
      .selectAll('nft_messages')
      .select(['nft_items.code', 'nft_items.name', 'nft_items.cover'])
      .where('nft_messages.user_id', '=', auth.user.id)
      .orderBy('nft_messages.id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return {
      data: rows.slice(0, limit).map((row) => ({
        id: row.id,
        kind: row.kind,
        sale_id: row.sale_id,
        order_id: row.order_id,
        item: row.code === null ? null : { code: row.code, name: row.name ?? '', cover: row.cover ?? '' },
        amount: row.amount,
        currency: NFT_CURRENCY,
        read: row.read_at !== null,
        created_at: row.created_at,
      })),
      page,
      limit,
      more: rows.length > limit,
      unread: await unread(auth.user.id),
    };
  });

  route(app, ctx, endpoints.nftRead, async ({ input, auth }) => {
    const done = await db.updateTable('nft_messages').set({ read_at: ctx.now() }).where('id', '=', input.id).where('user_id', '=', auth.user.id).where('read_at', 'is', null).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) {
      const mine = await db.selectFrom('nft_messages').select('id').where('id', '=', input.id).where('user_id', '=', auth.user.id).executeTakeFirst();
      if (!mine) throw new ApiError('server:errors.nft_message_unknown');
    }
    return { unread: await unread(auth.user.id) };
  });

  // ----- the operator's: each audited under the operator's name in the step that makes it
  const by = (operator: string | null) => operator ?? 'unknown';
  route(app, ctx, endpoints.createArtist, async ({ input, operator }) => {
    const user = await db.selectFrom('users').select('id').where('uid', '=', input.uid).executeTakeFirst();
    if (!user) throw new ApiError('server:errors.record_unknown');
    await ctx.exchange.run(async (step) => {
      await nft.createArtist(step, { ...input, user_id: user.id });
      await audit(step, by(operator), 'nft-artist', `uid:${input.uid}`, input.name);
    });
    return { uid: input.uid };
  });
  route(app, ctx, endpoints.createCollection, async ({ input, operator }) => ({
    id: await ctx.exchange.run(async (step) => {
      const id = await nft.createCollection(step, input);
      await audit(step, by(operator), 'nft-collection', `nft_collection:${id}`, `uid:${input.artist_uid} ${input.name}`);
      return id;
    }),
  }));
  route(app, ctx, endpoints.createItem, async ({ input, operator }) =>
    ctx.exchange.run(async (step) => {
      const item = await nft.createItem(step, input);
      await audit(step, by(operator), 'nft-item', `nft:${item.code}`, `uid:${input.artist_uid} ${input.rarity} ${input.name}`);
      return item;
    }),
  );
  route(app, ctx, endpoints.createNftSale, async ({ input, operator }) => {
    const sale = await ctx.exchange.run(async (step) => {
      const item = await step.trx.selectFrom('nft_items').selectAll().where('code', '=', input.code).executeTakeFirst();
      if (!item) throw new ApiError('server:errors.nft_item_unknown');
      const offered = await nft.offer(step, item, item.owner_id, input, { resale: item.owner_id !== item.creator_id, reviewed: true });
      await audit(step, by(operator), 'nft-sale', `nft_sale:${offered.id}`, `${input.code} ${input.mode} ${input.price}`);
      return offered;
    });
    return { id: sale.id };
  });
  route(app, ctx, endpoints.createBox, async ({ input, operator }) => {
    const box = await ctx.exchange.run(async (step) => {
      const made = await nft.createBox(step, { ...input, codes: input.codes.split(',') });
      await audit(step, by(operator), 'nft-box', `nft_box:${made.id}`, `${input.name} ${input.price}: ${input.codes}`);
      return made;
    });
    return { id: box.id, commitment: box.commitment };
  });
  route(app, ctx, endpoints.reviewNft, async ({ input, operator, t }) => {
    await ctx.exchange.run(async (step) => {
      await nft.review(step, input.id, input.approve === 1, input.reason);
      await audit(step, by(operator), input.approve === 1 ? 'approve-nft-sale' : 'reject-nft-sale', `nft_sale:${input.id}`, input.reason ?? '');
    });
    return t('server:ok.done');
  });
}

async function userIdOfUid(db: Db, uid: number): Promise<number | null> {
  return (await db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirst())?.id ?? null;
}

async function artistCounts(db: Db, ids: readonly number[]): Promise<Map<number, { works: number; collections: number }>> {
  const result = new Map(ids.map((id) => [id, { works: 0, collections: 0 }]));
  if (ids.length === 0) return result;
  for (const row of await db
    .selectFrom('nft_items')
    .select(['creator_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('creator_id', 'in', ids)
    .groupBy('creator_id')
    .execute()) {
    const entry = result.get(row.creator_id);
    if (entry) entry.works = Number(row.n);
  }
  for (const row of await db
    .selectFrom('nft_collections')
    .select(['artist_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('artist_id', 'in', ids)
    .groupBy('artist_id')
    .execute()) {
    const entry = result.get(row.artist_id);
    if (entry) entry.collections = Number(row.n);
  }
  return result;
}

async function collectionViews(db: Db, rows: readonly { id: number; artist_id: number; name: string; description: string; cover: string }[]) {
  const persons = await people(
    db,
    rows.map((row) => row.artist_id),
  );
  const counts = new Map<number, number>();
  if (rows.length > 0) {
    for (const row of await db
      .selectFrom('nft_items')
      .select(['collection_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'collection_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('collection_id')
      .execute()) {
      if (row.collection_id !== null) counts.set(row.collection_id, Number(row.n));
    }
  }
  return rows.map((row) => ({
    id: row.id,
    artist: persons.get(row.artist_id) ?? { uid: 0, name: '', avatar: '' },
    name: row.name,
    description: row.description,
    cover: row.cover,
    items: counts.get(row.id) ?? 0,
  }));
}
