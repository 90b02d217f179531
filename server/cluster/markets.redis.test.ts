import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { CHANNELS, SOCKET_EVENTS, TICKER_WIDTH, type TickerBatch, type TradeBatch } from '../../contract/realtime';
import { attachRealtime } from '../realtime/socket';
import { SEQ_PER_EPOCH } from '../market/engine';
import { runIeo } from '../finance/ieo';
import { checkLedger } from '../ledger/check';
import { clusterTest } from '../testing/cluster';
import { until } from '../testing/until';
import { ok, type Harness } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';
import { raiseEpoch } from './claims';

/**
 * PostgreSQL and Redis (the second pass of npm test): servers started with CLUSTER=true on
 * one database run only the markets they claim (server/cluster/claims.ts). A market given
 * back is run by the other from the stored state (its resting orders, sequences above the
 * old run's), the one that let it go refuses to touch it, and a step of a process whose
 * claim was taken over is refused whole.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

const { member, twoMembers } = clusterTest('markets', { SIGNUP_GIFT: '10000' });
const sockets: Socket[] = [];
const timers: ReturnType<typeof setInterval>[] = [];
// Registered after clusterTest's, so it runs before the members stop.
afterEach(() => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const socket of sockets.splice(0)) socket.close();
});

const claimsOf = (server: Harness) => server.ctx.claims?.claims ?? new Map<number, number>();
/** The markets a member's engine runs (a claim is made, then its engine started). */
const running = (server: Harness) => server.ctx.market.owned.length;

test('two members split the markets; a market given back runs on the other from the stored state, and requests for it go there', async () => {
  const a = await member('member-a');
  const markets = a.ctx.market.instruments.length;
  await a.ctx.claims?.start();
  expect(claimsOf(a).size).toBe(markets);
  expect(a.ctx.market.engine.has(BTC_MARKET)).toBe(true);

  const ann = await a.registerUser('ann@example.com');
  await tradeAt(a, BTC_MARKET, 96_000);
  const oldSeq = a.ctx.market.engine.lastSeq(BTC_MARKET);
  const placed = await ok(a.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '95000' }, { token: ann }));
  expect(a.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);

  // A second member joins: the first gives back what is over its half.
  const b = await member('member-b');
  await b.ctx.claims?.start();
  await until(() => running(a) === Math.ceil(markets / 2) && running(a) + running(b) === markets, 10_000);
  for (const [market] of claimsOf(b)) {
    expect(a.ctx.market.engine.has(market)).toBe(false);
    expect(b.ctx.market.engine.has(market)).toBe(true);
  }

  // The first member leaves: the second runs every market within 2 s.
  const epochBefore = claimsOf(a).get(BTC_MARKET) ?? claimsOf(b).get(BTC_MARKET) ?? 0;
  const leftAt = Date.now();
  await a.ctx.claims?.stop();
  await until(() => running(b) === markets, 5_000);
  expect(Date.now() - leftAt).toBeLessThan(2_000);
  expect(a.ctx.market.owned).toEqual([]);

  // The resting order is back in the new owner's book, its sequences above the old run's.
  const epoch = claimsOf(b).get(BTC_MARKET) ?? 0;
  expect(epoch).toBeGreaterThanOrEqual(epochBefore);
  expect(b.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);
  expect(b.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(epoch * SEQ_PER_EPOCH);
  expect(b.ctx.market.engine.lastSeq(BTC_MARKET)).toBeGreaterThan(oldSeq);

  expect(await balance(b, ann, USDT)).toMatchObject({ available: '9050.000000', frozen: '950.000000' });

  // Sent to the member that let it go, the cancel goes to the owner, which takes the order out of its book and returns the USDT.
  expect((await ok(a.call(endpoints.spotCancel, { id: placed.id }, { token: ann }))).status).toBe('cancelled');
  expect(b.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(0);
  expect(await balance(b, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  expect((await checkLedger(b.ctx.db)).violations).toEqual([]);
});

test('a step of a process whose claim was taken over is refused whole: no order, no trade, no money moved', async () => {
  const a = await member('member-a');
  await a.ctx.claims?.start();
  const ann = await a.registerUser('ann@example.com');
  await tradeAt(a, BTC_MARKET, 96_000);
  // Another process claims the market before this one has noticed (its session still looks fine).
  await raiseEpoch(a.ctx.db, BTC_MARKET, 'intruder', Date.now());

  const before = a.ctx.market.engine.lastSeq(BTC_MARKET);
  const refused = await a.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: ann });
  expect(refused).toEqual({ type: 'error', message: 'This market is moving to another server of the exchange. Nothing was changed; please try again in a moment.' });
  expect(await balance(a, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  expect(await a.ctx.db.selectFrom('spot_orders').select('id').execute()).toEqual([]);
  expect(a.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(before);
  // The market's own flow is refused too.
  await expect(tradeAt(a, BTC_MARKET, 96_000)).rejects.toThrow(/taken over/);
  expect((await checkLedger(a.ctx.db)).violations).toEqual([]);
});

test("every process's sockets and REST answers carry the markets the others run: trades, tickers numbered one by one, the book and the candles", async () => {
  const { a, b, markets } = await twoMembers();
  // Both run their markets on a clock moving with real time.
  for (const server of [a, b]) {
    server.ctx.exchange.start();
    timers.push(setInterval(() => server.advance(100), 100));
  }
  const attached = attachRealtime(b.app.server, b.ctx);
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = b.app.server.address() as AddressInfo;

  // The busiest market the first member runs, watched through the second.
  const watched = [...a.ctx.market.owned].sort((x, y) => y.flowWeight - x.flowWeight)[0]?.id ?? 0;
  expect(b.ctx.market.engine.has(watched)).toBe(false);
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const trades: TradeBatch[] = [];
  const tickers: TickerBatch[] = [];
  socket.on(SOCKET_EVENTS.trades, (batch: TradeBatch) => trades.push(batch));
  socket.on(SOCKET_EVENTS.tickers, (batch: TickerBatch) => tickers.push(batch));
  await new Promise<void>((resolve) => socket.on('connect', resolve));
  socket.emit(SOCKET_EVENTS.subscribe, [CHANNELS.tickers, CHANNELS.trades(watched)]);

  await until(() => trades.length >= 3 && tickers.length >= 6, 15_000);
  // The trades are the owner's, in sequence, without a gap, above its epoch's start.
  const epoch = a.ctx.claims?.claims.get(watched) ?? 0;
  expect(trades.every((batch) => batch.m === watched)).toBe(true);
  expect(trades[0]?.s).toBeGreaterThan(epoch * SEQ_PER_EPOCH);
  for (let i = 1; i < trades.length; i++) {
    const before = trades[i - 1] as TradeBatch;
    expect((trades[i] as TradeBatch).s).toBe(before.s + before.d.length / 4);
  }
  // Ticker batches from both owners, numbered one by one.
  for (let i = 1; i < tickers.length; i++) expect((tickers[i] as TickerBatch).s).toBe((tickers[i - 1] as TickerBatch).s + 1);
  const seen = new Set<number>();
  for (const batch of tickers) for (let i = 0; i < batch.d.length; i += TICKER_WIDTH) seen.add(batch.d[i] ?? 0);
  expect(seen.size).toBe(markets);

  // The second member's REST answers for the first one's market.
  const symbol = a.ctx.catalogue.market(watched).symbol;
  const list = await ok(b.call(endpoints.quotations, {}));
  expect(list.groups.flatMap((group) => group.markets).length).toBe(markets);
  const recent = await ok(b.call(endpoints.recentTrades, { symbol }));
  const printed = new Set(trades.flatMap((batch) => batch.d.map((_, i) => batch.s + i / 4).filter((_, i) => i % 4 === 0)));
  expect(recent.trades.length).toBeGreaterThan(0);
  expect(recent.trades.filter(([seq]) => printed.has(seq)).length).toBeGreaterThan(0);
  const book = await ok(b.call(endpoints.depth, { symbol }));
  expect(book.bids.length).toBeGreaterThan(0);
  expect((book.bids[0]?.[0] ?? 0) < (book.asks[0]?.[0] ?? 0)).toBe(true);
  const candles = await ok(b.call(endpoints.klines, { symbol, period: '1min' }));
  expect(candles.seq).toBeGreaterThan(epoch * SEQ_PER_EPOCH);
  const times = candles.data.map((candle) => candle.time);
  expect(new Set(times).size).toBe(times.length);
  expect(times.at(-1)).toBe(a.ctx.market.engine.openCandle(watched, '1min')?.time);
  await attached.close();
}, 60_000);

test("a request for a market another process runs is run there and answered as if here, once per request id, in the caller's language", async () => {
  const { a, b } = await twoMembers();
  const [owner, other] = a.ctx.market.engine.has(BTC_MARKET) ? [a, b] : [b, a];
  const ann = await other.registerUser('ann@example.com');
  await tradeAt(owner, BTC_MARKET, 96_000);
  // Each publishes its markets (the other's wallet values coins at the prices it reads).
  for (const server of [a, b]) server.ctx.exchange.start();
  await until(() => [a, b].every((server) => server.ctx.market.instruments.every((def) => server.ctx.market.knows(def.id))), 5_000);

  // Placed through the process that does not run the market: the owner's book has it.
  const placed = await ok(other.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '95000', request_id: 'forwarded-order-1' }, { token: ann }));
  expect(placed).toMatchObject({ status: 'open', price: '95000.00' });
  expect(owner.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);
  expect(other.ctx.market.engine.has(BTC_MARKET)).toBe(false);
  // Sent again with its request id, through either process: the same order, once.
  expect(
    (await ok(other.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '95000', request_id: 'forwarded-order-1' }, { token: ann }))).id,
  ).toBe(placed.id);
  expect(
    (await ok(owner.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '95000', request_id: 'forwarded-order-1' }, { token: ann }))).id,
  ).toBe(placed.id);
  expect(await balance(other, ann, USDT)).toMatchObject({ available: '9050.000000', frozen: '950.000000' });

  // The owner's refusals come back in the caller's language.
  expect(await other.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '1000', target_price: '95000' }, { token: ann, lang: 'fra' })).toMatchObject({ type: 'error' });
  const french = await other.call(endpoints.spotCancel, { id: 999_999 }, { token: ann, lang: 'fra' });
  const english = await other.call(endpoints.spotCancel, { id: 999_999 }, { token: ann });
  expect(french.type).toBe('error');
  expect(french.message).not.toBe(english.message);

  // Cancelled through the other process too.
  expect((await ok(other.call(endpoints.spotCancel, { id: placed.id }, { token: ann }))).status).toBe('cancelled');
  expect(owner.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(0);
  expect(await balance(owner, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  expect((await checkLedger(owner.ctx.db)).violations).toEqual([]);
});

test("a coin and a market another process lists (an IEO's token) reach this one: its catalogue and market list, and one of them claims the market", async () => {
  const { a, b } = await twoMembers();

  const now = a.ctx.now();
  const project = await ok(
    a.call(
      endpoints.createProject,
      {
        name: 'Kestrel Token',
        token: 'KEST',
        token_name: 'Kestrel',
        token_precision: 4,
        pay_currency_id: USDT,
        issue_price: '0.05',
        total_issuance: '100000',
        max_per_user: '80000',
        lock_days: 0,
        start_at: now,
        end_at: now + 60_000,
        list_at: now + 120_000,
        white_paper: 'https://example.com/kest.pdf',
        website: 'https://example.com/kest',
        intro: 'A token.',
      },
      { operator: true },
    ),
  );
  // The token, created by the first member, is a coin on the second within a few seconds.
  await until(() => b.ctx.catalogue.currencies.some((currency) => currency.code === 'KEST'), 10_000);

  a.advance(180_000);
  await runIeo(a.ctx);
  await runIeo(a.ctx);
  const listed = (await ok(a.call(endpoints.ieoProject, { project_id: project.id }, {}))).market_id ?? 0;
  expect(listed).toBeGreaterThan(0);
  // The market reaches the second member's catalogue, and one of the two runs it.
  await until(() => b.ctx.catalogue.markets.some((market) => market.id === listed), 10_000);
  await until(() => a.ctx.market.engine.has(listed) !== b.ctx.market.engine.has(listed), 10_000);
  expect(b.ctx.market.instruments.some((def) => def.id === listed)).toBe(true);
  const owner = a.ctx.market.engine.has(listed) ? a : b;
  expect(owner.ctx.market.engine.lastPrice(listed)).toBe(0.05);
});

test("an account liquidated by one process closes its position in a market the other runs, once: the other's stop-loss on it then finds it closed", async () => {
  const { a, b } = await twoMembers();
  // Both publish their markets (the clocks stand still: no simulated flow).
  for (const server of [a, b]) server.ctx.exchange.start();
  await until(() => [a, b].every((server) => server.ctx.market.instruments.every((def) => server.ctx.market.knows(def.id))), 5_000);
  const contract = (server: Harness) => server.ctx.catalogue.markets.find((market) => market.contractLot !== null && server.ctx.market.engine.has(market.id));
  const first = contract(a);
  const second = contract(b);
  if (!first || !second) throw new Error('each member should run a contract market');
  const p1 = await tradeAt(a, first.id, a.ctx.market.view.lastPrice(first.id));
  const p2 = await tradeAt(b, second.id, b.ctx.market.view.lastPrice(second.id));
  await until(() => b.ctx.market.view.lastSeq(first.id) === a.ctx.market.engine.lastSeq(first.id) && a.ctx.market.view.lastSeq(second.id) === b.ctx.market.engine.lastSeq(second.id), 5_000);

  const bob = await a.registerUser('bob@example.com');
  await fund(a, await uidOf(a, bob), 'USDT', '200', 'lever');
  const open = (server: Harness, market: typeof first, input: Record<string, string | number>) =>
    ok(server.call(endpoints.leverSubmit, { currency_id: market.base.id, legal_id: market.quote.id, direction: 'buy', share: 1, ...input }, { token: bob }));
  // A long in each market (each sent through the process that does not run it), the second with a stop-loss.
  const risky = await open(b, first, { multiple: 100 });
  const stop = new Money(p2).times('0.95').toDecimalPlaces(second.pricePrecision, Money.ROUND_DOWN).toFixed(second.pricePrecision);
  const guarded = await open(a, second, { multiple: 5, stop_loss_price: stop });
  expect([risky.status, guarded.status]).toEqual(['open', 'open']);

  // The first market falls: its process liquidates the account, both positions.
  await tradeAt(a, first.id, p1 * 0.5);
  const closed = async (id: number) => a.ctx.db.selectFrom('lever_positions').select(['status', 'close_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(await closed(risky.id)).toEqual({ status: 'closed', close_reason: 'liquidation' });
  expect(await closed(guarded.id)).toEqual({ status: 'closed', close_reason: 'liquidation' });

  // The second market falls through the stop-loss: its process's book still shows the position open, and it is not closed again.
  await tradeAt(b, second.id, p2 * 0.8);
  expect(await closed(guarded.id)).toEqual({ status: 'closed', close_reason: 'liquidation' });
  expect(await a.ctx.db.selectFrom('ledger_transactions').select('id').where('ref_kind', '=', 'lever-close').where('ref_id', '=', String(guarded.id)).execute()).toHaveLength(1);
  // Either process lists no open position for the account.
  for (const server of [a, b]) expect((await ok(server.call(endpoints.leverPositions, {}, { token: bob }))).positions).toEqual([]);
  expect((await checkLedger(a.ctx.db)).violations).toEqual([]);
});
