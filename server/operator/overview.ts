import { Money, ZERO, text } from '../../contract/money';
import type { AppContext } from '../context';
import { readSetting } from '../common/settings';
import { checkLedger, type LedgerReport } from '../ledger/check';
import { MARGIN_CURRENCY } from '../trading/config';
import { audit } from './auth';

/**
 * The exchange at a glance, for the console's dashboard: users, deposits and withdrawals
 * per day, fees earned, open interest per contract market, and the ledger check's last
 * result, all read from the ledger and the products' records (nothing estimated). Days are
 * UTC days; amounts are summed per currency with the ledger's decimals.
 */
const DAY = 86_400_000;
export const OVERVIEW_DAYS = 30;
const LEDGER_CHECK_SETTING = 'ledger_check_last';

/** A UTC day as YYYY-MM-DD. */
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Sums of amounts per currency code, as text in each currency's decimals. */
class Sums {
  private readonly sums = new Map<string, { count: number; amount: Money; precision: number }>();
  add(code: string, precision: number, amount: string): void {
    const entry = this.sums.get(code) ?? { count: 0, amount: ZERO, precision };
    entry.count += 1;
    entry.amount = entry.amount.plus(amount);
    this.sums.set(code, entry);
  }
  list(): { code: string; count: number; amount: string }[] {
    return [...this.sums].sort(([a], [b]) => a.localeCompare(b)).map(([code, entry]) => ({ code, count: entry.count, amount: text(entry.amount, entry.precision) }));
  }
}

export async function overview(ctx: AppContext) {
  const now = ctx.now();
  const from = Math.floor(now / DAY) * DAY - (OVERVIEW_DAYS - 1) * DAY;
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => ({ day: dayOf(from + i * DAY), signups: 0, deposits: 0, withdrawals: 0, fees: '0' }));
  const at = (ms: number) => days[Math.floor((ms - from) / DAY)];
  const currency = (id: number) => ctx.catalogue.currency(id);

  const users = await ctx.db
    .selectFrom('users')
    .select([(eb) => eb.fn.countAll<number>().as('total'), (eb) => eb.fn.sum<number>(eb.case().when('real_level', '>=', 1).then(1).else(0).end()).as('verified')])
    .executeTakeFirstOrThrow();
  for (const row of await ctx.db.selectFrom('users').select('created_at').where('created_at', '>=', from).execute()) {
    const day = at(row.created_at);
    if (day) day.signups += 1;
  }

  const deposits = new Sums();
  for (const row of await ctx.db.selectFrom('recharges').select(['currency_id', 'amount', 'reviewed_at']).where('status', '=', 'approved').where('reviewed_at', '>=', from).execute()) {
    const day = row.reviewed_at === null ? undefined : at(row.reviewed_at);
    if (day) day.deposits += 1;
    deposits.add(currency(row.currency_id).code, currency(row.currency_id).precision, row.amount);
  }
  const withdrawals = new Sums();
  for (const row of await ctx.db.selectFrom('withdrawals').select(['currency_id', 'amount', 'reviewed_at']).where('status', '=', 'completed').where('reviewed_at', '>=', from).execute()) {
    const day = row.reviewed_at === null ? undefined : at(row.reviewed_at);
    if (day) day.withdrawals += 1;
    withdrawals.add(currency(row.currency_id).code, currency(row.currency_id).precision, row.amount);
  }

  // Fees: what the house fees accounts hold (fees less the inviters' rebates), and what
  // came into them each day in the margin currency (USDT: spot's quote, contracts' margin).
  const feeAccounts = await ctx.db.selectFrom('ledger_accounts').select(['id', 'currency_id', 'balance']).where('owner', '=', 'house:fees').execute();
  const fees = feeAccounts
    .map((account) => ({ code: currency(account.currency_id).code, amount: text(new Money(account.balance), currency(account.currency_id).precision) }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const usdt = currency(MARGIN_CURRENCY);
  const usdtFees = feeAccounts.find((account) => account.currency_id === usdt.id);
  if (usdtFees) {
    const perDay = new Map<string, Money>();
    for (const row of await ctx.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .select(['ledger_entries.amount', 'ledger_transactions.created_at'])
      .where('ledger_entries.account_id', '=', usdtFees.id)
      .where('ledger_transactions.created_at', '>=', from)
      .execute()) {
      const day = dayOf(row.created_at);
      perDay.set(day, (perDay.get(day) ?? ZERO).plus(row.amount));
    }
    for (const day of days) day.fees = text(perDay.get(day.day) ?? ZERO, usdt.precision);
  }

  // Open interest: the open contract positions per market, each side in base units.
  const interest = new Map<number, { positions: number; long: Money; short: Money; margin: Money }>();
  for (const row of await ctx.db.selectFrom('lever_positions').select(['market_id', 'direction', 'quantity', 'margin']).where('status', '=', 'open').execute()) {
    const entry = interest.get(row.market_id) ?? { positions: 0, long: ZERO, short: ZERO, margin: ZERO };
    entry.positions += 1;
    if (row.direction === 1) entry.long = entry.long.plus(row.quantity);
    else entry.short = entry.short.plus(row.quantity);
    entry.margin = entry.margin.plus(row.margin);
    interest.set(row.market_id, entry);
  }
  const openInterest = [...interest].map(([marketId, entry]) => {
    const market = ctx.catalogue.market(marketId);
    // The margin is held in the margin currency (MARGIN_CURRENCY), whatever the market's quote.
    const margin = currency(MARGIN_CURRENCY);
    return {
      market: market.symbol,
      positions: entry.positions,
      long: text(entry.long, market.qtyPrecision),
      short: text(entry.short, market.qtyPrecision),
      margin: text(entry.margin, margin.precision),
      margin_currency: margin.code,
    };
  });
  openInterest.sort((a, b) => a.market.localeCompare(b.market));

  return {
    now,
    users: { total: Number(users.total), verified: Number(users.verified ?? 0) },
    days,
    deposits: deposits.list(),
    withdrawals: withdrawals.list(),
    fees,
    fee_currency: usdt.code,
    open_interest: openInterest,
    ledger_check: await lastLedgerCheck(ctx),
  };
}

export interface LedgerCheckResult {
  at: number;
  operator: string;
  checked: LedgerReport['checked'];
  violations: number;
  /** the first violations, as the check words them */
  first: string[];
}

async function lastLedgerCheck(ctx: AppContext): Promise<LedgerCheckResult | null> {
  const stored = await readSetting(ctx.db, LEDGER_CHECK_SETTING);
  return stored === undefined ? null : (JSON.parse(stored) as LedgerCheckResult);
}

/**
 * Runs the ledger check on demand, inside the exchange's single writer: no money moves
 * while it reads, so what it sees is one consistent state. The result is kept (every
 * process's console shows the same last one) and audited.
 */
export async function runLedgerCheck(ctx: AppContext, operator: string): Promise<LedgerCheckResult> {
  const report = await ctx.exchange.run((step) => checkLedger(step.trx));
  const result: LedgerCheckResult = { at: ctx.now(), operator, checked: report.checked, violations: report.violations.length, first: report.violations.slice(0, 20) };
  const value = JSON.stringify(result);
  await ctx.db
    .insertInto('settings')
    .values({ key: LEDGER_CHECK_SETTING, value, public: 0 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  await audit(ctx, operator, 'ledger-check', 'ledger', `${report.checked.transactions} transactions, ${result.violations} violations`);
  return result;
}
