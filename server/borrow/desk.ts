import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { Loan } from '../../contract/api';
import { BORROW_RULES, hourlyInterest, loanLtv, priceAtLtv } from '../../contract/borrow';
import { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { LoansTable } from '../db/schema';
import type { Catalogue, Market } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import type { Remember } from '../http/request-ids';
import { house, userAccount } from '../ledger/accounts';
import type { HoldSource } from '../ledger/holds';
import { record } from '../ledger/ledger';
import type { Trade } from '../market/engine';
import { assertCurrent, readTick, tickOf, type TickRecord } from '../trading/market';

/**
 * Crypto-backed loans. Borrowing moves the collateral from the coin account's available
 * part to its locked part and lends USDT from the house treasury, in one ledger
 * transaction, at an LTV of at most 50 % at the market's last trade (recorded). Interest
 * accrues by whole hours on the principal (the loan-interest job, and before any change
 * to the loan). Repaying pays interest first, then principal, to the treasury; repaid in
 * full, the collateral is free again. On the market's trades (the `loans.liquidations`
 * handler), a loan whose LTV reaches 70 % is marked margin-called, and the first trade at
 * which it reaches 83 % liquidates it: the collateral goes to the treasury at that trade's
 * price, which pays the debt, and what is left of the proceeds returns to the borrower in
 * USDT. When the proceeds do not cover the debt the house bears the rest.
 */
export type LoanRow = Selectable<LoansTable>;

export interface LoanDeps {
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  now: () => number;
  /** BORROW_APR */
  apr: string;
}

const HOUR = 3_600_000;
export const COLLATERALS = ['BTC', 'ETH'] as const;
export const DEBT_CURRENCY = 'USDT';
export const MIN_LOAN = '10';

export class LoanDesk {
  /** Open loans by id: the ones a market's trades may liquidate. */
  private readonly open = new Map<number, LoanRow>();

  constructor(private readonly deps: LoanDeps) {
    // After the contracts (20), options (30) and dual investment (40): a settlement of its own, at the same trade.
    deps.exchange.on('trades', { name: 'loans.liquidations', order: 45, handle: (step, event) => this.onTrades(step, event.batches) });
  }

  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('loans').selectAll().where('status', '=', 'open').execute();
    this.open.clear();
    for (const row of rows) this.open.set(row.id, row);
    return this.open.size;
  }

  collateralMarket(catalogue: Catalogue, currencyId: number): Market {
    const currency = catalogue.currency(currencyId);
    if (!(COLLATERALS as readonly string[]).includes(currency.code)) throw new ApiError('server:errors.loan_collateral_invalid', { list: COLLATERALS.join(', ') });
    return catalogue.pair(currency.id, catalogue.currencyByCodeOf(DEBT_CURRENCY).id);
  }

  lastTrade(market: Market): Pick<Trade, 'seq' | 'time' | 'price'> {
    const { view: engine } = this.deps.exchange.market;
    return engine.recentTrades(market.id).at(-1) ?? { seq: engine.lastSeq(market.id), time: engine.time, price: engine.lastPrice(market.id) };
  }

  async borrow(step: Step, userId: number, input: { collateral_currency_id: number; collateral: string; amount: string }, remember: Remember): Promise<LoanRow> {
    const market = this.collateralMarket(step.catalogue, input.collateral_currency_id);
    const debtCurrency = market.quote;
    const collateral = new Money(input.collateral);
    const amount = new Money(input.amount);
    if (collateral.lte(0) || collateral.decimalPlaces() > market.base.precision) throw new ApiError('server:errors.loan_collateral_amount', { decimals: market.base.precision });
    if (amount.lt(MIN_LOAN) || amount.decimalPlaces() > debtCurrency.precision) throw new ApiError('server:errors.loan_amount_invalid', { min: MIN_LOAN, decimals: debtCurrency.precision });
    assertCurrent(this.deps.exchange.market.view, market);
    const trade = this.lastTrade(market);
    const ltv = loanLtv(amount, collateral, trade.price);
    if (ltv.gt(BORROW_RULES.maxStartLtv)) {
      const most = collateral.times(trade.price).times(BORROW_RULES.maxStartLtv).toDecimalPlaces(debtCurrency.precision, Money.ROUND_DOWN);
      throw new ApiError('server:errors.loan_ltv', { max: most.toFixed(), currency: debtCurrency.code });
    }
    const tick = tickOf(market, trade);
    const { id } = await step.trx
      .insertInto('loans')
      .values({
        user_id: userId,
        market_id: market.id,
        collateral_currency_id: market.base.id,
        collateral: collateral.toFixed(market.base.precision),
        debt_currency_id: debtCurrency.id,
        borrowed: amount.toFixed(debtCurrency.precision),
        principal: amount.toFixed(debtCurrency.precision),
        interest: new Money(0).toFixed(debtCurrency.precision),
        apr: new Money(this.deps.apr).toFixed(),
        status: 'open',
        open_tick: JSON.stringify(tick),
        accrued_at: step.time,
        repayments: 0,
        topups: 0,
        surplus: null,
        margin_called_at: null,
        close_tick: null,
        created_at: step.time,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(step, {
      reason: 'loan_open',
      ref: { kind: 'loan-open', id },
      userId,
      memo: `${market.symbol} @ ${tick.price} #${id}`,
      movements: [
        { from: userAccount(userId, market.base.id, 'change'), to: userAccount(userId, market.base.id, 'change', 'locked'), amount: collateral },
        { from: house('treasury', debtCurrency.id), to: userAccount(userId, debtCurrency.id, 'change'), amount },
      ],
      at: step.time,
    });
    await remember(step.trx, id);
    const row = await loanRow(step, id);
    step.keep(this.open, id, row);
    return row;
  }

  async repay(step: Step, userId: number, loanId: number, amountText: string): Promise<LoanRow> {
    const loan = await this.accrue(step, this.mine(userId, loanId));
    const debtCurrency = step.catalogue.currency(loan.debt_currency_id);
    const amount = new Money(amountText);
    const debt = new Money(loan.principal).plus(loan.interest);
    if (amount.lte(0) || amount.decimalPlaces() > debtCurrency.precision) throw new ApiError('server:errors.loan_repay_invalid', { decimals: debtCurrency.precision });
    if (amount.gt(debt)) throw new ApiError('server:errors.loan_repay_over', { debt: debt.toFixed(), currency: debtCurrency.code });
    const toInterest = Money.min(amount, loan.interest);
    const toPrincipal = amount.minus(toInterest);
    const n = loan.repayments + 1;
    await record(step, {
      reason: 'loan_repay',
      ref: { kind: 'loan-repay', id: `${loan.id}-${n}` },
      userId,
      memo: `#${loan.id}`,
      movements: [{ from: userAccount(userId, debtCurrency.id, 'change'), to: house('treasury', debtCurrency.id), amount }],
      at: step.time,
    });
    const principal = new Money(loan.principal).minus(toPrincipal);
    const interest = new Money(loan.interest).minus(toInterest);
    const repaid = principal.isZero() && interest.isZero();
    await step.trx
      .updateTable('loans')
      .set({
        principal: principal.toFixed(debtCurrency.precision),
        interest: interest.toFixed(debtCurrency.precision),
        repayments: n,
        ...(repaid ? { status: 'repaid' as const, closed_at: step.time } : {}),
      })
      .where('id', '=', loan.id)
      .execute();
    if (repaid) {
      await record(step, {
        reason: 'loan_release',
        ref: { kind: 'loan-release', id: loan.id },
        userId,
        memo: `#${loan.id}`,
        movements: [{ from: userAccount(userId, loan.collateral_currency_id, 'change', 'locked'), to: userAccount(userId, loan.collateral_currency_id, 'change'), amount: loan.collateral }],
        at: step.time,
      });
    }
    const row = await this.reviewMarginCall(step, await loanRow(step, loan.id));
    step.keep(this.open, loan.id, repaid ? undefined : row);
    return row;
  }

  async addCollateral(step: Step, userId: number, loanId: number, amountText: string): Promise<LoanRow> {
    const loan = this.mine(userId, loanId);
    const currency = step.catalogue.currency(loan.collateral_currency_id);
    const amount = new Money(amountText);
    if (amount.lte(0) || amount.decimalPlaces() > currency.precision) throw new ApiError('server:errors.loan_collateral_amount', { decimals: currency.precision });
    const n = loan.topups + 1;
    await record(step, {
      reason: 'loan_collateral',
      ref: { kind: 'loan-collateral', id: `${loan.id}-${n}` },
      userId,
      memo: `#${loan.id}`,
      movements: [{ from: userAccount(userId, currency.id, 'change'), to: userAccount(userId, currency.id, 'change', 'locked'), amount }],
      at: step.time,
    });
    await step.trx
      .updateTable('loans')
      .set({ collateral: new Money(loan.collateral).plus(amount).toFixed(currency.precision), topups: n })
      .where('id', '=', loan.id)
      .execute();
    const row = await this.reviewMarginCall(step, await loanRow(step, loan.id));
    step.keep(this.open, loan.id, row);
    return row;
  }

  /** After a repayment or more collateral: a margin call ends once the LTV is back under 70 % at the last trade. */
  private async reviewMarginCall(step: Step, loan: LoanRow): Promise<LoanRow> {
    if (loan.margin_called_at === null || loan.status !== 'open') return loan;
    const price = this.lastTrade(step.catalogue.market(loan.market_id)).price;
    if (loanLtv(new Money(loan.principal).plus(loan.interest), loan.collateral, price).gte(BORROW_RULES.marginCallLtv)) return loan;
    await step.trx.updateTable('loans').set({ margin_called_at: null }).where('id', '=', loan.id).execute();
    return { ...loan, margin_called_at: null };
  }

  /** Interest for the whole hours since the last accrual, written to the loan. */
  async accrue(step: Step, loan: LoanRow): Promise<LoanRow> {
    const hours = Math.floor((step.time - loan.accrued_at) / HOUR);
    if (hours <= 0 || loan.status !== 'open') return loan;
    const decimals = step.catalogue.currency(loan.debt_currency_id).precision;
    const interest = new Money(loan.interest).plus(hourlyInterest(loan.principal, loan.apr, hours, decimals));
    await step.trx
      .updateTable('loans')
      .set({ interest: interest.toFixed(decimals), accrued_at: loan.accrued_at + hours * HOUR })
      .where('id', '=', loan.id)
      .execute();
    const row = await loanRow(step, loan.id);
    step.keep(this.open, loan.id, row);
    return row;
  }

  /** The loan-interest job: every open loan's whole hours. */
  async accrueAll(step: Step): Promise<number> {
    let changed = 0;
    for (const loan of [...this.open.values()]) if ((await this.accrue(step, loan)) !== loan) changed++;
    return changed;
  }

  private mine(userId: number, loanId: number): LoanRow {
    const loan = this.open.get(loanId);
    if (!loan || loan.user_id !== userId) throw new ApiError('server:errors.loan_unknown');
    return loan;
  }

  /** The step's trades: a margin call at 70 %, and the first trade at 83 % liquidates. */
  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.open.size === 0) return;
    for (const { marketId, trades } of batches) {
      for (const open of [...this.open.values()]) {
        if (open.market_id !== marketId) continue;
        let loan = open;
        const decimals = step.catalogue.currency(loan.debt_currency_id).precision;
        for (const trade of trades) {
          // The debt as it stands at the trade, with the whole hours not yet written.
          const hours = Math.max(0, Math.floor((trade.time - loan.accrued_at) / HOUR));
          const debt = new Money(loan.principal).plus(loan.interest).plus(hourlyInterest(loan.principal, loan.apr, hours, decimals));
          const ltv = loanLtv(debt, loan.collateral, trade.price);
          if (ltv.gte(BORROW_RULES.liquidationLtv)) {
            await this.liquidate(step, await this.accrue(step, loan), trade);
            break;
          }
          if (ltv.gte(BORROW_RULES.marginCallLtv) && loan.margin_called_at === null) {
            await step.trx.updateTable('loans').set({ margin_called_at: trade.time }).where('id', '=', loan.id).execute();
            loan = { ...loan, margin_called_at: trade.time };
            step.keep(this.open, loan.id, loan);
          }
        }
      }
    }
  }

  private async liquidate(step: Step, loan: LoanRow, trade: Trade): Promise<void> {
    const market = step.catalogue.market(loan.market_id);
    const debtCurrency = step.catalogue.currency(loan.debt_currency_id);
    const tick: TickRecord = tickOf(market, trade);
    const proceeds = new Money(loan.collateral).times(tick.price).toDecimalPlaces(debtCurrency.precision, Money.ROUND_DOWN);
    const debt = new Money(loan.principal).plus(loan.interest);
    const surplus = proceeds.gt(debt) ? proceeds.minus(debt) : new Money(0);
    await record(step, {
      reason: 'loan_liquidate',
      ref: { kind: 'loan-liquidate', id: loan.id },
      userId: loan.user_id,
      memo: `${market.symbol} @ ${tick.price} #${loan.id}`,
      movements: [
        { from: userAccount(loan.user_id, loan.collateral_currency_id, 'change', 'locked'), to: house('treasury', loan.collateral_currency_id), amount: loan.collateral },
        ...(surplus.gt(0) ? [{ from: house('treasury', debtCurrency.id), to: userAccount(loan.user_id, debtCurrency.id, 'change'), amount: surplus }] : []),
      ],
      at: trade.time,
    });
    await step.trx
      .updateTable('loans')
      .set({ status: 'liquidated', close_tick: JSON.stringify(tick), surplus: surplus.toFixed(debtCurrency.precision), closed_at: trade.time })
      .where('id', '=', loan.id)
      .execute();
    step.keep(this.open, loan.id, undefined);
  }

  view(row: LoanRow): Static<typeof Loan> {
    const { catalogue } = this.deps;
    const market = catalogue.market(row.market_id);
    const collateral = catalogue.currency(row.collateral_currency_id);
    const debtCurrency = catalogue.currency(row.debt_currency_id);
    const price = new Money(this.lastTrade(market).price).toDecimalPlaces(market.pricePrecision);
    // The whole hours not written yet count already: what "repay all" must pay now.
    const pending = row.status === 'open' ? Math.max(0, Math.floor((this.deps.now() - row.accrued_at) / HOUR)) : 0;
    const interest = new Money(row.interest).plus(pending > 0 ? hourlyInterest(row.principal, row.apr, pending, debtCurrency.precision) : 0);
    const debt = new Money(row.principal).plus(interest);
    const ltv = row.status === 'open' ? loanLtv(debt, row.collateral, price) : new Money(0);
    const at = (threshold: string) => priceAtLtv(debt, row.collateral, threshold).toDecimalPlaces(market.pricePrecision, Money.ROUND_UP).toFixed(market.pricePrecision);
    const openTick = readTick(row.open_tick);
    if (!openTick) throw new Error(`loan ${row.id} has no opening trade`);
    return {
      id: row.id,
      market_id: market.id,
      collateral_currency_id: collateral.id,
      collateral_code: collateral.code,
      collateral_precision: collateral.precision,
      collateral: row.collateral,
      debt_code: debtCurrency.code,
      debt_precision: debtCurrency.precision,
      borrowed: row.borrowed,
      principal: row.principal,
      interest: interest.toFixed(debtCurrency.precision),
      debt: debt.toFixed(debtCurrency.precision),
      apr: row.apr,
      price: price.toFixed(market.pricePrecision),
      ltv: ltv.toDecimalPlaces(4, Money.ROUND_UP).toFixed(),
      margin_call_price: at(BORROW_RULES.marginCallLtv),
      liquidation_price: at(BORROW_RULES.liquidationLtv),
      status: row.status,
      margin_called_at: row.margin_called_at,
      open_tick: openTick,
      close_tick: readTick(row.close_tick),
      surplus: row.surplus,
      created_at: row.created_at,
      closed_at: row.closed_at,
    };
  }
}

async function loanRow(step: Step, id: number): Promise<LoanRow> {
  return step.trx.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** An open loan keeps its collateral in the coin account's locked part. */
export const loanHolds: HoldSource = {
  name: 'loans',
  part: 'locked',
  list: async (db) =>
    (await db.selectFrom('loans').select(['user_id', 'collateral_currency_id', 'collateral']).where('status', '=', 'open').execute()).map((row) => ({
      userId: row.user_id,
      currency: row.collateral_currency_id,
      kind: 'change' as const,
      amount: row.collateral,
    })),
};
