import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { BUDGETS, guessWithin } from '../security/rate-limit';
import { verifyPassword } from '../security/passwords';

/**
 * Confirms a payment with the pay password; five wrong tries lock it for 15 minutes.
 * The try is reserved before the password is compared, so however many requests arrive
 * at once, at most five are compared in 15 minutes. A right one gives its try back; the
 * wrong ones before it still count.
 */
export async function checkPayPassword(ctx: AppContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.pay_password_hash) throw new ApiError('server:errors.pay_password_unset');
  const hash = user.pay_password_hash;
  await guessWithin(ctx.db, ctx.now, { budget: BUDGETS.payPassword, subject: String(user.id) }, { locked: 'server:errors.pay_password_locked', wrong: 'server:errors.pay_password_wrong' }, async () =>
    (await verifyPassword(hash, payPassword)) ? true : null,
  );
}
