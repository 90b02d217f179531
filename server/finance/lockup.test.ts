import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { balance } from '../testing/wallet';
import { DAY_MS, settleDue } from './lockup';

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

const buy = (amount: string, config_id = 1, as = token) => h.call(endpoints.lockupBuy, { config_id, amount }, { token: as });
const usdt = () => balance(h, token, USDT);

describe('lock-up mining: GET /lh/deposit/config and POST /lh/deposit', () => {
  test('the products list coin, term, minimum, rate range and penalty', async () => {
    const products = await ok(h.call(endpoints.lockupConfig, {}));
    expect(products[0]).toEqual({
      id: 1,
      currency_id: USDT,
      code: 'USDT',
      precision: 6,
      days: 5,
      min_amount: '100',
      rate_min: '0.003',
      rate_max: '0.004',
      full_rate_amount: '10000',
      penalty_rate: '0.004',
    });
    expect(products.map((p) => p.code)).toEqual(['USDT', 'USDT', 'BTC', 'ETH']);
  });

  test('buying locks the amount at a daily rate that grows with it, fixed at purchase', async () => {
    const small = await ok(buy('100'));
    expect(small).toMatchObject({ amount: '100.000000', daily_rate: '0.003', daily_yield: '0.300000', days: 5, days_paid: 0, status: 'active', penalty: '2.000000' });
    const mid = await ok(buy('5050'));
    expect(mid.daily_rate).toBe('0.0035');
    expect(mid.daily_yield).toBe('17.675000');
    expect(mid.next_payout_at).toBe(mid.started_at + DAY_MS);
    expect(mid.ends_at).toBe(mid.started_at + 5 * DAY_MS);
    const shown = await usdt();
    expect(shown.available).toBe('4850.000000');
    expect(shown.locked).toBe('5150.000000');
  });

  test('refuses below the minimum, beyond the balance, an unknown product and bad amounts, changing nothing', async () => {
    expect(await buy('99.99')).toEqual({ type: 'error', message: 'The minimum for this product is 100 USDT.' });
    expect(await buy('10000.01')).toEqual({ type: 'error', message: 'Insufficient balance.' });
    expect(await buy('100', 99)).toEqual({ type: 'error', message: 'This lock-up product does not exist.' });
    expect((await buy('1e3')).type).toBe('error');
    expect((await buy('100.0000001')).type).toBe('error');
    expect((await h.call(endpoints.lockupBuy, { config_id: 1, amount: '100' })).type).toBe('999');
    expect(await usdt()).toMatchObject({ available: '10000.000000', locked: '0.000000' });
  });
});

describe('payouts and the end of the term', () => {
  test('each day pays its yield once, however often payouts are settled; the term end returns the amount', async () => {
    const order = await ok(buy('1000'));
    const daily = Number(order.daily_yield);
    h.advance(DAY_MS - 1);
    expect(await settleDue(h.ctx)).toBe(0);
    h.advance(1);
    expect(await settleDue(h.ctx)).toBe(1);
    expect(await settleDue(h.ctx)).toBe(0);
    expect((await usdt()).available).toBe((9000 + daily).toFixed(6));

    // Two days pass while nothing runs (a restart): both are paid, once each.
    h.advance(2 * DAY_MS + 5000);
    await settleDue(h.ctx);
    await settleDue(h.ctx);
    const list = await ok(h.call(endpoints.lockupOrders, { status: 'active' }, { token }));
    expect(list.data[0]).toMatchObject({ days_paid: 3, earned: (3 * daily).toFixed(6), penalty: '8.000000' });

    h.advance(2 * DAY_MS);
    const closed = await ok(h.call(endpoints.lockupOrders, { status: 'closed' }, { token }));
    expect(closed.data[0]).toMatchObject({ id: order.id, status: 'completed', days_paid: 5, earned: (5 * daily).toFixed(6), next_payout_at: null, closed_at: order.ends_at });
    expect(await usdt()).toMatchObject({ available: (10000 + 5 * daily).toFixed(6), locked: '0.000000' });
    const yields = await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('reason', '=', 'lockup_yield').execute();
    expect(yields.map((row) => row.ref_id).sort()).toEqual([1, 2, 3, 4, 5].map((day) => `${order.id}:${day}`));
  });
});

describe('early redemption: POST /lh/deposit/order/cancel', () => {
  test('costs penalty rate x days left x amount (spec: 5 days, 0.4 %, 3 days left, 1000 gives 12); paid yield is kept', async () => {
    const order = await ok(buy('1000'));
    h.advance(2 * DAY_MS + 60_000);
    const redeemed = await ok(h.call(endpoints.lockupRedeem, { id: order.id }, { token }));
    const daily = Number(order.daily_yield);
    expect(redeemed).toMatchObject({ status: 'redeemed', days_paid: 2, penalty: '12.000000', earned: (2 * daily).toFixed(6) });
    expect(await usdt()).toMatchObject({ available: (10000 - 12 + 2 * daily).toFixed(6), locked: '0.000000' });
    expect(await h.call(endpoints.lockupRedeem, { id: order.id }, { token })).toEqual({ type: 'error', message: 'This lock-up order has already ended.' });
    h.advance(10 * DAY_MS);
    await settleDue(h.ctx);
    expect((await usdt()).available).toBe((10000 - 12 + 2 * daily).toFixed(6));
  });

  test("no one can see or redeem another user's order", async () => {
    const order = await ok(buy('500'));
    const other = await h.registerUser('max@example.com');
    expect(await h.call(endpoints.lockupRedeem, { id: order.id }, { token: other })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect((await ok(h.call(endpoints.lockupOrders, {}, { token: other }))).data).toEqual([]);
    expect((await usdt()).locked).toBe('500.000000');
  });
});
