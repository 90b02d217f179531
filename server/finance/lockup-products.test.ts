import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import type { Step } from '../exchange/step';
import { createHarness, ok, type Harness } from '../testing/harness';
import { balance } from '../testing/wallet';
import { DAY_MS, settleDue } from './lockup';

/**
 * Lock-up products run by operators (the console's Lock-up tab): a product made here is
 * in the app's list and bought at its terms; new terms apply to what is bought next while
 * orders bought before keep theirs, payouts and penalty included; a paused product leaves
 * the list and refuses purchases, decided inside the exchange step so a pause and a
 * purchase racing cannot both win; bad terms are refused with a translated message and
 * change nothing; every change is audited under the operator's name.
 */
const USDT = 3;
let h: Harness;
let token: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000' });
  token = await h.registerUser('lia@example.com');
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Create = InputOf<typeof endpoints.lockupCreate>;
const TERMS: Create = { currency: 'USDT', days: 7, min_amount: '200', rate_min: '0.002', rate_max: '0.003', full_rate_amount: '2200', penalty_rate: '0.001', sort: 10 };
const asOperator = { operator: true };
const create = (input: Partial<Create> = {}) => h.call(endpoints.lockupCreate, { ...TERMS, ...input }, asOperator);
const update = (id: number, input: Partial<Create> = {}) => {
  const { currency: _currency, ...terms } = { ...TERMS, ...input };
  return h.call(endpoints.lockupUpdate, { id, ...terms }, asOperator);
};
const buy = (config_id: number, amount: string, as = token) => h.call(endpoints.lockupBuy, { config_id, amount }, { token: as });
const appList = async () => ok(h.call(endpoints.lockupConfig, {}));
const consoleList = async () => (await ok(h.call(endpoints.lockupProducts, {}, asOperator))).products;
const auditOf = (target: string) => h.ctx.db.selectFrom('operator_actions').select(['operator', 'action', 'detail']).where('target', '=', target).orderBy('id').execute();

describe('the products are the table the migration wrote', () => {
  test('ids 1-4 keep the terms the code held, open, in their order; the console adds what each holds and the coins it may take', async () => {
    expect((await appList()).map((p) => `${p.id} ${p.code} ${p.days} ${p.min_amount} ${p.rate_min}-${p.rate_max} ${p.full_rate_amount} ${p.penalty_rate}`)).toEqual([
      '1 USDT 5 100 0.003-0.004 10000 0.004',
      '2 USDT 30 500 0.004-0.0055 50000 0.005',
      '3 BTC 15 0.01 0.001-0.0015 1 0.002',
      '4 ETH 10 0.1 0.0012-0.0018 10 0.003',
    ]);
    const answer = await ok(h.call(endpoints.lockupProducts, {}, asOperator));
    expect(answer.products.map((p) => [p.id, p.status, p.sort, p.orders, p.active_orders, p.locked, p.yield_paid])).toEqual([
      [1, 'open', 1, 0, 0, '0.000000', '0.000000'],
      [2, 'open', 2, 0, 0, '0.000000', '0.000000'],
      [3, 'open', 3, 0, 0, '0.00000000', '0.00000000'],
      [4, 'open', 4, 0, 0, '0.00000000', '0.00000000'],
    ]);
    const coins = answer.coins.map((coin) => coin.code);
    expect(coins).toEqual(expect.arrayContaining(['USDT', 'BTC', 'ETH']));
    expect(coins).not.toContain('USD');
    expect(coins).not.toContain('AAPL');
  });

  test('a user sees nothing of the console: the operator endpoints refuse a user token', async () => {
    for (const answer of [await h.call(endpoints.lockupProducts, {}, { token }), await h.call(endpoints.lockupPause, { id: 1 }, { token })]) expect(answer.type).toBe('999');
    expect((await appList()).map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('creating a product: POST /operator/lockup/create', () => {
  test('it opens at once in the app, in its order, and is bought at its terms; the audit keeps who made it and what', async () => {
    const { id } = await ok(create({ sort: 0 }));
    expect(id).toBe(5);
    const listed = await appList();
    expect(listed.map((p) => p.id)).toEqual([5, 1, 2, 3, 4]);
    expect(listed[0]).toEqual({
      id: 5,
      currency_id: USDT,
      code: 'USDT',
      precision: 6,
      days: 7,
      min_amount: '200',
      rate_min: '0.002',
      rate_max: '0.003',
      full_rate_amount: '2200',
      penalty_rate: '0.001',
    });
    // Half-way from 200 to 2200 earns half-way from 0.2 % to 0.3 %.
    const order = await ok(buy(id, '1200'));
    expect(order).toMatchObject({ product_id: 5, amount: '1200.000000', daily_rate: '0.0025', daily_yield: '3.000000', days: 7, penalty: '8.400000' });
    expect(await auditOf('lockup:5')).toEqual([{ operator: 'local', action: 'lockup-create', detail: 'USDT 7 d, minimum 200, 0.002-0.003 a day (full at 2200), penalty 0.001, order 0' }]);
  });

  test('bad terms are refused with what is wrong, and nothing is made', async () => {
    const refusals: [Partial<Create>, string][] = [
      [{ currency: 'DOGE1' }, 'This currency is not available.'],
      [{ currency: 'USD' }, 'Lock-up mining takes coins of the coin account only; USD is not one.'],
      [{ currency: 'AAPL' }, 'Lock-up mining takes coins of the coin account only; AAPL is not one.'],
      [{ days: 0 }, 'Please enter a term from 1 to 365 days.'],
      [{ days: 366 }, 'Please enter a term from 1 to 365 days.'],
      [{ min_amount: '0' }, 'The minimum amount must be above 0.'],
      [{ min_amount: '100.0000001' }, 'USDT amounts have at most 6 decimals.'],
      [{ full_rate_amount: '1e3' }, 'Please enter a correct amount.'],
      [{ min_amount: '500', full_rate_amount: '499.99' }, 'The amount that earns the highest rate cannot be below the minimum.'],
      [{ rate_min: '0' }, 'A daily rate must be above 0 and at most 0.05 (5 % a day), with at most 6 decimals.'],
      [{ rate_max: '0.06' }, 'A daily rate must be above 0 and at most 0.05 (5 % a day), with at most 6 decimals.'],
      [{ rate_min: '0.0000001' }, 'Please enter a rate as a fraction below 1 with at most 6 decimals (0.003 is 0.3 %).'],
      [{ rate_max: '1.5' }, 'Please enter a rate as a fraction below 1 with at most 6 decimals (0.003 is 0.3 %).'],
      [{ rate_min: '0.004', rate_max: '0.003' }, 'The lowest daily rate cannot be above the highest.'],
      [{ penalty_rate: '0.051' }, 'The early-redemption penalty must be from 0 to 0.05 (5 % a day left), with at most 6 decimals.'],
      [{ penalty_rate: '-0.001' }, 'Please enter a rate as a fraction below 1 with at most 6 decimals (0.003 is 0.3 %).'],
      [{ sort: -1 }, "Please enter the list's order as a whole number from 0 to 1,000,000."],
    ];
    for (const [input, message] of refusals) expect(await create(input), JSON.stringify(input)).toEqual({ type: 'error', message });
    // In the operator's language too.
    expect(await h.call(endpoints.lockupCreate, { ...TERMS, rate_min: '0.004', rate_max: '0.003' }, { ...asOperator, lang: 'zh' })).toEqual({
      type: 'error',
      message: '最低日利率不能高于最高日利率。',
    });
    expect((await consoleList()).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(await h.ctx.db.selectFrom('operator_actions').select('id').where('action', 'like', 'lockup-%').execute()).toEqual([]);
    // A minimum equal to the full-rate amount, no penalty, a BTC product in satoshis: all fine.
    expect((await create({ currency: 'BTC', min_amount: '0.00000001', full_rate_amount: '0.00000001', penalty_rate: '0' })).type).toBe('ok');
  });
});

describe('new terms apply to what is bought next: POST /operator/lockup/update', () => {
  test('an order bought before keeps its rate, term and penalty, through its payouts and an early redemption', async () => {
    const before = await ok(buy(1, '1000'));
    expect(before).toMatchObject({ daily_rate: '0.00309', days: 5 });
    const early = await ok(buy(1, '500'));
    await ok(update(1, { days: 20, min_amount: '50', rate_min: '0.01', rate_max: '0.02', full_rate_amount: '100', penalty_rate: '0.05', sort: 1 }));
    const after = await ok(buy(1, '1000'));
    expect(after).toMatchObject({ daily_rate: '0.02', days: 20, daily_yield: '20.000000', penalty: '1000.000000' });

    // The first order is paid its own 3.09 a day for its own 5 days, and its principal returns then.
    h.advance(5 * DAY_MS + 1000);
    await settleDue(h.ctx);
    const orders = await ok(h.call(endpoints.lockupOrders, { status: 'closed' }, { token }));
    const first = orders.data.find((order) => order.id === before.id);
    expect(first).toMatchObject({ status: 'completed', days: 5, days_paid: 5, daily_rate: before.daily_rate, earned: '15.450000', ends_at: before.ends_at });
    const stored = await h.ctx.db.selectFrom('lockup_orders').select(['id', 'daily_rate', 'days', 'penalty_rate']).where('id', 'in', [before.id, early.id]).orderBy('id').execute();
    expect(stored.map((row) => [row.daily_rate, row.days, row.penalty_rate])).toEqual([
      ['0.00309', 5, '0.004'],
      ['0.00304', 5, '0.004'],
    ]);
    expect(await auditOf('lockup:1')).toEqual([
      {
        operator: 'local',
        action: 'lockup-update',
        detail: 'USDT 5 d, minimum 100, 0.003-0.004 a day (full at 10000), penalty 0.004, order 1 -> USDT 20 d, minimum 50, 0.01-0.02 a day (full at 100), penalty 0.05, order 1',
      },
    ]);
  });

  test('an early redemption of an order bought before an edit costs its own penalty rate', async () => {
    const order = await ok(buy(1, '1000'));
    await ok(update(1, { days: 5, min_amount: '100', rate_min: '0.003', rate_max: '0.004', full_rate_amount: '10000', penalty_rate: '0.05', sort: 1 }));
    h.advance(2 * DAY_MS + 60_000);
    // Spec 4: 5 days, 0.4 %, 3 days left, 1000 gives 12 (not 150 at the new 5 %).
    expect(await ok(h.call(endpoints.lockupRedeem, { id: order.id }, { token }))).toMatchObject({ status: 'redeemed', penalty: '12.000000' });
  });

  test('bad terms and an unknown product are refused and change nothing', async () => {
    expect(await update(1, { rate_min: '0.005', rate_max: '0.004' })).toEqual({ type: 'error', message: 'The lowest daily rate cannot be above the highest.' });
    expect(await update(99)).toEqual({ type: 'error', message: 'This lock-up product does not exist.' });
    expect((await appList())[0]).toMatchObject({ id: 1, days: 5, rate_min: '0.003' });
    expect(await auditOf('lockup:1')).toEqual([]);
  });
});

describe('pausing and reopening: POST /operator/lockup/pause and /open', () => {
  test('a paused product leaves the list and refuses purchases; its orders run on; reopened, it sells again', async () => {
    const held = await ok(buy(2, '600'));
    await ok(h.call(endpoints.lockupPause, { id: 2 }, asOperator));
    expect((await appList()).map((p) => p.id)).toEqual([1, 3, 4]);
    expect(await buy(2, '600')).toEqual({ type: 'error', message: 'This lock-up product is paused and takes no new purchases for now.' });
    expect(await h.call(endpoints.lockupBuy, { config_id: 2, amount: '600' }, { token, lang: 'jp' })).toEqual({
      type: 'error',
      message: 'このロックアップ商品は一時停止中のため、新規購入を受け付けていません。',
    });
    expect(await h.call(endpoints.lockupPause, { id: 2 }, asOperator)).toEqual({ type: 'error', message: 'This lock-up product is already paused.' });
    expect((await balance(h, token, USDT)).locked).toBe('600.000000');

    // The order bought before the pause is still paid.
    h.advance(DAY_MS);
    await settleDue(h.ctx);
    const [product] = (await consoleList()).filter((p) => p.id === 2);
    expect(product).toMatchObject({ status: 'paused', orders: 1, active_orders: 1, locked: '600.000000', yield_paid: '2.401800' });
    expect((await ok(h.call(endpoints.lockupOrders, { status: 'active' }, { token }))).data[0]).toMatchObject({ id: held.id, days_paid: 1 });

    expect(await ok(h.call(endpoints.lockupOpen, { id: 2 }, asOperator))).toBe('The product is open again.');
    expect(await h.call(endpoints.lockupOpen, { id: 2 }, asOperator)).toEqual({ type: 'error', message: 'This lock-up product is already open.' });
    expect((await appList()).map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect((await buy(2, '600')).type).toBe('ok');
    expect((await auditOf('lockup:2')).map((entry) => [entry.operator, entry.action])).toEqual([
      ['local', 'lockup-pause'],
      ['local', 'lockup-open'],
    ]);
    expect(await h.call(endpoints.lockupPause, { id: 77 }, asOperator)).toEqual({ type: 'error', message: 'This lock-up product does not exist.' });
  });

  test('a pause and 20 purchases at once: each purchase committed before the pause or was refused, none after', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => h.registerUser(`buyer${i}@example.com`)));
    // Every step, as it commits, says whether it made an order and what the product's status is then.
    const steps: { order: boolean; status: string }[] = [];
    const run = h.ctx.exchange.run.bind(h.ctx.exchange);
    h.ctx.exchange.run = <T>(work: (step: Step) => Promise<T>) =>
      run(async (step) => {
        const value = await work(step);
        const product = await step.trx.selectFrom('lockup_products').select('status').where('id', '=', 1).executeTakeFirstOrThrow();
        steps.push({ order: typeof value === 'object' && value !== null && 'product_id' in value, status: product.status });
        return value;
      });
    // The exchange is held while the requests arrive, so each has read what it reads before its step (a
    // purchase that read the product there would buy after the pause).
    let release = () => {};
    const held = run(() => new Promise<void>((resolve) => (release = resolve)));
    const purchases = Array.from({ length: 20 }, (_, i) => buy(1, '100', buyers[i % buyers.length]));
    const pause = h.call(endpoints.lockupPause, { id: 1 }, asOperator);
    const more = Array.from({ length: 20 }, (_, i) => buy(1, '100', buyers[i % buyers.length]));
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await held;
    const answers = await Promise.all([...purchases, ...more]);
    expect((await pause).type).toBe('ok');

    const bought = answers.filter((answer) => answer.type === 'ok');
    const refused = answers.filter((answer) => answer.type !== 'ok');
    expect(bought.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((answer) => answer.message))).toEqual(new Set(['This lock-up product is paused and takes no new purchases for now.']));
    expect(steps.filter((step) => step.order && step.status === 'paused')).toEqual([]);
    expect(steps.filter((step) => step.order)).toHaveLength(bought.length);
    // What was accepted is exactly what the records hold.
    expect(await h.ctx.db.selectFrom('lockup_orders').select('id').where('product_id', '=', 1).execute()).toHaveLength(bought.length);
    expect((await consoleList())[0]).toMatchObject({ id: 1, status: 'paused', active_orders: bought.length, locked: `${100 * bought.length}.000000` });
  });
});
