import type { ApiOutput } from '../../contract/api';

type Balances = ApiOutput<'GET /operator/user/balances'>;
type Session = ApiOutput<'GET /operator/user/sessions'>[number];

/** Whether a decimal text the server wrote is zero ('0.000000', '-0.00'). */
export function isZero(amount: string): boolean {
  return /^[+-]?0*(\.0*)?$/.test(amount);
}

/**
 * The balances an operator reads: each account with the currencies it holds something of
 * (available, frozen or locked), in the server's order (largest value first). The empty
 * rows the app shows for its own screens say nothing here.
 */
export function heldAccounts(balances: Balances): Balances['accounts'] {
  return balances.accounts.map((account) => ({ ...account, currencies: account.currencies.filter((row) => !(isZero(row.available) && isZero(row.frozen) && isZero(row.locked))) }));
}

/** The currencies a user's ledger can be filtered by: those of their balances, once each, by code. */
export function currencyChoices(balances: Balances): { id: number; code: string }[] {
  const seen = new Map<number, string>();
  for (const account of balances.accounts) for (const row of account.currencies) seen.set(row.currency_id, row.code);
  return [...seen].map(([id, code]) => ({ id, code })).sort((a, b) => a.code.localeCompare(b.code));
}

/** What became of a session: still active, ended (by its user, a password change or an operator), or expired. */
export function sessionState(session: Session): 'active' | 'ended' | 'expired' {
  if (session.active) return 'active';
  return session.revoked_at !== null ? 'ended' : 'expired';
}

/** A page of older entries after the ones shown (paged by the last id seen: none repeats, but a retried page may). */
export function appendPage<T extends { id: number }>(shown: readonly T[], older: readonly T[]): T[] {
  const ids = new Set(shown.map((row) => row.id));
  return [...shown, ...older.filter((row) => !ids.has(row.id))];
}
