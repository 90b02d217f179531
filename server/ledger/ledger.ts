import type { Kysely } from 'kysely';
import { Money, type MoneyValue } from '../../contract/money';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { describe, ownerOf, userAccount, type AccountKey, type AccountKind } from './accounts';
import type { LedgerReason } from '../../contract/ledger';
import { decimalAdd, decimalAddNotNegative } from '../db/decimal';
import { storeOf } from '../db/dialect';
import type { Step } from '../exchange/step';
import type { LedgerRef } from './refs';

/**
 * The one ledger API: nothing else writes balances. A ledger transaction is a list of
 * movements, each taking an amount from one account to another of the same currency,
 * so every transaction sums to zero per currency by construction. Run it inside the
 * database transaction of the business change it pays for: both happen or neither.
 *
 * Each transaction has a reference (kind, id) that is unique: recording a settlement a
 * second time (a retried request, a restart) is refused, so nothing is paid twice.
 */
export type Reason = LedgerReason;

export interface Movement {
  from: AccountKey;
  to: AccountKey;
  /** positive, at most the currency's decimals */
  amount: MoneyValue;
}

export interface LedgerRecord {
  reason: Reason;
  /** what this pays for, unique per kind: ('withdrawal-settle', 12) */
  ref: LedgerRef;
  /** the user it concerns, for their bills */
  userId: number | null;
  /**
   * A note the bills show beside the translated reason, in every language: so symbols,
   * numbers, networks, addresses and ids only (BTC/USDT 0.01 @ 96,000.00 #12), no words.
   * An operator's adjustment carries the operator's own words.
   */
  memo?: string;
  movements: readonly Movement[];
  at: number;
}

/** A reference recorded before: the settlement has already happened. */
export class AlreadyRecorded extends Error {
  constructor(readonly ref: string) {
    super(`ledger reference ${ref} is already recorded`);
  }
}

function keyOf(account: AccountKey): string {
  const d = describe(account);
  return `${d.owner}|${d.currency_id}|${d.kind}|${d.part}`;
}

const isUniqueViolation = (error: unknown) => error instanceof Error && 'code' in error && (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505');

/**
 * Records a ledger transaction and moves the balances, inside the step's database
 * transaction. Each balance changes in one statement, `balance = balance + delta`, and a
 * user's part only if it stays at or above zero, so the result is right with other
 * writers at work (another process, PostgreSQL). Throws server:errors.insufficient_balance
 * (server:errors.funds_unavailable for a frozen or locked part) if a user's part would go
 * below zero, and AlreadyRecorded if the reference was recorded before; the step then
 * rolls back whatever it wrote.
 */
export async function record(step: Pick<Step, 'trx' | 'balanceChanged' | 'catalogue'>, entry: LedgerRecord): Promise<number> {
  const db = step.trx;
  if (!db.isTransaction) throw new Error('ledger record() runs inside the database transaction of what it pays for');
  const refId = String(entry.ref.id);
  const refText = `${entry.ref.kind}:${refId}`;
  // Net change per account.
  const changes = new Map<string, { account: AccountKey; delta: Money }>();
  for (const movement of entry.movements) {
    if (movement.from.currency !== movement.to.currency) throw new Error('a movement stays in one currency');
    const amount = new Money(movement.amount);
    const decimals = step.catalogue.currency(movement.from.currency).precision;
    if (!amount.isFinite() || amount.lte(0)) throw new Error(`ledger amounts are positive, got ${amount.toString()}`);
    if (amount.decimalPlaces() > decimals) throw new Error(`${amount.toString()} has more than ${decimals} decimals`);
    for (const [account, delta] of [
      [movement.from, amount.negated()],
      [movement.to, amount],
    ] as const) {
      const key = keyOf(account);
      const change = changes.get(key);
      if (change) change.delta = change.delta.plus(delta);
      else changes.set(key, { account, delta });
    }
  }

  let transactionId: number;
  try {
    ({ id: transactionId } = await db
      .insertInto('ledger_transactions')
      .values({ reason: entry.reason, ref_kind: entry.ref.kind, ref_id: refId, user_id: entry.userId, memo: entry.memo ?? '', created_at: entry.at })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (error) {
    // The reference is unique in the database: a second settlement is refused by it, whoever writes.
    if (isUniqueViolation(error)) throw new AlreadyRecorded(refText);
    throw error;
  }

  for (const { account, delta } of changes.values()) {
    if (delta.isZero()) continue;
    const d = describe(account);
    const change = delta.toFixed();
    let update = db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: decimalAdd(db, eb.ref('balance'), change) }))
      .where('owner', '=', d.owner)
      .where('currency_id', '=', d.currency_id)
      .where('kind', '=', d.kind)
      .where('part', '=', d.part);
    // A user's part never goes below zero; the house's accounts may.
    const guarded = 'user' in account && delta.lt(0);
    if (guarded) update = update.where((eb) => decimalAddNotNegative(db, eb.ref('balance'), change));
    // An account is created by its first movement (a user's part by a credit: from nothing it cannot pay).
    const row =
      (await update.returning(['id', 'balance']).executeTakeFirst()) ??
      (guarded
        ? undefined
        : await db
            .insertInto('ledger_accounts')
            .values({ ...d, balance: change })
            .onConflict((oc) => oc.columns(['owner', 'currency_id', 'kind', 'part']).doUpdateSet((eb) => ({ balance: decimalAdd(db, eb.ref('ledger_accounts.balance'), change) })))
            .returning(['id', 'balance'])
            .executeTakeFirstOrThrow());
    if (!row) throw new ApiError(d.part === 'available' ? 'server:errors.insufficient_balance' : 'server:errors.funds_unavailable');
    await db.insertInto('ledger_entries').values({ transaction_id: transactionId, account_id: row.id, amount: change, balance_after: row.balance }).execute();
    if ('user' in account) step.balanceChanged(account.user, account.currency, account.kind);
  }
  return transactionId;
}

/** A user's balance in one account and part. */
export async function balanceOf(db: Kysely<Database>, account: AccountKey): Promise<Money> {
  const d = describe(account);
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', ownerOf(account))
    .where('currency_id', '=', d.currency_id)
    .where('kind', '=', d.kind)
    .where('part', '=', d.part)
    .executeTakeFirst();
  return new Money(row?.balance ?? 0);
}

/**
 * A user's balance that the step then decides an amount by (a loss paid as far as the
 * account goes, margin drawn as far as it goes): read with the account's row locked until
 * the step commits, so no other writer changes it in between (SELECT ... FOR UPDATE on
 * PostgreSQL; SQLite's writer holds the whole database already).
 */
export async function lockedBalanceOf(step: Pick<Step, 'trx'>, account: AccountKey): Promise<Money> {
  const d = describe(account);
  const query = step.trx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner', '=', ownerOf(account))
    .where('currency_id', '=', d.currency_id)
    .where('kind', '=', d.kind)
    .where('part', '=', d.part);
  const row = await (storeOf(step.trx as Kysely<unknown>) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return new Money(row?.balance ?? 0);
}

export interface BalanceRow {
  currency_id: number;
  kind: string;
  part: string;
  balance: string;
}

/** Every non-empty account part of a user. */
export async function balancesOf(db: Kysely<Database>, userId: number): Promise<BalanceRow[]> {
  return db.selectFrom('ledger_accounts').select(['currency_id', 'kind', 'part', 'balance']).where('user_id', '=', userId).execute();
}

/**
 * What to tell a user whose request took more than an account's available part (record()
 * threw server:errors.insufficient_balance): when part of that currency in that account is
 * held (frozen by open orders, pending withdrawals or waiting positions, or locked in
 * lock-ups), server:errors.funds_held names what is available and what is held, since the
 * balance they see includes both; otherwise the error as it was. Any other error is
 * answered unchanged. Call it in the step that failed, before it rolls back, so
 * the figures are the ones the refusal saw.
 */
export async function explainShortfall(step: Pick<Step, 'trx' | 'catalogue'>, error: unknown, account: { user: number; currency: number; kind: AccountKind }): Promise<unknown> {
  if (!(error instanceof ApiError) || error.key !== 'server:errors.insufficient_balance') return error;
  const part = (name: 'available' | 'frozen' | 'locked') => balanceOf(step.trx, userAccount(account.user, account.currency, account.kind, name));
  const held = (await part('frozen')).plus(await part('locked'));
  if (held.lte(0)) return error;
  return new ApiError('server:errors.funds_held', { available: (await part('available')).toFixed(), held: held.toFixed(), currency: step.catalogue.currency(account.currency).code });
}
