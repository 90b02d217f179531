import type { Insertable, Kysely, Selectable } from 'kysely';
import { floor, Money, text, ZERO } from '../../contract/money';
import { amountDecimals, ocoPrices, priceBand, smallestOrder, triggerSide } from '../../contract/order-rules';
import { triggerReached } from '../../contract/trading';
import type { Database, SpotOrdersTable } from '../db/schema';
import type { Market } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError, refusal } from '../http/errors';
import { noRequestId, type Remember } from '../http/request-ids';
import { house, userAccount, type AccountKey } from '../ledger/accounts';
import { couponRate, type Fee, type FeePath } from '../ledger/fees';
import type { HoldSource } from '../ledger/holds';
import { explainShortfall, lockedBalanceOf, record, type Movement } from '../ledger/ledger';
import type { Fill } from '../market/book';
import type { ExchangeRef, Trade, UserFill } from '../market/engine';
import { spendCoupon } from '../wallet/coupons';
import { BookChanges } from './book-changes';
import { SPOT_FEE, SPOT_MIN_NOTIONAL, SPOT_PRICE_BAND } from './config';
import type { TradingDeps } from './deps';
import { assertCurrent, lotsOf, priceOf, quantityOf, tickOf, ticksOf } from './market';

/**
 * Spot trading in the coin account. Users' orders go into the same order books as the
 * market maker's quotes. Placing an order is part of a step of the exchange: the fills
 * are previewed and written to the ledger in the step's transaction (nothing is written
 * if a balance is short), the trades they print are settled in the same step, and the
 * book makes them when the step commits, exactly as previewed because nothing else runs
 * in between. A resting order's funds are frozen; when the market's own flow fills it,
 * the fill is settled in the step that made it (the 'fills' handler). Fees come out of
 * what each side receives (the fee path, ledger/fees.ts); a fee coupon is spent by the
 * order's first fill.
 *
 * A stop-limit order freezes its funds at placement, like a limit order, and waits out of
 * the book; the first trade at or through its trigger (the 'trades' handler, in the step
 * of that trade) enters it at its limit, filling at once what crosses. An OCO order
 * freezes once for both its parts: its take profit rests in the book while its stop
 * waits; a fill of the take profit, even a part, cancels the stop, and the stop's trigger
 * takes the take profit out of the book as the stop's limit enters it, in the same step.
 * Each records the trade that decided it. When one step changes a book more than once,
 * each change is previewed after the ones before (book-changes.ts).
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
  /** a live market's fill: what it went by on the exchange */
  source?: ExchangeRef;
}

/** The order types of the form: a limit or market order, a stop-limit, an OCO (take profit and stop, one cancels the other). */
export type SpotOrderType = SpotOrderRow['type'];

export interface SpotOrderInput {
  currency_id: number;
  legal_id: number;
  type: 'buy' | 'sell';
  /** absent: a limit order when target_price is given, else a market order */
  order_type?: SpotOrderType | undefined;
  amount?: string | undefined;
  total?: string | undefined;
  /** the limit price (a limit order's, a stop-limit's once triggered, an OCO's take profit) */
  target_price?: string | undefined;
  /** a stop-limit's or an OCO's trigger */
  trigger_price?: string | undefined;
  /** an OCO's stop limit */
  stop_limit_price?: string | undefined;
}

/** Where an open order rests in the book (its limit), or null while it waits out of it (a stop-limit before its trigger). */
export function bookPriceOf(row: Pick<SpotOrderRow, 'type' | 'price' | 'stop_price' | 'stop_state'>): string | null {
  if (row.type === 'stop_limit') return row.stop_state === 'triggered' ? row.price : null;
  if (row.type === 'oco') return row.stop_state === 'triggered' ? row.stop_price : row.price;
  return row.type === 'limit' ? row.price : null;
}

export class SpotDesk {
  /** Open stops waiting for their trigger, by id (stop-limits and OCOs): what the market's trades are checked against. */
  private readonly waiting = new Map<number, SpotOrderRow>();
  private readonly books: BookChanges;

  constructor(private readonly deps: TradingDeps) {
    this.books = new BookChanges(() => deps.exchange.market.engine);
  }

  /**
   * Places an order; answers it as it stands after its immediate fills. An order gives its
   * `amount` (base); a market buy may give its `total` instead (quote, spent at most).
   */
  async place(step: Step, userId: number, input: SpotOrderInput, remember: Remember = noRequestId): Promise<SpotOrderRow> {
    // Coins against USDT and stocks against USD (held in the coin account: converted from USDT), one desk.
    const market = this.deps.catalogue.pair(input.currency_id, input.legal_id);
    const kind: SpotOrderType = input.order_type ?? (input.target_price ? 'limit' : 'market');
    if (kind === 'stop_limit' || kind === 'oco') return this.placeStop(step, userId, market, kind, input, remember);
    if (input.trigger_price || input.stop_limit_price) throw new ApiError('server:errors.trigger_not_allowed');
    if (kind === 'market' && input.target_price) throw new ApiError('server:errors.order_market_priced');
    if (kind === 'limit' && !input.target_price) throw new ApiError('server:errors.limit_price_required');
    if (input.amount !== undefined && input.total !== undefined) throw new ApiError('server:errors.spot_amount_and_total');
    if (input.amount === undefined && input.total === undefined) throw new ApiError('server:errors.spot_amount_missing');
    const limitPrice = input.target_price ? new Money(input.target_price) : null;
    const side: 1 | -1 = input.type === 'buy' ? 1 : -1;
    if (input.total !== undefined && (side !== 1 || limitPrice)) throw new ApiError('server:errors.spot_total_market_buy');
    const { engine } = this.deps.exchange.market;
    assertCurrent(engine, market);
    const { lots, quantity } = input.total === undefined ? amountOf(market, input.amount as string) : await this.bought(step, userId, market, input.total);
    const limit = limitPrice ? ticksOf(market, limitPrice) : undefined;

    const last = new Money(engine.lastPrice(market.id));
    const band = limitPrice ? priceBand(limitPrice, last, SPOT_PRICE_BAND, market.pricePrecision) : null;
    if (band && !band.ok) throw refusal(band);
    if (input.total === undefined) {
      const worth = smallestOrder(quantity, limitPrice ?? last, SPOT_MIN_NOTIONAL, market.quote.code);
      if (!worth.ok) throw refusal(worth);
    }
    const { fills: preview, lastSeq } = this.books.preview(step, { marketId: market.id, side, lots, ...(limit === undefined ? {} : { limit }) });
    const own = preview.find((fill) => fill.makerOwner === userId);
    if (own) throw new ApiError('server:errors.self_trade', { price: priceOf(market, own.price).toFixed(market.pricePrecision) });
    if (limit === undefined && preview.length === 0) throw new ApiError('server:errors.no_liquidity');

    const { trx, time } = step;
    const facts = factsOf(preview, lastSeq, time, side, this.liveBook(market));
    const filledLots = preview.reduce((total, fill) => total + fill.lots, 0);
    const resting = limit === undefined ? 0 : lots - filledLots;
    const touched: SpotOrderRow[] = [];

    const { id } = await trx
      .insertInto('spot_orders')
      .values({
        ...(await newOrderValues(step, userId, market, input.type, quantity)),
        type: limit === undefined ? 'market' : 'limit',
        price: limitPrice ? limitPrice.toFixed(market.pricePrecision) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    let taker = await orderRow(trx, id);
    for (const [index, fill] of preview.entries()) {
      const maker: Party = fill.makerRef === 0 ? { kind: 'house' } : { kind: 'user', order: await orderRow(trx, fill.makerRef), source: 'frozen' };
      const settled = await this.settle(step, market, facts[index] as FillFacts, { kind: 'user', order: taker, source: 'available' }, maker);
      taker = settled.taker ?? taker;
      if (settled.maker) touched.push(settled.maker);
    }
    if (resting > 0 && limitPrice) {
      const rest = quantityOf(market, resting);
      const frozen = side === 1 ? ceil(rest.times(limitPrice), market.quote.precision) : rest;
      await this.freeze(step, market, id, userId, side, frozen);
    } else {
      await trx
        .updateTable('spot_orders')
        .set({ status: filledLots === lots ? 'filled' : 'cancelled', updated_at: time })
        .where('id', '=', id)
        .execute();
    }
    const order = await orderRow(trx, id);

    // The trades this order prints are settled in this step (contracts, options, stops); the
    // book makes them, exactly as previewed, when the step commits. On a live market it prints none.
    if (!this.isLive(market)) step.traded(market.id, tradesOf(market, facts));
    this.books.submit(step, { marketId: market.id, ref: order.id, owner: userId, side, lots, ...(limit === undefined ? {} : { limit }) }, facts.at(-1)?.seq ?? lastSeq, (made) =>
      assertSame(made, preview, facts),
    );
    step.raise({ kind: 'spotOrder', order });
    for (const maker of touched) step.raise({ kind: 'spotOrder', order: maker });
    return order;
  }

  /**
   * A stop-limit or an OCO order. Its funds are frozen now, as a limit order's, so it
   * cannot fail for want of balance when it triggers: a buy freezes the quote at its
   * highest limit (an OCO's take profit or stop limit), a sell the base. A stop-limit waits
   * out of the book; an OCO's take profit rests in it at once, and must not trade now
   * (it would end the OCO before it began: a limit beyond the market does that job).
   */
  private async placeStop(step: Step, userId: number, market: Market, kind: 'stop_limit' | 'oco', input: SpotOrderInput, remember: Remember): Promise<SpotOrderRow> {
    if (input.total !== undefined) throw new ApiError('server:errors.spot_total_market_buy');
    if (input.amount === undefined) throw new ApiError('server:errors.spot_amount_missing');
    if (!input.target_price) throw new ApiError('server:errors.limit_price_required');
    if (!input.trigger_price) throw new ApiError('server:errors.trigger_price_required');
    if (kind === 'oco' && !input.stop_limit_price) throw new ApiError('server:errors.order_stop_limit_required');
    if (kind === 'stop_limit' && input.stop_limit_price) throw new ApiError('server:errors.trigger_not_allowed');
    const side: 1 | -1 = input.type === 'buy' ? 1 : -1;
    const { lots, quantity } = amountOf(market, input.amount);
    const limitPrice = new Money(input.target_price);
    const triggerPrice = new Money(input.trigger_price);
    const stopPrice = kind === 'oco' ? new Money(input.stop_limit_price ?? '0') : null;
    const limit = ticksOf(market, limitPrice);
    ticksOf(market, triggerPrice);
    if (stopPrice) ticksOf(market, stopPrice);

    const { engine } = this.deps.exchange.market;
    assertCurrent(engine, market);
    const last = new Money(engine.lastPrice(market.id));
    for (const price of [triggerPrice, limitPrice, ...(stopPrice ? [stopPrice] : [])]) {
      const band = priceBand(price, last, SPOT_PRICE_BAND, market.pricePrecision);
      if (!band.ok) throw refusal(band);
    }
    const sides = kind === 'oco' ? ocoPrices(side, limitPrice, triggerPrice, last, market.pricePrecision) : triggerSide(side, triggerPrice, last, market.pricePrecision);
    if (!sides.ok) throw refusal(sides);
    const lowest = stopPrice ? Money.min(limitPrice, stopPrice) : limitPrice;
    const worth = smallestOrder(quantity, lowest, SPOT_MIN_NOTIONAL, market.quote.code);
    if (!worth.ok) throw refusal(worth);
    const entering = kind === 'oco' ? this.books.preview(step, { marketId: market.id, side, lots, limit }) : null;
    const crossing = entering?.fills[0];
    if (crossing) throw new ApiError('server:errors.order_oco_crosses', { price: priceOf(market, crossing.price).toFixed(market.pricePrecision) });

    const { trx } = step;
    const { id } = await trx
      .insertInto('spot_orders')
      .values({
        ...(await newOrderValues(step, userId, market, input.type, quantity)),
        type: kind,
        price: limitPrice.toFixed(market.pricePrecision),
        trigger_price: triggerPrice.toFixed(market.pricePrecision),
        stop_price: stopPrice ? stopPrice.toFixed(market.pricePrecision) : null,
        stop_state: 'waiting',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    const highest = stopPrice ? Money.max(limitPrice, stopPrice) : limitPrice;
    await this.freeze(step, market, id, userId, side, side === 1 ? ceil(quantity.times(highest), market.quote.precision) : quantity);
    const order = await orderRow(trx, id);
    if (entering) this.books.submit(step, { marketId: market.id, ref: id, owner: userId, side, lots, limit }, entering.lastSeq, (made) => assertSame(made, [], []));
    step.keep(this.waiting, id, order);
    step.raise({ kind: 'spotOrder', order });
    return order;
  }

  /** Freezes what an order may spend (the quote for a buy, the base for a sell) under spot-freeze:<order>. */
  private async freeze(step: Step, market: Market, id: number, userId: number, side: 1 | -1, amount: Money): Promise<void> {
    const currency = side === 1 ? market.quote.id : market.base.id;
    await record(step, {
      reason: 'spot_freeze',
      ref: { kind: 'spot-freeze', id },
      userId,
      memo: `${market.symbol} #${id}`,
      movements: [{ from: userAccount(userId, currency, 'change'), to: userAccount(userId, currency, 'change', 'frozen'), amount }],
      at: step.time,
    });
    await step.trx.updateTable('spot_orders').set({ frozen: amount.toFixed() }).where('id', '=', id).execute();
  }

  /**
   * What a market buy by `total` buys: the most lots the book's asks give for at most the
   * total (lotsWithin), checked first as a quote amount the user has and may spend.
   */
  private async bought(step: Step, userId: number, market: Market, text: string): Promise<{ lots: number; quantity: Money }> {
    const total = new Money(text);
    if (total.lte(0)) throw new ApiError('validation:total_invalid');
    const decimals = amountDecimals(total, market.quote.precision, market.quote.code);
    if (!decimals.ok) throw refusal(decimals);
    const worth = smallestOrder(total, 1, SPOT_MIN_NOTIONAL, market.quote.code);
    if (!worth.ok) throw refusal(worth);
    const account = userAccount(userId, market.quote.id, 'change');
    if (total.gt(await lockedBalanceOf(step, account)))
      throw await explainShortfall(step, new ApiError('server:errors.insufficient_balance'), { user: userId, currency: market.quote.id, kind: 'change' });
    const asks = this.deps.exchange.market.engine.preview({ marketId: market.id, side: 1, lots: Number.MAX_SAFE_INTEGER });
    if (asks.length === 0) throw new ApiError('server:errors.no_liquidity');
    const lots = lotsWithin(market, asks, total);
    if (lots === 0) throw new ApiError('server:errors.spot_total_below_lot', { step: quantityOf(market, 1).toFixed(), currency: market.base.code });
    return { lots, quantity: quantityOf(market, lots) };
  }

  /** Cancels an open order of this user (both parts of an OCO); what is frozen for it returns. */
  async cancel(step: Step, userId: number, id: number): Promise<SpotOrderRow> {
    const { trx, time } = step;
    const row = await trx.selectFrom('spot_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    if (row.status !== 'open') throw new ApiError('server:errors.order_not_open');
    await release(step, row);
    await trx
      .updateTable('spot_orders')
      .set({ status: 'cancelled', frozen: '0', updated_at: time, ...(row.stop_state === 'waiting' ? { stop_state: 'cancelled' as const } : {}) })
      .where('id', '=', id)
      .execute();
    const order = await orderRow(trx, id);
    if (bookPriceOf(row) !== null) this.books.cancel(step, row.market_id, id);
    step.keep(this.waiting, id, undefined);
    step.raise({ kind: 'spotOrder', order });
    return order;
  }

  /** Settles fills of resting orders made by the market's own flow in this step. */
  async settleMarketFills(step: Step, fills: readonly UserFill[]): Promise<void> {
    const touched = new Map<number, SpotOrderRow>();
    for (const fill of fills) {
      const market = this.deps.catalogue.market(fill.marketId);
      const facts: FillFacts = { seq: fill.seq, time: fill.time, priceTicks: fill.price, lots: fill.lots, takerSide: fill.takerSide, ...(fill.source ? { source: fill.source } : {}) };
      const maker: Party = { kind: 'user', order: await orderRow(step.trx, fill.makerRef), source: 'frozen' };
      const settled = await this.settle(step, market, facts, { kind: 'house' }, maker);
      if (settled.maker) touched.set(settled.maker.id, settled.maker);
    }
    for (const order of touched.values()) step.raise({ kind: 'spotOrder', order });
  }

  /**
   * The 'trades' handler: each trade of the step, in sequence, triggers the waiting stops
   * it reaches (a buy stop at or above its trigger, a sell stop at or below it), oldest
   * order first. A triggered stop's own prints come back as trades of the step, and may
   * trigger the next.
   */
  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.waiting.size === 0) return;
    for (const { marketId, trades } of batches) {
      // A live market resynchronising its book: the stops wait for a trade once it is current.
      if (this.deps.exchange.market.engine.isStale(marketId)) continue;
      const market = this.deps.catalogue.market(marketId);
      for (const trade of trades) {
        const price = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
        const due = [...this.waiting.values()]
          .filter((row) => row.market_id === marketId && row.trigger_price !== null && triggerReached(row.side === 'buy' ? 1 : -1, row.trigger_price, price))
          .sort((a, b) => a.id - b.id);
        for (const live of due) {
          if (!this.waiting.has(live.id)) continue;
          // The stored order decides: a cancel or a fill may have ended its stop in this step.
          const stored = await orderRow(step.trx, live.id);
          step.keep(this.waiting, live.id, undefined);
          if (stored.status === 'open' && stored.stop_state === 'waiting') await this.trigger(step, market, stored, trade);
        }
      }
    }
  }

  /**
   * A stop reached by `trade`: recorded with that trade, it enters the book at its limit
   * (an OCO's take profit leaves it first), taking at once what crosses with its frozen
   * funds. Should it meet the user's own resting order it is cancelled instead, its funds
   * returned: a handler cannot refuse, and a trade with oneself is never made.
   */
  private async trigger(step: Step, market: Market, row: SpotOrderRow, trade: Trade): Promise<void> {
    const { trx, time } = step;
    const side: 1 | -1 = row.side === 'buy' ? 1 : -1;
    const limitPrice = new Money((row.type === 'oco' ? row.stop_price : row.price) ?? '0');
    const limit = ticksOf(market, limitPrice);
    const lots = new Money(row.amount).minus(row.filled).times(market.lotScale).toNumber();
    if (row.type === 'oco') this.books.cancel(step, market.id, row.id);
    const { fills: preview, lastSeq } = this.books.preview(step, { marketId: market.id, side, lots, limit });
    const ownFill = preview.some((fill) => fill.makerOwner === row.user_id);
    await trx
      .updateTable('spot_orders')
      .set({ stop_state: 'triggered', trigger_tick: JSON.stringify(tickOf(market, trade)), updated_at: time })
      .where('id', '=', row.id)
      .execute();
    if (ownFill) {
      await release(step, row);
      await trx.updateTable('spot_orders').set({ status: 'cancelled', frozen: '0', cancel_reason: 'self_trade' }).where('id', '=', row.id).execute();
      step.raise({ kind: 'spotOrder', order: await orderRow(trx, row.id) });
      return;
    }
    const facts = factsOf(preview, lastSeq, time, side, this.liveBook(market));
    let taker = await orderRow(trx, row.id);
    const touched: SpotOrderRow[] = [];
    for (const [index, fill] of preview.entries()) {
      const maker: Party = fill.makerRef === 0 ? { kind: 'house' } : { kind: 'user', order: await orderRow(trx, fill.makerRef), source: 'frozen' };
      const settled = await this.settle(step, market, facts[index] as FillFacts, { kind: 'user', order: taker, source: 'frozen' }, maker);
      taker = settled.taker ?? taker;
      if (settled.maker) touched.push(settled.maker);
    }
    if (!this.isLive(market)) step.traded(market.id, tradesOf(market, facts));
    this.books.submit(step, { marketId: market.id, ref: row.id, owner: row.user_id, side, lots, limit }, facts.at(-1)?.seq ?? lastSeq, (made) => assertSame(made, preview, facts));
    step.raise({ kind: 'spotOrder', order: taker });
    for (const maker of touched) step.raise({ kind: 'spotOrder', order: maker });
  }

  /**
   * Settles one fill (settleFill); an OCO whose take profit it fills, even in part, has its
   * stop cancelled at that fill's trade, in the same step.
   */
  private async settle(step: Step, market: Market, fill: FillFacts, taker: Party, maker: Party): Promise<{ taker?: SpotOrderRow; maker?: SpotOrderRow }> {
    const settled = await settleFill(step, market, fill, taker, maker, this.deps.fees);
    for (const role of ['taker', 'maker'] as const) {
      const row = settled[role];
      if (!row || row.type !== 'oco' || row.stop_state !== 'waiting') continue;
      const source = fill.source?.kind === 'trade' ? { source: { exchange: fill.source.exchange, id: fill.source.id } } : {};
      const tick = tickOf(market, { seq: fill.seq, time: fill.time, price: priceOf(market, fill.priceTicks).toNumber(), ...source });
      await step.trx
        .updateTable('spot_orders')
        .set({ stop_state: 'cancelled', trigger_tick: JSON.stringify(tick) })
        .where('id', '=', row.id)
        .execute();
      step.keep(this.waiting, row.id, undefined);
      settled[role] = await orderRow(step.trx, row.id);
    }
    return settled;
  }

  /** Whether the market follows a live exchange: users' orders walk its book and print nothing on its tape. */
  private isLive(market: Market): boolean {
    return this.deps.exchange.market.engine.feedOf(market.id) !== 'simulated';
  }

  /** A live market's book as a taker walks it now (its exchange update), else none. */
  private liveBook(market: Market): ExchangeRef | undefined {
    return this.isLive(market) ? this.deps.exchange.market.engine.bookSource(market.id) : undefined;
  }

  /**
   * Puts open orders back in the books after a start, oldest first (time priority), and
   * waiting stops back under watch: every market's, or one market's when this process
   * claims it (several processes). Orders of a market this process does not run stay in
   * the store for the process that does.
   */
  async restore(marketId?: number): Promise<number> {
    let query = this.deps.db.selectFrom('spot_orders').selectAll().where('status', '=', 'open').where('type', 'in', ['limit', 'stop_limit', 'oco']);
    if (marketId !== undefined) query = query.where('market_id', '=', marketId);
    const { engine } = this.deps.exchange.market;
    const rows = (await query.orderBy('id').execute()).filter((row) => engine.has(row.market_id));
    for (const [id, row] of this.waiting) if (marketId === undefined || row.market_id === marketId) this.waiting.delete(id);
    let resting = 0;
    for (const row of rows) {
      if (row.stop_state === 'waiting') this.waiting.set(row.id, row);
      const price = bookPriceOf(row);
      if (price === null) continue;
      const market = this.deps.catalogue.market(row.market_id);
      const remaining = new Money(row.amount).minus(row.filled);
      engine.restore({
        marketId: row.market_id,
        ref: row.id,
        owner: row.user_id,
        side: row.side === 'buy' ? 1 : -1,
        lots: remaining.times(market.lotScale).toNumber(),
        limit: ticksOf(market, new Money(price)),
      });
      resting++;
    }
    return resting;
  }
}

/** An order's amount (base) as the book's lots; refused when it is not a whole number of lots. */
function amountOf(market: Market, amount: string): { lots: number; quantity: Money } {
  const quantity = new Money(amount);
  return { lots: lotsOf(market, quantity), quantity };
}

/**
 * The most lots a market buy may take from `asks` (the fills it would get, best first)
 * for at most `budget` of the quote currency: whole fills while the budget lasts, each
 * costing what settleFill charges for it (quantity x price cut to the quote's decimals),
 * then the whole lots the rest still pays for at the next fill's price. What is left
 * of the budget is not spent.
 */
export function lotsWithin(market: Market, asks: readonly Fill[], budget: Money): number {
  let left = budget;
  let lots = 0;
  for (const fill of asks) {
    const price = priceOf(market, fill.price);
    const cost = floor(quantityOf(market, fill.lots).times(price), market.quote.precision);
    if (cost.lte(left)) {
      left = left.minus(cost);
      lots += fill.lots;
      continue;
    }
    // Exact cost of a lot here; what is charged for them, cut down, is no more.
    lots += left.div(price).times(market.lotScale).floor().toNumber();
    break;
  }
  return lots;
}

function ceil(value: Money, decimals: number): Money {
  return value.toDecimalPlaces(decimals, Money.ROUND_UP);
}

/**
 * The columns a new order starts with, whatever its type: its owner, market, side and
 * amount, nothing filled, charged or frozen yet, open now. The best spot fee coupon is
 * only counted on here (its rate is the order's fee rate); the order's first fill spends it.
 */
async function newOrderValues(step: Step, userId: number, market: Market, side: SpotOrderRow['side'], quantity: Money) {
  const { rate: feeRate, coupon } = await couponRate(step.trx, userId, 'spot', SPOT_FEE, step.time);
  return {
    user_id: userId,
    market_id: market.id,
    side,
    amount: text(quantity, market.qtyPrecision),
    filled: '0',
    quote_filled: '0',
    fee: '0',
    fee_rate: feeRate.toFixed(),
    coupon_id: coupon?.id ?? null,
    frozen: '0',
    status: 'open',
    created_at: step.time,
    updated_at: step.time,
  } satisfies Partial<Insertable<SpotOrdersTable>>;
}

async function orderRow(db: Kysely<Database>, id: number): Promise<SpotOrderRow> {
  return db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/**
 * The prints the preview's fills will be: one per price level, numbered after `lastSeq`. On
 * a live market (`book`: the exchange's book it walks) they print nothing: each fill is at
 * the tape's last trade and records the book update instead.
 */
function factsOf(preview: readonly Fill[], lastSeq: number, time: number, takerSide: 1 | -1, book?: ExchangeRef): FillFacts[] {
  if (book) return preview.map((fill) => ({ seq: lastSeq, time, priceTicks: fill.price, lots: fill.lots, takerSide, source: book }));
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

/** The trades the preview's fills will print, as the engine prints them: one per price level. */
function tradesOf(market: Market, facts: readonly FillFacts[]): Trade[] {
  const levels: FillFacts[] = [];
  for (const fact of facts) {
    const last = levels.at(-1);
    if (last && last.seq === fact.seq) levels[levels.length - 1] = { ...last, lots: last.lots + fact.lots };
    else levels.push(fact);
  }
  return levels.map((level) => ({ seq: level.seq, time: level.time, price: level.priceTicks / market.priceScale, quantity: level.lots / market.lotScale, side: level.takerSide }));
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
async function settleFill(step: Step, market: Market, fill: FillFacts, takerBefore: Party, makerBefore: Party, fees: FeePath): Promise<{ taker?: SpotOrderRow; maker?: SpotOrderRow }> {
  const { trx } = step;
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
      market_id: market.id,
      seq: fill.seq,
      time: fill.time,
      price: price.toFixed(market.pricePrecision),
      amount: text(quantity, market.qtyPrecision),
      quote_amount: quoteAmount.toFixed(),
      taker_side: fill.takerSide === 1 ? 'buy' : 'sell',
      taker_order_id: taker.kind === 'user' ? taker.order.id : null,
      maker_order_id: maker.kind === 'user' ? maker.order.id : null,
      taker_fee: (fill.takerSide === 1 ? buyerFee : sellerFee).toFixed(),
      maker_fee: (fill.takerSide === 1 ? sellerFee : buyerFee).toFixed(),
      exchange_ref: fill.source ? `${fill.source.exchange}:${fill.source.kind}:${fill.source.id}` : null,
      exchange_time: fill.source?.time ?? null,
      exchange_price: fill.source?.price === undefined ? null : priceOf(market, fill.source.price).toFixed(market.pricePrecision),
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
  // Each user pays its fee out of what it receives, and shares it with whoever invited it.
  const memo = `${market.symbol} #${fillId}`;
  const charges: Fee[] = [];
  if (buyer.kind === 'user')
    charges.push({
      payer: buyer.order.user_id,
      from: account(buyer, market.base.id, 'available'),
      currency: market.base.id,
      amount: buyerFee,
      ref: { kind: 'spot-fill', id: fillId, side: 'buyer' },
      rebate: 'spot',
      memo,
    });
  if (seller.kind === 'user')
    charges.push({
      payer: seller.order.user_id,
      from: account(seller, market.quote.id, 'available'),
      currency: market.quote.id,
      amount: sellerFee,
      ref: { kind: 'spot-fill', id: fillId, side: 'seller' },
      rebate: 'spot',
      memo,
    });
  const users = [taker, maker].filter((party): party is Extract<Party, { kind: 'user' }> => party.kind === 'user');
  await fees.record(
    step,
    {
      reason: 'spot_trade',
      ref: { kind: 'spot-fill', id: fillId },
      userId: users[0]?.order.user_id ?? null,
      memo: `${market.symbol} ${text(quantity, market.qtyPrecision)} @ ${price.toFixed(market.pricePrecision)}`,
      movements,
      at: fill.time,
    },
    charges,
  );

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
        filled: text(filled, market.qtyPrecision),
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
      await release(step, row, fill.time);
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
 * something else meanwhile (or expired, or is not a spot coupon: an order placed before
 * coupons had scopes), the order pays the full fee from this fill on.
 */
async function claimCoupon(trx: Kysely<Database>, party: Party, time: number): Promise<Party> {
  if (party.kind !== 'user' || party.order.coupon_id === null || new Money(party.order.filled).gt(0)) return party;
  if (await spendCoupon(trx, party.order.coupon_id, 'spot', `spot:${party.order.id}`, time)) return party;
  await trx.updateTable('spot_orders').set({ fee_rate: SPOT_FEE.toFixed(), coupon_id: null }).where('id', '=', party.order.id).execute();
  return { ...party, order: await orderRow(trx, party.order.id) };
}

/** Returns what is still frozen for an order to the available part. */
async function release(step: Step, order: SpotOrderRow, time = step.time): Promise<void> {
  const frozen = new Money(order.frozen);
  if (frozen.lte(0)) return;
  const market = step.catalogue.market(order.market_id);
  const currency = order.side === 'buy' ? market.quote.id : market.base.id;
  await record(step, {
    reason: 'spot_release',
    ref: { kind: 'spot-release', id: order.id },
    userId: order.user_id,
    memo: `${market.symbol} #${order.id}`,
    movements: [{ from: userAccount(order.user_id, currency, 'change', 'frozen'), to: userAccount(order.user_id, currency, 'change'), amount: frozen }],
    at: time,
  });
}

/** An open order keeps what it may still spend frozen in the coin account: the quote for a buy, the base for a sell. */
export const spotOrderHolds: HoldSource = {
  name: 'open orders',
  part: 'frozen',
  list: async (db) =>
    (
      await db
        .selectFrom('spot_orders')
        .innerJoin('markets', 'markets.id', 'spot_orders.market_id')
        .select(['spot_orders.user_id', 'spot_orders.side', 'spot_orders.frozen', 'markets.base_currency_id', 'markets.quote_currency_id'])
        .where('spot_orders.status', '=', 'open')
        .execute()
    ).map((row) => ({ userId: row.user_id, currency: row.side === 'buy' ? row.quote_currency_id : row.base_currency_id, kind: 'change' as const, amount: row.frozen })),
};
