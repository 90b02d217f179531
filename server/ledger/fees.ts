import type { Kysely } from 'kysely';
import { floor, Money, text, ZERO } from '../../contract/money';
import type { CouponsTable, Database, InviteRebatesTable } from '../db/schema';
import type { Step } from '../exchange/step';
import { house, userAccount, type AccountKey } from './accounts';
import { record, type LedgerRecord, type Movement } from './ledger';
import { feeRefText, type FeeRef } from './refs';

/**
 * The one fee path. A fee rate is the product's rate less the discount of the best fee
 * coupon for that product (`couponRate`: a coupon discounts only the product it names,
 * its scope; the product spends it when it settles: a spot order at its first fill, a
 * conversion at once). A fee moves to the house fees account inside the
 * ledger transaction of what it is charged for, and a share of it (REBATE_RATE) goes to
 * the payer's inviter in the same step, under the fee's own reference ("rebate:" + the
 * fee reference), so a fee shares once (`recordWithFees`). Spot fills, contract openings,
 * options and conversions all charge this way.
 */
export type RebateSource = InviteRebatesTable['source'];

export interface Fee {
  /** who pays (users.id) */
  payer: number;
  /** where it is taken from: the payer's part, or the house account that holds the payer's proceeds */
  from: AccountKey;
  currency: number;
  amount: Money;
  ref: FeeRef;
  /** which rebates it earns the payer's inviter; null: none (conversions) */
  rebate: RebateSource | null;
  /** what the fee was for, for the inviter's bills (symbols and ids, no words) */
  memo: string;
}

export interface Coupon {
  id: number;
  discount: Money;
}

/** The product whose fee a fee coupon discounts. */
export type FeeScope = NonNullable<CouponsTable['scope']>;

/** The largest fee discount a user can use on this product right now. */
export async function bestFeeCoupon(db: Kysely<Database>, userId: number, scope: FeeScope, now: number): Promise<Coupon | null> {
  const rows = await db
    .selectFrom('coupons')
    .select(['id', 'value'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'fee_discount')
    .where('scope', '=', scope)
    .where('status', '=', 'available')
    .where('expires_at', '>', now)
    .execute();
  let best: Coupon | null = null;
  for (const row of rows) if (!best || new Money(row.value).gt(best.discount)) best = { id: row.id, discount: new Money(row.value) };
  return best;
}

/** The fee rate a user pays on this product's `base` rate with their best fee coupon for it (counted on, not spent). */
export async function couponRate(db: Kysely<Database>, userId: number, scope: FeeScope, base: Money, now: number): Promise<{ rate: Money; coupon: Coupon | null }> {
  const coupon = await bestFeeCoupon(db, userId, scope, now);
  return { rate: base.times(new Money(1).minus(coupon?.discount ?? 0)), coupon };
}

/** The fee's movement to the house; nothing for a fee of zero. */
function feeMovement(fee: Fee): Movement[] {
  return fee.amount.gt(0) ? [{ from: fee.from, to: house('fees', fee.currency), amount: fee.amount }] : [];
}

/** The fee path with the rebate share in force (REBATE_RATE): one per server, in the context and the desks' deps. */
export class FeePath {
  constructor(readonly rebateRate: Money) {}

  /**
   * Records `entry` with its fees' movements added (after its own, or before them with
   * `feesFirst`: the order its bill lines have always had), then pays each fee's rebate.
   * Answers the ledger transaction's id, or null when nothing moved (a record with no
   * movement and no fee is not written).
   */
  async record(step: Step, entry: LedgerRecord, fees: readonly Fee[], order: { feesFirst?: boolean } = {}): Promise<number | null> {
    const charged = fees.flatMap(feeMovement);
    const movements = order.feesFirst ? [...charged, ...entry.movements] : [...entry.movements, ...charged];
    const id = movements.length > 0 ? await record(step, { ...entry, movements }) : null;
    for (const fee of fees) {
      if (fee.rebate) await payRebate(step, { rate: this.rebateRate, payer: fee.payer, source: fee.rebate, currency: fee.currency, fee: fee.amount, feeRef: fee.ref, memo: fee.memo, at: entry.at });
    }
    return id;
  }
}

export interface FeePaid {
  payer: number;
  source: RebateSource;
  currency: number;
  fee: Money;
  /** the share that goes to the inviter: REBATE_RATE */
  rate: Money;
  feeRef: FeeRef;
  memo: string;
  at: number;
}

/** The rebate a fee earns at this rate, cut down to the currency's decimals. */
export function rebateOf(fee: Money, rate: Money, decimals: number): Money {
  return floor(fee.times(rate), decimals);
}

/**
 * Pays the inviter of whoever paid this fee their share, from the fees account that has
 * just received it. Nothing for a user nobody invited, or a share that floors to zero.
 * Answers the amount paid. Recording the same fee's rebate again throws AlreadyRecorded.
 */
export async function payRebate(step: Step, fee: FeePaid): Promise<Money> {
  if (fee.fee.lte(0)) return ZERO;
  const payer = await step.trx.selectFrom('users').select('invited_by').where('id', '=', fee.payer).executeTakeFirst();
  const inviter = payer?.invited_by ?? null;
  if (inviter === null || inviter === fee.payer) return ZERO;
  const decimals = step.catalogue.currency(fee.currency).precision;
  const amount = rebateOf(fee.fee, fee.rate, decimals);
  if (amount.lte(0)) return ZERO;
  const feeRef = feeRefText(fee.feeRef);
  await record(step, {
    reason: 'invite_rebate',
    ref: { kind: 'rebate', id: feeRef },
    userId: inviter,
    memo: fee.memo,
    movements: [{ from: house('fees', fee.currency), to: userAccount(inviter, fee.currency, 'change'), amount }],
    at: fee.at,
  });
  await step.trx
    .insertInto('invite_rebates')
    .values({
      user_id: inviter,
      from_user_id: fee.payer,
      source: fee.source,
      currency_id: fee.currency,
      fee: text(fee.fee, decimals),
      amount: text(amount, decimals),
      ledger_ref: `rebate:${feeRef}`,
      created_at: fee.at,
    })
    .execute();
  return amount;
}
