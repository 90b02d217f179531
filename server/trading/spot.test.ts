import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { floor, Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { feed, fund, quote, take, tradeAt, uidOf } from '../testing/market';
import { balance, grantFeeCoupon, userIdOf } from '../testing/wallet';

const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000' });
  ann = await h.registerUser('ann@example.com');
  // The market maker quotes around 96,000 (bids from 95,980.80, asks from 96,019.20) and trades once.
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const order = (token: string, input: { type: 'buy' | 'sell'; amount: string; target_price?: string }) => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, ...input }, { token });
const book = () => h.ctx.market.engine.depth(BTC_MARKET, 1000);

describe('spot orders', () => {
  test('a limit buy below the market rests in the book with its USDT frozen; cancelling returns it', async () => {
    const placed = await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '95000' }));
    expect(placed).toMatchObject({ status: 'open', type: 'limit', side: 'buy', price: '95000.00', amount: '0.01000', filled: '0.00000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9050.000000', frozen: '950.000000' });
    expect(book().bids).toContainEqual([95_000, 0.01]);
    const open = await ok(h.call(endpoints.spotList, { status: 'open' }, { token: ann }));
    expect(open.data.map((o) => o.id)).toEqual([placed.id]);

    const cancelled = await ok(h.call(endpoints.spotCancel, { id: placed.id }, { token: ann }));
    expect(cancelled.status).toBe('cancelled');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
    expect(book().bids.some(([price]) => price === 95_000)).toBe(false);
    expect((await ok(h.call(endpoints.spotList, { status: 'history' }, { token: ann }))).data[0]?.status).toBe('cancelled');
    const again = await h.call(endpoints.spotCancel, { id: placed.id }, { token: ann });
    expect(again).toEqual({ type: 'error', message: 'This order is no longer open.' });
  });

  test('a market buy takes the best asks first, prints its trades, and pays its fee in BTC', async () => {
    await fund(h, await uidOf(h, ann), 'USDT', '20000');
    const asks = book().asks;
    const before = h.ctx.market.engine.lastSeq(BTC_MARKET);
    const filled = await ok(order(ann, { type: 'buy', amount: '0.2' }));
    expect(filled.status).toBe('filled');
    // The fills walk the asks from the best one up, each at its own price.
    let wanted = new Money('0.2');
    let cost = new Money(0);
    const levels: number[] = [];
    for (const [price, quantity] of asks) {
      if (wanted.lte(0)) break;
      const traded = Money.min(wanted, quantity);
      cost = cost.plus(floor(traded.times(price), 6));
      wanted = wanted.minus(traded);
      levels.push(price);
    }
    expect(filled.quote_filled).toBe(cost.toFixed(6));
    expect(filled.fee).toBe('0.00020000');
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.19980000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(30000).minus(cost).toFixed(6) });

    const detail = await ok(h.call(endpoints.spotDetail, { id: filled.id }, { token: ann }));
    expect(detail.fills.map((fill) => Number(fill.price))).toEqual(levels);
    expect(detail.fills.every((fill) => fill.role === 'taker')).toBe(true);
    // Each fill names the trade it was: consecutive prints after the ones before.
    expect(detail.fills.map((fill) => fill.tick.seq)).toEqual(levels.map((_, i) => before + i + 1));
    const printed = h.ctx.market.engine.recentTrades(BTC_MARKET).slice(-levels.length);
    expect(printed.map((trade) => [trade.seq, trade.price, trade.side])).toEqual(levels.map((price, i) => [before + i + 1, price, 1]));
  });

  test('a resting order filled by a simulated taker is settled before the next step', async () => {
    // 96,000 lies inside the maker's spread (95,980.80 / 96,019.20): the best bid.
    const placed = await ok(order(ann, { type: 'buy', amount: '0.05', target_price: '96000' }));
    expect(book().bids[0]).toEqual([96_000, 0.05]);
    await take(h, BTC_MARKET, -1, 3_000); // sells 0.03 BTC
    const partly = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(partly.order).toMatchObject({ status: 'open', filled: '0.03000', quote_filled: '2880.000000' });
    expect(partly.fills).toEqual([expect.objectContaining({ role: 'maker', price: '96000.00', amount: '0.03000', fee: '0.00003000' })]);
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.02997000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5200.000000', frozen: '1920.000000' });
    await take(h, BTC_MARKET, -1, 5_000); // the rest, 0.02, then into the maker's bids
    const done = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(done.order.status).toBe('filled');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5200.000000', frozen: '0.000000' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.04995000' });
  });

  test('two users trade with each other; each receives less its fee and the fees go to the house', async () => {
    const bob = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, bob), 'BTC', '1');
    const ask = await ok(order(bob, { type: 'sell', amount: '0.1', target_price: '96001' }));
    expect(await balance(h, bob, BTC)).toMatchObject({ available: '0.90000000', frozen: '0.10000000' });
    const bought = await ok(order(ann, { type: 'buy', amount: '0.1' }));
    expect(bought).toMatchObject({ status: 'filled', quote_filled: '9600.100000', average: '96001.00' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.09990000' });
    expect(await balance(h, bob, USDT)).toMatchObject({ available: '19590.499900' }); // 10000 + 9600.1 - 9.6001
    expect(await balance(h, bob, BTC)).toMatchObject({ available: '0.90000000', frozen: '0.00000000' });
    expect((await ok(h.call(endpoints.spotDetail, { id: ask.id }, { token: bob }))).order.status).toBe('filled');
    const fees = await h.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'balance']).where('owner', '=', 'house:fees').execute();
    expect(Object.fromEntries(fees.map((row) => [row.currency_id, row.balance]))).toEqual({ [BTC]: '0.0001', [USDT]: '9.6001' });
  });

  test("when the market maker requotes through a resting order, it trades with it at the order's price", async () => {
    const placed = await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '96010' }));
    await quote(h, BTC_MARKET, 95_900); // new asks from 95,919.18: they cross the bid at 96,010
    const detail = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(detail.order.status).toBe('filled');
    expect(detail.fills).toEqual([expect.objectContaining({ role: 'maker', price: '96010.00', amount: '0.01000' })]);
    const { bids, asks } = book();
    expect(bids[0]![0]).toBeLessThan(asks[0]![0]);
    expect(h.ctx.market.engine.lastPrice(BTC_MARKET)).toBe(96_010);
  });

  test('bad orders get a clear message and change nothing', async () => {
    const bob = await h.registerUser('bob@example.com');
    const resting = await ok(order(bob, { type: 'buy', amount: '0.01', target_price: '96000' }));
    const before = { usdt: await balance(h, ann, USDT), btc: await balance(h, ann, BTC), depth: book(), seq: h.ctx.market.engine.lastSeq(BTC_MARKET) };
    const refused = async (input: Parameters<typeof order>[1], message: string) => expect(await order(ann, input)).toEqual({ type: 'error', message });
    await refused({ type: 'buy', amount: '0.000001', target_price: '95000' }, 'The quantity must be a multiple of 0.00001 BTC.');
    await refused({ type: 'buy', amount: '0.01', target_price: '95000.001' }, 'Prices in this market have at most 2 decimals.');
    await refused({ type: 'buy', amount: '0.01', target_price: '200000' }, 'The price must be between 48,009.60 and 144,028.80.');
    await refused({ type: 'buy', amount: '0.00001', target_price: '95000' }, 'An order must be worth at least 1 USDT.');
    // Amounts in messages are grouped as the user's language writes numbers.
    const inFrench = await h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '200000' }, { token: ann, lang: 'fra' });
    expect(inFrench).toEqual({ type: 'error', message: 'Le prix doit être compris entre 48\u202f009,60 et 144\u202f028,80.' });
    await refused({ type: 'buy', amount: '1', target_price: '95000' }, 'Insufficient balance.');
    await refused({ type: 'sell', amount: '0.01' }, 'Insufficient balance.');
    await refused({ type: 'buy', amount: 'abc' }, 'Please enter a correct amount.');
    expect(await h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'hold', amount: '1' }, { token: ann })).toEqual({ type: 'error', message: 'Please choose buy or sell.' });
    // A stock without US dollars in the coin account: nothing to pay with (stocks trade at spot: stock-spot.test.ts).
    expect(await h.call(endpoints.spotTrade, { currency_id: 27, legal_id: 26, type: 'buy', amount: '1', target_price: '200' }, { token: ann })).toEqual({
      type: 'error',
      message: 'Insufficient balance.',
    });
    expect(await h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: 2, type: 'buy', amount: '1' }, { token: ann })).toEqual({ type: 'error', message: 'This market does not exist.' });
    expect(await h.call(endpoints.spotCancel, { id: resting.id }, { token: ann })).toEqual({ type: 'error', message: 'This record does not exist.' });
    // Bob's bid at 96,000 is the best one: Bob selling into it would trade with himself.
    await fund(h, await uidOf(h, bob), 'BTC', '0.5');
    const bobBefore = await balance(h, bob, BTC);
    expect(await order(bob, { type: 'sell', amount: '0.02', target_price: '95990' })).toEqual({
      type: 'error',
      message: 'This order would trade with your own order at 96,000.00. Cancel that order first.',
    });
    expect(await balance(h, bob, BTC)).toEqual(bobBefore);
    expect(await balance(h, ann, USDT)).toEqual(before.usdt);
    expect(await balance(h, ann, BTC)).toEqual(before.btc);
    expect(book()).toEqual(before.depth);
    expect(h.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(before.seq);
  });

  test('a market order with nothing to trade against is refused', async () => {
    const empty = await createHarness({ SIGNUP_GIFT: '10000' });
    try {
      const token = await empty.registerUser('cy@example.com');
      expect(await empty.call(endpoints.spotTrade, { currency_id: 2, legal_id: USDT, type: 'buy', amount: '0.1' }, { token })).toEqual({
        type: 'error',
        message: 'There is nothing to trade against right now. Please try again.',
      });
    } finally {
      await empty.close();
    }
  });
});

describe('market buys by total', () => {
  const byTotal = (token: string, total: string, extra: { request_id?: string } = {}) => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', total, ...extra }, { token });
  /** What a total buys, walking the asks level by level: whole levels at their cost cut to USDT's 6 decimals, then whole lots of 0.00001 BTC. */
  const bought = (asks: [number, number][], total: string) => {
    let left = new Money(total);
    let lots = new Money(0);
    for (const [price, quantity] of asks) {
      const cost = floor(new Money(quantity).times(price), 6);
      if (cost.lte(left)) {
        left = left.minus(cost);
        lots = lots.plus(quantity);
        continue;
      }
      const some = floor(left.div(price), 5);
      return { quantity: lots.plus(some), spent: new Money(total).minus(left).plus(floor(some.times(price), 6)), next: new Money(price).div(100_000) };
    }
    return { quantity: lots, spent: new Money(total).minus(left), next: null };
  };

  test('a market buy of 500 USDT spends at most 500 USDT, level by level, and pays its fee in BTC', async () => {
    for (const total of ['500', '9000.5', '1']) {
      const before = await balance(h, ann, USDT);
      const btcBefore = await balance(h, ann, BTC);
      const expected = bought(book().asks, total);
      const filled = await ok(byTotal(ann, total));
      expect(filled).toMatchObject({ status: 'filled', type: 'market', side: 'buy', price: null, amount: expected.quantity.toFixed(5), filled: expected.quantity.toFixed(5) });
      const spent = new Money(filled.quote_filled);
      expect(spent.toFixed(6)).toBe(expected.spent.toFixed(6));
      expect(spent.lte(total)).toBe(true);
      // What is left of the total would not pay for one more lot at the next price (give or take the cut to 6 decimals).
      expect(new Money(total).minus(spent).lt(new Money(expected.next ?? 0).plus('0.000001'))).toBe(true);
      expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(before.available).minus(spent).toFixed(6), frozen: '0.000000' });
      const fee = floor(expected.quantity.times('0.001'), 8);
      expect(filled.fee).toBe(fee.toFixed(8));
      expect(await balance(h, ann, BTC)).toMatchObject({ available: new Money(btcBefore.available).plus(expected.quantity).minus(fee).toFixed(8) });
    }
  });

  test('a total beyond the whole book buys every ask and leaves the rest unspent', async () => {
    await fund(h, await uidOf(h, ann), 'USDT', '10000000');
    const asks = book().asks;
    const everything = bought(asks, '10000000');
    expect(everything.next).toBeNull();
    const filled = await ok(byTotal(ann, '10000000'));
    expect(filled.filled).toBe(everything.quantity.toFixed(5));
    expect(filled.quote_filled).toBe(everything.spent.toFixed(6));
    expect(book().asks).toEqual([]);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_010_000).minus(everything.spent).toFixed(6) });
  });

  test('an amount and a total together, neither, a total for a sell or a limit order, or a bad total are refused and change nothing', async () => {
    const before = { usdt: await balance(h, ann, USDT), btc: await balance(h, ann, BTC), depth: book(), seq: h.ctx.market.engine.lastSeq(BTC_MARKET) };
    const refused = async (input: Record<string, string>, message: string, lang?: 'fra') =>
      expect(await h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', ...input }, { token: ann, ...(lang ? { lang } : {}) })).toEqual({ type: 'error', message });
    await refused({ amount: '0.01', total: '500' }, 'Please enter the amount or the total, not both.');
    await refused({}, 'Please enter the amount or the total.');
    await refused({ type: 'sell', total: '500' }, 'Only a market buy can be given as a total.');
    await refused({ total: '500', target_price: '95000' }, 'Only a market buy can be given as a total.');
    await refused({ total: '0' }, 'Please enter a correct total.');
    await refused({ total: '-5' }, 'Please enter a correct total.');
    await refused({ total: '1e3' }, 'Please enter a correct total.');
    await refused({ total: '500.0000001' }, 'USDT amounts have at most 6 decimals.');
    await refused({ total: '0.5' }, 'An order must be worth at least 1 USDT.');
    await refused({ total: '10000.000001' }, 'Insufficient balance.');
    await refused({ amount: '0.01', total: '500' }, 'Indiquez la quantité ou le total, pas les deux.', 'fra');
    await refused({ total: '0' }, 'Veuillez saisir un total correct.', 'fra');
    // Money held by an open order is named, as for any other spending.
    await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '95000' }));
    await refused({ total: '9500' }, 'Only 9,050 USDT is available; 950 USDT is held by open orders, pending withdrawals or lock-ups.');
    await ok(h.call(endpoints.spotCancel, { id: (await ok(h.call(endpoints.spotList, { status: 'open' }, { token: ann }))).data[0]!.id }, { token: ann }));
    expect(await balance(h, ann, USDT)).toEqual(before.usdt);
    expect(await balance(h, ann, BTC)).toEqual(before.btc);
    expect(book()).toEqual(before.depth);
    expect(h.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(before.seq);
    const rows = await h.ctx.db.selectFrom('spot_orders').select(['type', 'status']).execute();
    expect(rows).toEqual([{ type: 'limit', status: 'cancelled' }]);
  });

  test('a total that buys less than one lot, or with nothing to buy, is refused', async () => {
    const empty = await createHarness({ SIGNUP_GIFT: '10000' });
    try {
      const token = await empty.registerUser('cy@example.com');
      expect(await empty.call(endpoints.spotTrade, { currency_id: 2, legal_id: USDT, type: 'buy', total: '100' }, { token })).toEqual({
        type: 'error',
        message: 'There is nothing to trade against right now. Please try again.',
      });
      // BTC at 200,000: a lot of 0.00001 BTC costs 2 USDT, more than 1.5.
      await tradeAt(empty, BTC_MARKET, 200_000);
      expect(await empty.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', total: '1.5' }, { token })).toEqual({
        type: 'error',
        message: 'This total does not buy the smallest quantity, 0.00001 BTC.',
      });
      expect(await balance(empty, token, USDT)).toMatchObject({ available: '10000.000000' });
      expect((await checkLedger(empty.ctx.db)).violations).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  test('sent twice with one request id, a market buy by total is made and paid once', async () => {
    const first = await ok(byTotal(ann, '500', { request_id: 'total-0001' }));
    const again = await ok(byTotal(ann, '500', { request_id: 'total-0001' }));
    expect(again).toEqual(first);
    const both = await Promise.all([byTotal(ann, '700', { request_id: 'total-0002' }), byTotal(ann, '700', { request_id: 'total-0002' })]);
    expect(both[0]).toEqual(both[1]);
    const orders = await h.ctx.db.selectFrom('spot_orders').select(['quote_filled']).execute();
    expect(orders).toHaveLength(2);
    const spent = orders.reduce((sum, row) => sum.plus(row.quote_filled), new Money(0));
    expect(spent.lte(1200)).toBe(true);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_000).minus(spent).toFixed(6) });
  });
});

describe('fee coupons', () => {
  const grantCoupon = async (email: string) => grantFeeCoupon(h, await userIdOf(h, email), 'spot');
  const couponRow = (id: number) => h.ctx.db.selectFrom('coupons').select(['status', 'used_ref']).where('id', '=', id).executeTakeFirstOrThrow();
  const houseFees = async () => {
    const rows = await h.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'balance']).where('owner', '=', 'house:fees').execute();
    return Object.fromEntries(rows.map((row) => [row.currency_id, row.balance]));
  };

  test("a coupon halves the fee of a spot order; the order's first fill spends it, once", async () => {
    const coupon = await grantCoupon('ann@example.com');
    const placed = await ok(order(ann, { type: 'buy', amount: '0.05', target_price: '96000' }));
    // Resting unfilled, the order has not used the coupon yet.
    expect(await couponRow(coupon)).toEqual({ status: 'available', used_ref: null });
    await take(h, BTC_MARKET, -1, 3_000); // sells 0.03 BTC into the bid
    const partly = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(partly.order).toMatchObject({ status: 'open', filled: '0.03000', fee: '0.00001500' }); // 0.03 x 0.001 x 0.5
    expect(partly.fills).toEqual([expect.objectContaining({ role: 'maker', amount: '0.03000', fee: '0.00001500' })]);
    expect(await couponRow(coupon)).toEqual({ status: 'used', used_ref: `spot:${placed.id}` });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.02998500' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5200.000000', frozen: '1920.000000' });
    // The rest of the same order keeps the discount.
    await take(h, BTC_MARKET, -1, 5_000);
    const done = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: ann }));
    expect(done.order).toMatchObject({ status: 'filled', filled: '0.05000', quote_filled: '4800.000000', fee: '0.00002500' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.04997500', frozen: '0.00000000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5200.000000', frozen: '0.000000' });
    expect(await houseFees()).toEqual({ [BTC]: '0.000025' });
    // Spent: the next order pays the full fee.
    const next = await ok(order(ann, { type: 'buy', amount: '0.01' }));
    expect(next).toMatchObject({ status: 'filled', fee: '0.00001000' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.05996500' });
    expect(await houseFees()).toEqual({ [BTC]: '0.000035' });
  });

  test('a limit order cancelled unfilled leaves the coupon available; a later filled order uses it', async () => {
    const coupon = await grantCoupon('ann@example.com');
    const placed = await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '95000' }));
    await ok(h.call(endpoints.spotCancel, { id: placed.id }, { token: ann }));
    expect(await couponRow(coupon)).toEqual({ status: 'available', used_ref: null });
    const available = await ok(h.call(endpoints.couponList, { status: 'available' }, { token: ann }));
    expect(available.map((row) => row.id)).toEqual([coupon]);
    expect(await ok(h.call(endpoints.couponList, { status: 'used' }, { token: ann }))).toEqual([]);

    const bought = await ok(order(ann, { type: 'buy', amount: '0.01' }));
    expect(bought).toMatchObject({ status: 'filled', filled: '0.01000', fee: '0.00000500' }); // half of 0.00001
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00999500' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_000).minus(bought.quote_filled).toFixed(6), frozen: '0.000000' });
    expect(await houseFees()).toEqual({ [BTC]: '0.000005' });
    expect(await couponRow(coupon)).toEqual({ status: 'used', used_ref: `spot:${bought.id}` });
    expect((await ok(h.call(endpoints.couponList, { status: 'used' }, { token: ann }))).map((row) => row.id)).toEqual([coupon]);
  });

  test('two resting orders counting on one coupon: the first to fill spends it, the other pays the full fee', async () => {
    const coupon = await grantCoupon('ann@example.com');
    const first = await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '96000' }));
    const second = await ok(order(ann, { type: 'buy', amount: '0.01', target_price: '96000' }));
    await take(h, BTC_MARKET, -1, 1_000);
    await take(h, BTC_MARKET, -1, 1_000);
    const one = await ok(h.call(endpoints.spotDetail, { id: first.id }, { token: ann }));
    const two = await ok(h.call(endpoints.spotDetail, { id: second.id }, { token: ann }));
    expect(one.order).toMatchObject({ status: 'filled', fee: '0.00000500' });
    expect(two.order).toMatchObject({ status: 'filled', fee: '0.00001000' });
    expect(await couponRow(coupon)).toEqual({ status: 'used', used_ref: `spot:${first.id}` });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.01998500' });
    expect(await houseFees()).toEqual({ [BTC]: '0.000015' });
  });
});

test('after a restart resting orders are back in the book in their time order, their funds still frozen', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-spot-'));
  try {
    let server = await createHarness({ SIGNUP_GIFT: '10000' }, { persist: dir });
    const cy = await server.registerUser('cy@example.com');
    const dee = await server.registerUser('dee@example.com');
    await quote(server, BTC_MARKET, 96_000);
    const first = await server.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '96000' }, { token: cy });
    const second = await server.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '96000' }, { token: dee });
    if (first.type !== 'ok' || second.type !== 'ok') throw new Error('orders refused');
    await server.close();

    server = await createHarness({ SIGNUP_GIFT: '10000' }, { persist: dir });
    expect(server.ctx.market.engine.resting(BTC_MARKET, first.message.id)).toBe(1000);
    expect(server.ctx.market.engine.resting(BTC_MARKET, second.message.id)).toBe(1000);
    // A seller takes 0.01: the older order fills first.
    await take(server, BTC_MARKET, -1, 1000);
    const older = await server.call(endpoints.spotDetail, { id: first.message.id }, { token: cy });
    const newer = await server.call(endpoints.spotDetail, { id: second.message.id }, { token: dee });
    expect(older.type === 'ok' && older.message.order.status).toBe('filled');
    expect(newer.type === 'ok' && newer.message.order.status).toBe('open');
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
    await server.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * Random streams of orders, cancels and the market's own flow, by three users. After
 * every step: the book is not crossed, every order's fills add up to what it filled,
 * each fill moved exactly its amounts, what is frozen is what open orders hold, and the
 * whole ledger checks out.
 */
type Op =
  | { op: 'limit'; user: number; buy: boolean; offset: number; lots: number }
  | { op: 'market'; user: number; buy: boolean; lots: number }
  | { op: 'cancel'; user: number; pick: number }
  | { op: 'take'; buy: boolean; lots: number }
  | { op: 'requote'; offset: number };

const operation: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('limit' as const), user: fc.nat(2), buy: fc.boolean(), offset: fc.integer({ min: -60, max: 60 }), lots: fc.integer({ min: 2, max: 3000 }) }),
  fc.record({ op: fc.constant('market' as const), user: fc.nat(2), buy: fc.boolean(), lots: fc.integer({ min: 2, max: 3000 }) }),
  fc.record({ op: fc.constant('cancel' as const), user: fc.nat(2), pick: fc.nat() }),
  fc.record({ op: fc.constant('take' as const), buy: fc.boolean(), lots: fc.integer({ min: 1, max: 20_000 }) }),
  fc.record({ op: fc.constant('requote' as const), offset: fc.integer({ min: -60, max: 60 }) }),
);

test('random order streams keep the book uncrossed, fills exact and every balance accounted for (model check)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(operation, { minLength: 10, maxLength: 40 }), async (ops) => {
      const server = await createHarness({ SIGNUP_GIFT: '10000' });
      try {
        const users: string[] = [];
        for (let i = 0; i < 3; i++) {
          const token = await server.registerUser(`p${i}@example.com`);
          await fund(server, await uidOf(server, token), 'BTC', '0.5');
          users.push(token);
        }
        await quote(server, BTC_MARKET, 96_000);
        for (const step of ops) {
          const mid = server.ctx.market.engine.lastPrice(BTC_MARKET);
          if (step.op === 'limit' || step.op === 'market') {
            await server.call(
              endpoints.spotTrade,
              {
                currency_id: BTC,
                legal_id: USDT,
                type: step.buy ? 'buy' : 'sell',
                amount: new Money(step.lots).div(100_000).toFixed(),
                ...(step.op === 'limit' ? { target_price: new Money(mid).plus(step.offset * 5).toFixed(2) } : {}),
              },
              { token: users[step.user] as string },
            );
          } else if (step.op === 'cancel') {
            const open = await server.call(endpoints.spotList, { status: 'open', limit: 50 }, { token: users[step.user] as string });
            if (open.type === 'ok' && open.message.data.length > 0) {
              await server.call(endpoints.spotCancel, { id: open.message.data[step.pick % open.message.data.length]!.id }, { token: users[step.user] as string });
            }
          } else if (step.op === 'take') {
            await take(server, BTC_MARKET, step.buy ? 1 : -1, step.lots);
          } else {
            await feed(server, [{ kind: 'quote', m: BTC_MARKET, fair: Math.round((mid + step.offset * 5) * 100) }]);
          }
          await invariants(server);
        }
      } finally {
        await server.close();
      }
    }),
    { numRuns: 12 },
  );
}, 240_000);

async function invariants(server: Harness): Promise<void> {
  const { bids, asks } = server.ctx.market.engine.depth(BTC_MARKET, 1000);
  if (bids.length > 0 && asks.length > 0) expect(bids[0]![0]).toBeLessThan(asks[0]![0]);
  const db = server.ctx.db;
  const orders = await db.selectFrom('spot_orders').selectAll().execute();
  const fills = await db.selectFrom('spot_fills').selectAll().execute();
  for (const order of orders) {
    const mine = fills.filter((fill) => fill.taker_order_id === order.id || fill.maker_order_id === order.id);
    expect(mine.reduce((total, fill) => total.plus(fill.amount), new Money(0)).eq(order.filled)).toBe(true);
    expect(mine.reduce((total, fill) => total.plus(fill.quote_amount), new Money(0)).eq(order.quote_filled)).toBe(true);
    if (order.status === 'open') expect(server.ctx.market.engine.resting(BTC_MARKET, order.id)).toBe(new Money(order.amount).minus(order.filled).times(100_000).toNumber());
    else expect(server.ctx.market.engine.resting(BTC_MARKET, order.id)).toBe(0);
  }
  for (const fill of fills) {
    expect(new Money(fill.quote_amount).eq(floor(new Money(fill.amount).times(fill.price), 6))).toBe(true);
    const entries = await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
      .select(['ledger_accounts.owner', 'ledger_accounts.currency_id', 'ledger_entries.amount'])
      .where('ledger_transactions.ref_kind', '=', 'spot-fill')
      .where('ledger_transactions.ref_id', '=', String(fill.id))
      .execute();
    // Each side's fee comes out of what it receives: the buyer's in BTC, the seller's in USDT.
    const buyerFee = fill.taker_side === 'buy' ? fill.taker_fee : fill.maker_fee;
    const sellerFee = fill.taker_side === 'buy' ? fill.maker_fee : fill.taker_fee;
    const sum = (rows: typeof entries) => rows.reduce((total, entry) => total.plus(entry.amount), new Money(0));
    const toFees = (currency: number) => sum(entries.filter((entry) => entry.owner === 'house:fees' && entry.currency_id === currency));
    expect(toFees(BTC).toFixed(8), `fill ${fill.id}: buyer's fee`).toBe(new Money(buyerFee).toFixed(8));
    expect(toFees(USDT).toFixed(6), `fill ${fill.id}: seller's fee`).toBe(new Money(sellerFee).toFixed(6));
    // The buyer pays the quote amount and the seller delivers the quantity: the only outflows.
    const paid = (currency: number) => sum(entries.filter((entry) => entry.currency_id === currency && new Money(entry.amount).lt(0))).negated();
    expect(paid(USDT).eq(fill.quote_amount)).toBe(true);
    expect(paid(BTC).eq(fill.amount)).toBe(true);
    // And they receive the rest: the quantity less the buyer's fee, the quote amount less the seller's.
    const received = (currency: number) => sum(entries.filter((entry) => entry.currency_id === currency && entry.owner !== 'house:fees' && new Money(entry.amount).gt(0)));
    expect(received(BTC).toFixed(8), `fill ${fill.id}: the buyer receives`).toBe(new Money(fill.amount).minus(buyerFee).toFixed(8));
    expect(received(USDT).toFixed(6), `fill ${fill.id}: the seller receives`).toBe(new Money(fill.quote_amount).minus(sellerFee).toFixed(6));
  }
  expect((await checkLedger(db)).violations).toEqual([]);
}
