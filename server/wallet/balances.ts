import { Money, text, ZERO } from '../../contract/money';
import type { AppContext } from '../context';
import { ACCOUNT_KIND_IDS, ACCOUNT_KINDS, type AccountKind } from '../ledger/accounts';
import { balancesOf } from '../ledger/ledger';
import type { Currency } from '../exchange/catalogue';
import { usdPrice } from './prices';

/** Balances as the assets screens show them: per account, per currency, with USD value. */
export interface Holding {
  currency_id: number;
  code: string;
  name: string;
  precision: number;
  available: string;
  frozen: string;
  locked: string;
  usd_value: string;
  locked_usd: string;
}

/** What each account shows even when empty. */
const ALWAYS: Record<AccountKind, readonly string[]> = {
  legal: ['USDT'],
  change: ['USDT', 'BTC', 'ETH'],
  lever: ['USDT'],
  micro: ['USDT'],
};

/** Which currencies each account can hold (moves between accounts follow this). */
export const ACCOUNT_CURRENCIES: Record<AccountKind, (currency: Currency) => boolean> = {
  legal: (currency) => ['USDT', 'BTC', 'ETH'].includes(currency.code),
  // Coins, and stocks with the US dollars they trade in at spot.
  change: (currency) => currency.kind === 'crypto' || currency.kind === 'stock' || currency.code === 'USD',
  lever: (currency) => currency.code === 'USDT',
  micro: (currency) => currency.code === 'USDT',
};

export async function holdings(ctx: AppContext, userId: number): Promise<{ total_usd: string; accounts: { kind: AccountKind; kind_id: number; usd_value: string; currencies: Holding[] }[] }> {
  const rows = await balancesOf(ctx.db, userId);
  const byKind = new Map<AccountKind, Map<number, { available: Money; frozen: Money; locked: Money }>>();
  for (const kind of ACCOUNT_KINDS) {
    const map = new Map<number, { available: Money; frozen: Money; locked: Money }>();
    for (const code of ALWAYS[kind]) map.set(ctx.catalogue.currencyByCodeOf(code).id, { available: ZERO, frozen: ZERO, locked: ZERO });
    byKind.set(kind, map);
  }
  for (const row of rows) {
    const map = byKind.get(row.kind as AccountKind);
    if (!map) continue;
    const entry = map.get(row.currency_id) ?? { available: ZERO, frozen: ZERO, locked: ZERO };
    if (row.part === 'available' || row.part === 'frozen' || row.part === 'locked') entry[row.part] = new Money(row.balance);
    map.set(row.currency_id, entry);
  }
  let total = ZERO;
  const accounts = ACCOUNT_KINDS.map((kind) => {
    let accountTotal = ZERO;
    const currencies: Holding[] = [];
    for (const [currencyId, parts] of byKind.get(kind) ?? []) {
      const currency = ctx.catalogue.currency(currencyId);
      const amount = parts.available.plus(parts.frozen).plus(parts.locked);
      const price = usdPrice(ctx, currencyId)?.price ?? 0;
      const value = amount.isZero() ? ZERO : amount.times(price);
      accountTotal = accountTotal.plus(value);
      currencies.push({
        currency_id: currencyId,
        code: currency.code,
        name: currency.name,
        precision: currency.precision,
        available: text(parts.available, currency.precision),
        frozen: text(parts.frozen, currency.precision),
        locked: text(parts.locked, currency.precision),
        usd_value: text(value, 2),
        locked_usd: text(parts.locked.isZero() ? ZERO : parts.locked.times(price), 2),
      });
    }
    currencies.sort((a, b) => new Money(b.usd_value).cmp(a.usd_value) || a.currency_id - b.currency_id);
    total = total.plus(accountTotal);
    return { kind, kind_id: ACCOUNT_KIND_IDS[kind], usd_value: text(accountTotal, 2), currencies };
  });
  return { total_usd: text(total, 2), accounts };
}

/** A user's ledger entries with their record's reason and memo, of one currency or account when given: the bills' rows, and the console's. */
function entriesOf(ctx: AppContext, userId: number, filter: { currency?: number; kind?: AccountKind }) {
  let query = ctx.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'ledger_entries.id',
      'ledger_transactions.reason',
      'ledger_accounts.currency_id',
      'ledger_accounts.kind',
      'ledger_accounts.part',
      'ledger_entries.amount',
      'ledger_entries.balance_after',
      'ledger_transactions.memo',
      'ledger_transactions.created_at',
    ])
    .where('ledger_accounts.user_id', '=', userId);
  if (filter.currency !== undefined) query = query.where('ledger_accounts.currency_id', '=', filter.currency);
  if (filter.kind !== undefined) query = query.where('ledger_accounts.kind', '=', filter.kind);
  return query;
}

/** An entry's amounts at its currency's precision, and the currency's code. */
function entryFigures(ctx: AppContext, row: { currency_id: number; amount: string; balance_after: string }) {
  const currency = ctx.catalogue.currency(row.currency_id);
  return { code: currency.code, amount: new Money(row.amount).toFixed(currency.precision), balance_after: text(row.balance_after, currency.precision) };
}

/** One page of a user's bills: the ledger entries of their accounts, newest first. */
export async function billsOf(ctx: AppContext, userId: number, filter: { currency?: number; kind?: AccountKind }, page: number, limit: number) {
  const rows = await entriesOf(ctx, userId, filter)
    .orderBy('ledger_entries.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { data: rows.slice(0, limit).map((row) => ({ ...row, ...entryFigures(ctx, row) })), page, limit, more: rows.length > limit };
}

/**
 * A user's ledger entries as an operator reads them: with each record's reference
 * (kind:id), newest first, a page before the entry id `before` (ids only grow, so a page
 * boundary stays put while new entries arrive).
 */
export async function ledgerOf(ctx: AppContext, userId: number, filter: { currency?: number; kind?: AccountKind }, before: number | undefined, limit: number) {
  let query = entriesOf(ctx, userId, filter).select(['ledger_transactions.ref_kind', 'ledger_transactions.ref_id']);
  if (before !== undefined) query = query.where('ledger_entries.id', '<', before);
  const rows = await query
    .orderBy('ledger_entries.id', 'desc')
    .limit(limit + 1)
    .execute();
  return {
    data: rows.slice(0, limit).map(({ ref_kind: kind, ref_id: id, ...row }) => ({ ...row, ...entryFigures(ctx, row), ref: `${kind}:${id}` })),
    more: rows.length > limit,
  };
}
