import type { Selectable } from 'kysely';
import { Money, ZERO } from '../../contract/money';
import { stopsSide } from '../../contract/order-rules';
import type { Db } from '../db/database';
import type { FollowsTable } from '../db/schema';
import type { Catalogue } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { noRequestId } from '../http/request-ids';
import { userAccount } from '../ledger/accounts';
import { balanceOf, lockedBalanceOf, record } from '../ledger/ledger';
import { LEVER_MAX_SHARE, LEVER_MIN_SHARE, MARGIN_CURRENCY } from '../trading/config';
import type { ContractDesk, PositionRow } from '../trading/contracts';
import { readTick } from '../trading/market';

/**
 * Copy trading: approved traders' contract positions mirrored into their followers'
 * contract accounts, in the step that opened them and at the trade that opened them.
 *
 * - A trader's position opening (a market order, or a limit order a trade reached) opens,
 *   for each active follow of that trader in the order they were made, a copy: the same
 *   market, direction, leverage, take-profit and stop-loss, sized by the follow (a fixed
 *   multiple of the trader's lots, rounded down to whole lots; or a fixed number of lots),
 *   with the follower's own margin. A follow whose stop date has passed ends; a follower
 *   short of margin, or whose copies would hold more margin than the follow's cap, is
 *   skipped, as is every copy while the follower's or the trader's account is frozen;
 *   each skip is recorded with its reason (`copy_skips`).
 * - While a copy is linked, the trader's take-profit and stop-loss changes and closes
 *   (every close but a liquidation, which is the trader's own account's) apply to it, at
 *   the trader's closing trade. Self-holding unlinks a copy: from then on it is the
 *   follower's alone.
 * - A linked copy that closes with a net profit (its profit after overnight fees, less its
 *   opening fee) pays the trader COPY_PROFIT_SHARE of it, in the closing step, through the
 *   ledger (reference copy-share:<position>, so once); a loss pays nothing, nor does a
 *   copy closed by the follower's own liquidation.
 * - Copies of copies are not made: only a trader's own positions are mirrored.
 */
export const COPY_RULES = {
  multipleMin: new Money('0.01'),
  multipleMax: new Money('100'),
  lotsMin: LEVER_MIN_SHARE,
  lotsMax: LEVER_MAX_SHARE,
  /** a delayed trader's positions are shown once they are this old */
  delayMinutes: 10,
  /** the futures balance (USDT) a trader needs to apply */
  traderMinBalance: new Money('100'),
} as const;

const DECIMALS = 6;

export type FollowRow = Selectable<FollowsTable>;
export type SkipReason = 'margin' | 'cap' | 'ended' | 'too_small' | 'rules' | 'frozen' | 'trader_frozen';

export interface CopyDeps {
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  contracts: ContractDesk;
  /** COPY_PROFIT_SHARE as a fraction */
  profitShare: Money;
}

export interface FollowInput {
  trader_user_id: number;
  type: 'multiple' | 'lots';
  number: string;
  max_margin?: string | undefined;
  end_time?: number | undefined;
}

/** The lots a copy takes for a trader's `share` lots: the follow's number of lots, or the multiple of the trader's, rounded down. */
export function copyLots(follow: Pick<FollowRow, 'mode' | 'number'>, share: number): number {
  if (follow.mode === 'lots') return Number(follow.number);
  return new Money(share).times(follow.number).toDecimalPlaces(0, Money.ROUND_DOWN).toNumber();
}

/** A copy's net profit: its profit (after overnight fees) less its opening fee. */
export function netProfit(row: Pick<PositionRow, 'profit' | 'fee'>): Money {
  return new Money(row.profit ?? 0).minus(row.fee);
}

export class CopyDesk {
  constructor(private readonly deps: CopyDeps) {
    deps.exchange.on('position', { name: 'copy.mirror', order: 50, handle: (step, event) => this.onPosition(step, event.position, event.previous) });
  }

  /** The terms of a follow as stored, or the refusal of what is out of range. */
  private terms(step: Step, input: FollowInput): Pick<FollowRow, 'mode' | 'number' | 'max_margin' | 'end_time'> {
    const number = new Money(input.number);
    if (input.type === 'multiple') {
      if (number.lt(COPY_RULES.multipleMin) || number.gt(COPY_RULES.multipleMax))
        throw new ApiError('server:errors.copy_multiple_range', { min: COPY_RULES.multipleMin.toFixed(), max: COPY_RULES.multipleMax.toFixed() });
    } else if (!number.isInteger() || number.lt(COPY_RULES.lotsMin) || number.gt(COPY_RULES.lotsMax)) {
      throw new ApiError('server:errors.copy_lots_range', { min: COPY_RULES.lotsMin, max: COPY_RULES.lotsMax });
    }
    const cap = input.max_margin === undefined ? null : new Money(input.max_margin);
    if (cap !== null && cap.lte(0)) throw new ApiError('server:errors.copy_cap_positive');
    if (input.end_time !== undefined && input.end_time <= step.time) throw new ApiError('server:errors.copy_end_past');
    return { mode: input.type, number: number.toFixed(), max_margin: cap === null ? null : cap.toFixed(), end_time: input.end_time ?? null };
  }

  /** Follows a trader; refuses oneself, a non-trader, a second active follow, and numbers out of range. */
  async follow(step: Step, followerId: number, input: FollowInput): Promise<FollowRow> {
    if (input.trader_user_id === followerId) throw new ApiError('server:errors.copy_self');
    const trader = await step.trx.selectFrom('traders').select('status').where('user_id', '=', input.trader_user_id).executeTakeFirst();
    if (trader?.status !== 'approved') throw new ApiError('server:errors.copy_not_trader');
    const terms = this.terms(step, input);
    const key = `${followerId}:${input.trader_user_id}`;
    const existing = await step.trx.selectFrom('follows').select('id').where('active_key', '=', key).executeTakeFirst();
    if (existing) throw new ApiError('server:errors.copy_already');
    const { id } = await step.trx
      .insertInto('follows')
      .values({ follower_id: followerId, trader_id: input.trader_user_id, ...terms, status: 'active', active_key: key, created_at: step.time, closed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return followRow(step.trx, id);
  }

  /** Changes an active follow's terms in place: its open copies stay with it (and count toward a new cap). */
  async edit(step: Step, followerId: number, input: FollowInput): Promise<FollowRow> {
    const row = await step.trx.selectFrom('follows').select('id').where('active_key', '=', `${followerId}:${input.trader_user_id}`).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.copy_not_following');
    await step.trx.updateTable('follows').set(this.terms(step, input)).where('id', '=', row.id).execute();
    return followRow(step.trx, row.id);
  }

  /** Stops following: no new copies; the open ones stay linked until the trader closes them or the follower self-holds. */
  async unfollow(step: Step, followerId: number, traderId: number): Promise<FollowRow> {
    const row = await step.trx.selectFrom('follows').select('id').where('active_key', '=', `${followerId}:${traderId}`).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.copy_not_following');
    await this.end(step, row.id, 'cancelled');
    return followRow(step.trx, row.id);
  }

  /** Unlinks one of the follower's open copies: the trader's changes and closes no longer apply, and no profit share is due. */
  async selfHold(step: Step, followerId: number, positionId: number): Promise<PositionRow> {
    const [row] = this.deps.contracts.liveWhere((live) => live.id === positionId && live.user_id === followerId);
    if (!row || row.copy_trader_id === null || row.copy_linked !== 1 || row.status !== 'open') throw new ApiError('server:errors.copy_not_found');
    return this.deps.contracts.setCopy(step, row.id, { copy_linked: 0 });
  }

  private async end(step: Step, followId: number, status: 'cancelled' | 'ended'): Promise<void> {
    await step.trx.updateTable('follows').set({ status, active_key: null, closed_at: step.time }).where('id', '=', followId).execute();
  }

  /** The settlement handler: a trader's position opened, changed or closed; a copy closed. */
  private async onPosition(step: Step, position: PositionRow, previous: PositionRow['status'] | null): Promise<void> {
    if (position.copy_trader_id !== null) {
      if (position.status === 'closed' && previous === 'open' && position.copy_linked === 1) await this.payShare(step, position);
      return;
    }
    if (position.status === 'open' && previous !== 'open') await this.mirror(step, position);
    else if (position.status === 'open' && previous === 'open') await this.followStops(step, position);
    else if (position.status === 'closed' && previous === 'open' && position.close_reason !== 'liquidation') await this.closeCopies(step, position);
  }

  private linkedCopies(source: PositionRow): PositionRow[] {
    return this.deps.contracts.liveWhere((row) => row.copy_source_id === source.id && row.copy_linked === 1 && row.status === 'open');
  }

  private async mirror(step: Step, source: PositionRow): Promise<void> {
    const follows = await step.trx.selectFrom('follows').selectAll().where('trader_id', '=', source.user_id).where('status', '=', 'active').orderBy('id').execute();
    if (follows.length === 0) return;
    const trader = await step.trx.selectFrom('traders').select('status').where('user_id', '=', source.user_id).executeTakeFirst();
    if (trader?.status !== 'approved') return;
    const tick = readTick(source.open_tick);
    if (!tick) throw new Error(`position ${source.id} is open without its opening trade`);
    const market = this.deps.catalogue.market(source.market_id);
    const price = new Money(tick.price);
    // A frozen account (an operator's decision: server/operator/users.ts) is not traded for:
    // neither a frozen follower's copies nor a frozen trader's positions are made.
    const frozen = new Set(
      (
        await step.trx
          .selectFrom('users')
          .select('id')
          .where('id', 'in', [source.user_id, ...follows.map((follow) => follow.follower_id)])
          .where('frozen_at', 'is not', null)
          .execute()
      ).map((row) => row.id),
    );
    for (const follow of follows) {
      const skip = (reason: SkipReason) =>
        step.trx
          .insertInto('copy_skips')
          .values({
            follow_id: follow.id,
            follower_id: follow.follower_id,
            trader_id: follow.trader_id,
            source_position_id: source.id,
            market_id: source.market_id,
            direction: source.direction,
            reason,
            created_at: step.time,
          })
          .execute();
      if (follow.end_time !== null && follow.end_time <= step.time) {
        await this.end(step, follow.id, 'ended');
        await skip('ended');
        continue;
      }
      if (frozen.has(source.user_id)) {
        await skip('trader_frozen');
        continue;
      }
      if (frozen.has(follow.follower_id)) {
        await skip('frozen');
        continue;
      }
      const lots = copyLots(follow, source.share);
      if (lots < LEVER_MIN_SHARE) {
        await skip('too_small');
        continue;
      }
      if (lots > LEVER_MAX_SHARE) {
        await skip('rules');
        continue;
      }
      const cost = this.deps.contracts.openingCost(market, lots, source.multiple, price);
      const available = await lockedBalanceOf(step, userAccount(follow.follower_id, MARGIN_CURRENCY, 'lever'));
      if (available.lt(cost.margin.plus(cost.fee))) {
        await skip('margin');
        continue;
      }
      if (follow.max_margin !== null) {
        // From the store, in the step: the follow's copies may be in markets another process runs (several processes).
        const copies = await step.trx.selectFrom('lever_positions').select('margin').where('copy_follow_id', '=', follow.id).where('status', '=', 'open').execute();
        const held = copies.reduce((sum, row) => sum.plus(row.margin), ZERO);
        if (held.plus(cost.margin).gt(follow.max_margin)) {
          await skip('cap');
          continue;
        }
      }
      await this.deps.contracts.submit(
        step,
        follow.follower_id,
        {
          currency_id: market.base.id,
          legal_id: market.quote.id,
          direction: source.direction === 1 ? 'buy' : 'sell',
          share: lots,
          multiple: source.multiple,
          ...copiedStops(source, price, market.pricePrecision),
        },
        noRequestId,
        { seq: tick.seq, time: tick.time, price: Number(tick.price) },
        { followId: follow.id, sourceId: source.id, traderId: source.user_id },
      );
    }
  }

  /** The trader changed take-profit or stop-loss: the linked copies take the same. */
  private async followStops(step: Step, source: PositionRow): Promise<void> {
    for (const copy of this.linkedCopies(source)) {
      if (copy.target_profit_price === source.target_profit_price && copy.stop_loss_price === source.stop_loss_price) continue;
      try {
        await this.deps.contracts.setStops(step, copy.user_id, copy.id, {
          target_profit_price: source.target_profit_price ?? undefined,
          stop_loss_price: source.stop_loss_price ?? undefined,
        });
      } catch (error) {
        // Refused before anything was written (a level on the wrong side of this copy's price): the copy keeps its own.
        if (!(error instanceof ApiError)) throw error;
      }
    }
  }

  /** The trader's position closed: its linked copies close at the same trade. */
  private async closeCopies(step: Step, source: PositionRow): Promise<void> {
    const tick = readTick(source.close_tick);
    if (!tick) throw new Error(`position ${source.id} is closed without its closing trade`);
    for (const copy of this.linkedCopies(source)) {
      await this.deps.contracts.closeWith(step, copy.id, { seq: tick.seq, time: tick.time, price: Number(tick.price) }, 'copy', source.closed_at ?? step.time);
    }
  }

  private async payShare(step: Step, copy: PositionRow): Promise<void> {
    const traderId = copy.copy_trader_id;
    if (traderId === null) return;
    const net = netProfit(copy);
    if (net.lte(0)) return;
    // A copy closed by the follower's own liquidation pays nothing: the account that held it was lost.
    if (copy.close_reason === 'liquidation') return;
    const due = net.times(this.deps.profitShare).toDecimalPlaces(Math.min(DECIMALS, this.deps.catalogue.currency(MARGIN_CURRENCY).precision), Money.ROUND_DOWN);
    // The close just paid the profit into the available balance; other positions closed in the same step can only have been settled before it.
    const share = Money.min(due, await lockedBalanceOf(step, userAccount(copy.user_id, MARGIN_CURRENCY, 'lever')));
    if (share.lte(0)) return;
    await record(step, {
      reason: 'copy_profit_share',
      ref: { kind: 'copy-share', id: copy.id },
      userId: copy.user_id,
      memo: `${this.deps.catalogue.market(copy.market_id).symbol} #${copy.id}`,
      movements: [{ from: userAccount(copy.user_id, MARGIN_CURRENCY, 'lever'), to: userAccount(traderId, MARGIN_CURRENCY, 'lever'), amount: share }],
      at: step.time,
    });
    await this.deps.contracts.setCopy(step, copy.id, { copy_share: share.toFixed() });
  }

  /** Applying to be a trader: level-1 identity and the minimum futures balance; approved at once when AUTO_APPROVE has trader. */
  async apply(step: Step, userId: number, visibility: 'live' | 'delayed', autoApprove: boolean): Promise<void> {
    const current = await step.trx.selectFrom('traders').select(['status']).where('user_id', '=', userId).executeTakeFirst();
    if (current?.status === 'approved') {
      await step.trx.updateTable('traders').set({ visibility }).where('user_id', '=', userId).execute();
      return;
    }
    if (current?.status === 'pending') throw new ApiError('server:errors.trader_pending');
    const user = await step.trx.selectFrom('users').select('real_level').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.real_level < 1) throw new ApiError('server:errors.trader_identity_needed');
    const balance = await balanceOf(step.trx, userAccount(userId, MARGIN_CURRENCY, 'lever'));
    if (balance.lt(COPY_RULES.traderMinBalance)) throw new ApiError('server:errors.trader_balance_needed', { min: COPY_RULES.traderMinBalance.toFixed() });
    const values = { status: autoApprove ? ('approved' as const) : ('pending' as const), visibility, reason: '', applied_at: step.time, reviewed_at: autoApprove ? step.time : null };
    if (current) await step.trx.updateTable('traders').set(values).where('user_id', '=', userId).execute();
    else
      await step.trx
        .insertInto('traders')
        .values({ user_id: userId, bot: 0, ...values })
        .execute();
  }

  /** An operator's decision on a pending application. */
  async review(step: Step, userId: number, decision: { approve: true } | { approve: false; reason: string }): Promise<void> {
    const current = await step.trx.selectFrom('traders').select('status').where('user_id', '=', userId).executeTakeFirst();
    if (current?.status !== 'pending') throw new ApiError('server:errors.trader_not_pending');
    await step.trx
      .updateTable('traders')
      .set(decision.approve ? { status: 'approved', reviewed_at: step.time, reason: '' } : { status: 'rejected', reviewed_at: step.time, reason: decision.reason })
      .where('user_id', '=', userId)
      .execute();
  }
}

/**
 * The trader's take-profit and stop-loss for a copy opening at `price`: each level that is
 * on its right side of that price. A limit order that a gap opened past its stop-loss has
 * that stop on the wrong side of its own price; the trader's position then closes at the
 * next trade and its linked copies with it, so the copy goes without that level (the
 * desk would refuse it) and the step that opened the trader's position stands.
 */
function copiedStops(source: PositionRow, price: Money, decimals: number): { target_profit_price?: string; stop_loss_price?: string } {
  const result: { target_profit_price?: string; stop_loss_price?: string } = {};
  const tp = source.target_profit_price;
  const sl = source.stop_loss_price;
  if (tp !== null && stopsSide(source.direction, price, new Money(tp), null, decimals).ok) result.target_profit_price = tp;
  if (sl !== null && stopsSide(source.direction, price, null, new Money(sl), decimals).ok) result.stop_loss_price = sl;
  return result;
}

async function followRow(db: Db | Step['trx'], id: number): Promise<FollowRow> {
  return db.selectFrom('follows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
