import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { OtcAd, OtcOrder } from '../../contract/api';
import { isFiatCurrency } from '../../contract/fiat';
import { Money } from '../../contract/money';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { OtcAdsTable, OtcOrdersTable } from '../db/schema';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import type { Remember } from '../http/request-ids';
import { OTC_LIMIT_USDT } from '../identity/service';
import { userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { balanceOf, record } from '../ledger/ledger';
import { tickOf, type TickRecord } from '../trading/market';
import { usdPrice } from '../wallet/prices';

/**
 * OTC (P2P). Users with identity level 1 advertise to sell or buy USDT, BTC or ETH for a
 * fiat currency at a fixed price or a margin on the live price (the coin's last trade in
 * dollars times the fiat's rate, recorded on the order). Taking an advertisement moves
 * the seller's coins from the coin account's available part to its frozen part
 * (escrow, otc_escrow) for the payment window; the buyer pays outside the exchange to
 * the seller's bank card and says so; the seller releases the coins to the buyer
 * (otc_release). Unpaid, the buyer may cancel, or the window ends (the otc job): the
 * coins return to the seller (otc_return). Once the buyer has said it paid, either side
 * may appeal; an operator then releases or returns, with a reason, audited. Each order
 * is limited by the taker's verification level (spec 6).
 */
export type OtcAdRow = Selectable<OtcAdsTable>;
export type OtcOrderRow = Selectable<OtcOrdersTable>;

export const OTC_COINS = ['USDT', 'BTC', 'ETH'] as const;
const FIAT_DECIMALS = 2;
const MARGIN_RANGE = { min: '0.8', max: '1.2' } as const;
const OPEN = ['pending', 'paid', 'appeal'] as const;

type Ctx = Pick<AppContext, 'db' | 'catalogue' | 'market' | 'now'>;

/** A step the order's state no longer allows, said for that state (never the raw status word). */
function stateError(status: Exclude<OtcOrderRow['status'], 'pending'>): ApiError {
  return new ApiError(`server:errors.otc_state_${status}`);
}

export class OtcDesk {
  constructor(private readonly ctx: Ctx) {}

  /** An advertisement's price per coin in its fiat as it stands now, with the trade it came from when floating. */
  async priceOf(db: Db | Step['trx'], ad: Pick<OtcAdRow, 'price_type' | 'price' | 'margin' | 'currency_id' | 'fiat'>): Promise<{ price: Money; tick: TickRecord | null }> {
    if (ad.price_type === 'fixed') return { price: new Money(ad.price ?? '0'), tick: null };
    const usd = usdPrice(this.ctx, ad.currency_id);
    const rate = await db.selectFrom('fiat_rates').select('rate').where('code', '=', ad.fiat).executeTakeFirst();
    if (!usd || !rate) throw new ApiError('server:errors.no_price');
    const market = usd.tick ? this.ctx.catalogue.market(usd.tick.marketId) : null;
    const tick = market && usd.tick ? tickOf(market, { seq: usd.tick.seq, time: usd.tick.time, price: usd.tick.price }) : null;
    return {
      price: new Money(usd.price)
        .times(rate.rate)
        .times(ad.margin ?? '1')
        .toDecimalPlaces(FIAT_DECIMALS, Money.ROUND_HALF_UP),
      tick,
    };
  }

  async createAd(
    step: Step,
    userId: number,
    input: {
      side: 'buy' | 'sell';
      currency_id: number;
      fiat: string;
      price_type: 'fixed' | 'floating';
      price?: string | undefined;
      margin?: string | undefined;
      min_fiat: string;
      max_fiat: string;
      amount: string;
      payments: string;
      window_minutes?: number | undefined;
    },
  ): Promise<OtcAdRow> {
    await this.levelOne(step, userId);
    const currency = step.catalogue.currency(input.currency_id);
    if (!(OTC_COINS as readonly string[]).includes(currency.code)) throw new ApiError('server:errors.otc_coin_invalid', { list: OTC_COINS.join(', ') });
    if (!isFiatCurrency(input.fiat)) throw new ApiError('server:errors.fiat_unknown');
    let price: string | null = null;
    let margin: string | null = null;
    if (input.price_type === 'fixed') {
      const value = new Money(input.price ?? '0');
      if (value.lte(0) || value.decimalPlaces() > FIAT_DECIMALS) throw new ApiError('server:errors.otc_price_invalid', { decimals: FIAT_DECIMALS });
      price = value.toFixed();
    } else {
      const value = new Money(input.margin ?? '0');
      if (value.lt(MARGIN_RANGE.min) || value.gt(MARGIN_RANGE.max) || value.decimalPlaces() > 4) throw new ApiError('server:errors.otc_margin_invalid', MARGIN_RANGE);
      margin = value.toFixed();
    }
    const min = new Money(input.min_fiat);
    const max = new Money(input.max_fiat);
    if (min.lte(0) || max.lt(min) || min.decimalPlaces() > FIAT_DECIMALS || max.decimalPlaces() > FIAT_DECIMALS) throw new ApiError('server:errors.otc_limits_invalid');
    const amount = new Money(input.amount);
    if (amount.lte(0) || amount.decimalPlaces() > currency.precision) throw new ApiError('server:errors.otc_amount_invalid', { decimals: currency.precision });
    const payments = [...new Set(input.payments.split(','))];
    const cards = await step.trx.selectFrom('bank_cards').select('kind').where('user_id', '=', userId).execute();
    const missing = payments.filter((kind) => !cards.some((card) => card.kind === kind));
    if (missing.length > 0) throw new ApiError('server:errors.otc_card_required');
    const { id } = await step.trx
      .insertInto('otc_ads')
      .values({
        user_id: userId,
        side: input.side,
        currency_id: currency.id,
        fiat: input.fiat,
        price_type: input.price_type,
        price,
        margin,
        min_fiat: min.toFixed(FIAT_DECIMALS),
        max_fiat: max.toFixed(FIAT_DECIMALS),
        remaining: amount.toFixed(currency.precision),
        payments: JSON.stringify(payments),
        window_minutes: input.window_minutes ?? 15,
        status: 'online',
        created_at: step.time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return adRow(step, id);
  }

  async setStatus(step: Step, userId: number, adId: number, status: 'online' | 'offline'): Promise<OtcAdRow> {
    const ad = await step.trx.selectFrom('otc_ads').selectAll().where('id', '=', adId).executeTakeFirst();
    if (!ad || ad.user_id !== userId) throw new ApiError('server:errors.otc_ad_unknown');
    await step.trx.updateTable('otc_ads').set({ status }).where('id', '=', ad.id).execute();
    return adRow(step, ad.id);
  }

  /** Takes an advertisement: the seller's coins into escrow for the payment window. */
  async take(step: Step, userId: number, adId: number, fiatText: string, remember: Remember): Promise<OtcOrderRow> {
    const ad = await step.trx.selectFrom('otc_ads').selectAll().where('id', '=', adId).executeTakeFirst();
    if (!ad || ad.status !== 'online') throw new ApiError('server:errors.otc_ad_unknown');
    if (ad.user_id === userId) throw new ApiError('server:errors.otc_own_ad');
    const level = await this.levelOne(step, userId);
    const currency = step.catalogue.currency(ad.currency_id);
    const fiatAmount = new Money(fiatText);
    if (fiatAmount.decimalPlaces() > FIAT_DECIMALS || fiatAmount.lt(ad.min_fiat) || fiatAmount.gt(ad.max_fiat))
      throw new ApiError('server:errors.otc_out_of_limits', { min: ad.min_fiat, max: ad.max_fiat, fiat: ad.fiat });
    const { price, tick } = await this.priceOf(step.trx, ad);
    const amount = fiatAmount.div(price).toDecimalPlaces(currency.precision, Money.ROUND_DOWN);
    if (amount.lte(0)) throw new ApiError('server:errors.otc_out_of_limits', { min: ad.min_fiat, max: ad.max_fiat, fiat: ad.fiat });
    if (amount.gt(ad.remaining)) throw new ApiError('server:errors.otc_remaining', { remaining: ad.remaining, currency: currency.code });
    const usd = usdPrice(this.ctx, currency.id);
    const limit = OTC_LIMIT_USDT[level] ?? '0';
    if (!usd || amount.times(usd.price).gt(limit)) throw new ApiError('server:errors.otc_level_limit', { limit, level });
    const buyer = ad.side === 'sell' ? userId : ad.user_id;
    const seller = ad.side === 'sell' ? ad.user_id : userId;
    // The seller is paid to a card of a kind the advertisement takes.
    const kinds = JSON.parse(ad.payments) as string[];
    const sellerCards = await step.trx.selectFrom('bank_cards').select('kind').where('user_id', '=', seller).execute();
    if (!sellerCards.some((card) => kinds.includes(card.kind))) throw new ApiError('server:errors.otc_card_required');
    // A sell advertisement reserves nothing: its advertiser's coins are escrowed by each order.
    // Short of them, the refusal says it is the advertiser's, not the taker's, balance.
    if (ad.side === 'sell' && (await balanceOf(step.trx, userAccount(seller, currency.id, 'change'))).lt(amount)) throw new ApiError('server:errors.otc_advertiser_short');
    const { id } = await step.trx
      .insertInto('otc_orders')
      .values({
        ad_id: ad.id,
        buyer_id: buyer,
        seller_id: seller,
        advertiser_id: ad.user_id,
        currency_id: currency.id,
        fiat: ad.fiat,
        price: price.toFixed(FIAT_DECIMALS),
        amount: amount.toFixed(currency.precision),
        fiat_amount: fiatAmount.toFixed(FIAT_DECIMALS),
        price_tick: tick ? JSON.stringify(tick) : null,
        status: 'pending',
        pay_by: step.time + ad.window_minutes * 60_000,
        proof: null,
        paid_at: null,
        appeal_by: null,
        appeal_reason: null,
        decided_by: null,
        created_at: step.time,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'otc_escrow',
      ref: { kind: 'otc-escrow', id },
      userId: seller,
      memo: `OTC #${id}`,
      movements: [{ from: userAccount(seller, currency.id, 'change'), to: userAccount(seller, currency.id, 'change', 'frozen'), amount }],
      at: step.time,
    });
    await step.trx
      .updateTable('otc_ads')
      .set({ remaining: new Money(ad.remaining).minus(amount).toFixed(currency.precision) })
      .where('id', '=', ad.id)
      .execute();
    await remember(step.trx, id);
    return orderRow(step, id);
  }

  async markPaid(step: Step, userId: number, orderId: number, proof: string | undefined): Promise<OtcOrderRow> {
    const order = await this.party(step, userId, orderId);
    if (order.buyer_id !== userId) throw new ApiError('server:errors.otc_buyer_only');
    if (order.status !== 'pending') throw stateError(order.status);
    if (step.time > order.pay_by) throw new ApiError('server:errors.otc_expired');
    await step.trx
      .updateTable('otc_orders')
      .set({ status: 'paid', paid_at: step.time, proof: proof ?? null })
      .where('id', '=', order.id)
      .execute();
    return orderRow(step, order.id);
  }

  async release(step: Step, userId: number, orderId: number): Promise<OtcOrderRow> {
    const order = await this.party(step, userId, orderId);
    if (order.seller_id !== userId) throw new ApiError('server:errors.otc_seller_only');
    if (order.status !== 'pending' && order.status !== 'paid') throw stateError(order.status);
    await this.settle(step, order, 'released', null);
    return orderRow(step, order.id);
  }

  async cancel(step: Step, userId: number, orderId: number): Promise<OtcOrderRow> {
    const order = await this.party(step, userId, orderId);
    if (order.buyer_id !== userId) throw new ApiError('server:errors.otc_buyer_only');
    if (order.status !== 'pending') throw stateError(order.status);
    await this.settle(step, order, 'cancelled', null);
    return orderRow(step, order.id);
  }

  async appeal(step: Step, userId: number, orderId: number, reason: string): Promise<OtcOrderRow> {
    const order = await this.party(step, userId, orderId);
    if (order.status !== 'paid') throw new ApiError('server:errors.otc_appeal_state');
    await step.trx.updateTable('otc_orders').set({ status: 'appeal', appeal_by: userId, appeal_reason: reason }).where('id', '=', order.id).execute();
    return orderRow(step, order.id);
  }

  /** An operator decides an appeal: the coins to the buyer, or back to the seller. */
  async decide(step: Step, orderId: number, decision: 'release' | 'return', by: string): Promise<OtcOrderRow> {
    const order = await step.trx.selectFrom('otc_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || order.status !== 'appeal') throw new ApiError('server:errors.otc_not_appealed');
    await this.settle(step, order, decision === 'release' ? 'released' : 'returned', by);
    return orderRow(step, order.id);
  }

  /** The otc job: orders not paid in their window; answers how many expired. */
  async expireDue(step: Step): Promise<number> {
    const due = await step.trx.selectFrom('otc_orders').selectAll().where('status', '=', 'pending').where('pay_by', '<', step.time).orderBy('id').limit(200).execute();
    for (const order of due) await this.settle(step, order, 'expired', null);
    return due.length;
  }

  private async settle(step: Step, order: OtcOrderRow, status: 'released' | 'cancelled' | 'expired' | 'returned', by: string | null): Promise<void> {
    const frozen = userAccount(order.seller_id, order.currency_id, 'change', 'frozen');
    if (status === 'released') {
      await record(step, {
        reason: 'otc_release',
        ref: { kind: 'otc-release', id: order.id },
        userId: order.seller_id,
        memo: `OTC #${order.id}`,
        movements: [{ from: frozen, to: userAccount(order.buyer_id, order.currency_id, 'change'), amount: order.amount }],
        at: step.time,
      });
    } else {
      await record(step, {
        reason: 'otc_return',
        ref: { kind: 'otc-return', id: order.id },
        userId: order.seller_id,
        memo: `OTC #${order.id}`,
        movements: [{ from: frozen, to: userAccount(order.seller_id, order.currency_id, 'change'), amount: order.amount }],
        at: step.time,
      });
      // What was not sold is offered again.
      const ad = await step.trx.selectFrom('otc_ads').select(['remaining']).where('id', '=', order.ad_id).executeTakeFirstOrThrow();
      const decimals = step.catalogue.currency(order.currency_id).precision;
      await step.trx
        .updateTable('otc_ads')
        .set({ remaining: new Money(ad.remaining).plus(order.amount).toFixed(decimals) })
        .where('id', '=', order.ad_id)
        .execute();
    }
    await step.trx.updateTable('otc_orders').set({ status, decided_by: by, closed_at: step.time }).where('id', '=', order.id).execute();
  }

  private async party(step: Step, userId: number, orderId: number): Promise<OtcOrderRow> {
    const order = await step.trx.selectFrom('otc_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (!order || (order.buyer_id !== userId && order.seller_id !== userId)) throw new ApiError('server:errors.otc_order_unknown');
    return order;
  }

  private async levelOne(step: Step, userId: number): Promise<number> {
    const user = await step.trx.selectFrom('users').select('real_level').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.real_level < 1) throw new ApiError('server:errors.otc_level_required');
    return user.real_level;
  }

  // ----- views

  async adViews(rows: readonly OtcAdRow[]): Promise<Static<typeof OtcAd>[]> {
    const stats = await this.stats(rows.map((row) => row.user_id));
    const views: Static<typeof OtcAd>[] = [];
    for (const row of rows) {
      const currency = this.ctx.catalogue.currency(row.currency_id);
      const { price } = await this.priceOf(this.ctx.db, row).catch(() => ({ price: new Money(0) }));
      views.push({
        id: row.id,
        side: row.side,
        currency_id: currency.id,
        code: currency.code,
        precision: currency.precision,
        fiat: row.fiat,
        price_type: row.price_type,
        price: price.toFixed(FIAT_DECIMALS),
        margin: row.margin,
        min_fiat: row.min_fiat,
        max_fiat: row.max_fiat,
        remaining: row.remaining,
        payments: JSON.parse(row.payments) as ('domestic' | 'international')[],
        window_minutes: row.window_minutes,
        status: row.status,
        advertiser: stats.get(row.user_id) ?? { uid: 0, name: '', orders_30d: 0, completion_rate: null, avg_release_seconds: null },
      });
    }
    return views;
  }

  /** Each advertiser's figures from their orders of the last 30 days: nothing else. */
  async stats(userIds: readonly number[]): Promise<Map<number, Static<typeof OtcAd>['advertiser']>> {
    const result = new Map<number, Static<typeof OtcAd>['advertiser']>();
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return result;
    const since = this.ctx.now() - 30 * 86_400_000;
    const users = await this.ctx.db.selectFrom('users').select(['id', 'uid', 'nickname']).where('id', 'in', ids).execute();
    const orders = await this.ctx.db
      .selectFrom('otc_orders')
      .select(['advertiser_id', 'seller_id', 'status', 'paid_at', 'closed_at'])
      .where('advertiser_id', 'in', ids)
      .where('created_at', '>=', since)
      .execute();
    for (const user of users) {
      const mine = orders.filter((order) => order.advertiser_id === user.id);
      const closed = mine.filter((order) => !(OPEN as readonly string[]).includes(order.status));
      const released = closed.filter((order) => order.status === 'released');
      const timed = released.filter((order) => order.seller_id === user.id && order.paid_at !== null && order.closed_at !== null);
      result.set(user.id, {
        uid: user.uid,
        name: user.nickname,
        orders_30d: mine.length,
        completion_rate: closed.length === 0 ? null : new Money(released.length).div(closed.length).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(),
        avg_release_seconds: timed.length === 0 ? null : Math.round(timed.reduce((sum, order) => sum + ((order.closed_at ?? 0) - (order.paid_at ?? 0)), 0) / timed.length / 1000),
      });
    }
    return result;
  }

  async orderView(row: OtcOrderRow, viewer: number): Promise<Static<typeof OtcOrder>> {
    const currency = this.ctx.catalogue.currency(row.currency_id);
    const other = row.buyer_id === viewer ? row.seller_id : row.buyer_id;
    const counterparty = await this.ctx.db.selectFrom('users').select(['uid', 'nickname']).where('id', '=', other).executeTakeFirstOrThrow();
    const ad = await this.ctx.db.selectFrom('otc_ads').select('payments').where('id', '=', row.ad_id).executeTakeFirstOrThrow();
    const kinds = JSON.parse(ad.payments) as string[];
    const cards = (await this.ctx.db.selectFrom('bank_cards').selectAll().where('user_id', '=', row.seller_id).execute()).filter((card) => kinds.includes(card.kind));
    return {
      id: row.id,
      ad_id: row.ad_id,
      role: row.buyer_id === viewer ? 'buyer' : 'seller',
      counterparty: { uid: counterparty.uid, name: counterparty.nickname },
      code: currency.code,
      precision: currency.precision,
      fiat: row.fiat,
      price: row.price,
      amount: row.amount,
      fiat_amount: row.fiat_amount,
      status: row.status,
      pay_by: row.pay_by,
      proof: row.proof,
      payment_details: cards.map((card) => ({
        kind: card.kind,
        holder_name: card.holder_name,
        bank_name: card.bank_name,
        account_number: card.account_number,
        branch: card.branch,
        swift_code: card.swift_code,
      })),
      appeal_reason: row.appeal_reason,
      created_at: row.created_at,
      paid_at: row.paid_at,
      closed_at: row.closed_at,
    };
  }
}

async function adRow(step: Step, id: number): Promise<OtcAdRow> {
  return step.trx.selectFrom('otc_ads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderRow(step: Step, id: number): Promise<OtcOrderRow> {
  return step.trx.selectFrom('otc_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An open order keeps the seller's coins in the coin account's frozen part (escrow). */
export const otcHolds: HoldSource = {
  name: 'OTC escrow',
  part: 'frozen',
  list: async (db) =>
    (
      await db
        .selectFrom('otc_orders')
        .select(['seller_id', 'currency_id', 'amount'])
        .where('status', 'in', [...OPEN])
        .execute()
    ).map((row) => ({ userId: row.seller_id, currency: row.currency_id, kind: 'change' as const, amount: row.amount })),
};
