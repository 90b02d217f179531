import { LEDGER_REASONS } from '../../contract/ledger';
import { Money, ZERO } from '../../contract/money';
import type { Db } from '../db/database';
import { EMPTY_SETTLEMENTS, HOLD_SOURCES } from '../products';
import { ACCOUNT_KINDS, HOUSE_ACCOUNTS, PARTS } from './accounts';
import type { EmptySettlements, HoldSource } from './holds';
import { LEDGER_REF_KINDS } from './refs';

/**
 * Verifies every invariant of the ledger on a database:
 * - each transaction sums to zero in each currency;
 * - each account's stored balance equals the sum of its entries, and each entry's
 *   balance_after equals the running sum;
 * - no part of a user's account is below zero, now or at any entry;
 * - every amount and balance is within its currency's decimals;
 * - every reference is recorded once, and is of a kind the ledger knows (LEDGER_REF_KINDS);
 * - every transaction's reason is one the bills label (LEDGER_REASONS), and every
 *   transaction has entries, except the settlements products record without moving
 *   anything (a lost option: the stake went at the opening), to settle them once;
 * - every entry's account is a real one: a user's account of a known kind in a known
 *   part (available, frozen, locked), or a house account;
 * - what each user has frozen or locked is exactly what the products' records hold
 *   (pending withdrawals, open orders, positions, lock-ups: every registered HoldSource).
 */
export interface LedgerReport {
  checked: { accounts: number; transactions: number; entries: number; currencies: number };
  /** per currency code: what users' accounts hold in all (the house holds the opposite) */
  totals: Record<string, string>;
  violations: string[];
}

export async function checkLedger(
  db: Db,
  products: { holds: readonly HoldSource[]; emptySettlements: readonly EmptySettlements[] } = { holds: HOLD_SOURCES, emptySettlements: EMPTY_SETTLEMENTS },
): Promise<LedgerReport> {
  const violations: string[] = [];
  const accounts = await db.selectFrom('ledger_accounts').selectAll().execute();
  const entries = await db.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
  const transactions = await db.selectFrom('ledger_transactions').select(['id', 'reason', 'ref_kind', 'ref_id']).execute();
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  const precision = new Map((await db.selectFrom('currencies').select(['id', 'precision']).execute()).map((c) => [c.id, c.precision]));

  // Every figure within its currency's decimals.
  const decimalsOf = (value: string) => new Money(value).decimalPlaces();
  for (const account of accounts) {
    const places = precision.get(account.currency_id);
    if (places === undefined) violations.push(`account ${account.id} is in currency ${account.currency_id}, which does not exist`);
    else if (decimalsOf(account.balance) > places) violations.push(`account ${account.id} stores ${account.balance}, more decimals than currency ${account.currency_id} has (${places})`);
  }
  for (const entry of entries) {
    const places = precision.get(accountById.get(entry.account_id)?.currency_id ?? -1);
    if (places !== undefined && decimalsOf(entry.amount) > places) violations.push(`entry ${entry.id} moves ${entry.amount}, more decimals than its currency has (${places})`);
  }

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
    if (!replayed.eq(account.balance))
      violations.push(`account ${account.id} (${account.owner} ${account.kind}/${account.part} #${account.currency_id}) stores ${account.balance} but its entries sum to ${replayed.toFixed()}`);
    if (account.user_id !== null && new Money(account.balance).lt(0)) violations.push(`account ${account.id} (${account.owner} ${account.kind}/${account.part}) is below zero`);
  }

  // One settlement per reference, of a kind the ledger knows.
  const refs = new Set<string>();
  const refKinds = new Set<string>(LEDGER_REF_KINDS);
  for (const transaction of transactions) {
    const ref = `${transaction.ref_kind}:${transaction.ref_id}`;
    if (refs.has(ref)) violations.push(`reference ${ref} is recorded twice`);
    if (!refKinds.has(transaction.ref_kind)) violations.push(`transaction ${transaction.id} (${ref}) has reference kind "${transaction.ref_kind}", which the ledger does not know`);
    refs.add(ref);
  }

  // Reasons the bills can label; no transaction without entries but the settlements products record empty.
  const reasons = new Set<string>(LEDGER_REASONS);
  const withEntries = new Set(entries.map((entry) => entry.transaction_id));
  const empty = new Set<string>();
  for (const source of products.emptySettlements) for (const ref of await source.refs(db)) empty.add(ref);
  for (const transaction of transactions) {
    const ref = `${transaction.ref_kind}:${transaction.ref_id}`;
    if (!reasons.has(transaction.reason)) violations.push(`transaction ${transaction.id} (${ref}) has reason "${transaction.reason}", which is not a ledger reason`);
    if (!withEntries.has(transaction.id) && !empty.has(ref)) violations.push(`transaction ${transaction.id} (${ref}) has no entries`);
  }
  const transactionIds = new Set(transactions.map((transaction) => transaction.id));
  for (const entry of entries) if (!transactionIds.has(entry.transaction_id)) violations.push(`entry ${entry.id} names transaction ${entry.transaction_id}, which does not exist`);

  // Every account an entry moves is a real account in a real part.
  const entriesOf = new Map<number, number>();
  for (const entry of entries) entriesOf.set(entry.account_id, (entriesOf.get(entry.account_id) ?? 0) + 1);
  const kinds = new Set<string>(ACCOUNT_KINDS);
  const parts = new Set<string>(PARTS);
  const houses = new Set<string>(HOUSE_ACCOUNTS);
  for (const account of accounts) {
    const label = `account ${account.id} (${account.owner} ${account.kind}/${account.part}, ${entriesOf.get(account.id) ?? 0} entries)`;
    if (account.user_id !== null) {
      if (account.owner !== `user:${account.user_id}`) violations.push(`${label} belongs to user ${account.user_id} but is owned by ${account.owner}`);
      if (!kinds.has(account.kind)) violations.push(`${label}: "${account.kind}" is not an account kind (${ACCOUNT_KINDS.join(', ')})`);
      if (!parts.has(account.part)) violations.push(`${label}: "${account.part}" is not a part (${PARTS.join(', ')})`);
    } else if (!(account.owner.startsWith('house:') && houses.has(account.owner.slice('house:'.length))) || account.kind !== 'house' || account.part !== 'house') {
      violations.push(`${label} is neither a user's account nor a house account (${HOUSE_ACCOUNTS.join(', ')})`);
    }
  }

  // Frozen and locked parts equal exactly what the products' records hold.
  for (const part of ['frozen', 'locked'] as const) {
    const sources = products.holds.filter((source) => source.part === part);
    const names = sources.map((source) => source.name);
    const holders = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : (names[0] ?? 'nothing');
    const expected = new Map<string, Money>();
    for (const source of sources) {
      for (const hold of await source.list(db)) {
        const key = `${hold.userId}:${hold.currency}:${hold.kind}`;
        expected.set(key, (expected.get(key) ?? ZERO).plus(hold.amount));
      }
    }
    for (const account of accounts) {
      if (account.user_id === null || account.part !== part) continue;
      const key = `${account.user_id}:${account.currency_id}:${account.kind}`;
      const held = expected.get(key) ?? ZERO;
      expected.delete(key);
      if (!held.eq(account.balance))
        violations.push(`user ${account.user_id}: ${account.kind}/${part} in currency ${account.currency_id} is ${account.balance}, but ${holders} hold ${held.toFixed()}`);
    }
    for (const [key, held] of expected) if (!held.isZero()) violations.push(`user ${key}: ${held.toFixed()} should be ${part} but nothing is`);
  }

  const codes = new Map((await db.selectFrom('currencies').select(['id', 'code']).execute()).map((c) => [c.id, c.code]));
  const totals = new Map<string, Money>();
  for (const account of accounts) {
    if (account.user_id === null) continue;
    const code = codes.get(account.currency_id) ?? `#${account.currency_id}`;
    totals.set(code, (totals.get(code) ?? ZERO).plus(account.balance));
  }
  return {
    checked: { accounts: accounts.length, transactions: transactions.length, entries: entries.length, currencies: new Set(accounts.map((a) => a.currency_id)).size },
    totals: Object.fromEntries([...totals].sort(([a], [b]) => a.localeCompare(b)).map(([code, total]) => [code, total.toFixed()])),
    violations,
  };
}
