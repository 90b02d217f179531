import { sql } from 'kysely';
import { Money, ZERO } from '../../contract/money';
import type { Db } from '../db/database';

/**
 * Verifies every invariant of the ledger on a database:
 * - each transaction sums to zero in each currency;
 * - each account's stored balance equals the sum of its entries, and each entry's
 *   balance_after equals the running sum;
 * - no part of a user's account is below zero, now or at any entry;
 * - every reference is recorded once;
 * - what users have frozen covers their pending withdrawals.
 */
export interface LedgerReport {
  checked: { accounts: number; transactions: number; entries: number; currencies: number };
  violations: string[];
}

export async function checkLedger(db: Db): Promise<LedgerReport> {
  const violations: string[] = [];
  const accounts = await db.selectFrom('ledger_accounts').selectAll().execute();
  const entries = await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
  const transactions = await db.selectFrom('ledger_transactions').select(['id', 'ref_kind', 'ref_id']).execute();
  const accountById = new Map(accounts.map((account) => [account.id, account]));

  // Zero sum per transaction and currency.
  const sums = new Map<string, Money>();
  for (const entry of entries) {
    const account = accountById.get(entry.account_id);
    if (!account) {
      violations.push(`entry ${entry.id} names account ${entry.account_id}, which does not exist`);
      continue;
    }
    const key = `${entry.transaction_id}:${account.currency_id}`;
    sums.set(key, (sums.get(key) ?? ZERO).plus(entry.amount));
  }
  for (const [key, total] of sums) if (!total.isZero()) violations.push(`transaction ${key.split(':')[0]} does not sum to zero in currency ${key.split(':')[1]} (${total.toFixed()})`);

  // Stored balance = replay of entries; running balances; no user part below zero.
  const running = new Map<number, Money>();
  for (const entry of entries) {
    const after = (running.get(entry.account_id) ?? ZERO).plus(entry.amount);
    running.set(entry.account_id, after);
    if (!after.eq(entry.balance_after)) violations.push(`entry ${entry.id}: balance_after ${entry.balance_after} but the running balance is ${after.toFixed()}`);
    const account = accountById.get(entry.account_id);
    if (account?.user_id !== null && account?.user_id !== undefined && after.lt(0)) violations.push(`entry ${entry.id} took ${account.owner} ${account.kind}/${account.part} below zero`);
  }
  for (const account of accounts) {
    const replayed = running.get(account.id) ?? ZERO;
    if (!replayed.eq(account.balance)) violations.push(`account ${account.id} (${account.owner} ${account.kind}/${account.part} #${account.currency_id}) stores ${account.balance} but its entries sum to ${replayed.toFixed()}`);
    if (account.user_id !== null && new Money(account.balance).lt(0)) violations.push(`account ${account.id} (${account.owner} ${account.kind}/${account.part}) is below zero`);
  }

  // One settlement per reference.
  const refs = new Set<string>();
  for (const transaction of transactions) {
    const ref = `${transaction.ref_kind}:${transaction.ref_id}`;
    if (refs.has(ref)) violations.push(`reference ${ref} is recorded twice`);
    refs.add(ref);
  }

  // Frozen funds cover pending withdrawals.
  const pending = await db
    .selectFrom('withdrawals')
    .select(['user_id', 'currency_id', sql<string>`group_concat(amount, ',')`.as('amounts')])
    .where('status', '=', 'pending')
    .groupBy(['user_id', 'currency_id'])
    .execute();
  for (const row of pending) {
    const owed = row.amounts.split(',').reduce((total, amount) => total.plus(amount), ZERO);
    const frozen = accounts.find((a) => a.user_id === row.user_id && a.currency_id === row.currency_id && a.kind === 'change' && a.part === 'frozen');
    if (!frozen || new Money(frozen.balance).lt(owed)) violations.push(`user ${row.user_id}: pending withdrawals of ${owed.toFixed()} in currency ${row.currency_id} are not covered by frozen ${frozen?.balance ?? '0'}`);
  }

  return {
    checked: { accounts: accounts.length, transactions: transactions.length, entries: entries.length, currencies: new Set(accounts.map((a) => a.currency_id)).size },
    violations,
  };
}
