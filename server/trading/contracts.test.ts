import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { type Harness, ok } from '../testing/harness';
import { fund, futuresTrader, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Contracts on a replayed feed: positions open at the market's last trade, and take-profit,
 * stop-loss, limit activation and liquidation happen at the trade that reaches them, with
 * the amounts the rules give. BTC: a lot is 0.01 BTC; fee 0.05 % on opening; overnight
 * 0.03 % a night; liquidation at a risk rate of 20 %.
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

type Submit = { direction: 'buy' | 'sell'; share: number; multiple: number; type?: 'market' | 'limit'; price?: string; target_profit_price?: string; stop_loss_price?: string };
const open = (token: string, input: Submit) => h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, ...input }, { token });
const lever = async (token: string) => balance(h, token, USDT, 'lever');
const position = async (token: string, id: number) => {
  const history = await ok(h.call(endpoints.leverHistory, { status: 'closed', limit: 50 }, { token }));
  const live = await ok(h.call(endpoints.leverPositions, {}, { token }));
  const found = [...history.data, ...live.positions].find((p) => p.id === id);
  if (!found) throw new Error(`no position ${id}`);
  return found;
};

describe('opening', () => {
  test('a market order opens at the last trade: margin = value / multiple frozen, fee charged', async () => {
    const info = await ok(h.call(endpoints.leverInfo, { currency_id: BTC, legal_id: USDT }, { token: ann }));
    expect(info).toMatchObject({
      lot_size: '0.01',
      multiples: [5, 10, 20, 50, 100],
      min_multiple: 1,
      max_multiple: 100,
      fee_rate: '0.0005',
      overnight_rate: '0.0003',
      last: '96019.20',
      account: { balance: '5000.000000', risk_rate: null },
    });
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    expect(p).toMatchObject({ status: 'open', direction: 'buy', quantity: '0.1', price: '96019.20', margin: '960.192000', fee: '4.800960' });
    const last = h.ctx.market.engine.recentTrades(BTC_MARKET).at(-1)!;
    expect(p.open_tick).toEqual({ market_id: BTC_MARKET, seq: last.seq, price: '96019.20', time: last.time });
    expect(await lever(ann)).toMatchObject({ available: '4035.007040', frozen: '960.192000' });
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    // Risk rate: (4035.00704 + 960.192 + 0) / 960.192
    expect(live.account).toMatchObject({ margins: '960.192000', profit: '0.000000', risk_rate: new Money('4995.19904').div('960.192').toFixed(4) });
  });

  test('bad orders get a clear message and change nothing', async () => {
    const before = await lever(ann);
    const refused = async (input: Submit, message: string) => expect(await open(ann, input)).toEqual({ type: 'error', message });
    await refused({ direction: 'buy', share: 10, multiple: 101 }, 'The leverage must be a whole number from 1x to 100x.');
    await refused({ direction: 'buy', share: 1001, multiple: 10 }, 'The number of lots must be between 1 and 1000.');
    await refused({ direction: 'buy', share: 10, multiple: 10, target_profit_price: '95000' }, 'For a long position the take-profit price must be above 96,019.20.');
    await refused({ direction: 'sell', share: 10, multiple: 10, stop_loss_price: '95000' }, 'For a short position the stop-loss price must be above 96,019.20.');
    await refused({ direction: 'buy', share: 10, multiple: 10, type: 'limit' }, 'Please enter the price for a limit order.');
    await refused({ direction: 'buy', share: 10, multiple: 10, type: 'limit', price: '95000.123' }, 'Prices in this market have at most 2 decimals.');
    await refused({ direction: 'buy', share: 1000, multiple: 5 }, 'Insufficient balance.');
    expect(await h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1.5, multiple: 10 }, { token: ann })).toEqual({
      type: 'error',
      message: 'Please enter a whole number of lots.',
    });
    expect(await lever(ann)).toEqual(before);
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: ann }))).positions).toEqual([]);
  });

  test('stocks trade as contracts, margined in USDT', async () => {
    await tradeAt(h, 25, 230);
    const p = await ok(h.call(endpoints.leverSubmit, { currency_id: 27, legal_id: 26, direction: 'buy', share: 2, multiple: 5 }, { token: ann }));
    expect(p).toMatchObject({ symbol: 'AAPL/USD', quantity: '2', price: '230.05', margin: '92.020000' });
  });
});

describe('triggers at the trade that reaches them', () => {
  test('take-profit closes a long at the first trade at or above it', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10, target_profit_price: '97000', stop_loss_price: '95000' }));
    const trades = await replayPrices(h, BTC_MARKET, [96_500, 96_900, 97_100, 97_500]);
    expect(trades.map((t) => t.price)).toEqual([96_519.3, 96_919.38, 97_119.42, 97_519.5]);
    const closed = await position(ann, p.id);
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'take_profit', close_price: '97119.42' });
    expect(closed.close_tick).toEqual({ market_id: BTC_MARKET, seq: trades[2]!.seq, price: '97119.42', time: trades[2]!.time });
    // Profit (97,119.42 - 96,019.20) x 0.1 = 110.022; the margin and the profit return.
    expect(closed.profit).toBe('110.022000');
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('4.80096').plus('110.022').toFixed(6), frozen: '0.000000' });
  });

  test('stop-loss closes a short at the first trade at or above it', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 5, multiple: 20, stop_loss_price: '96800' }));
    const trades = await replayPrices(h, BTC_MARKET, [96_300, 96_700, 96_850]);
    const closed = await position(ann, p.id);
    expect(closed).toMatchObject({ close_reason: 'stop_loss', close_price: '96869.37' });
    expect(closed.close_tick?.seq).toBe(trades[2]!.seq);
    // A short loses (96,869.37 - 96,019.20) x 0.05 = 42.5085.
    expect(closed.profit).toBe('-42.508500');
  });

  test('a limit order waits, and opens at the trade that reaches it: the limit or better, its margin and fee at that price', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10, type: 'limit', price: '95500' }));
    expect(p).toMatchObject({ status: 'pending', price: null, limit_price: '95500.00', margin: '955.000000', fee: '4.775000', open_tick: null });
    expect(await lever(ann)).toMatchObject({ available: '4040.225000', frozen: '959.775000' });
    const trades = await replayPrices(h, BTC_MARKET, [95_800, 95_600, 95_400, 95_000]);
    expect(trades.map((t) => t.price)).toEqual([95_819.16, 95_619.12, 95_419.08, 95_019]);
    const opened = await position(ann, p.id);
    // The first trade at or below 95,500 was 95,419.08: the long opens there, the price its tick records.
    expect(opened).toMatchObject({ status: 'open', price: '95419.08', margin: '954.190800', fee: '4.770954' });
    expect(opened.open_tick).toEqual({ market_id: BTC_MARKET, seq: trades[2]!.seq, price: '95419.08', time: trades[2]!.time });
    // Frozen at the limit: 959.775; needed at 95,419.08: 954.1908 + 4.770954; the rest returns.
    const returned = new Money('959.775').minus('954.1908').minus('4.770954');
    expect(await lever(ann)).toMatchObject({ available: new Money('4040.225').plus(returned).toFixed(6), frozen: '954.190800' });
  });

  test('a short limit the market gaps through opens at the higher trade, the extra margin drawn from the account', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 10, multiple: 10, type: 'limit', price: '97000' }));
    expect(p).toMatchObject({ status: 'pending', margin: '970.000000', fee: '4.850000' });
    const trades = await replayPrices(h, BTC_MARKET, [96_500, 98_000]);
    expect(trades.map((t) => t.price)).toEqual([96_519.3, 98_019.6]);
    const opened = await position(ann, p.id);
    expect(opened).toMatchObject({ status: 'open', price: '98019.60', margin: '980.196000', fee: '4.900980' });
    expect(opened.open_tick).toEqual({ market_id: BTC_MARKET, seq: trades[1]!.seq, price: '98019.60', time: trades[1]!.time });
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('980.196').minus('4.90098').toFixed(6), frozen: '980.196000' });
  });

  test('a long limit above the market is marketable: it opens at once at the last trade, not at its limit', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 100, type: 'limit', price: '120000' }));
    const last = h.ctx.market.engine.recentTrades(BTC_MARKET).at(-1)!;
    expect(p).toMatchObject({ status: 'open', type: 'limit', limit_price: '120000.00', price: '96019.20', margin: '96.019200', fee: '4.800960' });
    expect(p.open_tick).toEqual({ market_id: BTC_MARKET, seq: last.seq, price: '96019.20', time: last.time });
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('96.0192').minus('4.80096').toFixed(6), frozen: '96.019200' });
    // At its limit it would have lost (120,000 - 96,019.20) x 0.1 = 2,398.08 at once; here it has lost nothing.
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    expect(live.account).toMatchObject({ profit: '0.000000' });
    await replayPrices(h, BTC_MARKET, [96_000]);
    expect(await position(ann, p.id)).toMatchObject({ status: 'open', close_reason: null });
  });

  test('a short limit below the market is marketable: it opens at once at the last trade', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 5, multiple: 20, type: 'limit', price: '80000' }));
    const last = h.ctx.market.engine.recentTrades(BTC_MARKET).at(-1)!;
    expect(p).toMatchObject({ status: 'open', type: 'limit', limit_price: '80000.00', price: '96019.20', margin: '240.048000', fee: '2.400480' });
    expect(p.open_tick).toEqual({ market_id: BTC_MARKET, seq: last.seq, price: '96019.20', time: last.time });
    expect(await lever(ann)).toMatchObject({ available: new Money(5000).minus('240.048').minus('2.40048').toFixed(6), frozen: '240.048000' });
    const closed = await ok(h.call(endpoints.leverClose, { id: p.id }, { token: ann }));
    expect(closed).toMatchObject({ close_price: '96019.20', profit: '0.000000', shortfall: '0.000000' });
  });

  test('a waiting limit order can be cancelled: margin and fee return', async () => {
    const p = await ok(open(ann, { direction: 'sell', share: 3, multiple: 5, type: 'limit', price: '99000' }));
    const cancelled = await ok(h.call(endpoints.leverCancel, { id: p.id }, { token: ann }));
    expect(cancelled.status).toBe('cancelled');
    expect(await lever(ann)).toMatchObject({ available: '5000.000000', frozen: '0.000000' });
    expect(await h.call(endpoints.leverCancel, { id: p.id }, { token: ann })).toEqual({ type: 'error', message: 'This position is no longer open.' });
  });

  test('liquidation closes every position of the account at the trade that brings its risk rate to 20 %', async () => {
    const small = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, small), 'USDT', '100', 'lever');
    const p = await ok(open(small, { direction: 'buy', share: 1, multiple: 20 }));
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: small }));
    const liquidation = new Money(live.liquidation[String(p.id)] ?? '0');
    // (balance 51.510304 + margin 48.0096 - loss) / margin = 20 %: a loss of 89.917984, 8,991.80 a BTC.
    const loss = new Money('51.510304').plus('48.0096').minus(new Money('48.0096').times('0.2'));
    expect(liquidation.toFixed(2)).toBe(new Money('96019.20').minus(loss.div('0.01')).toFixed(2));
    const trades = await replayPrices(h, BTC_MARKET, [92_000, 88_000, 87_000, 86_000]);
    const closed = await position(small, p.id);
    const at = trades.findIndex((trade) => new Money(trade.price).lte(liquidation));
    expect(at).toBe(2);
    expect(closed).toMatchObject({ close_reason: 'liquidation', close_price: new Money(trades[at]!.price).toFixed(2), shortfall: '0.000000' });
    expect(closed.close_tick?.seq).toBe(trades[at]!.seq);
    const left = new Money('100').minus('0.480096').plus(closed.profit ?? '0');
    expect(await lever(small)).toMatchObject({ available: left.toFixed(6), frozen: '0.000000' });
  });

  test('a gap past liquidation never takes the account below zero: the house bears the shortfall', async () => {
    const small = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, small), 'USDT', '60', 'lever');
    const p = await ok(open(small, { direction: 'buy', share: 1, multiple: 100 }));
    await replayPrices(h, BTC_MARKET, [80_000]);
    const closed = await position(small, p.id);
    expect(closed.close_reason).toBe('liquidation');
    // Lost (96,019.20 - 80,016.00) x 0.01 = 160.032 with 59.519904 in the account.
    expect(closed.profit).toBe('-160.032000');
    expect(closed.shortfall).toBe(new Money('160.032').minus('59.519904').toFixed(6));
    expect(await lever(small)).toMatchObject({ available: '0.000000', frozen: '0.000000' });
  });
});

describe('closing', () => {
  test('close one, set stops, and close all longs, leaving the shorts', async () => {
    const long1 = await ok(open(ann, { direction: 'buy', share: 2, multiple: 10 }));
    const long2 = await ok(open(ann, { direction: 'buy', share: 3, multiple: 20 }));
    const short = await ok(open(ann, { direction: 'sell', share: 1, multiple: 5 }));
    const stops = await ok(h.call(endpoints.leverSetStop, { id: short.id, target_profit_price: '90000', stop_loss_price: '99000' }, { token: ann }));
    expect(stops).toMatchObject({ target_profit_price: '90000.00', stop_loss_price: '99000.00' });
    expect(await h.call(endpoints.leverSetStop, { id: short.id, target_profit_price: '99500' }, { token: ann })).toEqual({
      type: 'error',
      message: 'For a short position the take-profit price must be below 96,019.20.',
    });
    const cleared = await ok(h.call(endpoints.leverSetStop, { id: short.id, target_profit_price: '', stop_loss_price: '' }, { token: ann }));
    expect(cleared).toMatchObject({ target_profit_price: null, stop_loss_price: null });

    await replayPrices(h, BTC_MARKET, [96_500]);
    const result = await ok(h.call(endpoints.leverBatchClose, { type: 'buy' }, { token: ann }));
    expect(result.closed).toBe(2);
    // Both longs closed at 96,519.30: (500.10 x 0.02) + (500.10 x 0.03)
    expect(result.profit).toBe('25.005000');
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    expect(live.positions.map((p) => p.id)).toEqual([short.id]);
    for (const id of [long1.id, long2.id]) expect(await position(ann, id)).toMatchObject({ status: 'closed', close_reason: 'batch', close_price: '96519.30' });

    const closed = await ok(h.call(endpoints.leverClose, { id: short.id }, { token: ann }));
    expect(closed).toMatchObject({ close_reason: 'user', profit: '-5.001000' });
    expect(await h.call(endpoints.leverClose, { id: short.id }, { token: ann })).toEqual({ type: 'error', message: 'This position is no longer open.' });
    expect(await ok(h.call(endpoints.leverBatchClose, { type: 'all' }, { token: ann }))).toEqual({ closed: 0, profit: '0.000000' });
  });

  test('batch close of the shorts leaves the longs open; then "all" closes the rest, every amount settled', async () => {
    const long = await ok(open(ann, { direction: 'buy', share: 2, multiple: 10 })); // margin 192.0384, fee 0.960192
    const short = await ok(open(ann, { direction: 'sell', share: 1, multiple: 5 })); // margin 192.0384, fee 0.480096
    expect(await lever(ann)).toMatchObject({ available: '4614.482912', frozen: '384.076800' });

    const [first] = await replayPrices(h, BTC_MARKET, [96_500]);
    expect(first!.price).toBe(96_519.3);
    const shorts = await ok(h.call(endpoints.leverBatchClose, { type: 'sell' }, { token: ann }));
    // The short loses (96,519.30 - 96,019.20) x 0.01.
    expect(shorts).toEqual({ closed: 1, profit: '-5.001000' });
    expect(await position(ann, short.id)).toMatchObject({ status: 'closed', close_reason: 'batch', close_price: '96519.30', profit: '-5.001000' });
    expect(await position(ann, long.id)).toMatchObject({ status: 'open', close_reason: null });
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: ann }))).positions.map((p) => p.id)).toEqual([long.id]);
    // The short's margin returns less its loss; the long's margin stays frozen.
    expect(await lever(ann)).toMatchObject({ available: '4801.520312', frozen: '192.038400' });
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);

    const [second] = await replayPrices(h, BTC_MARKET, [97_000]);
    const gain = new Money(second!.price).minus('96019.20').times('0.02');
    const all = await ok(h.call(endpoints.leverBatchClose, { type: 'all' }, { token: ann }));
    expect(all).toEqual({ closed: 1, profit: gain.toFixed(6) });
    expect(await position(ann, long.id)).toMatchObject({ status: 'closed', close_reason: 'batch', close_price: new Money(second!.price).toFixed(2), profit: gain.toFixed(6) });
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: ann }))).positions).toEqual([]);
    expect(await lever(ann)).toMatchObject({ available: new Money('5000').minus('0.960192').minus('0.480096').minus('5.001').plus(gain).toFixed(6), frozen: '0.000000' });
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
    expect(await ok(h.call(endpoints.leverBatchClose, { type: 'sell' }, { token: ann }))).toEqual({ closed: 0, profit: '0.000000' });
  });

  test('overnight fees accrue per midnight held and are paid on closing', async () => {
    const p = await ok(open(ann, { direction: 'buy', share: 10, multiple: 10 }));
    h.advance(2 * 86_400_000 + 3_600_000); // two midnights
    await replayPrices(h, BTC_MARKET, [96_000]);
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    // 2 x 0.03 % of 9,601.92
    expect(live.positions[0]?.overnight).toBe('5.761152');
    const closed = await ok(h.call(endpoints.leverClose, { id: p.id }, { token: ann }));
    expect(closed).toMatchObject({ overnight: '5.761152', profit: '-5.761152' });
  });

  test("nobody can touch another user's position", async () => {
    const bob = await h.registerUser('bob@example.com');
    const p = await ok(open(ann, { direction: 'buy', share: 1, multiple: 10 }));
    expect(await h.call(endpoints.leverClose, { id: p.id }, { token: bob })).toEqual({ type: 'error', message: 'This position is no longer open.' });
    expect(await h.call(endpoints.leverSetStop, { id: p.id, stop_loss_price: '90000' }, { token: bob })).toEqual({ type: 'error', message: 'This position is no longer open.' });
  });
});
