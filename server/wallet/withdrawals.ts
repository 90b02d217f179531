import type { Kysely } from 'kysely';
import { Money, text } from '../../contract/money';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { AlreadyRecorded, explainShortfall, record } from '../ledger/ledger';
import { storeOf } from '../db/dialect';
import { isValidAddress } from './addresses';
import { amountIn } from './amounts';
import { checkPayPassword } from './pay-password';
import { usdPrice } from './prices';
import { once, type Remember } from '../http/request-ids';
import type { HoldSource } from '../ledger/holds';
import { refuseWhileHeld } from '../auth/protection';
import { checkFactor, enabledFactor, useFactor, type FactorUse } from '../account-security/totp';
import { refuseOffWhitelist } from '../account-security/whitelist';

/**
 * Withdrawals: checked (address, the network's configured minimum, pay password,
 * identity level and its 24-hour limit, no pause after a change of the account's protection,
 * the authenticator app's code when it is on, the whitelist when it is on: server/account-security/), then frozen with the network's configured fee
 * written on the request (withdraw_lock); an operator sends them or refuses them. Sent:
 * the fee goes to the house (withdraw_deduct) and the rest leaves (withdraw_success),
 * so the bills show both. Refused: the whole amount returns (withdraw_fail). Either
 * outcome is recorded once.
 */
const DAY = 24 * 60 * 60 * 1000;
/** Spec 6: level 1 may withdraw 200 BTC worth per 24 hours, level 2 500. */
export const WITHDRAW_LIMIT_BTC: Record<number, string> = { 0: '0', 1: '200', 2: '500' };

export async function requestWithdrawal(
  ctx: AppContext,
  user: UserRow,
  input: { currency: number; network: string; address: string; amount: string; pay_password: string; request_id?: string | undefined; totp_code?: string | undefined },
): Promise<number> {
  // Sent again with its request id, it answers the withdrawal the first one made.
  return once(
    ctx,
    { userId: user.id, requestId: input.request_id, kind: 'withdraw' },
    (remember) => placeWithdrawal(ctx, user, input, remember),
    async (id) => id,
  );
}

async function placeWithdrawal(
  ctx: AppContext,
  user: UserRow,
  input: { currency: number; network: string; address: string; amount: string; pay_password: string; totp_code?: string | undefined },
  remember: Remember,
): Promise<number> {
  const net = ctx.catalogue.network(input.currency, input.network);
  const { currency } = net;
  const amount = amountIn(currency, input.amount);
  if (amount.lt(net.minWithdraw)) throw new ApiError('server:errors.below_minimum', { minimum: net.minWithdraw, currency: currency.code });
  const address = input.address.trim();
  if (!isValidAddress(net.format, address)) throw new ApiError('server:errors.address_invalid', { network: net.name });
  if (user.real_level < 1) throw new ApiError('server:errors.verification_required', {}, '998');
  // Paused after a change of the account's protection (server/auth/protection.ts): said before a pay-password try is spent...
  await refuseWhileHeld(ctx.db, user.id, ctx.now());
  const target = { currency: currency.id, network: net.network, address };
  await refuseOffWhitelist(ctx.db, user.id, target, ctx.now());
  await checkPayPassword(ctx, user, input.pay_password);
  // With the authenticator app on, one of its codes too: checked here, used up in the step (once, however many requests carry it).
  let factor: FactorUse | null = null;
  if (await enabledFactor(ctx.db, user.id)) {
    if (input.totp_code === undefined) throw new ApiError('server:errors.totp_code_required');
    factor = await checkFactor(ctx, user.id, input.totp_code, 'totpConfirm');
  }

  const price = usdPrice(ctx, currency.id)?.price;
  const btcPrice = usdPrice(ctx, ctx.catalogue.currencyByCodeOf('BTC').id)?.price;
  if (!price || !btcPrice) throw new ApiError('server:errors.no_price');
  const btcValue = amount.times(price).div(btcPrice);
  // The checks above (the pay password's hash among them) run before the step, which holds the exchange's queue.
  return ctx.exchange.run(async (step) => {
    const { trx, time: now } = step;
    // ...and decided here, after the pay password was read: a change committed meanwhile (a new pay password) is seen.
    await refuseWhileHeld(trx, user.id, now);
    await refuseOffWhitelist(trx, user.id, target, now);
    if (factor) await useFactor(trx, user.id, factor, now);
    const recent = await trx
      .selectFrom('withdrawals')
      .select('btc_value')
      .where('user_id', '=', user.id)
      .where('status', '!=', 'rejected')
      .where('created_at', '>', now - DAY)
      .execute();
    const used = recent.reduce((sum, row) => sum.plus(row.btc_value), new Money(0));
    const limit = new Money(WITHDRAW_LIMIT_BTC[user.real_level] ?? '0');
    if (used.plus(btcValue).gt(limit)) {
      throw new ApiError('server:errors.over_limit', { limit: limit.toFixed(0), level: user.real_level, remaining: text(Money.max(limit.minus(used), 0), 8) });
    }
    const fee = new Money(net.withdrawFee);
    const { id } = await trx
      .insertInto('withdrawals')
      .values({
        user_id: user.id,
        currency_id: currency.id,
        network: net.network,
        address,
        amount: text(amount, currency.precision),
        fee: text(fee, currency.precision),
        net: text(amount.minus(fee), currency.precision),
        btc_value: text(btcValue, 8),
        status: 'pending',
        reason: '',
        txid: '',
        created_at: now,
        reviewed_at: null,
        reviewed_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    await record(step, {
      reason: 'withdraw_lock',
      ref: { kind: 'withdrawal-lock', id },
      userId: user.id,
      memo: `${net.network} ${address}`,
      movements: [{ from: userAccount(user.id, currency.id, 'change'), to: userAccount(user.id, currency.id, 'change', 'frozen'), amount }],
      at: now,
    }).catch(async (error: unknown) => {
      throw await explainShortfall(step, error, { user: user.id, currency: currency.id, kind: 'change' });
    });
    return id;
  });
}

async function settle(ctx: AppContext, id: number, operator: string, outcome: { approve: true; txid: string } | { approve: false; reason: string }): Promise<void> {
  await ctx.exchange.run(async (step) => {
    const { trx, time: now } = step;
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new ApiError('server:errors.record_unknown');
    if (row.status !== 'pending') throw new ApiError('server:errors.not_pending');
    // A frozen account's money does not leave: an operator freezes it because it may be in
    // the wrong hands. The account's row is read locked (PostgreSQL; SQLite's writer holds
    // the whole database), so a freeze committing meanwhile is waited for and seen.
    if (outcome.approve) {
      const owner = step.trx.selectFrom('users').select('frozen_at').where('id', '=', row.user_id);
      const user = await (storeOf(trx as Kysely<unknown>) === 'postgres' ? owner.forUpdate() : owner).executeTakeFirstOrThrow();
      if (user.frozen_at !== null) throw new ApiError('server:errors.withdrawal_account_frozen');
    }
    const frozen = userAccount(row.user_id, row.currency_id, 'change', 'frozen');
    try {
      if (outcome.approve) {
        // The fee first, so the sent amount is the newest line of the bills.
        if (new Money(row.fee).gt(0)) {
          await record(step, {
            reason: 'withdraw_deduct',
            ref: { kind: 'withdrawal-fee', id },
            userId: row.user_id,
            movements: [{ from: frozen, to: house('fees', row.currency_id), amount: row.fee }],
            at: now,
          });
        }
        // One reference for both outcomes: a withdrawal is settled once, one way.
        await record(step, {
          reason: 'withdraw_success',
          ref: { kind: 'withdrawal-settle', id },
          userId: row.user_id,
          movements: [{ from: frozen, to: house('withdrawals', row.currency_id), amount: row.net }],
          at: now,
        });
      } else {
        await record(step, {
          reason: 'withdraw_fail',
          ref: { kind: 'withdrawal-settle', id },
          userId: row.user_id,
          movements: [{ from: frozen, to: userAccount(row.user_id, row.currency_id, 'change'), amount: row.amount }],
          at: now,
        });
      }
    } catch (error) {
      if (error instanceof AlreadyRecorded) throw new ApiError('server:errors.not_pending');
      throw error;
    }
    await trx
      .updateTable('withdrawals')
      .set(
        outcome.approve
          ? { status: 'completed', txid: outcome.txid, reviewed_at: now, reviewed_by: operator }
          : { status: 'rejected', reason: outcome.reason, reviewed_at: now, reviewed_by: operator },
      )
      .where('id', '=', id)
      .execute();
  });
}

export const approveWithdrawal = (ctx: AppContext, id: number, operator: string, txid: string) => settle(ctx, id, operator, { approve: true, txid });
export const rejectWithdrawal = (ctx: AppContext, id: number, operator: string, reason: string) => settle(ctx, id, operator, { approve: false, reason });

/** A pending withdrawal keeps its whole amount frozen in the coin account until it is sent or refused. */
export const withdrawalHolds: HoldSource = {
  name: 'pending withdrawals',
  part: 'frozen',
  list: async (db) =>
    (await db.selectFrom('withdrawals').select(['user_id', 'currency_id', 'amount']).where('status', '=', 'pending').execute()).map((row) => ({
      userId: row.user_id,
      currency: row.currency_id,
      kind: 'change' as const,
      amount: row.amount,
    })),
};
