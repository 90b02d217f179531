import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { feed, fund, quote, replayPrices, take, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Spot stop-limit and OCO orders on recorded trades: each triggers on the first trade at
 * or through its trigger, in that trade's step, records it, and enters the book at its
 * limit (filling at once what crosses); an OCO ends one part when the other fills or
 * triggers. The market maker quotes a ladder around a price (half a spread of 0.02 %) and
 * replayPrices makes a taker buy one lot from the best ask at each price, one second apart.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
beforeEach(async () => {
  // The default configuration: its database image is made before the tests start.
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'USDT', '10000');
  // Bids from 95,980.80, asks from 96,019.20; the last trade 96,019.20.
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Placed = { type: 'buy' | 'sell'; amount: string; order_type?: string; target_price?: string; trigger_price?: string; stop_limit_price?: string; request_id?: string };
const place = (token: string, input: Placed, lang?: string) => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, ...input }, { token, ...(lang ? { lang } : {}) });
const detail = async (token: string, id: number) => ok(h.call(endpoints.spotDetail, { id }, { token }));
const book = () => h.ctx.market.engine.depth(BTC_MARKET, 1000);
const stored = (id: number) => h.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tickOf = (trade: { seq: number; price: number; time: number }) => ({ market_id: BTC_MARKET, seq: trade.seq, price: trade.price.toFixed(2), time: trade.time });
/** The market's recent trade printed at `price` (the taker's, when a triggered order's own prints came after it in the step). */
const printedAt = (price: number) => {
  const trade = h.ctx.market.engine.recentTrades(BTC_MARKET).find((t) => t.price === price);
  if (!trade) throw new Error(`no trade at ${price}`);
  return trade;
};

describe('stop-limit', () => {
  test('a buy stop waits out of the book with its USDT frozen, triggers on the first trade at or above its trigger and rests at its limit', async () => {
    const placed = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '97000', target_price: '97100' }));
    expect(placed).toMatchObject({ type: 'stop_limit', status: 'open', price: '97100.00', trigger: { price: '97000.00', limit: '97100.00', state: 'waiting', tick: null } });
    // Frozen now, so it cannot fail for want of balance when it triggers: 0.01 x 97,100.
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9029.000000', frozen: '971.000000' });
    expect(book().bids.some(([price]) => price === 97_100)).toBe(false);
    const open = await ok(h.call(endpoints.spotList, { status: 'open' }, { token: ann }));
    expect(open.data.map((order) => [order.id, order.trigger?.state])).toEqual([[placed.id, 'waiting']]);

    // 96,519.30 and 96,919.38 stay below the trigger; 97,119.42 is the first at or above it.
    const trades = await replayPrices(h, BTC_MARKET, [96_500, 96_900, 97_100]);
    expect(trades.map((trade) => trade.price)).toEqual([96_519.3, 96_919.38, 97_119.42]);
    const triggered = (await detail(ann, placed.id)).order;
    expect(triggered).toMatchObject({ status: 'open', filled: '0.00000', trigger: { state: 'triggered', tick: tickOf(trades[2]!) } });
    // The maker's asks start at 97,119.42, above the limit: it rests as the best bid.
    expect(book().bids[0]).toEqual([97_100, 0.01]);
    expect(h.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);

    // The maker requotes lower: its new asks cross the bid, which fills at its price.
    await quote(h, BTC_MARKET, 97_000);
    const filled = await detail(ann, placed.id);
    expect(filled.order).toMatchObject({ status: 'filled', filled: '0.01000', quote_filled: '971.000000' });
    expect(filled.fills).toEqual([expect.objectContaining({ role: 'maker', price: '97100.00', amount: '0.01000' })]);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9029.000000', frozen: '0.000000' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00999000' });
  });

  test('a stop whose limit crosses the book when it triggers fills at once, taking the asks with its frozen funds', async () => {
    const placed = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount: '0.02', trigger_price: '97000', target_price: '97300' }));
    expect(await balance(h, ann, USDT)).toMatchObject({ frozen: '1946.000000' });
    const before = h.ctx.market.engine.lastSeq(BTC_MARKET);
    await replayPrices(h, BTC_MARKET, [97_100]);
    const done = await detail(ann, placed.id);
    // The taker's trade at 97,119.42 triggered it.
    expect(done.order).toMatchObject({ status: 'filled', filled: '0.02000', trigger: { state: 'triggered', tick: tickOf(printedAt(97_119.42)) } });
    expect(done.order.trigger?.tick?.seq).toBe(before + 1);
    // It took the asks the taker left, from 97,119.42 up: its prints follow the one that triggered it.
    expect(done.fills.every((fill) => fill.role === 'taker' && new Money(fill.price).lte(97_300))).toBe(true);
    expect(done.fills[0]!.tick.seq).toBe(before + 2);
    const spent = new Money(done.order.quote_filled);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_000).minus(spent).toFixed(6), frozen: '0.000000' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.01998000' });
    expect(h.ctx.market.engine.recentTrades(BTC_MARKET).at(-1)?.seq).toBe(done.fills.at(-1)!.tick.seq);
  });

  test('a sell stop triggers on a trade at or below its trigger; its own prints trigger the next stop in the same step', async () => {
    const bob = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, ann), 'BTC', '1');
    await fund(h, await uidOf(h, bob), 'BTC', '1');
    // Once the maker quotes around 95,900, Ann's stop will sell through its bids down to the
    // first one below 95,850 (a few levels), where Bob's stop triggers.
    await quote(h, BTC_MARKET, 95_900);
    let through = new Money(0);
    for (const [price, quantity] of book().bids) {
      through = through.plus(quantity);
      if (price < 95_850) break;
    }
    await quote(h, BTC_MARKET, 96_000);
    const first = await ok(place(ann, { type: 'sell', order_type: 'stop_limit', amount: through.toFixed(5), trigger_price: '95900', target_price: '95000' }));
    const second = await ok(place(bob, { type: 'sell', order_type: 'stop_limit', amount: '0.01', trigger_price: '95850', target_price: '95000' }));
    expect(await balance(h, ann, BTC)).toMatchObject({ available: new Money(1).minus(through).toFixed(8), frozen: through.toFixed(8) });
    // The maker quotes around 95,900; a seller takes one lot of its best bid at 95,880.82: Ann's trigger.
    await quote(h, BTC_MARKET, 95_900);
    await take(h, BTC_MARKET, -1, 1);
    const one = await detail(ann, first.id);
    const trigger = one.order.trigger?.tick;
    expect(trigger?.price).toBe('95880.82');
    expect(one.order.status).toBe('filled');
    // Ann's sale walked the bids below 95,850, and one of its prints triggered Bob's stop.
    const two = await detail(bob, second.id);
    expect(two.order.status).toBe('filled');
    const bobTrigger = two.order.trigger?.tick;
    expect(one.fills.map((fill) => fill.tick.seq)).toContain(bobTrigger?.seq);
    expect(Number(bobTrigger?.price)).toBeLessThanOrEqual(95_850);
    expect(two.fills[0]!.tick.seq).toBeGreaterThan(one.fills.at(-1)!.tick.seq);
    const { bids, asks } = book();
    expect(bids[0]![0]).toBeLessThan(asks[0]![0]);
  });

  test('two stops triggered by one trade each take what the other left: the second is previewed on the book the first leaves', async () => {
    const bob = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, ann), 'USDT', '100000');
    await fund(h, await uidOf(h, bob), 'USDT', '100000');
    const asks = book().asks;
    const atBest = asks[0]![1];
    // Each buys more than the best ask holds, up to 97,300: both trigger on the same trade.
    const amount = new Money(atBest).times(0.8).toDecimalPlaces(5, Money.ROUND_DOWN).toFixed();
    const a = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount, trigger_price: '96100', target_price: '97300' }));
    const b = await ok(place(bob, { type: 'buy', order_type: 'stop_limit', amount, trigger_price: '96100', target_price: '97300' }));
    await tradeAt(h, BTC_MARKET, 96_100); // a taker buys one lot at 96,119.22: both trigger
    const one = await detail(ann, a.id);
    const two = await detail(bob, b.id);
    expect([one.order.status, two.order.status]).toEqual(['filled', 'filled']);
    expect(one.order.trigger?.tick).toEqual(two.order.trigger?.tick);
    // Together they took each ask level no more than it held, the older order first.
    const taken = new Map<string, Money>();
    for (const fill of [...one.fills, ...two.fills]) taken.set(fill.price, (taken.get(fill.price) ?? new Money(0)).plus(fill.amount));
    expect(Number(one.fills[0]!.price)).toBeLessThanOrEqual(Number(two.fills[0]!.price));
    expect(two.fills[0]!.tick.seq).toBeGreaterThan(one.fills.at(-1)!.tick.seq);
    const printed = h.ctx.market.engine.recentTrades(BTC_MARKET);
    for (const fill of [...one.fills, ...two.fills]) expect(printed.find((trade) => trade.seq === fill.tick.seq)?.price.toFixed(2)).toBe(fill.price);
    const { bids, asks: after } = book();
    expect(bids[0]![0]).toBeLessThan(after[0]![0]);
  });

  test('cancelled, it releases its funds and never triggers', async () => {
    const placed = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '97000', target_price: '97100' }));
    const cancelled = await ok(h.call(endpoints.spotCancel, { id: placed.id }, { token: ann }));
    expect(cancelled).toMatchObject({ status: 'cancelled', trigger: { state: 'cancelled', tick: null } });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
    await replayPrices(h, BTC_MARKET, [97_100, 97_500]);
    expect((await stored(placed.id)).stop_state).toBe('cancelled');
    expect(book().bids.some(([price]) => price === 97_100)).toBe(false);
  });

  test('a stop that would meet its owner’s own resting order is cancelled when it triggers, its funds returned', async () => {
    await fund(h, await uidOf(h, ann), 'BTC', '0.1');
    const ask = await ok(place(ann, { type: 'sell', amount: '0.01', target_price: '96510' }));
    const stop = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '96300', target_price: '96600' }));
    // Quoted around 96,500, the maker's asks start at 96,519.30: Ann's ask at 96,510 is the best,
    // and the taker's lot bought from it triggers her stop, which would buy from it again.
    await tradeAt(h, BTC_MARKET, 96_500);
    expect(await detail(ann, stop.id)).toMatchObject({
      order: { status: 'cancelled', cancel_reason: 'self_trade', filled: '0.00000', trigger: { state: 'triggered', tick: tickOf(printedAt(96_510)) } },
      fills: [],
    });
    const sold = (await detail(ann, ask.id)).order;
    expect(sold).toMatchObject({ status: 'open', filled: '0.00001' });
    expect(h.ctx.market.engine.resting(BTC_MARKET, ask.id)).toBe(999);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_000).plus(sold.quote_filled).minus(sold.fee).toFixed(6), frozen: '0.000000' });
  });
});

describe('OCO', () => {
  beforeEach(async () => {
    await fund(h, await uidOf(h, ann), 'BTC', '0.1');
  });
  const oco = (input: Partial<Placed> = {}) => place(ann, { type: 'sell', order_type: 'oco', amount: '0.05', target_price: '98000', trigger_price: '95000', stop_limit_price: '94900', ...input });

  test('a sell OCO freezes its amount once, rests its take profit and waits with its stop; the stop triggering takes the take profit out', async () => {
    const placed = await ok(oco());
    expect(placed).toMatchObject({ type: 'oco', price: '98000.00', trigger: { price: '95000.00', limit: '94900.00', state: 'waiting' } });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.05000000', frozen: '0.05000000' });
    expect(book().asks).toContainEqual([98_000, 0.05]);

    // A taker buys the best ask at 94,968.99 after the maker quotes around 94,950: at or below 95,000.
    await replayPrices(h, BTC_MARKET, [95_500, 94_950]);
    const done = await detail(ann, placed.id);
    expect(done.order).toMatchObject({ status: 'filled', filled: '0.05000', trigger: { state: 'triggered', tick: tickOf(printedAt(94_968.99)) } });
    // It sold into the bids from 94,931.01, none below its stop limit.
    expect(done.fills.every((fill) => fill.role === 'taker' && new Money(fill.price).gte(94_900))).toBe(true);
    expect(book().asks.some(([price]) => price === 98_000)).toBe(false);
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.05000000', frozen: '0.00000000' });
    const received = new Money(done.order.quote_filled).minus(done.order.fee);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: new Money(10_000).plus(received).toFixed(6) });
  });

  test('a fill of the take profit, even a part, cancels the stop at that fill’s trade; a fall through the trigger then does nothing', async () => {
    const placed = await ok(oco());
    await quote(h, BTC_MARKET, 97_990); // the maker's asks from 98,009.60: the take profit is the best ask
    await take(h, BTC_MARKET, 1, 2_000); // a taker buys 0.02 from it
    const partly = await detail(ann, placed.id);
    expect(partly.order).toMatchObject({ status: 'open', filled: '0.02000', trigger: { state: 'cancelled', tick: partly.fills[0]!.tick } });
    await replayPrices(h, BTC_MARKET, [95_500, 94_000]);
    expect((await detail(ann, placed.id)).order).toMatchObject({ status: 'open', filled: '0.02000', trigger: { state: 'cancelled' } });
    expect(book().asks).toContainEqual([98_000, 0.03]);
    await ok(h.call(endpoints.spotCancel, { id: placed.id }, { token: ann }));
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.08000000', frozen: '0.00000000' });
  });

  test('in one step the take profit fills and a later trade reaches the stop: the fill wins, the stop is cancelled, not triggered', async () => {
    const placed = await ok(oco());
    await feed(h, [
      { kind: 'quote', m: BTC_MARKET, fair: 9_799_000 },
      { kind: 'take', m: BTC_MARKET, side: 1, lots: 1_000 },
      { kind: 'quote', m: BTC_MARKET, fair: 9_495_000 },
      { kind: 'take', m: BTC_MARKET, side: 1, lots: 1 },
    ]);
    const row = await stored(placed.id);
    expect(row).toMatchObject({ status: 'open', filled: '0.01000', stop_state: 'cancelled' });
    expect(h.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(4_000);
  });

  test('cancelling the OCO cancels both parts; sent 200 times at once, it is cancelled and released once', async () => {
    const placed = await ok(oco());
    const answers = await Promise.all(Array.from({ length: 200 }, () => h.call(endpoints.spotCancel, { id: placed.id }, { token: ann })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.type === 'error' && answer.message === 'This order is no longer open.')).toHaveLength(199);
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.10000000', frozen: '0.00000000' });
    expect(book().asks.some(([price]) => price === 98_000)).toBe(false);
    await replayPrices(h, BTC_MARKET, [94_000]);
    expect(await stored(placed.id)).toMatchObject({ status: 'cancelled', stop_state: 'cancelled', filled: '0' });
    const releases = await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'spot-release').execute();
    expect(releases).toEqual([{ ref_id: String(placed.id) }]);
  });

  test('a cancel racing the trade that triggers it: one of them wins whole, nothing is released twice', async () => {
    const placed = await ok(oco());
    const [cancel] = await Promise.all([h.call(endpoints.spotCancel, { id: placed.id }, { token: ann }), replayPrices(h, BTC_MARKET, [94_950])]);
    const row = await stored(placed.id);
    if (cancel.type === 'ok') expect(row).toMatchObject({ status: 'cancelled', filled: '0' });
    else expect(row).toMatchObject({ status: 'filled', stop_state: 'triggered' });
    const frozen = (await balance(h, ann, BTC)).frozen;
    expect(frozen).toBe('0.00000000');
  });

  test('sent twice with one request id, an OCO is placed and frozen once', async () => {
    const answers = await Promise.all([oco({ request_id: 'oco-0001' }), oco({ request_id: 'oco-0001' })]);
    expect(answers[0]).toEqual(answers[1]);
    expect(await h.ctx.db.selectFrom('spot_orders').select('id').execute()).toHaveLength(1);
    expect(await balance(h, ann, BTC)).toMatchObject({ frozen: '0.05000000' });
  });

  test('a buy OCO freezes its quote at the higher of its two limits', async () => {
    const placed = await ok(place(ann, { type: 'buy', order_type: 'oco', amount: '0.01', target_price: '95000', trigger_price: '97000', stop_limit_price: '97100' }));
    expect(placed.trigger).toMatchObject({ price: '97000.00', limit: '97100.00' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9029.000000', frozen: '971.000000' });
    expect(book().bids).toContainEqual([95_000, 0.01]);
    const trades = await replayPrices(h, BTC_MARKET, [97_100]);
    const row = await stored(placed.id);
    expect(row).toMatchObject({ stop_state: 'triggered', trigger_tick: JSON.stringify(tickOf(trades[0]!)) });
    expect(book().bids.some(([price]) => price === 95_000)).toBe(false);
    expect(h.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1_000);
    expect(book().bids[0]).toEqual([97_100, 0.01]);
  });
});

describe('bad stops and OCOs', () => {
  test('a trigger on the wrong side, a limit outside the band, missing prices, a crossing take profit: a clear translated error and nothing changes', async () => {
    await fund(h, await uidOf(h, ann), 'BTC', '0.1');
    const before = { usdt: await balance(h, ann, USDT), btc: await balance(h, ann, BTC), depth: book() };
    const refused = async (input: Placed, message: string, lang?: string) => expect(await place(ann, input, lang)).toEqual({ type: 'error', message });
    const stop = { order_type: 'stop_limit', amount: '0.01' };
    await refused({ type: 'buy', ...stop, trigger_price: '95000', target_price: '95100' }, "A buy stop's trigger price must be above the last price, 96,019.20.");
    await refused({ type: 'sell', ...stop, trigger_price: '96019.20', target_price: '96000' }, "A sell stop's trigger price must be below the last price, 96,019.20.");
    await refused({ type: 'buy', ...stop, trigger_price: '95000', target_price: '95100' }, "Le prix de déclenchement d'un stop d'achat doit être supérieur au dernier prix, 96\u202f019,20.", 'fra');
    await refused({ type: 'buy', ...stop, trigger_price: '97000', target_price: '150000' }, 'The price must be between 48,009.60 and 144,028.80.');
    await refused({ type: 'buy', ...stop, trigger_price: '150000', target_price: '97000' }, 'The price must be between 48,009.60 and 144,028.80.');
    await refused({ type: 'buy', ...stop, target_price: '97000' }, 'Please enter the trigger price.');
    await refused({ type: 'buy', ...stop, trigger_price: '97000' }, 'Please enter the price for a limit order.');
    await refused({ type: 'buy', amount: '0.01', target_price: '95000', trigger_price: '97000' }, 'Only stop-limit and OCO orders take a trigger price.');
    await refused({ type: 'buy', order_type: 'market', amount: '0.01', target_price: '95000' }, 'A market order takes no price: choose a limit order to name one.');
    await refused({ type: 'buy', ...stop, trigger_price: '97000', target_price: '97100', amount: '1' }, 'Insufficient balance.');
    const ocoSell = { type: 'sell' as const, order_type: 'oco', amount: '0.05' };
    await refused({ ...ocoSell, target_price: '96000', trigger_price: '95000', stop_limit_price: '94900' }, "A sell OCO's take-profit price must be above the last price, 96,019.20.");
    await refused({ ...ocoSell, target_price: '98000', trigger_price: '96500', stop_limit_price: '94900' }, "A sell stop's trigger price must be below the last price, 96,019.20.");
    await refused({ ...ocoSell, target_price: '98000', trigger_price: '95000' }, "Please enter the stop's limit price.");
    await refused(
      { type: 'buy', order_type: 'oco', amount: '0.01', target_price: '97000', trigger_price: '97500', stop_limit_price: '97600' },
      "A buy OCO's limit price must be below the last price, 96,019.20.",
    );
    // The maker's bids reach 95,980.80 above this last trade once it requotes higher without trading.
    await quote(h, BTC_MARKET, 96_100);
    await refused({ ...ocoSell, target_price: '96030', trigger_price: '95000', stop_limit_price: '94900' }, 'The take-profit price would trade at once at 96,080.78: set it beyond the market.');
    await refused({ type: 'buy', order_type: 'trailing', amount: '0.01' }, 'Please choose limit, market, stop-limit or OCO.');
    expect(await balance(h, ann, USDT)).toEqual(before.usdt);
    expect(await balance(h, ann, BTC)).toEqual(before.btc);
    expect(await h.ctx.db.selectFrom('spot_orders').select('id').execute()).toEqual([]);
  });

  test("someone else's stop cannot be cancelled", async () => {
    const bob = await h.registerUser('bob@example.com');
    const placed = await ok(place(ann, { type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '97000', target_price: '97100' }));
    expect(await h.call(endpoints.spotCancel, { id: placed.id }, { token: bob })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect((await stored(placed.id)).status).toBe('open');
  });
});

test('after a restart a waiting stop is watched again and an OCO rests where it stood; both trigger on the next trades', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-stops-'));
  try {
    let server = await createHarness({}, { persist: dir });
    const cy = await server.registerUser('cy@example.com');
    await fund(server, await uidOf(server, cy), 'USDT', '10000');
    await fund(server, await uidOf(server, cy), 'BTC', '0.1');
    await tradeAt(server, BTC_MARKET, 96_000);
    const call = (input: Placed) => ok(server.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, ...input }, { token: cy }));
    const stop = await call({ type: 'buy', order_type: 'stop_limit', amount: '0.01', trigger_price: '97000', target_price: '97100' });
    const oco = await call({ type: 'sell', order_type: 'oco', amount: '0.05', target_price: '98000', trigger_price: '95000', stop_limit_price: '94900' });
    await server.close();

    server = await createHarness({}, { persist: dir });
    expect(server.ctx.market.engine.resting(BTC_MARKET, oco.id)).toBe(5_000);
    expect(server.ctx.market.engine.resting(BTC_MARKET, stop.id)).toBe(0);
    const up = await replayPrices(server, BTC_MARKET, [97_100]);
    const stopRow = await server.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', stop.id).executeTakeFirstOrThrow();
    expect(stopRow).toMatchObject({ stop_state: 'triggered', trigger_tick: JSON.stringify(tickOf(up[0]!)) });
    expect(server.ctx.market.engine.resting(BTC_MARKET, stop.id)).toBe(1_000);
    await replayPrices(server, BTC_MARKET, [94_950]);
    const fell = server.ctx.market.engine.recentTrades(BTC_MARKET).find((trade) => trade.price === 94_968.99);
    expect(fell).toBeDefined();
    const ocoRow = await server.ctx.db.selectFrom('spot_orders').selectAll().where('id', '=', oco.id).executeTakeFirstOrThrow();
    expect(ocoRow).toMatchObject({ stop_state: 'triggered', status: 'filled', trigger_tick: JSON.stringify(tickOf(fell!)) });
    expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
    await server.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
