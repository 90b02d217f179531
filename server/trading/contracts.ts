import type { Kysely, Selectable } from 'kysely';
import { Money, ZERO } from '../../contract/money';
import { leverageRange, priceBand, priceTicks, reduceOnly, shareRange, stopsSide, trailingCallback } from '../../contract/order-rules';
import {
  closeLimitReached,
  limitReached,
  liquidationPrice,
  marginOf,
  nightsBetween,
  overnightOf,
  pnlOf,
  proRata,
  riskRate,
  stopReached,
  trailingBest,
  trailingHit,
  trailingStopPrice,
  type Direction,
  type TrailingCallback,
} from '../../contract/trading';
import { storeOf } from '../db/dialect';
import type { Database, LeverCloseOrdersTable, LeverPositionsTable } from '../db/schema';
import type { Market } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError, refusal } from '../http/errors';
import { noRequestId, type Remember } from '../http/request-ids';
import { house, userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { balanceOf, lockedBalanceOf, record } from '../ledger/ledger';
import type { Trade } from '../market/engine';
import {
  LEVER_FEE,
  LEVER_MAX_SHARE,
  LEVER_MIN_SHARE,
  LEVER_OVERNIGHT,
  LEVER_PRICE_BAND,
  leverMultiples,
  leverRange,
  LIQUIDATION_RISK,
  MARGIN_CURRENCY,
  TRAIL_RATE_MAX,
  TRAIL_RATE_MIN,
} from './config';
import type { TradingDeps } from './deps';
import { assertCurrent, tickOf } from './market';
import { positionView } from './views';

/**
 * Leveraged contracts: positions against the house at the live price, margined in USDT
 * from the contract account (a stock's USD counts as USDT). Opening freezes the margin
 * and charges the fee; a limit order the live price already reaches opens at once at
 * the live price, any other freezes both until a trade reaches its price and then opens
 * at that trade's price (the limit or better; see activate). Take-profit, stop-loss,
 * limit activation and liquidation are decided by the market's trades, one by one, and
 * settle at the trade that reached them, which the position records. Overnight fees
 * accrue per midnight held and are paid on closing. A loss larger than the account (a
 * gap past liquidation) is absorbed by the house and recorded as the position's
 * shortfall; the account never goes below zero. Money leaves the account's available
 * balance only as far as the open positions do not need it (see withdraw).
 *
 * A position is reduced by reduce-only close orders (a partial close): some of its lots
 * close at once (market) or when a trade reaches a limit, as a closed position of their
 * own split from it (`parent_id`) with their pro rata part of its margin and fees; such
 * an order never closes more than the position holds, and one still waiting when the
 * position closes is cancelled. A trailing stop keeps the best trade price since it was
 * set and closes the position at the first trade at or beyond its callback from it.
 */
export type PositionRow = Selectable<LeverPositionsTable>;
export type CloseOrderRow = Selectable<LeverCloseOrdersTable>;
type CloseReason = NonNullable<PositionRow['close_reason']>;

const DECIMALS = 6;
const up = (value: Money) => value.toDecimalPlaces(DECIMALS, Money.ROUND_UP);
const down = (value: Money) => value.toDecimalPlaces(DECIMALS, Money.ROUND_FLOOR);

export interface AccountFigures {
  balance: Money;
  margins: Money;
  /** unrealised, net of overnight fees owed */
  profit: Money;
  risk: Money | null;
}

export interface ContractOrder {
  currency_id: number;
  legal_id: number;
  direction: 'buy' | 'sell';
  type?: 'market' | 'limit' | undefined;
  share: number;
  multiple: number;
  price?: string | undefined;
  target_profit_price?: string | undefined;
  stop_loss_price?: string | undefined;
}

type TradeFacts = Pick<Trade, 'seq' | 'time' | 'price'>;

/** A reduce-only order: `share` lots of position `id`, by an order on the side opposite to it. */
export interface CloseOrderInput {
  id: number;
  direction: 'buy' | 'sell';
  type?: 'market' | 'limit' | undefined;
  share: number;
  price?: string | undefined;
}

/** A copy's origin (copy trading): the follow that opened it, the trader's position it copies, the trader. */
export interface CopyOrigin {
  followId: number;
  sourceId: number;
  traderId: number;
}

export class ContractDesk {
  /** Positions that are open or waiting, by id: the ones the market's trades can move. */
  private readonly live = new Map<number, PositionRow>();
  /** Reduce-only limit close orders waiting for a trade to reach them, by id. */
  private readonly closeOrders = new Map<number, CloseOrderRow>();

  constructor(private readonly deps: TradingDeps) {}

  /** Live positions and waiting close orders from the store: at start, and when this process claims a market. */
  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('lever_positions').selectAll().where('status', 'in', ['pending', 'open']).orderBy('id').execute();
    const orders = await this.deps.db.selectFrom('lever_close_orders').selectAll().where('status', '=', 'pending').orderBy('id').execute();
    this.live.clear();
    for (const row of rows) this.live.set(row.id, row);
    this.closeOrders.clear();
    for (const order of orders) this.closeOrders.set(order.id, order);
    return rows.length;
  }

  /** A market's contract rules: its lot size (the catalogue's), the preset multiples and the range any whole multiple may take. */
  rules(market: Market): { lotSize: Money; multiples: readonly number[]; leverage: { min: number; max: number } } {
    if (!market.contractLot) throw new ApiError('server:errors.contract_unavailable');
    return { lotSize: market.contractLot, multiples: leverMultiples(market.kind), leverage: leverRange(market.kind) };
  }

  /** Last trade of a market, as the price and tick a user's order settles at; refused while the market's prices are not current. */
  private currentTrade(market: Market): TradeFacts {
    assertCurrent(this.deps.exchange.market.view, market);
    return this.lastTrade(market);
  }

  /** Last trade of a market, as the price and tick a settlement uses. */
  private lastTrade(market: Market): TradeFacts {
    const { view: engine } = this.deps.exchange.market;
    const trade = engine.recentTrades(market.id).at(-1);
    return trade ?? { seq: engine.lastSeq(market.id), time: engine.time, price: engine.lastPrice(market.id) };
  }

  private price(market: Market): Money {
    return new Money(this.lastTrade(market).price).toDecimalPlaces(market.pricePrecision);
  }

  /** The account: balance, margins of open positions, unrealised profit and risk rate at `prices` (live when absent). */
  async account(userId: number, prices?: ReadonlyMap<number, Money>): Promise<AccountFigures> {
    const balance = await balanceOf(this.deps.db, userAccount(userId, MARGIN_CURRENCY, 'lever'));
    return this.figures(await this.accountRows(this.deps.db, userId), balance, prices);
  }

  /** Users with an open position in a market: the ones whose risk rate its trades move (risk rate alerts look at these only). */
  holders(marketId: number): Set<number> {
    const users = new Set<number>();
    for (const row of this.live.values()) if (row.market_id === marketId && row.status === 'open') users.add(row.user_id);
    return users;
  }

  /** A user's account as its risk rate counts it, read in the step: its positions and available balance. */
  async riskAccount(step: Step, userId: number): Promise<{ rows: readonly PositionRow[]; balance: Money }> {
    return { rows: await this.accountRows(step.trx, userId), balance: await balanceOf(step.trx, userAccount(userId, MARGIN_CURRENCY, 'lever')) };
  }

  /** That account's risk rate at `prices` (the other markets at their last trade) at `time`, as the liquidation check counts it. */
  riskAt(account: { rows: readonly PositionRow[]; balance: Money }, prices: ReadonlyMap<number, Money>, time: number): Money | null {
    return this.figures(account.rows, account.balance, prices, time).risk;
  }

  /**
   * Refuses, with `refuse(limit)`, taking `amount` out of the user's available USDT in the
   * contract account (a move to another account, an operator's debit) when that would
   * leave the open positions unbacked. Call it in the step that then takes the money: no
   * trade moves a price, and no order, close or other withdrawal changes the account,
   * between the check and the write.
   */
  async checkWithdrawal(step: Step, userId: number, amount: Money, refuse: (limit: Money) => ApiError): Promise<void> {
    const limit = await this.withdrawable(step, userId);
    if (limit && amount.gt(limit)) throw refuse(limit);
  }

  /**
   * The most that may leave the contract account while positions are open (null when none
   * is: then the whole available balance may): shown by the transfer screen. The available
   * balance less the positions' current loss (the unrealised profit as the risk rate
   * counts it: at the live prices, net of overnight fees owed; a profit is not money yet
   * and does not raise it), and less than what would bring the risk rate to the
   * liquidation threshold.
   */
  async withdrawable(step: Step, userId: number): Promise<Money | null> {
    const balance = await lockedBalanceOf(step, userAccount(userId, MARGIN_CURRENCY, 'lever'));
    const account = this.figures(await this.accountRows(step.trx, userId), balance);
    if (!account.risk) return null;
    const covered = account.balance.plus(Money.min(ZERO, account.profit));
    // risk(balance - x) > threshold  <=>  x < balance + margins + profit - threshold x margins
    const room = account.balance.plus(account.margins).plus(account.profit).minus(LIQUIDATION_RISK.times(account.margins));
    const belowRoom = room.toDecimalPlaces(DECIMALS, Money.ROUND_CEIL).minus(new Money(1).div(new Money(10).pow(DECIMALS)));
    return Money.max(ZERO, down(Money.min(covered, belowRoom)));
  }

  /**
   * A user's pending and open positions: from the live book, which holds all of them when
   * one process runs every market; with several processes, from the store (another
   * process opens and closes the positions of the markets it runs), read in `db` (the
   * step's transaction, after the account's balance was locked, where it decides).
   */
  private async accountRows(db: Kysely<Database>, userId: number): Promise<PositionRow[]> {
    if (this.deps.exchange.market.epochs === null) return [...this.live.values()].filter((row) => row.user_id === userId);
    return db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).where('status', 'in', ['pending', 'open']).orderBy('id').execute();
  }

  private figures(rows: readonly PositionRow[], balance: Money, prices?: ReadonlyMap<number, Money>, time = this.deps.now()): AccountFigures {
    let margins = ZERO;
    let profit = ZERO;
    for (const row of rows) {
      if (row.status !== 'open') continue;
      margins = margins.plus(row.margin);
      profit = profit.plus(this.unrealised(row, prices?.get(row.market_id) ?? this.price(this.deps.catalogue.market(row.market_id)), time));
    }
    return { balance, margins, profit, risk: riskRate(balance, margins, profit) };
  }

  private unrealised(row: PositionRow, price: Money, time: number): Money {
    return pnlOf(row.direction, row.price ?? '0', price, row.quantity).minus(this.overnight(row, time));
  }

  private overnight(row: PositionRow, time: number): Money {
    return up(overnightOf(row.price ?? '0', row.quantity, row.overnight_rate, nightsBetween(row.opened_at ?? time, time)));
  }

  /** Live positions of a user with their liquidation prices and accrued overnight fees. */
  async positions(userId: number, marketId?: number) {
    const balance = await balanceOf(this.deps.db, userAccount(userId, MARGIN_CURRENCY, 'lever'));
    const time = this.deps.now();
    const all = await this.accountRows(this.deps.db, userId);
    const account = this.figures(all, balance, undefined, time);
    const prices = new Map<number, Money>();
    const rows = all.filter((row) => marketId === undefined || row.market_id === marketId).sort((a, b) => b.id - a.id);
    const views = rows.map((row) => {
      const market = this.deps.catalogue.market(row.market_id);
      const price = this.price(market);
      prices.set(row.market_id, price);
      return {
        ...positionView(this.deps.catalogue, row, row.status === 'open' ? { overnight: this.overnight(row, time), profit: this.unrealised(row, price, time) } : undefined),
        liquidation_price: row.status === 'open' ? this.liquidationOf(row, account, price, time) : null,
      };
    });
    return { positions: views, account, prices };
  }

  private liquidationOf(row: PositionRow, account: AccountFigures, price: Money, time: number): string | null {
    const own = this.unrealised(row, price, time);
    const result = liquidationPrice(
      { direction: row.direction, open: new Money(row.price ?? '0').plus(this.overnight(row, time).div(row.quantity).times(row.direction)), quantity: row.quantity },
      { balance: account.balance, margins: account.margins, otherPnl: account.profit.minus(own) },
      LIQUIDATION_RISK,
    );
    return result ? result.toFixed(this.deps.catalogue.market(row.market_id).pricePrecision) : null;
  }

  /** What opening `share` lots at `price` with `multiple` takes from the account: the margin frozen and the fee. */
  openingCost(market: Market, share: number, multiple: number, price: Money): { margin: Money; fee: Money } {
    const quantity = this.rules(market).lotSize.times(share);
    return { margin: up(marginOf(price, quantity, multiple)), fee: down(price.times(quantity).times(LEVER_FEE)) };
  }

  /**
   * Opens a position (market) or places a limit order to open one. A market order opens
   * at the market's last trade, or at `at` when given: a settlement handler reacting to a
   * trade (copy trading) opens at that trade. `copy` marks a copy of a trader's position.
   */
  async submit(step: Step, userId: number, input: ContractOrder, remember: Remember = noRequestId, at?: TradeFacts, copy?: CopyOrigin): Promise<PositionRow> {
    const market = this.deps.catalogue.pair(input.currency_id, input.legal_id);
    const rules = this.rules(market);
    const leverage = leverageRange(input.multiple, rules.leverage.min, rules.leverage.max);
    if (!leverage.ok) throw refusal(leverage);
    const shares = shareRange(input.share, LEVER_MIN_SHARE, LEVER_MAX_SHARE);
    if (!shares.ok) throw refusal(shares);
    const direction: Direction = input.direction === 'buy' ? 1 : -1;
    const type = input.type ?? 'market';
    const limit = type === 'limit' ? decimalPrice(market, input.price) : null;
    if (type === 'limit' && !limit) throw new ApiError('server:errors.limit_price_required');
    const tp = decimalPrice(market, input.target_profit_price);
    const sl = decimalPrice(market, input.stop_loss_price);
    const quantity = rules.lotSize.times(input.share);

    const trade = at ?? this.currentTrade(market);
    const live = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
    // A limit the live price already reaches (a long's at or above it, a short's at or
    // below it) is marketable: it opens now at the live price, as a market order would,
    // never at a limit away from the market (a long far above it would open at a loss
    // and be liquidated at once, the house bearing the gap). Only the others wait.
    const waits = limit !== null && !limitReached(direction, limit, live);
    const price = waits ? limit : live;
    checkStops(market, direction, price, tp, sl);
    const { margin, fee } = this.openingCost(market, input.share, input.multiple, price);
    const { trx, time } = step;
    const { id } = await trx
      .insertInto('lever_positions')
      .values({
        user_id: userId,
        market_id: market.id,
        direction,
        type,
        status: waits ? 'pending' : 'open',
        share: input.share,
        quantity: quantity.toFixed(),
        multiple: input.multiple,
        price: waits ? null : price.toFixed(market.pricePrecision),
        limit_price: limit ? limit.toFixed(market.pricePrecision) : null,
        margin: margin.toFixed(DECIMALS),
        fee: fee.toFixed(DECIMALS),
        overnight_rate: LEVER_OVERNIGHT.toFixed(),
        overnight: '0',
        target_profit_price: tp ? tp.toFixed(market.pricePrecision) : null,
        stop_loss_price: sl ? sl.toFixed(market.pricePrecision) : null,
        close_price: null,
        close_reason: null,
        profit: null,
        shortfall: '0',
        open_tick: waits ? null : JSON.stringify(tickOf(market, trade)),
        close_tick: null,
        created_at: time,
        opened_at: waits ? null : time,
        closed_at: null,
        copy_follow_id: copy?.followId ?? null,
        copy_source_id: copy?.sourceId ?? null,
        copy_trader_id: copy?.traderId ?? null,
        copy_linked: copy ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    const available = userAccount(userId, MARGIN_CURRENCY, 'lever');
    const frozen = userAccount(userId, MARGIN_CURRENCY, 'lever', 'frozen');
    const memo = `${market.symbol} ${input.direction === 'buy' ? '↑' : '↓'} ${input.share} ×${input.multiple} #${id}`;
    if (waits) {
      await record(step, { reason: 'lever_freeze', ref: { kind: 'lever-freeze', id }, userId, memo, movements: [{ from: available, to: frozen, amount: margin.plus(fee) }], at: time });
    } else {
      await this.deps.fees.record(step, { reason: 'lever_open', ref: { kind: 'lever-open', id }, userId, memo, movements: [{ from: available, to: frozen, amount: margin }], at: time }, [
        { payer: userId, from: available, currency: MARGIN_CURRENCY, amount: fee, ref: { kind: 'lever-open', id }, rebate: 'contract', memo },
      ]);
    }
    const row = await positionRow(trx, id);
    this.changed(step, row, null);
    return row;
  }

  async close(step: Step, userId: number, id: number): Promise<PositionRow> {
    const live = this.ownLive(userId, id);
    const row = live.status === 'open' ? await this.current(step, live) : null;
    if (!row) throw new ApiError('server:errors.position_not_open');
    const trade = this.currentTrade(this.deps.catalogue.market(row.market_id));
    const closed = await this.settle(step, row, trade, 'user', step.time);
    this.changed(step, closed, row.status);
    return closed;
  }

  async cancel(step: Step, userId: number, id: number): Promise<PositionRow> {
    const row = this.ownLive(userId, id);
    if (row.status !== 'pending') throw new ApiError('server:errors.position_not_pending');
    const { trx, time } = step;
    await record(step, {
      reason: 'lever_cancel',
      ref: { kind: 'lever-cancel', id },
      userId,
      memo: `${this.deps.catalogue.market(row.market_id).symbol} #${id}`,
      movements: [{ from: userAccount(userId, MARGIN_CURRENCY, 'lever', 'frozen'), to: userAccount(userId, MARGIN_CURRENCY, 'lever'), amount: new Money(row.margin).plus(row.fee) }],
      at: time,
    });
    await trx.updateTable('lever_positions').set({ status: 'cancelled', closed_at: time }).where('id', '=', id).execute();
    const updated = await positionRow(trx, id);
    this.changed(step, updated, row.status);
    return updated;
  }

  async setStops(step: Step, userId: number, id: number, input: { target_profit_price?: string | undefined; stop_loss_price?: string | undefined }): Promise<PositionRow> {
    const row = this.ownLive(userId, id);
    const market = this.deps.catalogue.market(row.market_id);
    const tp = decimalPrice(market, input.target_profit_price);
    const sl = decimalPrice(market, input.stop_loss_price);
    checkStops(market, row.direction, row.status === 'pending' ? new Money(row.limit_price ?? '0') : this.price(market), tp, sl);
    await step.trx
      .updateTable('lever_positions')
      .set({ target_profit_price: tp ? tp.toFixed(market.pricePrecision) : null, stop_loss_price: sl ? sl.toFixed(market.pricePrecision) : null })
      .where('id', '=', id)
      .execute();
    const updated = await positionRow(step.trx, id);
    this.changed(step, updated, row.status);
    return updated;
  }

  /**
   * A reduce-only order (a partial close): `share` lots of an open position of the user's,
   * by an order on the side opposite to it, never more than the position holds. A market
   * order closes them now at the last trade; a limit order the last trade already reaches
   * closes them now at that trade (the limit or better); any other waits for a trade to
   * reach its limit (onTrades), and is cancelled if the position closes first.
   */
  async reduce(step: Step, userId: number, input: CloseOrderInput, remember: Remember = noRequestId): Promise<CloseOrderRow> {
    const live = this.live.get(input.id);
    if (!live || live.user_id !== userId || live.status !== 'open') throw new ApiError('server:errors.order_no_position');
    const row = await this.current(step, live);
    if (!row) throw new ApiError('server:errors.order_no_position');
    const direction: Direction = input.direction === 'buy' ? 1 : -1;
    if (direction === row.direction) throw new ApiError('server:errors.order_reduce_side');
    const size = reduceOnly(input.share, row.share);
    if (!size.ok) throw refusal(size);
    const market = this.deps.catalogue.market(row.market_id);
    const type = input.type ?? 'market';
    const limit = type === 'limit' ? decimalPrice(market, input.price) : null;
    if (type === 'limit' && !limit) throw new ApiError('server:errors.limit_price_required');
    const trade = this.currentTrade(market);
    const livePrice = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
    if (limit) {
      const band = priceBand(limit, livePrice, LEVER_PRICE_BAND, market.pricePrecision);
      if (!band.ok) throw refusal(band);
    }
    const { trx, time } = step;
    const { id } = await trx
      .insertInto('lever_close_orders')
      .values({
        user_id: userId,
        market_id: market.id,
        position_id: row.id,
        type,
        share: input.share,
        price: limit ? limit.toFixed(market.pricePrecision) : null,
        status: 'pending',
        cancel_reason: null,
        closed_share: 0,
        closed_position_id: null,
        close_price: null,
        profit: null,
        tick: null,
        created_at: time,
        updated_at: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    const order = await closeOrderRow(trx, id);
    if (!limit) return this.executeClose(step, row, order, trade, 'user', step.time);
    if (closeLimitReached(row.direction, limit, livePrice)) return this.executeClose(step, row, order, trade, 'limit_close', step.time);
    step.keep(this.closeOrders, id, order);
    return order;
  }

  /** Cancels a waiting close order of the user's. */
  async cancelCloseOrder(step: Step, userId: number, id: number): Promise<CloseOrderRow> {
    const order = await step.trx.selectFrom('lever_close_orders').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!order) throw new ApiError('server:errors.record_unknown');
    if (order.status !== 'pending') throw new ApiError('server:errors.order_close_not_pending');
    await step.trx.updateTable('lever_close_orders').set({ status: 'cancelled', cancel_reason: 'user', updated_at: step.time }).where('id', '=', id).execute();
    step.keep(this.closeOrders, id, undefined);
    return closeOrderRow(step.trx, id);
  }

  /**
   * Closes what a close order asks of a position at `trade`: its lots, or what the position
   * still holds if less (an earlier close took some), the whole position when that is all of it.
   */
  private async executeClose(step: Step, row: PositionRow, order: CloseOrderRow, trade: TradeFacts, reason: CloseReason, at: number): Promise<CloseOrderRow> {
    const share = Math.min(order.share, row.share);
    const market = this.deps.catalogue.market(row.market_id);
    let closed: PositionRow;
    if (share === row.share) {
      closed = await this.settle(step, row, trade, reason, at);
      this.changed(step, closed, row.status);
    } else {
      const { part, rest } = await this.closePart(step, row, share, trade, reason, at);
      this.changed(step, rest, row.status);
      this.changed(step, part, 'open');
      closed = part;
    }
    await step.trx
      .updateTable('lever_close_orders')
      .set({
        status: 'filled',
        closed_share: share,
        closed_position_id: closed.id,
        close_price: closed.close_price,
        profit: closed.profit,
        tick: JSON.stringify(tickOf(market, trade)),
        updated_at: step.time,
      })
      .where('id', '=', order.id)
      .execute();
    step.keep(this.closeOrders, order.id, undefined);
    return closeOrderRow(step.trx, order.id);
  }

  /**
   * Closes `share` of a position's lots (fewer than it holds) at `trade`: they become a
   * position of their own, split from it, with their pro rata part of its quantity, margin
   * and opening fee (cut down to the ledger's decimals; the rest stays with the lots left,
   * which release all of theirs when they close), and are settled as any close is, under
   * lever-close:<the part>. The stored position must still hold the lots it was read with
   * (the update is conditional), so however many closes run at once none takes more.
   */
  private async closePart(step: Step, row: PositionRow, share: number, trade: TradeFacts, reason: CloseReason, at: number): Promise<{ part: PositionRow; rest: PositionRow }> {
    const { trx } = step;
    const quantity = new Money(row.quantity).times(share).div(row.share);
    const margin = proRata(row.margin, share, row.share, DECIMALS);
    const fee = proRata(row.fee, share, row.share, DECIMALS);
    const updated = await trx
      .updateTable('lever_positions')
      .set({
        share: row.share - share,
        quantity: new Money(row.quantity).minus(quantity).toFixed(),
        margin: new Money(row.margin).minus(margin).toFixed(DECIMALS),
        fee: new Money(row.fee).minus(fee).toFixed(DECIMALS),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .where('share', '=', row.share)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ApiError('server:errors.position_not_open');
    const { id } = await trx
      .insertInto('lever_positions')
      .values({
        user_id: row.user_id,
        market_id: row.market_id,
        direction: row.direction,
        type: row.type,
        status: 'open',
        share,
        quantity: quantity.toFixed(),
        multiple: row.multiple,
        price: row.price,
        limit_price: row.limit_price,
        margin: margin.toFixed(DECIMALS),
        fee: fee.toFixed(DECIMALS),
        overnight_rate: row.overnight_rate,
        overnight: '0',
        target_profit_price: null,
        stop_loss_price: null,
        close_price: null,
        close_reason: null,
        profit: null,
        shortfall: '0',
        open_tick: row.open_tick,
        close_tick: null,
        created_at: row.created_at,
        opened_at: row.opened_at,
        closed_at: null,
        copy_follow_id: row.copy_follow_id,
        copy_source_id: row.copy_source_id,
        copy_trader_id: row.copy_trader_id,
        copy_linked: row.copy_linked,
        parent_id: row.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const part = await this.settle(step, await positionRow(trx, id), trade, reason, at);
    return { part, rest: await positionRow(trx, row.id) };
  }

  /**
   * Sets (a callback rate in percent, or a distance in price) or removes (neither) the
   * trailing stop of an open position of the user's. It starts from the last trade: the
   * best price so far.
   */
  async setTrailing(step: Step, userId: number, id: number, input: { callback_rate?: string | undefined; distance?: string | undefined }): Promise<PositionRow> {
    const row = this.ownLive(userId, id);
    if (row.status !== 'open') throw new ApiError('server:errors.order_trail_pending');
    const market = this.deps.catalogue.market(row.market_id);
    if (input.callback_rate && input.distance) throw new ApiError('server:errors.order_trail_one');
    const last = this.price(market);
    const rate = input.callback_rate ? new Money(input.callback_rate).div(100) : null;
    const distance = input.distance ? decimalPrice(market, input.distance) : null;
    const callback = rate ? { rate } : distance ? { distance } : null;
    if (callback) {
      const checked = trailingCallback(callback, { min: TRAIL_RATE_MIN, max: TRAIL_RATE_MAX }, last, market.pricePrecision);
      if (!checked.ok) throw refusal(checked);
    }
    const stored = await this.current(step, row);
    if (!stored) throw new ApiError('server:errors.position_not_open');
    await step.trx
      .updateTable('lever_positions')
      .set({
        trail_rate: rate ? rate.toFixed() : null,
        trail_distance: distance ? distance.toFixed(market.pricePrecision) : null,
        trail_best: callback ? last.toFixed(market.pricePrecision) : null,
        trail_set_at: callback ? step.time : null,
      })
      .where('id', '=', id)
      .execute();
    const updated = await positionRow(step.trx, id);
    this.changed(step, updated, row.status);
    return updated;
  }

  /**
   * The 'position' handler: a position that closed (or a waiting order cancelled) takes its
   * waiting close orders with it, in the same step; one closed elsewhere (a liquidation run
   * by another process) is found in the store all the same.
   */
  async onPosition(step: Step, position: PositionRow): Promise<void> {
    if (position.status !== 'closed' && position.status !== 'cancelled') return;
    for (const order of this.closeOrders.values()) if (order.position_id === position.id) step.keep(this.closeOrders, order.id, undefined);
    await step.trx
      .updateTable('lever_close_orders')
      .set({ status: 'cancelled', cancel_reason: 'position_closed', updated_at: step.time })
      .where('user_id', '=', position.user_id)
      .where('status', '=', 'pending')
      .where('position_id', '=', position.id)
      .execute();
  }

  /** A close order's position direction (its view says which side it closes). */
  async directionOf(db: Kysely<Database>, order: CloseOrderRow): Promise<Direction> {
    const row = this.live.get(order.position_id) ?? (await positionRow(db, order.position_id));
    return row.direction;
  }

  /** Closes every open position of the user, or only the longs (buy) or shorts (sell). */
  async batchClose(step: Step, userId: number, which: 'all' | 'buy' | 'sell'): Promise<{ closed: number; profit: Money }> {
    const rows = (await this.accountRows(step.trx, userId)).filter((row) => row.status === 'open' && (which === 'all' || row.direction === (which === 'buy' ? 1 : -1)));
    const closed: PositionRow[] = [];
    for (const live of rows) {
      const row = await this.current(step, live);
      if (!row) continue;
      const done = await this.settle(step, row, this.currentTrade(this.deps.catalogue.market(row.market_id)), 'batch', step.time);
      this.changed(step, done, row.status);
      closed.push(done);
    }
    return { closed: closed.length, profit: closed.reduce((total, row) => total.plus(row.profit ?? 0), ZERO) };
  }

  /** Live positions that satisfy `test` (copy trading reads the copies of a trader's position, the margin of a follow's copies). */
  liveWhere(test: (row: PositionRow) => boolean): PositionRow[] {
    return [...this.live.values()].filter(test);
  }

  /**
   * Closes an open position at a given trade and time, for a reason: a copy closing with
   * its trader's position, at the trade that closed the trader's. Null when it is not open.
   */
  async closeWith(step: Step, id: number, trade: TradeFacts, reason: CloseReason, at: number): Promise<PositionRow | null> {
    const live = this.live.get(id);
    const row = live?.status === 'open' ? await this.current(step, live) : null;
    if (!row) return null;
    const closed = await this.settle(step, row, trade, reason, at);
    this.changed(step, closed, row.status);
    return closed;
  }

  /** Sets a live position's copy columns (self-holding a copy unlinks it, a paid profit share is recorded). */
  async setCopy(step: Step, id: number, values: { copy_linked?: number; copy_share?: string }): Promise<PositionRow> {
    const before = await positionRow(step.trx, id);
    await step.trx.updateTable('lever_positions').set(values).where('id', '=', id).execute();
    const row = await positionRow(step.trx, id);
    this.changed(step, row, before.status);
    return row;
  }

  /**
   * The position as the store holds it now, locked for the step (PostgreSQL), when it is
   * still in the state this process's live book shows; null when it is not (another
   * process, running the market of another of the account's positions, closed it in a
   * liquidation: several processes), and then the live book follows the store. What is
   * settled is always the stored row, so a stale book never closes a position twice.
   */
  private async current(step: Step, row: PositionRow): Promise<PositionRow | null> {
    const query = step.trx.selectFrom('lever_positions').selectAll().where('id', '=', row.id);
    const stored = await (storeOf(step.trx as Kysely<unknown>) === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
    if (stored.status === row.status) return stored;
    step.keep(this.live, row.id, stored.status === 'pending' || stored.status === 'open' ? stored : undefined);
    return null;
  }

  private ownLive(userId: number, id: number): PositionRow {
    const row = this.live.get(id);
    if (!row || row.user_id !== userId) throw new ApiError('server:errors.position_not_open');
    return row;
  }

  /**
   * A position the step changed: the book of live positions follows (undone if the step
   * fails), and the step's handlers and, once it commits, the owner are told.
   */
  private changed(step: Step, row: PositionRow, previous: PositionRow['status'] | null): void {
    step.keep(this.live, row.id, row.status === 'pending' || row.status === 'open' ? row : undefined);
    step.raise({ kind: 'position', position: row, previous });
  }

  /**
   * Closes a position at a trade: the margin returns, the profit is paid by the house or
   * the loss (with overnight fees) paid to it, as far as the account can; the rest is the
   * house's shortfall. One ledger transaction, referenced by the position.
   */
  private async settle(step: Step, row: PositionRow, trade: TradeFacts, reason: CloseReason, at = trade.time): Promise<PositionRow> {
    const { trx } = step;
    const market = this.deps.catalogue.market(row.market_id);
    const time = Math.max(at, row.opened_at ?? at);
    const price = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
    const overnight = this.overnight(row, time);
    const net = down(pnlOf(row.direction, row.price ?? '0', price, row.quantity)).minus(overnight);
    const available = userAccount(row.user_id, MARGIN_CURRENCY, 'lever');
    const frozen = userAccount(row.user_id, MARGIN_CURRENCY, 'lever', 'frozen');
    const contracts = house('contracts', MARGIN_CURRENCY);
    const margin = new Money(row.margin);
    let shortfall = ZERO;
    const movements = [{ from: frozen, to: available, amount: margin }];
    if (net.gt(0)) movements.push({ from: contracts, to: available, amount: net });
    else if (net.lt(0)) {
      const can = (await lockedBalanceOf(step, available)).plus(margin);
      const pay = Money.min(net.negated(), can);
      shortfall = net.negated().minus(pay);
      if (pay.gt(0)) movements.push({ from: available, to: contracts, amount: pay });
    }
    await record(step, {
      reason: 'lever_close',
      ref: { kind: 'lever-close', id: row.id },
      userId: row.user_id,
      memo: `${market.symbol} @ ${price.toFixed(market.pricePrecision)} #${row.id}`,
      movements,
      at: time,
    });
    await trx
      .updateTable('lever_positions')
      .set({
        status: 'closed',
        close_price: price.toFixed(market.pricePrecision),
        close_reason: reason,
        close_tick: JSON.stringify(tickOf(market, trade)),
        overnight: overnight.toFixed(DECIMALS),
        profit: net.toFixed(DECIMALS),
        shortfall: shortfall.toFixed(DECIMALS),
        closed_at: time,
      })
      .where('id', '=', row.id)
      .execute();
    return positionRow(trx, row.id);
  }

  /**
   * A waiting limit order that a trade reached opens at that trade's price, the one its
   * open_tick records: the limit or better, since a trade reaches a long's limit at or
   * below it and a short's at or above it. When the market gaps through the limit (a
   * long's limit at 95,500 first reached by a trade at 95,419.08) the position opens at
   * 95,419.08, not at a price nobody traded at that moment: the house takes the other
   * side at the live price, as for a market order, and the position's price is always
   * one its open_tick shows. Margin and fee are those of the opening price: what was
   * frozen at the limit beyond them returns to the available balance; a short opened
   * above its limit needs more margin, drawn from the available balance as far as it
   * goes (any rest stays uncovered margin, so frozen always equals the position's margin).
   */
  private async activate(step: Step, row: PositionRow, trade: TradeFacts): Promise<PositionRow> {
    const { trx } = step;
    const market = this.deps.catalogue.market(row.market_id);
    const limit = new Money(row.limit_price ?? trade.price);
    const reached = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
    const price = row.direction === 1 ? Money.min(limit, reached) : Money.max(limit, reached);
    const quantity = new Money(row.quantity);
    const fee = down(price.times(quantity).times(LEVER_FEE));
    const held = new Money(row.margin).plus(row.fee);
    const wanted = up(marginOf(price, quantity, row.multiple));
    const available = userAccount(row.user_id, MARGIN_CURRENCY, 'lever');
    const frozen = userAccount(row.user_id, MARGIN_CURRENCY, 'lever', 'frozen');
    const extra = wanted.plus(fee).minus(held);
    const draw = extra.gt(0) ? Money.min(extra, await lockedBalanceOf(step, available)) : ZERO;
    const margin = extra.gt(0) ? held.plus(draw).minus(fee) : wanted;
    const movements = [...(draw.gt(0) ? [{ from: available, to: frozen, amount: draw }] : []), ...(extra.lt(0) ? [{ from: frozen, to: available, amount: extra.negated() }] : [])];
    await this.deps.fees.record(
      step,
      { reason: 'lever_open', ref: { kind: 'lever-open', id: row.id }, userId: row.user_id, memo: `${market.symbol} @ ${price.toFixed(market.pricePrecision)} #${row.id}`, movements, at: trade.time },
      [{ payer: row.user_id, from: frozen, currency: MARGIN_CURRENCY, amount: fee, ref: { kind: 'lever-open', id: row.id }, rebate: 'contract', memo: `${market.symbol} #${row.id}` }],
      { feesFirst: true },
    );
    await trx
      .updateTable('lever_positions')
      .set({
        status: 'open',
        price: price.toFixed(market.pricePrecision),
        margin: margin.toFixed(DECIMALS),
        fee: fee.toFixed(DECIMALS),
        opened_at: trade.time,
        open_tick: JSON.stringify(tickOf(market, trade)),
      })
      .where('id', '=', row.id)
      .execute();
    return positionRow(trx, row.id);
  }

  /**
   * The market's trades of the step, in order: each may reach a waiting limit, a
   * take-profit or stop-loss, or bring an account to liquidation.
   */
  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.live.size === 0) return;
    const affected = new Set<number>();
    for (const row of this.live.values()) if (batches.some((batch) => batch.marketId === row.market_id)) affected.add(row.user_id);
    if (affected.size === 0) return;
    const balances = await this.balances(step, [...affected]);
    const balanceNow = async (userId: number) => balances.set(userId, await balanceOf(step.trx, userAccount(userId, MARGIN_CURRENCY, 'lever')));
    const prices = new Map<number, Money>();
    for (const { marketId, trades } of batches) {
      const market = this.deps.catalogue.market(marketId);
      for (const trade of trades) {
        const price = new Money(trade.price).toDecimalPlaces(market.pricePrecision);
        prices.set(marketId, price);
        const rows = [...this.live.values()].filter((row) => row.market_id === marketId);
        if (rows.length === 0) break;
        for (const live of rows) {
          if (!this.live.has(live.id)) continue;
          let row = live;
          if (row.status === 'pending' && row.limit_price && limitReached(row.direction, row.limit_price, price)) {
            const stored = await this.current(step, row);
            if (!stored) continue;
            this.changed(step, await this.activate(step, stored, trade), row.status);
            // Opening at a price other than the limit returns (or draws) margin: the balance moved.
            await balanceNow(row.user_id);
          } else if (row.status === 'open') {
            const callback = trailOf(row);
            const reason: CloseReason | null =
              row.target_profit_price && stopReached('tp', row.direction, row.target_profit_price, price)
                ? 'take_profit'
                : row.stop_loss_price && stopReached('sl', row.direction, row.stop_loss_price, price)
                  ? 'stop_loss'
                  : callback && row.trail_best !== null && trailingHit(row.direction, trailingStopPrice(row.direction, row.trail_best, callback), price)
                    ? 'trailing_stop'
                    : null;
            const stored = reason ? await this.current(step, row) : null;
            if (reason && stored) {
              row = stored;
              this.changed(step, await this.settle(step, row, trade, reason), row.status);
              await balanceNow(row.user_id);
              continue;
            }
            if (callback && row.trail_best !== null) row = await this.follow(step, row, price, market.pricePrecision);
            if (await this.closeOrdersAt(step, row, trade, price)) await balanceNow(row.user_id);
          }
        }
        await this.liquidations(step, marketId, trade, prices, balances);
      }
    }
  }

  /**
   * A trailing stop's best price moves with a trade beyond it (a long's higher, a short's
   * lower), stored at once: a restart, or another process claiming the market, carries on
   * from the best price seen, not from where the stop was set.
   */
  private async follow(step: Step, row: PositionRow, price: Money, decimals: number): Promise<PositionRow> {
    const best = trailingBest(row.direction, row.trail_best ?? price, price);
    if (best.eq(row.trail_best ?? 0)) return row;
    const text = best.toFixed(decimals);
    await step.trx.updateTable('lever_positions').set({ trail_best: text }).where('id', '=', row.id).where('status', '=', 'open').execute();
    const moved = { ...row, trail_best: text };
    step.keep(this.live, row.id, moved);
    return moved;
  }

  /** The waiting close orders of a position a trade reaches, oldest first; answers whether any closed lots. */
  private async closeOrdersAt(step: Step, position: PositionRow, trade: Trade, price: Money): Promise<boolean> {
    if (this.closeOrders.size === 0) return false;
    const due = [...this.closeOrders.values()]
      .filter((order) => order.position_id === position.id && order.price !== null && closeLimitReached(position.direction, order.price, price))
      .sort((a, b) => a.id - b.id);
    let closed = false;
    for (const order of due) {
      const live = this.live.get(position.id);
      const row = live?.status === 'open' ? await this.current(step, live) : null;
      if (!row) {
        step.keep(this.closeOrders, order.id, undefined);
        continue;
      }
      await this.executeClose(step, row, order, trade, 'limit_close', trade.time);
      closed = true;
    }
    return closed;
  }

  /** Liquidates every account with a position in this market whose risk rate fell to the threshold. */
  private async liquidations(step: Step, marketId: number, trade: Trade, prices: ReadonlyMap<number, Money>, balances: Map<number, Money>): Promise<void> {
    const users = new Set<number>();
    for (const row of this.live.values()) if (row.market_id === marketId && row.status === 'open') users.add(row.user_id);
    for (const userId of users) {
      const account = await this.accountRows(step.trx, userId);
      const figures = this.figures(account, balances.get(userId) ?? ZERO, prices, trade.time);
      if (!figures.risk || figures.risk.gt(LIQUIDATION_RISK)) continue;
      const rows = account.filter((row) => row.status === 'open');
      // Not at a stale price: the account waits for its markets' next trades.
      if (rows.some((row) => this.deps.exchange.market.view.isStale(row.market_id))) continue;
      for (const live of rows) {
        const row = await this.current(step, live);
        if (!row) continue;
        const at = row.market_id === marketId ? trade : this.lastTrade(this.deps.catalogue.market(row.market_id));
        this.changed(step, await this.settle(step, row, at, 'liquidation', trade.time), row.status);
      }
      balances.set(userId, await balanceOf(step.trx, userAccount(userId, MARGIN_CURRENCY, 'lever')));
    }
  }

  private async balances(step: Step, users: number[]): Promise<Map<number, Money>> {
    const rows = await step.trx
      .selectFrom('ledger_accounts')
      .select(['user_id', 'balance'])
      .where('user_id', 'in', users)
      .where('currency_id', '=', MARGIN_CURRENCY)
      .where('kind', '=', 'lever')
      .where('part', '=', 'available')
      .execute();
    const result = new Map<number, Money>(users.map((user) => [user, ZERO]));
    for (const row of rows) if (row.user_id !== null) result.set(row.user_id, new Money(row.balance));
    return result;
  }
}

/** A position's trailing stop callback, or null without one. */
function trailOf(row: PositionRow): TrailingCallback | null {
  if (row.trail_rate !== null) return { rate: row.trail_rate };
  if (row.trail_distance !== null) return { distance: row.trail_distance };
  return null;
}

async function closeOrderRow(db: Kysely<Database>, id: number): Promise<CloseOrderRow> {
  return db.selectFrom('lever_close_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function positionRow(db: Kysely<Database>, id: number): Promise<PositionRow> {
  return db.selectFrom('lever_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An optional price a user sent: null when empty; refused with more decimals than the market's. */
function decimalPrice(market: Market, value: string | undefined): Money | null {
  if (!value) return null;
  const price = new Money(value);
  const checked = priceTicks(price, market.pricePrecision);
  if (!checked.ok) throw refusal(checked);
  return price;
}

/** Take-profit beyond the price in the position's favour, stop-loss beyond it against. */
function checkStops(market: Market, direction: Direction, price: Money, tp: Money | null, sl: Money | null): void {
  const checked = stopsSide(direction, price, tp, sl, market.pricePrecision);
  if (!checked.ok) throw refusal(checked);
}

/** A position keeps its margin frozen in the contract account; a waiting limit order its margin and fee. */
export const positionHolds: HoldSource = {
  name: 'positions',
  part: 'frozen',
  list: async (db) =>
    (await db.selectFrom('lever_positions').select(['user_id', 'status', 'margin', 'fee']).where('status', 'in', ['pending', 'open']).execute()).map((row) => ({
      userId: row.user_id,
      currency: MARGIN_CURRENCY,
      kind: 'lever' as const,
      amount: row.status === 'pending' ? new Money(row.margin).plus(row.fee).toFixed() : row.margin,
    })),
};
