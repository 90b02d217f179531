import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { DualOrder, DualProduct } from '../../contract/api';
import { dualPayout } from '../../contract/dual';
import { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { DualOrdersTable, DualProductsTable } from '../db/schema';
import type { Catalogue, Market } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { record } from '../ledger/ledger';
import type { Trade } from '../market/engine';
import { readTick, tickOf } from '../trading/market';

/**
 * Dual investment: a product is offered on a market at a linked price, for a number of
 * days at an APR, in whole shares of a unit price. Buying moves num x unit price of the
 * invested currency (the coin for "sell high", USDT for "buy low") from the coin
 * account's available part to its locked part. The first trade of the market at or
 * after maturity settles every order of the product in that trade's step, by
 * contract/dual.ts: the principal leaves the locked part and the payout (the principal
 * grown by the APR, in the invested currency or converted at the linked price into the
 * other) is paid from the house treasury. The product records that trade; each order its
 * payout, under one ledger reference per order, so nothing is paid twice, and a restart
 * settles at the first trade it sees. An operator may withdraw a product while it is open
 * for purchase: every order is refunded in full and marked failed.
 */
export type DualProductRow = Selectable<DualProductsTable>;
export type DualOrderRow = Selectable<DualOrdersTable>;

export interface DualDeps {
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  now: () => number;
}

export interface DualOffer {
  market_id: number;
  type: 'call' | 'put';
  unit_price: string;
  apr: string;
  linked_price: string;
  days: number;
  subscribe_until: number;
  total_shares: number;
}

const DAY = 86_400_000;

export class DualDesk {
  /** Products not settled or closed, by id: the ones a market's trades may settle. */
  private readonly active = new Map<number, DualProductRow>();

  constructor(private readonly deps: DualDeps) {
    // After the contracts (20) and options (30): a settlement of its own, at the same trade.
    deps.exchange.on('trades', { name: 'dual.maturities', order: 40, handle: (step, event) => this.onTrades(step, event.batches) });
  }

  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('dual_products').selectAll().where('status', '=', 'active').execute();
    this.active.clear();
    for (const row of rows) this.active.set(row.id, row);
    return rows.length;
  }

  /** Whether a product of this market, kind and term is open to purchase past `until` (several processes: as the store holds them). */
  async openOffer(step: Step, marketId: number, type: 'call' | 'put', days: number, until: number): Promise<boolean> {
    if (this.deps.exchange.market.epochs !== null) {
      const found = await step.trx
        .selectFrom('dual_products')
        .select('id')
        .where('status', '=', 'active')
        .where('market_id', '=', marketId)
        .where('type', '=', type)
        .where('days', '=', days)
        .where('subscribe_until', '>', until)
        .executeTakeFirst();
      return found !== undefined;
    }
    return [...this.active.values()].some((row) => row.market_id === marketId && row.type === type && row.days === days && row.subscribe_until > until);
  }

  /** The currency a product takes and the one its other outcome pays in. */
  currencies(market: Market, type: 'call' | 'put') {
    return type === 'call' ? { invested: market.base, other: market.quote } : { invested: market.quote, other: market.base };
  }

  async offer(step: Step, input: DualOffer): Promise<DualProductRow> {
    const market = this.deps.catalogue.market(input.market_id);
    const { invested } = this.currencies(market, input.type);
    const unit = new Money(input.unit_price);
    if (unit.lte(0) || unit.decimalPlaces() > invested.precision) throw new ApiError('server:errors.dual_unit_invalid', { decimals: invested.precision });
    if (new Money(input.apr).lte(0) || new Money(input.apr).gt(10)) throw new ApiError('server:errors.dual_apr_invalid');
    const linked = new Money(input.linked_price);
    if (linked.lte(0) || linked.decimalPlaces() > market.pricePrecision) throw new ApiError('server:errors.dual_linked_invalid', { decimals: market.pricePrecision });
    if (input.subscribe_until <= step.time) throw new ApiError('server:errors.dual_time_invalid');
    const { id } = await step.trx
      .insertInto('dual_products')
      .values({
        market_id: market.id,
        type: input.type,
        unit_price: unit.toFixed(),
        apr: new Money(input.apr).toFixed(),
        linked_price: linked.toFixed(market.pricePrecision),
        days: input.days,
        subscribe_until: input.subscribe_until,
        maturity_at: input.subscribe_until + input.days * DAY,
        total_shares: input.total_shares,
        sold_shares: 0,
        status: 'active',
        settle_tick: null,
        created_at: step.time,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await productRow(step.trx, id);
    step.keep(this.active, id, row);
    return row;
  }

  async buy(step: Step, userId: number, productId: number, num: number): Promise<DualOrderRow> {
    const product = this.active.get(productId);
    if (!product || step.time >= product.subscribe_until) throw new ApiError('server:errors.dual_closed');
    const remaining = product.total_shares - product.sold_shares;
    if (num > remaining) throw new ApiError('server:errors.dual_shares_left', { remaining });
    const market = this.deps.catalogue.market(product.market_id);
    const { invested } = this.currencies(market, product.type);
    const amount = new Money(product.unit_price).times(num);
    const { id } = await step.trx
      .insertInto('dual_orders')
      .values({
        user_id: userId,
        product_id: product.id,
        num,
        currency_id: invested.id,
        amount: amount.toFixed(invested.precision),
        status: 'purchased',
        payout_currency_id: null,
        payout_amount: null,
        created_at: step.time,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'dual_buy',
      ref: { kind: 'dual-buy', id },
      userId,
      memo: `${market.symbol} ${product.type} @ ${product.linked_price} #${id}`,
      movements: [{ from: userAccount(userId, invested.id, 'change'), to: userAccount(userId, invested.id, 'change', 'locked'), amount }],
      at: step.time,
    });
    await step.trx
      .updateTable('dual_products')
      .set({ sold_shares: product.sold_shares + num })
      .where('id', '=', product.id)
      .execute();
    step.keep(this.active, product.id, { ...product, sold_shares: product.sold_shares + num });
    return orderRow(step.trx, id);
  }

  /**
   * An operator withdraws a product still open for purchase: every order refunded in full,
   * marked failed; answers how many. Once the holding period starts the product is the
   * market's to settle: withdrawing it then would let the house pick the outcome.
   */
  async withdraw(step: Step, productId: number): Promise<number> {
    const product = this.active.get(productId);
    if (!product) throw new ApiError('server:errors.dual_closed');
    if (step.time >= product.subscribe_until) throw new ApiError('server:errors.dual_close_holding');
    const orders = await step.trx.selectFrom('dual_orders').selectAll().where('product_id', '=', productId).where('status', '=', 'purchased').orderBy('id').execute();
    for (const order of orders) {
      await record(step, {
        reason: 'dual_refund',
        ref: { kind: 'dual-refund', id: order.id },
        userId: order.user_id,
        memo: `#${order.id}`,
        movements: [{ from: userAccount(order.user_id, order.currency_id, 'change', 'locked'), to: userAccount(order.user_id, order.currency_id, 'change'), amount: order.amount }],
        at: step.time,
      });
    }
    await step.trx.updateTable('dual_orders').set({ status: 'failed', settled_at: step.time }).where('product_id', '=', productId).where('status', '=', 'purchased').execute();
    await step.trx.updateTable('dual_products').set({ status: 'closed', settled_at: step.time }).where('id', '=', productId).execute();
    step.keep(this.active, productId, undefined);
    return orders.length;
  }

  /** The live products of `markets` as the store holds them (several processes). */
  private async refresh(step: Step, markets: readonly number[]): Promise<void> {
    if (markets.length === 0) return;
    const rows = await step.trx.selectFrom('dual_products').selectAll().where('status', '=', 'active').where('market_id', 'in', markets).execute();
    const stored = new Set(rows.map((row) => row.id));
    for (const row of [...this.active.values()]) if (markets.includes(row.market_id) && !stored.has(row.id)) step.keep(this.active, row.id, undefined);
    for (const row of rows) step.keep(this.active, row.id, row);
  }

  /** The step's trades: a product whose maturity a trade has reached settles at the first such trade. */
  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    // Several processes: a product may have been offered through another process (an
    // operator's request, the demo's job): the traded markets' products are read from the store.
    if (this.deps.exchange.market.epochs !== null)
      await this.refresh(
        step,
        batches.map((batch) => batch.marketId),
      );
    if (this.active.size === 0) return;
    for (const { marketId, trades } of batches) {
      const last = trades.at(-1);
      if (!last) continue;
      for (const product of [...this.active.values()]) {
        if (product.market_id !== marketId || last.time < product.maturity_at) continue;
        const trade = trades.find((candidate) => candidate.time >= product.maturity_at);
        if (trade) await this.settle(step, product, trade);
      }
    }
  }

  private async settle(step: Step, product: DualProductRow, trade: Trade): Promise<void> {
    const market = this.deps.catalogue.market(product.market_id);
    const { invested, other } = this.currencies(market, product.type);
    const tick = tickOf(market, trade);
    const orders = await step.trx.selectFrom('dual_orders').selectAll().where('product_id', '=', product.id).where('status', '=', 'purchased').orderBy('id').execute();
    for (const order of orders) {
      const payout = dualPayout(product, order.amount, tick.price, { invested: invested.precision, other: other.precision });
      const paid = payout.currency === 'invested' ? invested : other;
      const locked = userAccount(order.user_id, invested.id, 'change', 'locked');
      const movements =
        payout.currency === 'invested'
          ? [
              { from: locked, to: userAccount(order.user_id, invested.id, 'change'), amount: order.amount },
              ...(payout.amount.gt(order.amount) ? [{ from: house('treasury', invested.id), to: userAccount(order.user_id, invested.id, 'change'), amount: payout.amount.minus(order.amount) }] : []),
            ]
          : [
              { from: locked, to: house('treasury', invested.id), amount: order.amount },
              ...(payout.amount.gt(0) ? [{ from: house('treasury', other.id), to: userAccount(order.user_id, other.id, 'change'), amount: payout.amount }] : []),
            ];
      await record(step, {
        reason: 'dual_settle',
        ref: { kind: 'dual-settle', id: order.id },
        userId: order.user_id,
        memo: `${market.symbol} @ ${tick.price} #${order.id}`,
        movements,
        at: trade.time,
      });
      await step.trx
        .updateTable('dual_orders')
        .set({ status: 'completed', payout_currency_id: paid.id, payout_amount: payout.amount.toFixed(paid.precision), settled_at: trade.time })
        .where('id', '=', order.id)
        .execute();
    }
    await step.trx
      .updateTable('dual_products')
      .set({ status: 'settled', settle_tick: JSON.stringify(tick), settled_at: trade.time })
      .where('id', '=', product.id)
      .execute();
    step.keep(this.active, product.id, undefined);
  }

  productView(row: DualProductRow, now = this.deps.now()): Static<typeof DualProduct> {
    const market = this.deps.catalogue.market(row.market_id);
    const { invested, other } = this.currencies(market, row.type);
    const status = row.status === 'settled' ? 'settled' : row.status === 'closed' ? 'closed' : now < row.subscribe_until ? 'open' : now < row.maturity_at ? 'holding' : 'settling';
    return {
      id: row.id,
      market_id: row.market_id,
      symbol: market.symbol,
      type: row.type,
      invest_currency_id: invested.id,
      invest_code: invested.code,
      invest_precision: invested.precision,
      other_currency_id: other.id,
      other_code: other.code,
      other_precision: other.precision,
      unit_price: row.unit_price,
      apr: row.apr,
      linked_price: new Money(row.linked_price).toFixed(market.pricePrecision),
      days: row.days,
      subscribe_until: row.subscribe_until,
      maturity_at: row.maturity_at,
      total_shares: row.total_shares,
      remaining_shares: row.total_shares - row.sold_shares,
      progress: new Money(row.sold_shares).div(row.total_shares).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(),
      status,
      settle_tick: readTick(row.settle_tick),
    };
  }

  orderView(row: DualOrderRow, product: DualProductRow, now = this.deps.now()): Static<typeof DualOrder> {
    const view = this.productView(product, now);
    return {
      id: row.id,
      product: view,
      num: row.num,
      amount: row.amount,
      status: row.status === 'purchased' && now >= product.maturity_at ? 'settling' : row.status,
      payout_currency_id: row.payout_currency_id,
      payout_code: row.payout_currency_id === null ? null : this.deps.catalogue.currency(row.payout_currency_id).code,
      payout_amount: row.payout_amount,
      settle_tick: row.status === 'completed' ? view.settle_tick : null,
      created_at: row.created_at,
      settled_at: row.settled_at,
    };
  }
}

async function productRow(db: Step['trx'], id: number): Promise<DualProductRow> {
  return db.selectFrom('dual_products').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function orderRow(db: Step['trx'], id: number): Promise<DualOrderRow> {
  return db.selectFrom('dual_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A purchased dual order keeps its amount in the coin account's locked part until settlement. */
export const dualHolds: HoldSource = {
  name: 'dual orders',
  part: 'locked',
  list: async (db) =>
    (await db.selectFrom('dual_orders').select(['user_id', 'currency_id', 'amount']).where('status', '=', 'purchased').execute()).map((row) => ({
      userId: row.user_id,
      currency: row.currency_id,
      kind: 'change' as const,
      amount: row.amount,
    })),
};

/**
 * The demo's offers (on when DEMO is): sell high and buy low on BTC and ETH, for a day and
 * a week, at linked prices a few percent from the live price, open to purchase for 12
 * hours. The dual-offers job keeps one of each open; an operator offers others.
 */
const DEMO_OFFERS = [
  { symbol: 'BTC/USDT', step: 100, callUnit: '0.001', putUnit: '100' },
  { symbol: 'ETH/USDT', step: 10, callUnit: '0.01', putUnit: '100' },
] as const;
const DEMO_TERMS = [
  { days: 1, distance: 0.02, callApr: '0.6', putApr: '0.5' },
  { days: 7, distance: 0.05, callApr: '0.35', putApr: '0.3' },
] as const;
const OPEN_FOR_MS = 12 * 3_600_000;

export async function keepDemoOffers(deps: { exchange: Exchange; catalogue: Catalogue; dual: DualDesk; lastPrice: (marketId: number) => number }): Promise<number> {
  let made = 0;
  for (const offer of DEMO_OFFERS) {
    const market = deps.catalogue.bySymbol(offer.symbol);
    for (const terms of DEMO_TERMS) {
      for (const type of ['call', 'put'] as const) {
        made += await deps.exchange.run(async (step) => {
          if (await deps.dual.openOffer(step, market.id, type, terms.days, step.time + 3_600_000)) return 0;
          const price = deps.lastPrice(market.id);
          const linked = type === 'call' ? Math.ceil((price * (1 + terms.distance)) / offer.step) * offer.step : Math.floor((price * (1 - terms.distance)) / offer.step) * offer.step;
          await deps.dual.offer(step, {
            market_id: market.id,
            type,
            unit_price: type === 'call' ? offer.callUnit : offer.putUnit,
            apr: type === 'call' ? terms.callApr : terms.putApr,
            linked_price: String(linked),
            days: terms.days,
            subscribe_until: step.time + OPEN_FOR_MS,
            total_shares: 1000,
          });
          return 1;
        });
      }
    }
  }
  return made;
}
