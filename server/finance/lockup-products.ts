import type { Static } from '@sinclair/typebox';
import type { LockupProductAdmin } from '../../contract/api';
import { Money, text, ZERO } from '../../contract/money';
import type { AppContext } from '../context';
import type { Currency } from '../exchange/catalogue';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import { audit } from '../operator/auth';
import { amountIn } from '../wallet/amounts';
import { ACCOUNT_CURRENCIES } from '../wallet/balances';
import { lockupProducts, type LockupProductRow } from './products';

/**
 * Lock-up products as operators run them (the console's Products screen): the list with
 * what each holds, read from its orders; a new product; new terms for what is bought
 * next; pause and reopen. Each change is a step of the exchange with its audit entry in
 * it, so the change and the record of who made it commit together, in order with the
 * purchases (server/finance/lockup.ts buyLockup reads the product in its own step).
 */

/** The highest daily rate or penalty a product may have: 5 % a day is already far past any real offer. */
const RATE_CEILING = new Money('0.05');

export interface LockupTermsInput {
  days: number;
  min_amount: string;
  rate_min: string;
  rate_max: string;
  full_rate_amount: string;
  penalty_rate: string;
  sort: number;
}

type Terms = Pick<LockupProductRow, 'days' | 'min_amount' | 'rate_min' | 'rate_max' | 'full_rate_amount' | 'penalty_rate' | 'sort'>;

/** Lock-up mining holds coins (not stocks, not fiat) of the coin account, where an order locks its amount. */
const isLockupCoin = (currency: Currency) => currency.kind === 'crypto' && ACCOUNT_CURRENCIES.change(currency);

function lockupCurrency(ctx: AppContext, code: string): Currency {
  const currency = ctx.catalogue.currencyByCodeOf(code);
  if (!isLockupCoin(currency)) throw new ApiError('server:errors.lockup_currency', { currency: currency.code });
  return currency;
}

/** A fraction as the contract's pattern writes it (0.003); 0 itself is a penalty's lowest value. */
const RATE = /^0(\.[0-9]{1,6})?$/;

function rateOf(value: string, field: 'lockup_rate_range' | 'lockup_penalty_range', floor: 'positive' | 'zero'): Money {
  if (!RATE.test(value)) throw new ApiError('validation:lockup_rate_invalid');
  const rate = new Money(value);
  if (rate.gt(RATE_CEILING) || (floor === 'positive' ? rate.lte(0) : rate.lt(0))) throw new ApiError(`server:errors.${field}`);
  return rate;
}

/** Checks a product's terms in its coin's decimals; answers them as they are stored. */
export function checkedTerms(currency: Currency, input: LockupTermsInput): Terms {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 365) throw new ApiError('validation:lockup_days_invalid');
  // A minimum of 0 says what is wrong with it (amountIn takes positive amounts only).
  if (/^0+(\.0+)?$/.test(input.min_amount)) throw new ApiError('server:errors.lockup_minimum_zero');
  const minimum = amountIn(currency, input.min_amount);
  const full = amountIn(currency, input.full_rate_amount);
  if (full.lt(minimum)) throw new ApiError('server:errors.lockup_full_below_minimum');
  const low = rateOf(input.rate_min, 'lockup_rate_range', 'positive');
  const high = rateOf(input.rate_max, 'lockup_rate_range', 'positive');
  if (low.gt(high)) throw new ApiError('server:errors.lockup_rate_order');
  const penalty = rateOf(input.penalty_rate, 'lockup_penalty_range', 'zero');
  return {
    days: input.days,
    min_amount: minimum.toFixed(),
    rate_min: low.toFixed(),
    rate_max: high.toFixed(),
    full_rate_amount: full.toFixed(),
    penalty_rate: penalty.toFixed(),
    sort: input.sort,
  };
}

/** The terms in a line the audit keeps: USDT 30 d, minimum 500, 0.004-0.0055 a day (full at 50000), penalty 0.005, order 2. */
const describeTerms = (code: string, terms: Terms) =>
  `${code} ${terms.days} d, minimum ${terms.min_amount}, ${terms.rate_min}-${terms.rate_max} a day (full at ${terms.full_rate_amount}), penalty ${terms.penalty_rate}, order ${terms.sort}`;

const storedTerms = (row: LockupProductRow): Terms => ({
  days: row.days,
  min_amount: new Money(row.min_amount).toFixed(),
  rate_min: new Money(row.rate_min).toFixed(),
  rate_max: new Money(row.rate_max).toFixed(),
  full_rate_amount: new Money(row.full_rate_amount).toFixed(),
  penalty_rate: new Money(row.penalty_rate).toFixed(),
  sort: row.sort,
});

/** Every product with what it holds: orders ever bought, the active ones, what they lock, the yield paid so far. */
export async function productsWithHoldings(ctx: AppContext): Promise<{ products: Static<typeof LockupProductAdmin>[]; coins: { code: string; precision: number }[] }> {
  const products = await lockupProducts(ctx.db);
  const held = new Map<number, { orders: number; active: number; locked: Money; paid: Money }>();
  const orders = await ctx.db.selectFrom('lockup_orders').select(['product_id', 'status', 'amount', 'earned']).execute();
  for (const order of orders) {
    const entry = held.get(order.product_id) ?? { orders: 0, active: 0, locked: ZERO, paid: ZERO };
    entry.orders++;
    if (order.status === 'active') {
      entry.active++;
      entry.locked = entry.locked.plus(order.amount);
    }
    entry.paid = entry.paid.plus(order.earned);
    held.set(order.product_id, entry);
  }
  const listed = products.map((product) => {
    const precision = ctx.catalogue.currencies.find((currency) => currency.code === product.currency)?.precision ?? 8;
    const entry = held.get(product.id) ?? { orders: 0, active: 0, locked: ZERO, paid: ZERO };
    return {
      id: product.id,
      code: product.currency,
      precision,
      ...storedTerms(product),
      status: product.status,
      created_at: product.created_at,
      updated_at: product.updated_at,
      orders: entry.orders,
      active_orders: entry.active,
      locked: text(entry.locked, precision),
      yield_paid: text(entry.paid, precision),
    };
  });
  return { products: listed, coins: ctx.catalogue.currencies.filter(isLockupCoin).map(({ code, precision }) => ({ code, precision })) };
}

export async function createProduct(ctx: AppContext, operator: string, code: string, input: LockupTermsInput): Promise<number> {
  const currency = lockupCurrency(ctx, code);
  const terms = checkedTerms(currency, input);
  return ctx.exchange.run(async (step) => {
    const row = await step.trx
      .insertInto('lockup_products')
      .values({ currency: currency.code, ...terms, status: 'open', created_at: step.time, updated_at: step.time })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(step, operator, 'lockup-create', `lockup:${row.id}`, describeTerms(currency.code, terms));
    return row.id;
  });
}

async function productIn(step: Step, id: number): Promise<LockupProductRow> {
  const row = await step.trx.selectFrom('lockup_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('server:errors.lockup_unknown');
  return row;
}

/** New terms for purchases from now on: an order keeps the rate, days and penalty it copied when bought. */
export async function updateProduct(ctx: AppContext, operator: string, id: number, input: LockupTermsInput): Promise<void> {
  await ctx.exchange.run(async (step) => {
    const before = await productIn(step, id);
    const currency = step.catalogue.currencyByCodeOf(before.currency);
    const terms = checkedTerms(currency, input);
    await step.trx
      .updateTable('lockup_products')
      .set({ ...terms, updated_at: step.time })
      .where('id', '=', id)
      .execute();
    await audit(step, operator, 'lockup-update', `lockup:${id}`, `${describeTerms(currency.code, storedTerms(before))} -> ${describeTerms(currency.code, terms)}`);
  });
}

/** Pauses or reopens a product; refused when it already is so (another operator may have done it first). */
export async function setProductStatus(ctx: AppContext, operator: string, id: number, status: 'open' | 'paused'): Promise<void> {
  await ctx.exchange.run(async (step) => {
    const before = await productIn(step, id);
    if (before.status === status) throw new ApiError(status === 'paused' ? 'server:errors.lockup_paused_already' : 'server:errors.lockup_open_already');
    // On PostgreSQL another process may have changed it since the read: the guard decides.
    const changed = await step.trx.updateTable('lockup_products').set({ status, updated_at: step.time }).where('id', '=', id).where('status', '=', before.status).executeTakeFirst();
    if (changed.numUpdatedRows === 0n) throw new ApiError(status === 'paused' ? 'server:errors.lockup_paused_already' : 'server:errors.lockup_open_already');
    await audit(step, operator, status === 'paused' ? 'lockup-pause' : 'lockup-open', `lockup:${id}`, `${before.currency} ${before.days} d`);
  });
}
