import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { ApiError } from '../http/errors';
import { noRequestId } from '../http/request-ids';
import { checkLedger } from '../ledger/check';
import { balanceOf } from '../ledger/ledger';
import { userAccount } from '../ledger/accounts';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, quote, take, tradeAt, uidOf } from '../testing/market';
import { balance, userIdOf } from '../testing/wallet';
import { readTick } from '../trading/market';
import type { PositionRow } from '../trading/contracts';
import type { ExchangeEvent } from './events';

/**
 * The exchange core as later products use it: a settlement handler that reacts to what a
 * step did (a trader's position opening at a trade) by acting through the desks in the
 * same step (a follower's position opening at that same trade): copy trading's shape. It
 * completes, in the step's one transaction, and a failure anywhere in it rolls the whole
 * step back: database, live positions, order books, and the events nobody then hears of.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let leader: string;
let follower: string;
let leaderId: number;
let followerId: number;
const published: ExchangeEvent[] = [];

beforeEach(async () => {
  h = await createHarness();
  leader = await h.registerUser('leader@example.com');
  follower = await h.registerUser('follower@example.com');
  leaderId = await userIdOf(h, 'leader@example.com');
  followerId = await userIdOf(h, 'follower@example.com');
  await fund(h, await uidOf(h, leader), 'USDT', '5000', 'lever');
  await fund(h, await uidOf(h, follower), 'USDT', '5000', 'lever');
  await tradeAt(h, BTC_MARKET, 96_000);
  published.length = 0;
  const keep = (event: ExchangeEvent) => void published.push(event);
  const { bus } = h.ctx.exchange;
  bus.subscribe('position', keep);
  bus.subscribe('spotOrder', keep);
  bus.subscribe('trades', keep);
  bus.subscribe('balance', keep);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** Copy trading's shape: the follower mirrors the leader's positions, opening and closing at the leader's trades. */
function copyLeader(options: { failOnShare?: number } = {}): Map<number, number> {
  const mirrors = new Map<number, number>();
  h.ctx.exchange.on('position', {
    name: 'test.copy-leader',
    order: 50,
    handle: async (step, { position, previous }) => {
      if (position.user_id !== leaderId) return;
      const { contracts } = h.ctx.trading;
      if (position.status === 'open' && previous !== 'open') {
        const tick = readTick(position.open_tick);
        if (!tick) throw new Error('an open position records its opening trade');
        const mirror = await contracts.submit(
          step,
          followerId,
          { currency_id: BTC, legal_id: USDT, direction: position.direction === 1 ? 'buy' : 'sell', share: position.share, multiple: position.multiple },
          noRequestId,
          { seq: tick.seq, time: tick.time, price: Number(tick.price) },
        );
        mirrors.set(position.id, mirror.id);
        if (position.share === options.failOnShare) throw new ApiError('server:errors.market_unknown');
      }
      const mirrored = mirrors.get(position.id);
      if (position.status === 'closed' && mirrored !== undefined) await contracts.close(step, followerId, mirrored);
    },
  });
  return mirrors;
}

const positionsOf = (userId: number) => h.ctx.db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const leverBalance = (userId: number) => balanceOf(h.ctx.db, userAccount(userId, USDT, 'lever'));

describe('a settlement handler acting through the desks in the same step', () => {
  test('a market order: the follower opens at the very trade the leader opened at, and closes with the leader', async () => {
    const mirrors = copyLeader();
    const opened = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 3, multiple: 10 }, { token: leader }));
    const [mirror] = await positionsOf(followerId);
    expect(mirror).toMatchObject({ id: mirrors.get(opened.id), status: 'open', direction: 1, share: 3, multiple: 10, price: opened.price, created_at: opened.created_at });
    expect(readTick(mirror?.open_tick ?? null)).toEqual(opened.open_tick);
    // Once committed, both openings were published, the leader's first.
    expect(published.filter((event) => event.kind === 'position').map((event) => (event.kind === 'position' ? event.position.user_id : 0))).toEqual([leaderId, followerId]);

    await tradeAt(h, BTC_MARKET, 97_000);
    const closed = await ok(h.call(endpoints.leverClose, { id: opened.id }, { token: leader }));
    const [after] = await positionsOf(followerId);
    expect(after).toMatchObject({ status: 'closed', close_price: closed.close_price, closed_at: closed.closed_at });
    expect(readTick(after?.close_tick ?? null)).toEqual(closed.close_tick);
    // The queue carries on: the next request is served.
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: follower }))).positions).toEqual([]);
  });

  test("a limit order reached by the market: the follower opens at the trade that reached it, in the market's own step", async () => {
    copyLeader();
    const waiting = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', type: 'limit', price: '95000', share: 2, multiple: 20 }, { token: leader }));
    expect(waiting.status).toBe('pending');
    expect(await positionsOf(followerId)).toEqual([]);
    await tradeAt(h, BTC_MARKET, 94_900);
    const [opened] = await positionsOf(leaderId);
    const [mirror] = await positionsOf(followerId);
    expect(opened?.status).toBe('open');
    expect(mirror).toMatchObject({ status: 'open', share: 2, multiple: 20, price: opened?.price, opened_at: opened?.opened_at });
    expect(mirror?.open_tick).toBe(opened?.open_tick);
  });

  test('a failure in the handler rolls the whole step back: no position, no money moved, nothing published, the queue goes on', async () => {
    copyLeader({ failOnShare: 7 });
    const balances = [await leverBalance(leaderId), await leverBalance(followerId)];
    const ledgerRows = await h.ctx.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 7, multiple: 10 }, { token: leader })).toEqual({
      type: 'error',
      message: 'This market does not exist.',
    });
    expect(await positionsOf(leaderId)).toEqual([]);
    expect(await positionsOf(followerId)).toEqual([]);
    expect([await leverBalance(leaderId), await leverBalance(followerId)]).toEqual(balances);
    expect(
      await h.ctx.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(ledgerRows);
    expect(published).toEqual([]);
    // In memory too: neither position is live, so no trade can move it.
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: leader }))).positions).toEqual([]);
    expect((await ok(h.call(endpoints.leverPositions, {}, { token: follower }))).positions).toEqual([]);
    await tradeAt(h, BTC_MARKET, 90_000);
    expect(await positionsOf(leaderId)).toEqual([]);
    // The next step runs, and the handler mirrors it as usual.
    await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', share: 1, multiple: 10 }, { token: leader }));
    expect((await positionsOf(followerId)).map((row: PositionRow) => row.status)).toEqual(['open']);
  });

  test('a spot order whose step fails leaves the order book as it was', async () => {
    await quote(h, BTC_MARKET, 96_000);
    await fund(h, await uidOf(h, leader), 'USDT', '20000');
    h.ctx.exchange.on('trades', {
      name: 'test.refuse-trades',
      order: 99,
      handle: async (_step, { batches }) => {
        if (batches.some((batch) => batch.trades.some((trade) => trade.quantity === 0.05))) throw new ApiError('server:errors.no_liquidity');
      },
    });
    const { engine } = h.ctx.market;
    const book = JSON.stringify(engine.depth(BTC_MARKET));
    const seq = engine.lastSeq(BTC_MARKET);
    expect(await h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.05' }, { token: leader })).toEqual({
      type: 'error',
      message: expect.any(String),
    });
    expect(JSON.stringify(engine.depth(BTC_MARKET))).toBe(book);
    expect(engine.lastSeq(BTC_MARKET)).toBe(seq);
    expect(await h.ctx.db.selectFrom('spot_orders').selectAll().execute()).toEqual([]);
    expect(await h.ctx.db.selectFrom('spot_fills').selectAll().execute()).toEqual([]);
    // The same order of another size goes through against the untouched book.
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.04' }, { token: leader }));
    expect(order.status).toBe('filled');
    expect(engine.lastSeq(BTC_MARKET)).toBeGreaterThan(seq);
  });

  test('with the development check, a step cannot enter the queue again: refused at once, and the queue goes on', async () => {
    const checked = await createHarness({}, { checkNesting: true });
    try {
      await expect(checked.ctx.exchange.run(() => checked.ctx.exchange.run(async () => 'inner'))).rejects.toThrow(/steps do not nest/);
      expect(await checked.ctx.exchange.run(async (step) => step.time)).toBe(checked.ctx.exchange.time());
      // Two steps sent at once from outside are not nested: both run, one after the other.
      expect(await Promise.all([checked.ctx.exchange.run(async () => 1), checked.ctx.exchange.run(async () => 2)])).toEqual([1, 2]);
    } finally {
      await checked.close();
    }
  });
});

/** What PostgreSQL throws when it breaks a deadlock (40P01) or refuses a serializable transaction (40001): the transaction is gone whole. */
const refusedBy = (code: '40P01' | '40001') => Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'could not serialize access'), { code });

describe('a step refused by the database for a conflict with another process', () => {
  test("a market batch runs its settlement again on the prints of its one move: a resting order's fill is settled once", async () => {
    await quote(h, BTC_MARKET, 96_000);
    await fund(h, await uidOf(h, leader), 'USDT', '20000');
    // 96,000 lies inside the maker's spread: the best bid.
    const placed = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.05', target_price: '96000' }, { token: leader }));
    const seen: number[] = [];
    let refusals = 1;
    h.ctx.exchange.on('fills', {
      name: 'test.deadlock-once',
      order: 99,
      handle: async (_step, { fills }) => {
        seen.push(fills.length);
        if (refusals-- > 0) throw refusedBy('40P01');
      },
    });
    const { engine } = h.ctx.market;
    const seq = engine.lastSeq(BTC_MARKET);
    published.length = 0;
    await take(h, BTC_MARKET, -1, 3_000); // sells 0.03 BTC into the user's bid
    // Settled on the second run, with the same fill: the book moved once (one print), the order filled once.
    expect(seen).toEqual([1, 1]);
    expect(engine.lastSeq(BTC_MARKET)).toBe(seq + 1);
    const detail = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: leader }));
    expect(detail.order).toMatchObject({ status: 'open', filled: '0.03000' });
    expect(detail.fills).toEqual([expect.objectContaining({ role: 'maker', price: '96000.00', amount: '0.03000' })]);
    expect(await balance(h, leader, BTC)).toMatchObject({ available: '0.02997000' });
    expect(published.filter((event) => event.kind === 'trades')).toHaveLength(1);
  });

  test("a user's step runs again and is done once; one refused every time, or refused for anything else, fails and changes nothing", async () => {
    await quote(h, BTC_MARKET, 96_000);
    await fund(h, await uidOf(h, leader), 'USDT', '20000');
    let refusals = 2;
    let failWith: Error | null = null;
    let runs = 0;
    h.ctx.exchange.on('trades', {
      name: 'test.serialization-failures',
      order: 99,
      handle: async () => {
        runs++;
        if (failWith) throw failWith;
        if (refusals-- > 0) throw refusedBy('40001');
      },
    });
    const buy = () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: leader });
    expect((await ok(buy())).status).toBe('filled');
    expect(runs).toBe(3);
    expect(await h.ctx.db.selectFrom('spot_orders').select('id').execute()).toHaveLength(1);
    expect(await balance(h, leader, BTC)).toMatchObject({ available: '0.00999000' });

    const orders = await h.ctx.db.selectFrom('spot_orders').select('id').execute();
    // Refused at every run: the step gives up after its last attempt (an unexpected fault, HTTP 500).
    failWith = refusedBy('40P01');
    runs = 0;
    await expect(buy()).rejects.toThrow(/HTTP 500/);
    expect(runs).toBe(5);
    failWith = new Error('not a conflict');
    runs = 0;
    await expect(buy()).rejects.toThrow(/HTTP 500/);
    expect(runs).toBe(1);
    expect(await h.ctx.db.selectFrom('spot_orders').select('id').execute()).toEqual(orders);
    expect(await balance(h, leader, BTC)).toMatchObject({ available: '0.00999000' });
  });
});

describe('the catalogue', () => {
  test('an unknown currency, market or network id throws; nothing guesses its decimals', async () => {
    const { catalogue } = h.ctx;
    expect(() => catalogue.currency(999)).toThrow(expect.objectContaining({ key: 'server:errors.currency_unknown' }));
    expect(() => catalogue.currencyByCodeOf('XYZ')).toThrow(expect.objectContaining({ key: 'server:errors.currency_unknown' }));
    expect(() => catalogue.market(999)).toThrow(expect.objectContaining({ key: 'server:errors.market_unknown' }));
    expect(() => catalogue.pair(BTC, 999)).toThrow(expect.objectContaining({ key: 'server:errors.market_unknown' }));
    expect(() => catalogue.network(BTC, 'TRC20')).toThrow(expect.objectContaining({ key: 'server:errors.network_unknown' }));
    expect(catalogue.currency(BTC)).toMatchObject({ code: 'BTC', precision: 8 });
    expect(catalogue.market(BTC_MARKET)).toMatchObject({ symbol: 'BTC/USDT', pricePrecision: 2, qtyPrecision: 5 });
    expect(catalogue.market(BTC_MARKET).contractLot?.toFixed()).toBe('0.01');
    // Through the API, a clear answer that changes nothing.
    const answers = [
      await h.call(endpoints.walletDetail, { currency: 999, type: 'change' }, { token: leader }),
      await h.call(endpoints.coinInfo, { currency: 999 }, { token: leader }),
      await h.call(endpoints.exchange, { number: '1', from_currency_id: 999, to_currency_id: BTC }, { token: leader }),
      await h.call(endpoints.moveFunds, { currency_id: 999, number: '1', from_field: 'change', to_field: 'lever' }, { token: leader }),
    ];
    expect(answers).toEqual(answers.map(() => ({ type: 'error', message: 'This currency is not available.' })));
  });

  test('the catalogue is what the database holds, loaded once at start', async () => {
    const rows = await h.ctx.db.selectFrom('currencies').select(['id', 'code', 'precision']).orderBy('id').execute();
    expect(h.ctx.catalogue.currencies.map(({ id, code, precision }) => ({ id, code, precision }))).toEqual(rows);
    const markets = await h.ctx.db.selectFrom('markets').select(['id', 'symbol', 'contract_lot']).orderBy('sort').execute();
    expect(h.ctx.catalogue.markets.map((market) => ({ id: market.id, symbol: market.symbol, contract_lot: market.contractLot?.toFixed() ?? null }))).toEqual(markets);
    expect(h.ctx.catalogue.networks.map((net) => net.key)).toEqual(['BTC', 'ETH', 'USDT_ERC20', 'USDT_TRC20']);
  });
});
