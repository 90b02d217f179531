import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { verifyPassword } from '../security/passwords';

/** Confirms a payment with the pay password; five wrong tries lock it for 15 minutes. */
export async function checkPayPassword(ctx: AppContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.pay_password_hash) throw new ApiError('server:errors.pay_password_unset');
  const key = `pay:${user.id}`;
  const now = ctx.now();
  const blocked = ctx.limits.payPasswordFailures.blockedFor(key, now);
  if (blocked > 0) throw new ApiError('server:errors.pay_password_locked', { minutes: Math.ceil(blocked / 60_000) });
  if (!(await verifyPassword(user.pay_password_hash, payPassword))) {
    ctx.limits.payPasswordFailures.record(key, now);
    throw new ApiError('server:errors.pay_password_wrong');
  }
  ctx.limits.payPasswordFailures.clear(key);
}
