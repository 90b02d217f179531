import { maskedContact } from '../../contract/mask';
import { Money, text } from '../../contract/money';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

/**
 * Invitations: each user's code and the link to the register screen with it, the
 * accounts that registered with it (their contacts partly hidden), and the rebates
 * received from their trading fees. A user only ever sees their own.
 */
export const invitePath = (code: string): string => `/h5/#/pages/common/register?invite=${encodeURIComponent(code)}`;

export async function inviteSummary(ctx: AppContext, user: UserRow) {
  const { count } = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('invited_by', '=', user.id)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db.selectFrom('invite_rebates').select(['currency_id', 'amount']).where('user_id', '=', user.id).execute();
  const totals = new Map<number, Money>();
  for (const row of rows) totals.set(row.currency_id, (totals.get(row.currency_id) ?? new Money(0)).plus(row.amount));
  return {
    invite_code: user.invite_code,
    path: invitePath(user.invite_code),
    invitees: Number(count),
    rebate_rate: ctx.config.rebateRate,
    rebates: [...totals].sort(([a], [b]) => a - b).map(([currency, amount]) => ({ code: ctx.catalogue.currency(currency).code, amount: text(amount, ctx.catalogue.currency(currency).precision) })),
  };
}

export async function invitees(ctx: AppContext, user: UserRow, page: number, limit: number) {
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'uid', 'email', 'mobile', 'area_code', 'real_level', 'created_at'])
    .where('invited_by', '=', user.id)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows.slice(0, limit).map((row) => ({ uid: row.uid, account: maskedContact(row), level: row.real_level, created_at: row.created_at })),
    page,
    limit,
    more: rows.length > limit,
  };
}

export async function rebates(ctx: AppContext, user: UserRow, page: number, limit: number) {
  const rows = await ctx.db
    .selectFrom('invite_rebates')
    .innerJoin('users', 'users.id', 'invite_rebates.from_user_id')
    .select(['invite_rebates.id', 'users.uid', 'invite_rebates.source', 'invite_rebates.fee', 'invite_rebates.amount', 'invite_rebates.currency_id', 'invite_rebates.created_at'])
    .where('invite_rebates.user_id', '=', user.id)
    .orderBy('invite_rebates.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return {
    data: rows
      .slice(0, limit)
      .map((row) => ({ id: row.id, from_uid: row.uid, source: row.source, fee: row.fee, amount: row.amount, code: ctx.catalogue.currency(row.currency_id).code, created_at: row.created_at })),
    page,
    limit,
    more: rows.length > limit,
  };
}
