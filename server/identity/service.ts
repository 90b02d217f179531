import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { makePrivate } from '../uploads/private';
import { ownUpload } from '../wallet/deposits';
import { WITHDRAW_LIMIT_BTC } from '../wallet/withdrawals';

/**
 * Identity verification in two levels (spec 3, 4, 6): level 1 the document type, name
 * and number; level 2 photos of both sides. A submission waits for an operator (or is
 * passed at once in the demo); it passes only when the user has bound both an e-mail
 * address and a mobile number. The level sets the withdrawal and fiat limits.
 */
export const OTC_LIMIT_USDT: Record<number, string> = { 0: '0', 1: '2000', 2: '1000000' };

export type IdType = 'id_card' | 'passport' | 'driving_licence';

export interface Submission {
  real_type: 1 | 2;
  id_type?: IdType | undefined;
  name?: string | undefined;
  card_id?: string | undefined;
  front_pic?: string | undefined;
  reverse_pic?: string | undefined;
}

function maskName(name: string): string {
  const letters = [...name];
  return letters.length <= 1 ? name : `${letters[0]}${'*'.repeat(Math.min(letters.length - 1, 6))}`;
}

export async function identityState(ctx: AppContext, user: UserRow) {
  const latest = await ctx.db.selectFrom('identity_submissions').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').executeTakeFirst();
  const named = await ctx.db
    .selectFrom('identity_submissions')
    .select('name')
    .where('user_id', '=', user.id)
    .where('level', '=', 1)
    .where('status', '=', 'approved')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    level: user.real_level,
    state: latest?.status ?? 'none',
    pending_level: latest?.status === 'pending' ? latest.level : null,
    reason: latest?.status === 'rejected' ? latest.reason : '',
    name: named ? maskName(named.name) : '',
    withdraw_limit_btc: WITHDRAW_LIMIT_BTC[user.real_level] ?? '0',
    otc_limit_usdt: OTC_LIMIT_USDT[user.real_level] ?? '0',
    mobile_bound: user.mobile !== null,
    email_bound: user.email !== null,
  };
}

/** Records a submission; answers whether it passed at once (the demo's automatic review). */
export async function submitIdentity(ctx: AppContext, user: UserRow, input: Submission): Promise<{ approved: boolean }> {
  const pending = await ctx.db.selectFrom('identity_submissions').select('id').where('user_id', '=', user.id).where('status', '=', 'pending').executeTakeFirst();
  if (pending) throw new ApiError('server:errors.identity_pending');
  if (user.real_level >= input.real_type) throw new ApiError('server:errors.identity_done');
  if (input.real_type === 2 && user.real_level < 1) throw new ApiError('server:errors.identity_level_first');
  const row = {
    user_id: user.id,
    level: input.real_type,
    id_type: '',
    name: '',
    card_id: '',
    front_pic: '',
    reverse_pic: '',
    status: 'pending' as const,
    reason: '',
    created_at: ctx.now(),
    reviewed_at: null,
    reviewed_by: null,
  };
  if (input.real_type === 1) {
    if (!input.id_type || !input.name?.trim() || !input.card_id) throw new ApiError('server:errors.identity_fields');
    Object.assign(row, { id_type: input.id_type, name: input.name.trim(), card_id: input.card_id.toUpperCase() });
  } else {
    if (!input.front_pic || !input.reverse_pic) throw new ApiError('server:errors.identity_photos');
    await ownUpload(ctx, user.id, input.front_pic);
    await ownUpload(ctx, user.id, input.reverse_pic);
    Object.assign(row, { front_pic: input.front_pic, reverse_pic: input.reverse_pic });
  }
  const { id } = await ctx.db.insertInto('identity_submissions').values(row).returning('id').executeTakeFirstOrThrow();
  // Document photos are for the reviewing operator only (uploads/private.ts).
  if (input.real_type === 2) await makePrivate(ctx, row.front_pic, row.reverse_pic);
  await autoApproveIdentity(ctx, user.id, id);
  const after = await ctx.db.selectFrom('identity_submissions').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return { approved: after.status === 'approved' };
}

/**
 * The demo's automatic review: a waiting submission passes as soon as the user has both
 * an e-mail address and a mobile number bound, at submission or, when one was missing,
 * at the binding that completes them. Without the setting submissions wait for an operator.
 */
export async function autoApproveIdentity(ctx: AppContext, userId: number, submissionId?: number): Promise<void> {
  if (!ctx.config.autoApprove.has('identity')) return;
  const user = await ctx.db.selectFrom('users').select(['email', 'mobile']).where('id', '=', userId).executeTakeFirst();
  if (!user?.email || !user.mobile) return;
  const pending = submissionId ?? (await ctx.db.selectFrom('identity_submissions').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst())?.id;
  if (pending === undefined) return;
  try {
    await approveIdentity(ctx, pending, 'auto');
  } catch (error) {
    // Two bindings finishing together: the other one passed it already.
    if (!(error instanceof ApiError && error.key === 'server:errors.not_pending')) throw error;
  }
}

export async function approveIdentity(ctx: AppContext, id: number, operator: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const submission = await trx.selectFrom('identity_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!submission) throw new ApiError('server:errors.record_unknown');
    if (submission.status !== 'pending') throw new ApiError('server:errors.not_pending');
    const user = await trx.selectFrom('users').select(['email', 'mobile', 'real_level']).where('id', '=', submission.user_id).executeTakeFirstOrThrow();
    if (!user.email || !user.mobile) throw new ApiError('server:errors.identity_contacts');
    const now = ctx.now();
    await trx.updateTable('identity_submissions').set({ status: 'approved', reviewed_at: now, reviewed_by: operator }).where('id', '=', id).execute();
    await trx
      .updateTable('users')
      .set({ real_level: Math.max(user.real_level, submission.level), updated_at: now })
      .where('id', '=', submission.user_id)
      .execute();
  });
}

/** Refuses a waiting submission; the reason (trimmed, never blank) is what the user is shown. */
export async function rejectIdentity(ctx: AppContext, id: number, operator: string, reason: string): Promise<void> {
  const shown = reason.trim();
  if (shown === '') throw new ApiError('server:errors.reason_blank');
  const result = await ctx.db
    .updateTable('identity_submissions')
    .set({ status: 'rejected', reason: shown, reviewed_at: ctx.now(), reviewed_by: operator })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    const exists = await ctx.db.selectFrom('identity_submissions').select('id').where('id', '=', id).executeTakeFirst();
    throw new ApiError(exists ? 'server:errors.not_pending' : 'server:errors.record_unknown');
  }
}
