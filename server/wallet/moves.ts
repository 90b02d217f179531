import { text } from '../../contract/money';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { once, type Remember } from '../http/request-ids';
import { userAccount, type AccountKind } from '../ledger/accounts';
import { explainShortfall, record } from '../ledger/ledger';
import { MARGIN_CURRENCY } from '../trading/config';
import { amountIn } from './amounts';
import { ACCOUNT_CURRENCIES } from './balances';

/**
 * Moving an available amount between a user's own accounts (spec: fund transfer). Out of
 * the contract account in the margin currency, only what the open positions do not need:
 * the contract desk refuses, in the same step, an amount that would take the money
 * covering their current loss or bring the risk rate to liquidation.
 */
export async function moveFunds(
  ctx: AppContext,
  userId: number,
  input: { currency_id: number; number: string; from_field: AccountKind; to_field: AccountKind; request_id?: string | undefined },
): Promise<void> {
  // Sent again with its request id, it answers as the first did and moves nothing more.
  await once(
    ctx,
    { userId, requestId: input.request_id, kind: 'move' },
    (remember) => move(ctx, userId, input, remember),
    async () => undefined,
  );
}

async function move(ctx: AppContext, userId: number, input: { currency_id: number; number: string; from_field: AccountKind; to_field: AccountKind }, remember: Remember): Promise<void> {
  if (input.from_field === input.to_field) throw new ApiError('server:errors.same_account');
  const currency = ctx.catalogue.currency(input.currency_id);
  if (!ACCOUNT_CURRENCIES[input.from_field](currency) || !ACCOUNT_CURRENCIES[input.to_field](currency)) throw new ApiError('server:errors.currency_unknown');
  const amount = amountIn(currency, input.number);
  await ctx.exchange.run(async (step) => {
    if (input.from_field === 'lever' && currency.id === MARGIN_CURRENCY) {
      await ctx.trading.contracts.checkWithdrawal(
        step,
        userId,
        amount,
        (limit) => new ApiError('server:errors.lever_move_limit', { amount: text(limit, currency.precision), currency: currency.code }),
      );
    }
    const { trx, time } = step;
    const { id } = await trx
      .insertInto('account_transfers')
      .values({ user_id: userId, currency_id: currency.id, amount: text(amount, currency.precision), from_kind: input.from_field, to_kind: input.to_field, created_at: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    await record(step, {
      reason: 'transfer',
      ref: { kind: 'move', id },
      userId,
      movements: [{ from: userAccount(userId, currency.id, input.from_field), to: userAccount(userId, currency.id, input.to_field), amount }],
      at: time,
    }).catch(async (error: unknown) => {
      throw await explainShortfall(step, error, { user: userId, currency: currency.id, kind: input.from_field });
    });
  });
}
