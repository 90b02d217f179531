import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';
import { keepDemoOffers } from './dual';

/**
 * Dual investment through the API: products an operator offers, purchases in whole
 * shares held in the coin account's locked part, and settlement by the first trade at
 * or after maturity on either side of the linked price, checked against spec 9's
 * formula worked here by hand.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'BTC', '1', 'change');
  await fund(h, await uidOf(h, ann), 'USDT', '10000', 'change');
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Offer = { type: 'call' | 'put'; unit_price: string; apr: string; linked_price: string; days: number; total_shares?: number };
const offer = async (input: Offer, server = h) =>
  (await ok(server.call(endpoints.createDual, { market_id: BTC_MARKET, subscribe_until: server.ctx.now() + HOUR, total_shares: 100, ...input }, { operator: true }))).id;
const coins = async (token: string, currency: number) => balance(h, token, currency, 'change');

test('the demo keeps one open offer of each kind and term on BTC and ETH, linked a few percent from the live price', async () => {
  const keep = () => keepDemoOffers({ exchange: h.ctx.exchange, catalogue: h.ctx.catalogue, dual: h.ctx.dual, lastPrice: (id) => h.ctx.market.engine.lastPrice(id) });
  expect(await keep()).toBe(8);
  expect(await keep()).toBe(0);
  const calls = (await ok(h.call(endpoints.dualIndex, { currency_id: BTC, type: 'call' }, {}))).data;
  const live = h.ctx.market.engine.lastPrice(BTC_MARKET);
  expect(calls.map((product) => [product.days, product.status])).toEqual([
    [1, 'open'],
    [7, 'open'],
  ]);
  for (const product of calls) expect(Number(product.linked_price)).toBeGreaterThan(live);
  const puts = (await ok(h.call(endpoints.dualIndex, { currency_id: BTC, type: 'put' }, {}))).data;
  for (const product of puts) expect(Number(product.linked_price)).toBeLessThan(live);
  // Twelve hours later the first are closed to purchase; new ones are offered.
  h.advance(12 * HOUR);
  expect(await keep()).toBe(8);
});

describe('buying', () => {
  test('whole shares of an open product: the amount moves to the locked part; bad purchases are refused and change nothing', async () => {
    const id = await offer({ type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '100000', days: 7, total_shares: 10 });
    const order = await ok(h.call(endpoints.dualBuy, { id, num: 3 }, { token: ann }));
    expect(order).toMatchObject({ num: 3, amount: '0.03000000', status: 'purchased', product: { remaining_shares: 7, progress: '0.3', status: 'open', invest_code: 'BTC', other_code: 'USDT' } });
    expect(await coins(ann, BTC)).toMatchObject({ available: '0.97000000', locked: '0.03000000' });

    const before = await coins(ann, BTC);
    const refusals: [Record<string, unknown>, string][] = [
      [{ id, num: 0 }, 'Please enter a whole number of shares, at least 1.'],
      [{ id, num: 1.5 }, 'Please enter a whole number of shares, at least 1.'],
      [{ id, num: 8 }, 'Only 7 shares are left.'],
      [{ id: 9999, num: 1 }, 'This product is no longer open for purchase.'],
    ];
    for (const [input, message] of refusals) expect(await h.call(endpoints.dualBuy, input, { token: ann })).toEqual({ type: 'error', message });
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.dualBuy, { id, num: 1 }, { token: bob })).toEqual({ type: 'error', message: 'Insufficient balance.' });
    h.advance(HOUR);
    expect(await h.call(endpoints.dualBuy, { id, num: 1 }, { token: ann })).toEqual({ type: 'error', message: 'This product is no longer open for purchase.' });
    expect(await coins(ann, BTC)).toEqual(before);
    expect((await ok(h.call(endpoints.dualDetail, { id }, {}))).product).toMatchObject({ remaining_shares: 7, status: 'holding' });
  });

  test('the same purchase sent 30 times at once on a balance for 5 buys five', async () => {
    const id = await offer({ type: 'put', unit_price: '2000', apr: '0.2', linked_price: '90000', days: 1 });
    const answers = await Promise.all(Array.from({ length: 30 }, () => h.call(endpoints.dualBuy, { id, num: 1 }, { token: ann })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(5);
    expect(await coins(ann, USDT)).toMatchObject({ available: '0.000000', locked: '10000.000000' });
  });
});

describe('settlement at the first trade at or after maturity', () => {
  const factor = (apr: string, days: number) => new Money(1).plus(new Money(apr).times(days).div(365));

  test('sell high: below the linked price the coin returns grown; at or above it USDT at the linked price', async () => {
    const low = await offer({ type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '97000', days: 7 });
    const high = await offer({ type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '95000', days: 7 });
    const a = await ok(h.call(endpoints.dualBuy, { id: low, num: 10 }, { token: ann }));
    const b = await ok(h.call(endpoints.dualBuy, { id: high, num: 5 }, { token: ann }));
    h.advance(HOUR + 7 * DAY - 1000);
    const [first] = await replayPrices(h, BTC_MARKET, [96_000, 96_100], 600);
    const orders = await ok(h.call(endpoints.dualOrders, { status: 'closed' }, { token: ann }));
    const settled = new Map(orders.data.map((order) => [order.id, order]));
    const settlement = settled.get(a.id)?.settle_tick;
    expect(settlement).toEqual({ market_id: BTC_MARKET, seq: expect.any(Number), price: expect.any(String), time: expect.any(Number) });
    // The first trade at or after maturity, and not one before.
    expect(settlement!.time).toBeGreaterThanOrEqual(a.product.maturity_at);
    expect(first!.time).toBeLessThan(a.product.maturity_at);
    const price = new Money(settlement!.price);
    expect(price.lt(97_000) && price.gte(95_000)).toBe(true);
    const coinBack = new Money('0.1').times(factor('0.365', 7)).toDecimalPlaces(8, Money.ROUND_DOWN);
    const usdtPaid = new Money('0.05').times(95_000).times(factor('0.365', 7)).toDecimalPlaces(6, Money.ROUND_DOWN);
    expect(settled.get(a.id)).toMatchObject({ status: 'completed', payout_code: 'BTC', payout_amount: coinBack.toFixed(8) });
    expect(settled.get(b.id)).toMatchObject({ status: 'completed', payout_code: 'USDT', payout_amount: usdtPaid.toFixed(6) });
    expect(await coins(ann, BTC)).toMatchObject({ available: new Money('0.85').plus(coinBack).toFixed(8), locked: '0.00000000' });
    expect((await coins(ann, USDT)).available).toBe(new Money(10_000).plus(usdtPaid).toFixed(6));
  });

  test('buy low: above the linked price USDT returns grown; at or below it the coin bought at the linked price', async () => {
    const above = await offer({ type: 'put', unit_price: '100', apr: '0.5', linked_price: '95000', days: 3 });
    const below = await offer({ type: 'put', unit_price: '100', apr: '0.5', linked_price: '98000', days: 3 });
    const a = await ok(h.call(endpoints.dualBuy, { id: above, num: 20 }, { token: ann }));
    const b = await ok(h.call(endpoints.dualBuy, { id: below, num: 30 }, { token: ann }));
    h.advance(HOUR + 3 * DAY);
    await replayPrices(h, BTC_MARKET, [96_500], 1000);
    const orders = new Map((await ok(h.call(endpoints.dualOrders, {}, { token: ann }))).data.map((order) => [order.id, order]));
    const usdtBack = new Money(2000).times(factor('0.5', 3)).toDecimalPlaces(6, Money.ROUND_DOWN);
    const coinBought = new Money(3000).times(factor('0.5', 3)).div(98_000).toDecimalPlaces(8, Money.ROUND_DOWN);
    expect(orders.get(a.id)).toMatchObject({ status: 'completed', payout_code: 'USDT', payout_amount: usdtBack.toFixed(6) });
    expect(orders.get(b.id)).toMatchObject({ status: 'completed', payout_code: 'BTC', payout_amount: coinBought.toFixed(8) });
    expect((await coins(ann, BTC)).available).toBe(new Money(1).plus(coinBought).toFixed(8));
    expect((await coins(ann, USDT)).available).toBe(new Money(5000).plus(usdtBack).toFixed(6));
  });

  test('an order across a restart is settled after it, once', async () => {
    await h.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-dual-'));
    try {
      h = await createHarness({}, { persist: dir });
      ann = await h.registerUser('ann@example.com');
      await fund(h, await uidOf(h, ann), 'BTC', '1', 'change');
      await tradeAt(h, BTC_MARKET, 96_000);
      const id = await offer({ type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '100000', days: 1 });
      const order = await ok(h.call(endpoints.dualBuy, { id, num: 10 }, { token: ann }));
      const maturity = order.product.maturity_at;
      await h.close();

      h = await createHarness({}, { persist: dir, start: maturity + 5_000 });
      await replayPrices(h, BTC_MARKET, [96_000, 96_200], 1000);
      await h.close();
      h = await createHarness({}, { persist: dir, start: maturity + 60_000 });
      await replayPrices(h, BTC_MARKET, [96_300], 1000);
      expect(await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'dual-settle').execute()).toEqual([{ ref_id: String(order.id) }]);
      const [settled] = (await ok(h.call(endpoints.dualOrders, {}, { token: ann }))).data;
      expect(settled).toMatchObject({ status: 'completed', payout_code: 'BTC', payout_amount: new Money('0.1').times(factor('0.365', 1)).toDecimalPlaces(8, Money.ROUND_DOWN).toFixed(8) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a product an operator withdraws refunds every order in full', async () => {
    const id = await offer({ type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '100000', days: 7 });
    const order = await ok(h.call(endpoints.dualBuy, { id, num: 4 }, { token: ann }));
    await ok(h.call(endpoints.closeDual, { id }, { operator: true }));
    expect((await ok(h.call(endpoints.dualOrders, {}, { token: ann }))).data[0]).toMatchObject({ id: order.id, status: 'failed', product: { status: 'closed' } });
    expect(await coins(ann, BTC)).toMatchObject({ available: '1.00000000', locked: '0.00000000' });
    expect(await h.call(endpoints.dualBuy, { id, num: 1 }, { token: ann })).toEqual({ type: 'error', message: 'This product is no longer open for purchase.' });
  });
});
