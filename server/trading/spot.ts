import type { Kysely, Selectable } from 'kysely';
import { floor, Money, text, ZERO } from '../../contract/money';
import type { Database, SpotOrdersTable } from '../db/schema';
import { priceBand, smallestOrder } from '../../contract/order-rules';
import { ApiError, refusal } from '../http/errors';
import { house, userAccount, type AccountKey } from '../ledger/accounts';
import { record, type Movement } from '../ledger/ledger';
import { payRebate } from '../people/rebates';
import type { Fill } from '../market/book';
import type { UserFill } from '../market/engine';
import { bestFeeCoupon, spendCoupon } from '../wallet/coupons';
import { SPOT_FEE, SPOT_MIN_NOTIONAL, SPOT_PRICE_BAND } from './config';
import { lotsOf, marketById, marketByPair, priceOf, quantityOf, symbolOf, ticksOf, type TradingMarket } from './market';
import type { TradingDeps } from './deps';
import { spotOrderView } from './views';
import { USER_EVENTS } from '../../contract/realtime';
import { noRequestId, type Remember } from '../http/request-ids';

/**
 * Spot trading in the coin account. Users' orders go into the same order books as the
 * market maker's quotes. Placing an order is one step of the market's sequence: the
 * fills are previewed, written to the ledger in one database transaction (nothing is
 * written if a balance is short), and only then made in the book, where they come out
 * exactly as previewed because nothing else runs in between. A resting order's funds are
 * frozen; when the market's own flow fills it, the fill is settled before the next step.
 * Fees come out of what each side receives; a fee coupon is spent by the order's first fill.
 */
export type SpotOrderRow = Selectable<SpotOrdersTable>;

/** One side of a fill: a user's order, or the house (the market maker or a simulated taker). */
type Party = { kind: 'house' } | { kind: 'user'; order: SpotOrderRow; source: 'available' | 'frozen' };

interface FillFacts {
  seq: number;
  time: number;
  priceTicks: number;
  lots: number;
  /** 1: the taker bought */
  takerSide: 1 | -1;
}

export class SpotDesk {
  constructor(private readonly deps: TradingDeps) {}

  /** Places an order; answers it as it stands after its immediate fills. */
  place(userId: number, input: { currency_id: number; legal_id: number; type: 'buy' | 'sell'; amount: string; target_price?: string | undefined }, remember: Remember = noRequestId): Promise<SpotOrderRow> {
    const market = marketByPair(input.currency_id, input.legal_id);
    if (market.def.kind !== 'crypto') throw new ApiError('server:errors.spot_unavailable');
    const quantity = new Money(input.amount);
    const lots = lotsOf(market, quantity);
    const limitPrice = input.target_price ? new Money(input.target_price) : null;
    const limit = limitPrice ? ticksOf(market, limitPrice) : undefined;
    const side: 1 | -1 = input.type === 'buy' ? 1 : -1;
    const { engine } = this.deps.market;

    return this.deps.market.run(async () => {
      const last = new Money(engine.lastPrice(market.def.id));
      const band = limitPrice ? priceBand(limitPrice, last, SPOT_PRICE_BAND, market.def.pricePrecision) : null;
      if (band && !band.ok) throw refusal(band);
      const worth = smallestOrder(quantity, limitPrice ?? last, SPOT_MIN_NOTIONAL, market.quote.code);
      if (!worth.ok) throw refusal(worth);
      const preview = engine.preview({ marketId: market.def.id, side, lots, ...(limit === undefined ? {} : { limit }) });
      const own = preview.find((fill) => fill.makerOwner === userId);
      if (own) throw new ApiError('server:errors.self_trade', { price: priceOf(market, own.price).toFixed(market.def.pricePrecision) });
      if (limit === undefined && preview.length === 0) throw new ApiError('server:errors.no_liquidity');

      const time = this.deps.market.time(this.deps.now());
      const facts = factsOf(preview, engine.lastSeq(market.def.id), time, side);
      const filledLots = preview.reduce((total, fill) => total + fill.lots, 0);
      const resting = limit === undefined ? 0 : lots - filledLots;
      const touched: SpotOrderRow[] = [];

      const order = await this.deps.db.transaction().execute(async (trx) => {
        // The best fee coupon is only counted on here; the order's first fill spends it.
        const coupon = await bestFeeCoupon(trx, userId, time);
        const feeRate = SPOT_FEE.times(new Money(1).minus(coupon?.discount ?? 0));
        const { id } = await trx
          .insertInto('spot_orders')
          .values({
            user_id: userId,
            market_id: market.def.id,
            side: input.type,
            type: limit === undefined ? 'market' : 'limit',
            price: limitPrice ? limitPrice.toFixed(market.def.pricePrecision) : null,
            amount: text(quantity, market.def.qtyPrecision),
            filled: '0',
            quote_filled: '0',
            fee: '0',
            fee_rate: feeRate.toFixed(),
            coupon_id: coupon?.id ?? null,
            frozen: '0',
            status: 'open',
            created_at: time,
            updated_at: time,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await remember(trx, id);
        let taker = await orderRow(trx, id);
        for (const [index, fill] of preview.entries()) {
          const maker: Party = fill.makerRef === 0 ? { kind: 'house' } : { kind: 'user', order: await orderRow(trx, fill.makerRef), source: 'frozen' };
          const settled = await settleFill(trx, market, facts[index] as FillFacts, { kind: 'user', order: taker, source: 'available' }, maker, this.deps.rebateRate);
          taker = settled.taker ?? taker;
          if (settled.maker) touched.push(settled.maker);
        }
        if (resting > 0 && limitPrice) {
          const rest = quantityOf(market, resting);
          const frozen = side === 1 ? ceil(rest.times(limitPrice), market.quote.precision) : rest;
          const currency = side === 1 ? market.quote.id : market.base.id;
          await record(trx, {
            reason: 'spot_freeze',
            ref: { kind: 'spot-freeze', id },
            userId,
            memo: `${symbolOf(market)} #${id}`,
            movements: [{ from: userAccount(userId, currency, 'change'), to: userAccount(userId, currency, 'change', 'frozen'), amount: frozen }],
            at: time,
          });
          await trx.updateTable('spot_orders').set({ frozen: frozen.toFixed() }).where('id', '=', id).execute();
        } else {
          await trx.updateTable('spot_orders').set({ status: filledLots === lots ? 'filled' : 'cancelled', updated_at: time }).where('id', '=', id).execute();
        }
        return orderRow(trx, id);
      });

      // The book now does what the ledger has recorded.
      const result = engine.submit({ marketId: market.def.id, ref: order.id, owner: userId, side, lots, ...(limit === undefined ? {} : { limit }) }, time);
      assertSame(result.fills, preview, facts);
      this.deps.publish(userId, USER_EVENTS.spotOrder, spotOrderView(order));
      for (const maker of touched) this.deps.publish(maker.user_id, USER_EVENTS.spotOrder, spotOrderView(maker));
      return order;
    });
  }

  /** Cancels an open order of this user; what is frozen for it returns. */
  cancel(userId: number, id: number): Promise<SpotOrderRow> {
    return this.deps.market.run(async () => {
      const row = await this.deps.db.selectFrom('spot_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) throw new ApiError('server:errors.record_unknown');
      if (row.status !== 'open') throw new ApiError('server:errors.order_not_open');
      const time = this.deps.market.time(this.deps.now());
      const order = await this.deps.db.transaction().execute(async (trx) => {
        await release(trx, row, time);
        await trx.updateTable('spot_orders').set({ status: 'cancelled', frozen: '0', updated_at: time }).where('id', '=', id).execute();
        return orderRow(trx, id);
      });
      this.deps.market.engine.cancel(row.market_id, id);
      this.deps.publish(userId, USER_EVENTS.spotOrder, spotOrderView(order));
      return order;
    });
  }

  /** Settles fills of resting orders made by the market's own flow in the last step. */
  async settleMarketFills(fills: readonly UserFill[]): Promise<void> {
    if (fills.length === 0) return;
    const touched = new Map<number, SpotOrderRow>();
    await this.deps.db.transaction().execute(async (trx) => {
      for (const fill of fills) {
        const market = marketById(fill.marketId);
        const facts: FillFacts = { seq: fill.seq, time: fill.time, priceTicks: fill.price, lots: fill.lots, takerSide: fill.takerSide };
        const maker: Party = { kind: 'user', order: await orderRow(trx, fill.makerRef), source: 'frozen' };
        const settled = await settleFill(trx, market, facts, { kind: 'house' }, maker, this.deps.rebateRate);
        if (settled.maker) touched.set(settled.maker.id, settled.maker);
      }
    });
    for (const order of touched.values()) this.deps.publish(order.user_id, USER_EVENTS.spotOrder, spotOrderView(order));
  }

  /** Puts open orders back in the books after a start, oldest first (time priority). */
  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('spot_orders').selectAll().where('status', '=', 'open').where('type', '=', 'limit').orderBy('id').execute();
    for (const row of rows) {
      const market = marketById(row.market_id);
      const remaining = new Money(row.amount).minus(row.filled);
      this.deps.market.engine.restore({
        marketId: row.market_id,
        ref: row.id,
        owner: row.user_id,
        side: row.side === 'buy' ? 1 : -1,
        lots: remaining.times(market.lotScale).toNumber(),
        limit: ticksOf(market, new Money(row.price ?? '0')),
      });
    }
    return rows.length;
  }
}

function ceil(value: Money, decimals: number): Money {
  return value.toDecimalPlaces(decimals, Money.ROUND_UP);
}

async function orderRow(db: Kysely<Database>, id: number): Promise<SpotOrderRow> {
  return db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The prints the preview's fills will be: one per price level, numbered after `lastSeq`. */
function factsOf(preview: readonly Fill[], lastSeq: number, time: number, takerSide: 1 | -1): FillFacts[] {
  let seq = lastSeq;
  let price: number | undefined;
  return preview.map((fill) => {
    if (fill.price !== price) {
      seq++;
      price = fill.price;
    }
    return { seq, time, priceTicks: fill.price, lots: fill.lots, takerSide };
  });
}

function assertSame(made: readonly UserFill[], preview: readonly Fill[], facts: readonly FillFacts[]): void {
  const same =
    made.length === preview.length &&
    made.every((fill, i) => fill.lots === preview[i]?.lots && fill.price === preview[i]?.price && fill.makerRef === preview[i]?.makerRef && fill.seq === facts[i]?.seq);
  if (!same) throw new Error('the book filled an order differently from its preview; the ledger and the book disagree');
}

/**
 * Settles one fill: the buyer pays the quote amount (quantity x price, cut to the quote's
 * decimals), the seller delivers the base, each pays the fee out of what it receives, all
 * in one ledger transaction; the fill row records the trade. Answers the orders updated.
 */
async function settleFill(
  trx: Kysely<Database>,
  market: TradingMarket,
  fill: FillFacts,
  takerBefore: Party,
  makerBefore: Party,
  rebateRate: Money,
): Promise<{ taker?: SpotOrderRow; maker?: SpotOrderRow }> {
  const taker = await claimCoupon(trx, takerBefore, fill.time);
  const maker = await claimCoupon(trx, makerBefore, fill.time);
  const quantity = quantityOf(market, fill.lots);
  const price = priceOf(market, fill.priceTicks);
  const quoteAmount = floor(quantity.times(price), market.quote.precision);
  const buyer = fill.takerSide === 1 ? taker : maker;
  const seller = fill.takerSide === 1 ? maker : taker;
  const feeOf = (party: Party, received: Money, decimals: number) => (party.kind === 'user' ? floor(received.times(party.order.fee_rate), decimals) : ZERO);
  const buyerFee = feeOf(buyer, quantity, market.base.precision);
  const sellerFee = feeOf(seller, quoteAmount, market.quote.precision);

  const { id: fillId } = await trx
    .insertInto('spot_fills')
    .values({
      market_id: market.def.id,
      seq: fill.seq,
      time: fill.time,
      price: price.toFixed(market.def.pricePrecision),
      amount: text(quantity, market.def.qtyPrecision),
      quote_amount: quoteAmount.toFixed(),
      taker_side: fill.takerSide === 1 ? 'buy' : 'sell',
      taker_order_id: taker.kind === 'user' ? taker.order.id : null,
      maker_order_id: maker.kind === 'user' ? maker.order.id : null,
      taker_fee: (fill.takerSide === 1 ? buyerFee : sellerFee).toFixed(),
      maker_fee: (fill.takerSide === 1 ? sellerFee : buyerFee).toFixed(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const account = (party: Party, currency: number, part: 'available' | 'frozen'): AccountKey =>
    party.kind === 'user' ? userAccount(party.order.user_id, currency, 'change', part) : house('market_maker', currency);
  const movements: Movement[] = [];
  const move = (from: AccountKey, to: AccountKey, amount: Money) => {
    if (amount.gt(0)) movements.push({ from, to, amount });
  };
  move(account(buyer, market.quote.id, buyer.kind === 'user' ? buyer.source : 'available'), account(seller, market.quote.id, 'available'), quoteAmount);
  move(account(seller, market.base.id, seller.kind === 'user' ? seller.source : 'available'), account(buyer, market.base.id, 'available'), quantity);
  if (buyer.kind === 'user') move(account(buyer, market.base.id, 'available'), house('fees', market.base.id), buyerFee);
  if (seller.kind === 'user') move(account(seller, market.quote.id, 'available'), house('fees', market.quote.id), sellerFee);
  const users = [taker, maker].filter((party): party is Extract<Party, { kind: 'user' }> => party.kind === 'user');
  await record(trx, {
    reason: 'spot_trade',
    ref: { kind: 'spot-fill', id: fillId },
    userId: users[0]?.order.user_id ?? null,
    memo: `${symbolOf(market)} ${text(quantity, market.def.qtyPrecision)} @ ${price.toFixed(market.def.pricePrecision)}`,
    movements,
    at: fill.time,
  });
  // Each user's fee shares with whoever invited them, in this same transaction.
  const memo = `${symbolOf(market)} #${fillId}`;
  if (buyer.kind === 'user') await payRebate(trx, { rate: rebateRate, payer: buyer.order.user_id, source: 'spot', currency: market.base.id, fee: buyerFee, feeRef: `spot-fill:${fillId}:buyer`, memo, at: fill.time });
  if (seller.kind === 'user') await payRebate(trx, { rate: rebateRate, payer: seller.order.user_id, source: 'spot', currency: market.quote.id, fee: sellerFee, feeRef: `spot-fill:${fillId}:seller`, memo, at: fill.time });

  const updated: { taker?: SpotOrderRow; maker?: SpotOrderRow } = {};
  for (const [role, party] of [
    ['taker', taker],
    ['maker', maker],
  ] as const) {
    if (party.kind !== 'user') continue;
    const order = party.order;
    const isBuyer = party === buyer;
    const filled = new Money(order.filled).plus(quantity);
    const consumed = isBuyer ? quoteAmount : quantity;
    const frozen = party.source === 'frozen' ? new Money(order.frozen).minus(consumed) : new Money(order.frozen);
    const done = filled.gte(order.amount);
    await trx
      .updateTable('spot_orders')
      .set({
        filled: text(filled, market.def.qtyPrecision),
        quote_filled: new Money(order.quote_filled).plus(quoteAmount).toFixed(),
        fee: new Money(order.fee).plus(isBuyer ? buyerFee : sellerFee).toFixed(),
        frozen: frozen.toFixed(),
        updated_at: fill.time,
        ...(done && party.source === 'frozen' ? { status: 'filled' as const } : {}),
      })
      .where('id', '=', order.id)
      .execute();
    let row = await orderRow(trx, order.id);
    if (done && party.source === 'frozen') {
      await release(trx, row, fill.time);
      await trx.updateTable('spot_orders').set({ frozen: '0' }).where('id', '=', order.id).execute();
      row = await orderRow(trx, order.id);
    }
    updated[role] = row;
  }
  return updated;
}

/**
 * The first fill of an order placed counting on a fee coupon spends the coupon, so an
 * order cancelled before anything filled leaves it for later. If the coupon went to
 * something else meanwhile (or expired), the order pays the full fee from this fill on.
 */
async function claimCoupon(trx: Kysely<Database>, party: Party, time: number): Promise<Party> {
  if (party.kind !== 'user' || party.order.coupon_id === null || new Money(party.order.filled).gt(0)) return party;
  if (await spendCoupon(trx, party.order.coupon_id, `spot:${party.order.id}`, time)) return party;
  await trx.updateTable('spot_orders').set({ fee_rate: SPOT_FEE.toFixed(), coupon_id: null }).where('id', '=', party.order.id).execute();
  return { ...party, order: await orderRow(trx, party.order.id) };
}

/** Returns what is still frozen for an order to the available part. */
async function release(trx: Kysely<Database>, order: SpotOrderRow, time: number): Promise<void> {
  const frozen = new Money(order.frozen);
  if (frozen.lte(0)) return;
  const market = marketById(order.market_id);
  const currency = order.side === 'buy' ? market.quote.id : market.base.id;
  await record(trx, {
    reason: 'spot_release',
    ref: { kind: 'spot-release', id: order.id },
    userId: order.user_id,
    memo: `${symbolOf(market)} #${order.id}`,
    movements: [{ from: userAccount(order.user_id, currency, 'change', 'frozen'), to: userAccount(order.user_id, currency, 'change'), amount: frozen }],
    at: time,
  });
}
