import type { Kysely } from 'kysely';
import { floor, Money, text, ZERO, type MoneyValue } from '../../contract/money';
import type { Database, InviteRebatesTable } from '../db/schema';
import { house, userAccount } from '../ledger/accounts';
import { record } from '../ledger/ledger';
import { CURRENCIES } from '../market/instruments';

/**
 * Invitation rebates: a share (the REBATE_RATE setting, config.ts) of every trading fee an
 * invitee pays goes to the inviter's coin account, from the house fees account that has
 * just received the fee, in the same database transaction as the fee. The ledger
 * reference is the fee's own reference under "rebate", so a fee shares once; a share that
 * floors to nothing at the currency's precision is not paid.
 */
export type RebateSource = InviteRebatesTable['source'];

export interface FeePaid {
  /** who paid the fee (users.id) */
  payer: number;
  source: RebateSource;
  currency: number;
  fee: MoneyValue;
  /** the share of it that goes to the payer's inviter: the configured REBATE_RATE (TradingDeps.rebateRate) */
  rate: MoneyValue;
  /** the fee's reference, unique per fee: "spot-fill:12:buyer", "lever-open:3", "option:7" */
  feeRef: string;
  /** what the fee was for, for the inviter's bills */
  memo: string;
  at: number;
}

export const precisionOfCurrency = (id: number): number => CURRENCIES.find((currency) => currency.id === id)?.precision ?? 0;
export const codeOfCurrency = (id: number): string => CURRENCIES.find((currency) => currency.id === id)?.code ?? '';

/** The rebate a fee earns its payer's inviter at this rate, cut down to the currency's decimals. */
export function rebateOf(fee: MoneyValue, currency: number, rate: MoneyValue): Money {
  return floor(new Money(fee).times(rate), precisionOfCurrency(currency));
}

/**
 * Pays the inviter of whoever paid this fee their share. Runs inside the fee's database
 * transaction; does nothing for a user nobody invited, or a share that floors to zero.
 * Answers the amount paid.
 */
export async function payRebate(trx: Kysely<Database>, fee: FeePaid): Promise<Money> {
  if (new Money(fee.fee).lte(0)) return ZERO;
  const payer = await trx.selectFrom('users').select('invited_by').where('id', '=', fee.payer).executeTakeFirst();
  const inviter = payer?.invited_by ?? null;
  if (inviter === null || inviter === fee.payer) return ZERO;
  const amount = rebateOf(fee.fee, fee.currency, fee.rate);
  if (amount.lte(0)) return ZERO;
  const ref = { kind: 'rebate', id: fee.feeRef };
  await record(trx, {
    reason: 'invite_rebate',
    ref,
    userId: inviter,
    memo: fee.memo,
    movements: [{ from: house('fees', fee.currency), to: userAccount(inviter, fee.currency, 'change'), amount }],
    at: fee.at,
  });
  await trx
    .insertInto('invite_rebates')
    .values({
      user_id: inviter,
      from_user_id: fee.payer,
      source: fee.source,
      currency_id: fee.currency,
      fee: text(fee.fee, precisionOfCurrency(fee.currency)),
      amount: text(amount, precisionOfCurrency(fee.currency)),
      ledger_ref: `${ref.kind}:${ref.id}`,
      created_at: fee.at,
    })
    .execute();
  return amount;
}
