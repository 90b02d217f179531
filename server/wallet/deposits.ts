import { text } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { AlreadyRecorded, record } from '../ledger/ledger';
import { depositAddress } from './addresses';
import { amountIn } from './amounts';
import type { Network } from '../exchange/catalogue';
import { makePrivate } from '../uploads/private';

/**
 * Deposits. Every user has a stable address per network (drawn from the install's
 * secret); a user reports a deposit with its payment voucher, and it is credited to
 * the coin account when an operator approves it (or at once in the demo).
 */
export async function addressFor(ctx: AppContext, userId: number, net: Network): Promise<string> {
  const stored = await ctx.db.selectFrom('deposit_addresses').select('address').where('user_id', '=', userId).where('network', '=', net.network).executeTakeFirst();
  if (stored) return stored.address;
  const address = depositAddress(net.format, ctx.codeSecret, userId, net.network);
  await ctx.db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, network: net.network, address, created_at: ctx.now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return address;
}

export async function ownUpload(ctx: AppContext, userId: number, path: string): Promise<void> {
  const upload = await ctx.db.selectFrom('uploads').select('id').where('path', '=', path).where('user_id', '=', userId).executeTakeFirst();
  if (!upload) throw new ApiError('server:errors.upload_not_yours');
}

export async function requestRecharge(
  ctx: AppContext,
  userId: number,
  input: { currency: number; network: string; amount: string; account?: string | undefined; voucher: string },
): Promise<{ id: number; credited: boolean }> {
  const net = ctx.catalogue.network(input.currency, input.network);
  const { currency } = net;
  const amount = amountIn(currency, input.amount);
  await ownUpload(ctx, userId, input.voucher);
  const address = await addressFor(ctx, userId, net);
  const { id } = await ctx.db
    .insertInto('recharges')
    .values({
      user_id: userId,
      currency_id: currency.id,
      network: net.network,
      amount: text(amount, currency.precision),
      address,
      sender: (input.account ?? '').trim(),
      voucher: input.voucher,
      status: 'pending',
      reason: '',
      created_at: ctx.now(),
      reviewed_at: null,
      reviewed_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A payment voucher is for the reviewing operator only (uploads/private.ts).
  await makePrivate(ctx, input.voucher);
  // The demo may approve it at once (AUTO_APPROVE): then it is already in the balance.
  const credited = ctx.config.autoApprove.has('recharge');
  if (credited) await approveRecharge(ctx, id, 'auto');
  return { id, credited };
}

/** Credits a pending recharge once; a second approval finds it reviewed. */
export async function approveRecharge(ctx: AppContext, id: number, operator: string): Promise<void> {
  await ctx.exchange.run(async (step) => {
    const { trx, time: now } = step;
    const recharge = await trx.selectFrom('recharges').selectAll().where('id', '=', id).executeTakeFirst();
    if (!recharge) throw new ApiError('server:errors.record_unknown');
    if (recharge.status !== 'pending') throw new ApiError('server:errors.not_pending');
    try {
      await record(step, {
        reason: 'recharge',
        ref: { kind: 'recharge', id },
        userId: recharge.user_id,
        memo: `${recharge.network} ${recharge.address}`,
        movements: [{ from: house('treasury', recharge.currency_id), to: userAccount(recharge.user_id, recharge.currency_id, 'change'), amount: recharge.amount }],
        at: now,
      });
    } catch (error) {
      if (error instanceof AlreadyRecorded) throw new ApiError('server:errors.not_pending');
      throw error;
    }
    await trx.updateTable('recharges').set({ status: 'approved', reviewed_at: now, reviewed_by: operator }).where('id', '=', id).execute();
  });
}

export async function rejectRecharge(ctx: AppContext, id: number, operator: string, reason: string): Promise<void> {
  const result = await ctx.db
    .updateTable('recharges')
    .set({ status: 'rejected', reason, reviewed_at: ctx.now(), reviewed_by: operator })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const exists = await ctx.db.selectFrom('recharges').select('id').where('id', '=', id).executeTakeFirst();
    throw new ApiError(exists ? 'server:errors.not_pending' : 'server:errors.record_unknown');
  }
}
