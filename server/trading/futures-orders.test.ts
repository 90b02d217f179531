import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, futuresTrader, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance, userIdOf } from '../testing/wallet';

/**
 * Futures orders on a replayed feed: any whole leverage in the market's range, reduce-only
 * close orders (a partial close at market or at a limit a trade reaches, never more than
 * the position), trailing stops following the best trade since they were set, and the
 * return on equity. BTC: a lot is 0.01 BTC; fee 0.05 % on opening. The last trade starts
 * at 96,019.20; replayPrices makes a taker buy one lot half a spread (0.02 %) above each price.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
beforeEach(async () => {
  ({ h, ann } = await futuresTrader());
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Submit = { direction: 'buy' | 'sell'; share: number; multiple: number; type?: 'market' | 'limit'; price?: string };
const open = (token: string, input: Submit) => h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, ...input }, { token });
type Reduce = { id: number; direction: 'buy' | 'sell'; share: number; type?: 'market' | 'limit'; price?: string; request_id?: string };
const reduce = (token: string, input: Reduce, lang?: string) => h.call(endpoints.leverReduce, input, { token, ...(lang ? { lang } : {}) });
const lever = (token: string) => balance(h, token, USDT, 'lever');
const row = (id: number) => h.ctx.db.selectFrom('lever_positions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const printedAt = (price: number) => {
  const trade = h.ctx.market.engine.recentTrades(BTC_MARKET).find((t) => t.price === price);
  if (!trade) throw new Error(`no trade at ${price}`);
  return trade;
};

describe('leverage', () => {
  test('any whole multiple in the market’s range opens; the presets are marks; outside the range is refused', async () => {
    const info = await ok(h.call(endpoints.leverInfo, { currency_id: BTC, legal_id: USDT }, { token: ann }));
    expect(info).toMatchObject({ multiples: [5, 10, 20, 50, 100], min_multiple: 1, max_multiple: 100, trail_rate_min: '0.001', trail_rate_max: '0.1' });
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 7 }));
    // 9,601.92 / 7
    expect(p).toMatchObject({ multiple: 7, margin: new Money('9601.92').div(7).toDecimalPlaces(6, Money.ROUND_UP).toFixed(6) });
    const stock = await ok(h.call(endpoints.leverInfo, { currency_id: 27, legal_id: 26 }, { token: ann }));
    expect(stock).toMatchObject({ multiples: [2, 5, 10, 20], min_multiple: 1, max_multiple: 20 });
    const before = await lever(ann);
    expect(await open(ann, { direction: 'buy', share: 1, multiple: 101 })).toEqual({ type: 'error', message: 'The leverage must be a whole number from 1x to 100x.' });
    expect(await h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 101 }, { token: ann, lang: 'zh' })).toEqual({
      type: 'error',
      message: '杠杆须为1x至100x之间的整数。',
    });
    await tradeAt(h, 25, 230);
    expect(await h.call(endpoints.leverSubmit, { currency_id: 27, legal_id: 26, direction: 'buy', share: 1, multiple: 25 }, { token: ann })).toEqual({
      type: 'error',
      message: 'The leverage must be a whole number from 1x to 20x.',
    });
    expect(await h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 0 }, { token: ann })).toEqual({
      type: 'error',
      message: 'Please choose one of the offered multiples.',
    });
    expect(await lever(ann)).toEqual(before);
  });
});

describe('partial close and reduce-only orders', () => {
  test('a partial close at market closes the lots as a position of their own, with their pro rata margin and fee, through the ledger', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 })); // margin 960.192, fee 4.80096
    await replayPrices(h, BTC_MARKET, [96_500]); // 96,519.30
    const order = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 4 }));
    const trade = printedAt(96_519.3);
    expect(order).toMatchObject({ position_id: p.id, direction: 'buy', type: 'market', status: 'filled', share: 4, closed_share: 4, close_price: '96519.30' });
    expect(order.tick).toEqual({ market_id: BTC_MARKET, seq: trade.seq, price: '96519.30', time: trade.time });
    // (96,519.30 - 96,019.20) x 0.04
    expect(order.profit).toBe('20.004000');
    const part = await row(order.closed_position_id!);
    expect(part).toMatchObject({ parent_id: p.id, status: 'closed', close_reason: 'user', share: 4, quantity: '0.04', margin: '384.076800', fee: '1.920384', profit: '20.004000' });
    expect(await row(p.id)).toMatchObject({ status: 'open', share: 6, quantity: '0.06', margin: '576.115200', fee: '2.880576' });
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('4.80096').minus('576.1152').plus('20.004').toFixed(6), frozen: '576.115200' });
    const history = await ok(h.call(endpoints.leverHistory, { status: 'closed' }, { token: ann }));
    // Its return on equity: 20.004 / 384.0768
    expect(history.data[0]).toMatchObject({ id: part.id, parent_id: p.id, roe: new Money('20.004').div('384.0768').times(100).toFixed(2) });
  });

  test('a margin that does not split evenly: the parts take theirs cut down, the last part all that is left', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 3, multiple: 7 })); // margin 288.0576 / 7 ... rounded up
    const margin = new Money((await row(p.id)).margin);
    const first = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 1 }));
    const second = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 1 }));
    const third = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 1 }));
    const parts = await Promise.all([first, second, third].map((order) => row(order.closed_position_id!)));
    expect(parts[0]!.margin).toBe(margin.div(3).toDecimalPlaces(6, Money.ROUND_DOWN).toFixed(6));
    expect(parts.reduce((sum, part) => sum.plus(part.margin), new Money(0)).eq(margin)).toBe(true);
    expect(third.closed_position_id).toBe(p.id);
    expect(await lever(ann)).toMatchObject({ frozen: '0.000000' });
  });

  test('a reduce-only limit waits for a trade to reach it, closes there and records that trade', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const order = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 3, type: 'limit', price: '97000' }));
    expect(order).toMatchObject({ status: 'pending', price: '97000.00', closed_share: 0, tick: null });
    const pending = await ok(h.call(endpoints.leverCloseOrders, { status: 'pending' }, { token: ann }));
    expect(pending.data.map((o) => o.id)).toEqual([order.id]);
    const trades = await replayPrices(h, BTC_MARKET, [96_500, 96_900, 97_100]);
    const done = (await ok(h.call(endpoints.leverCloseOrders, { status: 'history' }, { token: ann }))).data[0]!;
    // The first trade at or above 97,000 was 97,119.42: the limit or better.
    expect(done).toMatchObject({ id: order.id, status: 'filled', closed_share: 3, close_price: '97119.42', tick: { seq: trades[2]!.seq, price: '97119.42' } });
    expect(await row(done.closed_position_id!)).toMatchObject({ close_reason: 'limit_close', share: 3, profit: new Money('97119.42').minus('96019.20').times('0.03').toFixed(6) });
    expect(await row(p.id)).toMatchObject({ status: 'open', share: 7 });
  });

  test('a short reduces by buying; a limit the market already reaches closes at once at the last trade', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 5, multiple: 20 }));
    const order = await ok(reduce(ann, { id: p.id, direction: 'buy', share: 2, type: 'limit', price: '96500' }));
    expect(order).toMatchObject({ status: 'filled', closed_share: 2, close_price: '96019.20', profit: '0.000000' });
    expect(await row(p.id)).toMatchObject({ share: 3 });
  });

  test('two waiting close orders that together exceed the position: the second closes only what is left, and never more', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const a = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 6, type: 'limit', price: '96500' }));
    const b = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 6, type: 'limit', price: '96600' }));
    await replayPrices(h, BTC_MARKET, [96_700]);
    const history = (await ok(h.call(endpoints.leverCloseOrders, { status: 'history' }, { token: ann }))).data;
    expect(history.map((o) => [o.id, o.status, o.closed_share])).toEqual([
      [b.id, 'filled', 4],
      [a.id, 'filled', 6],
    ]);
    expect(await row(p.id)).toMatchObject({ status: 'closed', share: 4, close_reason: 'limit_close' });
    expect(await lever(ann)).toMatchObject({ frozen: '0.000000' });
  });

  test('a waiting close order is cancelled when its position closes first (its stop-loss), and can be cancelled by its owner', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    await ok(h.call(endpoints.leverSetStop, { id: p.id, stop_loss_price: '95500' }, { token: ann }));
    const a = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 2, type: 'limit', price: '98000' }));
    const b = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 2, type: 'limit', price: '99000' }));
    expect(await ok(h.call(endpoints.leverCloseCancel, { id: b.id }, { token: ann }))).toMatchObject({ status: 'cancelled', cancel_reason: 'user' });
    expect(await h.call(endpoints.leverCloseCancel, { id: b.id }, { token: ann })).toEqual({ type: 'error', message: 'This close order is no longer waiting.' });
    await replayPrices(h, BTC_MARKET, [95_000]);
    expect(await row(p.id)).toMatchObject({ status: 'closed', close_reason: 'stop_loss', share: 10 });
    const history = (await ok(h.call(endpoints.leverCloseOrders, { status: 'history' }, { token: ann }))).data;
    expect(history.find((o) => o.id === a.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'position_closed', closed_share: 0 });
    // Gone from the trades' watch too: a rise to its limit closes nothing.
    await replayPrices(h, BTC_MARKET, [98_500]);
    expect((await ok(h.call(endpoints.leverCloseOrders, { status: 'pending' }, { token: ann }))).data).toEqual([]);
  });

  test('200 partial closes of one lot sent at once close the 10 lots exactly once each, and no more', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const answers = await Promise.all(Array.from({ length: 200 }, () => reduce(ann, { id: p.id, direction: 'sell', share: 1 })));
    const done = answers.filter((answer) => answer.type === 'ok');
    expect(done).toHaveLength(10);
    expect(answers.filter((answer) => answer.type === 'error' && answer.message === 'There is no open position to reduce.')).toHaveLength(190);
    const parts = await h.ctx.db
      .selectFrom('lever_positions')
      .selectAll()
      .where('user_id', '=', await userIdOf(h, 'ann@example.com'))
      .execute();
    expect(parts.filter((part) => part.status === 'closed').reduce((sum, part) => sum + part.share, 0)).toBe(10);
    expect(parts.reduce((sum, part) => sum.plus(part.quantity), new Money(0)).toFixed()).toBe('0.1');
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('4.80096').toFixed(6), frozen: '0.000000' });
  });

  test('sent twice with one request id, a partial close closes once', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const both = await Promise.all([
      reduce(ann, { id: p.id, direction: 'sell', share: 3, request_id: 'close-0001' }),
      reduce(ann, { id: p.id, direction: 'sell', share: 3, request_id: 'close-0001' }),
    ]);
    expect(both[0]).toEqual(both[1]);
    expect(await row(p.id)).toMatchObject({ share: 7 });
  });

  test('bad reduce-only orders: the wrong side, larger than the position, no position, outside the band, someone else’s: a clear error and nothing changes', async () => {
    const bob = await h.registerUser('bob@example.com');
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const pending = await ok(open(ann, { direction: 'buy', share: 1, multiple: 10, type: 'limit', price: '90000' }));
    const before = { account: await lever(ann), position: await row(p.id) };
    const refused = async (token: string, input: Reduce, message: string, lang?: string) => expect(await reduce(token, input, lang)).toEqual({ type: 'error', message });
    await refused(ann, { id: p.id, direction: 'buy', share: 1 }, 'A reduce-only order sells to reduce a long or buys to reduce a short: it can never open or flip a position.');
    await refused(ann, { id: p.id, direction: 'sell', share: 11 }, 'A reduce-only order can close at most 10 lots, what the position holds.');
    await refused(ann, { id: p.id, direction: 'sell', share: 11 }, 'Un ordre de réduction seule peut clôturer au plus 10 lots, ce que détient la position.', 'fra');
    await refused(ann, { id: pending.id, direction: 'sell', share: 1 }, 'There is no open position to reduce.');
    await refused(ann, { id: 99_999, direction: 'sell', share: 1 }, 'There is no open position to reduce.');
    await refused(bob, { id: p.id, direction: 'sell', share: 1 }, 'There is no open position to reduce.');
    await refused(ann, { id: p.id, direction: 'sell', share: 1, type: 'limit' }, 'Please enter the price for a limit order.');
    await refused(ann, { id: p.id, direction: 'sell', share: 1, type: 'limit', price: '150000' }, 'The price must be between 48,009.60 and 144,028.80.');
    expect(await h.call(endpoints.leverReduce, { id: p.id, direction: 'sell', share: 0 }, { token: ann })).toEqual({ type: 'error', message: 'Please enter a whole number of lots.' });
    const mine = await ok(reduce(ann, { id: p.id, direction: 'sell', share: 1, type: 'limit', price: '99000' }));
    expect(await h.call(endpoints.leverCloseCancel, { id: mine.id }, { token: bob })).toEqual({ type: 'error', message: 'This record does not exist.' });
    await ok(h.call(endpoints.leverCloseCancel, { id: mine.id }, { token: ann }));
    expect(await lever(ann)).toEqual(before.account);
    expect(await row(p.id)).toEqual(before.position);
  });
});

describe('trailing stop', () => {
  test('a long’s trailing stop follows the highest trade since it was set and closes at the first trade at or below its callback', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const set = await ok(h.call(endpoints.leverTrailing, { id: p.id, callback_rate: '1' }, { token: ann }));
    // 96,019.20 x 0.99 = 95,059.008: a trade at 95,059.00 or lower reaches it.
    expect(set.trailing).toMatchObject({ callback_rate: '0.01', distance: null, best: '96019.20', stop: '95059.00' });
    await replayPrices(h, BTC_MARKET, [97_000, 98_000]); // 97,019.40, 98,019.60
    // The best price is stored with the step that saw it.
    expect((await row(p.id)).trail_best).toBe('98019.60');
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    expect(live.positions[0]?.trailing).toMatchObject({ best: '98019.60', stop: '97039.40' });
    // 97,519.50 stays above 98,019.60 x 0.99 = 97,039.404; 96,919.38 is the first at or below it.
    const trades = await replayPrices(h, BTC_MARKET, [97_500, 96_900]);
    const closed = await row(p.id);
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'trailing_stop', close_price: '96919.38' });
    expect(JSON.parse(closed.close_tick ?? 'null')).toEqual({ market_id: BTC_MARKET, seq: trades[1]!.seq, price: '96919.38', time: trades[1]!.time });
  });

  test('a short’s trailing stop by distance follows the lowest trade and closes at the first trade at or above it', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 5, multiple: 10 }));
    await ok(h.call(endpoints.leverTrailing, { id: p.id, distance: '500' }, { token: ann }));
    const trades = await replayPrices(h, BTC_MARKET, [95_500, 95_000, 95_400, 95_600]); // 95,519.10, 95,019.00, 95,419.08, 95,619.12
    const closed = await row(p.id);
    // The lowest, 95,019.00, plus 500: 95,519.00; 95,619.12 is the first at or above it.
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'trailing_stop', close_price: '95619.12', trail_best: '95019.00' });
    expect(JSON.parse(closed.close_tick ?? 'null')).toMatchObject({ seq: trades[3]!.seq });
  });

  test('removed, it closes nothing; out of range or on a waiting order it is refused and nothing changes', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    const pending = await ok(open(ann, { direction: 'buy', share: 1, multiple: 10, type: 'limit', price: '90000' }));
    const refused = async (input: Record<string, unknown>, message: string) => expect(await h.call(endpoints.leverTrailing, input, { token: ann })).toEqual({ type: 'error', message });
    await refused({ id: p.id, callback_rate: '20' }, 'The callback rate must be between 0.1% and 10%.');
    await refused({ id: p.id, callback_rate: '0.05' }, 'The callback rate must be between 0.1% and 10%.');
    await refused({ id: p.id, distance: '50' }, 'The callback distance must be between 96.02 and 9,601.92.');
    await refused({ id: p.id, callback_rate: '1', distance: '500' }, 'Please give a callback rate or a distance, not both.');
    await refused({ id: pending.id, callback_rate: '1' }, 'A trailing stop is set on an open position, not on a waiting order.');
    expect((await row(p.id)).trail_rate).toBeNull();
    await ok(h.call(endpoints.leverTrailing, { id: p.id, callback_rate: '0.5' }, { token: ann }));
    const removed = await ok(h.call(endpoints.leverTrailing, { id: p.id, callback_rate: '', distance: '' }, { token: ann }));
    expect(removed.trailing).toBeNull();
    await replayPrices(h, BTC_MARKET, [97_000, 95_000]);
    expect(await row(p.id)).toMatchObject({ status: 'open' });
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.leverTrailing, { id: p.id, callback_rate: '1' }, { token: bob })).toEqual({ type: 'error', message: 'This position is no longer open.' });
  });

  test('after a restart the trailing stop carries on from the best price stored, not from where it was set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-trail-'));
    try {
      let server = await createHarness({}, { persist: dir });
      const cy = await server.registerUser('cy@example.com');
      await fund(server, await uidOf(server, cy), 'USDT', '5000', 'lever');
      await tradeAt(server, BTC_MARKET, 96_000);
      const p = await ok(server.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: cy }));
      await ok(server.call(endpoints.leverTrailing, { id: p.id, callback_rate: '1' }, { token: cy }));
      await replayPrices(server, BTC_MARKET, [98_000]); // best 98,019.60: the stop at 97,039.40
      await server.close();

      server = await createHarness({}, { persist: dir });
      // 97,019.40 is below the stop of the stored best (it would be above one from 96,019.20's).
      const [trade] = await replayPrices(server, BTC_MARKET, [97_000]);
      const closed = await server.ctx.db.selectFrom('lever_positions').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
      expect(closed).toMatchObject({ status: 'closed', close_reason: 'trailing_stop', close_price: '97019.40' });
      expect(JSON.parse(closed.close_tick ?? 'null')).toMatchObject({ seq: trade!.seq });
      expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
      await server.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

test('return on equity: profit over margin, at the snapshot price for an open position', async () => {
  const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 20 })); // margin 480.096
  await replayPrices(h, BTC_MARKET, [96_500]); // 96,519.30: +50.01
  const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
  expect(live.prices[String(BTC_MARKET)]).toBe('96519.30');
  expect(live.positions[0]).toMatchObject({ id: p.id, roe: new Money('50.01').div('480.096').times(100).toFixed(2) });
  // Cut down to two decimals, as every figure: 10.4167 %.
  expect(live.positions[0]!.roe).toBe('10.41');
});
