import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { BUDGETS, reserveAttempt } from '../security/rate-limit';
import { verifyPassword } from '../security/passwords';

/**
 * Confirms a payment with the pay password; five wrong tries lock it for 15 minutes.
 * The try is reserved before the password is compared, so however many requests arrive
 * at once, at most five are compared in 15 minutes. A right one gives its try back; the
 * wrong ones before it still count.
 */
export async function checkPayPassword(ctx: AppContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.pay_password_hash) throw new ApiError('server:errors.pay_password_unset');
  const key = { budget: BUDGETS.payPassword, subject: String(user.id) };
  const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [key]);
  if (!attempt) throw new ApiError('server:errors.pay_password_locked', { minutes: Math.ceil(waitMs / 60_000) });
  try {
    if (!(await verifyPassword(user.pay_password_hash, payPassword))) throw new ApiError('server:errors.pay_password_wrong');
    await attempt.refund(key);
  } finally {
    await attempt.settle();
  }
}
