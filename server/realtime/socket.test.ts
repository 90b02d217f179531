import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { bucketStart, extendCandle, type Candle } from '../../contract/market';
import { CHANNELS, SOCKET_EVENTS, TICKER_WIDTH, USER_EVENTS, type DepthMessage, type SubAnswer, type TickerBatch, type TradeBatch } from '../../contract/realtime';
import { INSTRUMENTS } from '../market/instruments';
import { Simulator } from '../market/simulator';
import { createHarness, ok, type Harness } from '../testing/harness';
import { attachRealtime } from './socket';

let h: Harness;
let io: Server;
let client: Socket;
let stopTrading: () => void;

beforeEach(async () => {
  h = await createHarness();
  io = attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const engine = h.ctx.market.engine;
  const simulator = new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: h.ctx.now(),
    seed: 4,
    tradesPerSecond: 400,
    now: () => h.ctx.now(),
  });
  // The market runs on the test's clock, 100 ms per 50 ms of real time.
  const timer = setInterval(() => {
    h.advance(100);
    void h.ctx.exchange.process(simulator.runUntil(h.ctx.now()));
  }, 50);
  h.ctx.market.feed.start();
  stopTrading = () => clearInterval(timer);
  const { port } = h.app.server.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve) => client.on('connect', () => resolve()));
});

afterEach(async () => {
  stopTrading();
  h.ctx.market.feed.stop();
  client.close();
  await h.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('subscribing answers which channels exist; unknown ones are named', async () => {
  const answer = await client.emitWithAck(SOCKET_EVENTS.subscribe, [CHANNELS.tickers, 'trades:1', 'trades:999', 'secret']);
  expect(answer as SubAnswer).toEqual({ ok: false, unknown: ['trades:999', 'secret'] });
});

test("a REST snapshot plus the trades after its seq give exactly the server's candle; seqs have no gaps", async () => {
  const batches: TradeBatch[] = [];
  client.on(SOCKET_EVENTS.trades, (batch: TradeBatch) => batches.push(batch));
  await client.emitWithAck(SOCKET_EVENTS.subscribe, [CHANNELS.trades(1)]);
  await wait(300);
  const snapshot = await h.call(endpoints.klines, { symbol: 'BTC/USDT', period: '1min' });
  if (snapshot.type !== 'ok') throw new Error(snapshot.message);
  await wait(700);
  stopTrading();
  // The last batch leaves within 100 ms.
  await wait(250);

  // Trade sequence numbers run on without a gap from batch to batch.
  const seqs = batches.flatMap((batch) => Array.from({ length: batch.d.length / 4 }, (_, i) => batch.s + i));
  seqs.forEach((seq, i) => i > 0 && expect(seq).toBe(seqs[i - 1]! + 1));
  expect(seqs.some((seq) => seq > snapshot.message.seq)).toBe(true);

  // Merge the trades the snapshot does not include, as the worker does.
  const candles = new Map<number, Candle>(snapshot.message.data.map((c) => [c.time, { ...c }]));
  for (const batch of batches) {
    for (let i = 0; i < batch.d.length; i += 4) {
      if (batch.s + i / 4 <= snapshot.message.seq) continue;
      const time = batch.b + batch.d[i]!;
      const price = batch.d[i + 1]!;
      const quantity = batch.d[i + 2]!;
      const open = bucketStart(time, '1min');
      const candle = candles.get(open);
      if (candle) extendCandle(candle, price, quantity);
      else candles.set(open, { time: open, open: price, high: price, low: price, close: price, volume: quantity, amount: price * quantity });
    }
  }
  const server = h.ctx.market.engine.openCandle(1, '1min')!;
  const merged = candles.get(server.time)!;
  expect({ ...merged, volume: 0, amount: 0 }).toEqual({ ...server, volume: 0, amount: 0 });
  expect(merged.volume).toBeCloseTo(server.volume, 6);
});

test('tickers come in numbered batches of whole rows; depth snapshots come best first', async () => {
  const tickers: TickerBatch[] = [];
  const depths: DepthMessage[] = [];
  client.on(SOCKET_EVENTS.tickers, (batch: TickerBatch) => tickers.push(batch));
  client.on(SOCKET_EVENTS.depth, (message: DepthMessage) => depths.push(message));
  await client.emitWithAck(SOCKET_EVENTS.subscribe, [CHANNELS.tickers, CHANNELS.depth(2)]);
  await wait(1300);
  expect(tickers.length).toBeGreaterThanOrEqual(2);
  tickers.forEach((batch, i) => {
    expect(batch.d.length % TICKER_WIDTH).toBe(0);
    if (i > 0) expect(batch.s).toBe(tickers[i - 1]!.s + 1);
  });
  const quoted = await h.call(endpoints.quotations, {});
  if (quoted.type !== 'ok') throw new Error(quoted.message);
  expect(quoted.message.seq).toBe(tickers.at(-1)!.s);
  expect(depths.length).toBeGreaterThan(0);
  const last = depths.at(-1)!;
  expect(last.m).toBe(2);
  expect(last.b[0]!).toBeLessThan(last.a[0]!);
  for (let i = 2; i < last.b.length; i += 2) expect(last.b[i]!).toBeLessThan(last.b[i - 2]!);
  for (let i = 2; i < last.a.length; i += 2) expect(last.a[i]!).toBeGreaterThan(last.a[i - 2]!);
  depths.forEach((message, i) => i > 0 && expect(message.s).toBeGreaterThan(depths[i - 1]!.s));
});

test("a socket that brings a valid token joins its user's private room; a bad token joins none", async () => {
  const token = await h.registerUser('sock@example.com');
  const user = await h.ctx.db.selectFrom('users').select('id').where('email', '=', 'sock@example.com').executeTakeFirstOrThrow();
  const { port } = h.app.server.address() as AddressInfo;
  const connectWith = (auth: Record<string, string>) =>
    new Promise<Socket>((resolve) => {
      const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
      socket.on('connect', () => resolve(socket));
    });
  const good = await connectWith({ token });
  const bad = await connectWith({ token: 'x'.repeat(43) });
  await wait(50);
  const room = io.sockets.adapter.rooms.get(`user:${user.id}`);
  expect(room?.has(good.id ?? '')).toBe(true);
  expect(room?.has(bad.id ?? '')).toBe(false);
  expect(room?.size).toBe(1);
  good.close();
  bad.close();
});

test("a user's sockets get their own orders, positions and options as they change, and nobody else's", async () => {
  const token = await h.registerUser('own@example.com');
  const other = await h.registerUser('other@example.com');
  const info = await h.call(endpoints.userInfo, {}, { token });
  if (info.type !== 'ok') throw new Error(info.message);
  for (const account of ['change', 'lever', 'micro'] as const) {
    await h.call(endpoints.adjust, { uid: info.message.uid, currency: 'USDT', amount: '5000', account, reason: 'test' }, { operator: true });
  }
  const { port } = h.app.server.address() as AddressInfo;
  const connectWith = (auth: Record<string, string>) =>
    new Promise<Socket>((resolve) => {
      const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
      socket.on('connect', () => resolve(socket));
    });
  const mine = await connectWith({ token });
  const theirs = await connectWith({ token: other });
  const seen: [string, { id: number; status: string }][] = [];
  const leaked: string[] = [];
  for (const event of Object.values(USER_EVENTS)) {
    mine.on(event, (payload: { id: number; status: string }) => seen.push([event, payload]));
    theirs.on(event, () => leaked.push(event));
  }
  await wait(300);
  const position = await h.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 1, multiple: 10 }, { token });
  const option = await h.call(endpoints.optionSubmit, { match_id: 1, currency_id: 3, type: 'up', seconds: 30, number: '10' }, { token });
  const order = await h.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, type: 'buy', amount: '0.001', target_price: '50000' }, { token });
  if (position.type !== 'ok' || option.type !== 'ok' || order.type !== 'ok') throw new Error('refused');
  await h.call(endpoints.leverClose, { id: position.message.id }, { token });
  await wait(200);
  expect(seen).toEqual([
    [USER_EVENTS.position, expect.objectContaining({ id: position.message.id, status: 'open' })],
    [USER_EVENTS.option, expect.objectContaining({ id: option.message.id, status: 'open' })],
    [USER_EVENTS.spotOrder, expect.objectContaining({ id: order.message.id, status: 'open' })],
    [USER_EVENTS.position, expect.objectContaining({ id: position.message.id, status: 'closed' })],
  ]);
  expect(leaked).toEqual([]);
  mine.close();
  theirs.close();
});

test('leaving a channel stops its messages', async () => {
  let count = 0;
  client.on(SOCKET_EVENTS.trades, () => count++);
  await client.emitWithAck(SOCKET_EVENTS.subscribe, [CHANNELS.trades(1)]);
  await wait(400);
  expect(count).toBeGreaterThan(0);
  client.emit(SOCKET_EVENTS.unsubscribe, [CHANNELS.trades(1)]);
  await wait(200);
  const after = count;
  await wait(400);
  expect(count).toBe(after);
});

test("ending a session closes its sockets at once: logout closes that session's, a password reset every one of the user's", async () => {
  const first = await h.registerUser('sam@example.com');
  const login = await h.call(endpoints.login, { user_string: 'sam@example.com', password: 'secret-pass' });
  if (login.type !== 'ok' || typeof login.message !== 'string') throw new Error('no session');
  const second = login.message;
  const other = await h.registerUser('tess@example.com');
  const { port } = h.app.server.address() as AddressInfo;
  const open = (token: string) =>
    new Promise<{ socket: Socket; closed: Promise<string> }>((resolve) => {
      const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
      const closed = new Promise<string>((done) => socket.on('disconnect', (reason) => done(reason)));
      socket.on('connect', () => resolve({ socket, closed }));
    });
  const [a, b, c, bystander] = await Promise.all([open(first), open(first), open(second), open(other)]);
  const state = () => [a, b, c, bystander].map(({ socket }) => socket.connected);

  // Logging out of the first session closes both of its sockets, not the second session's.
  await ok(h.call(endpoints.logout, {}, { token: first }));
  expect(await a.closed).toBe('io server disconnect');
  expect(await b.closed).toBe('io server disconnect');
  await wait(100);
  expect(state()).toEqual([false, false, true, true]);

  // A reset ends every session of the user: the second session's socket closes too.
  await ok(h.call(endpoints.sendCode, { user_string: 'sam@example.com', scene: 'forget' }));
  const code = await h.codeFor('sam@example.com');
  await ok(h.call(endpoints.forgotPassword, { account: 'sam@example.com', code, password: 'other-pass', repassword: 'other-pass' }));
  expect(await c.closed).toBe('io server disconnect');
  await wait(100);
  expect(state()).toEqual([false, false, false, true]);

  // Connecting again with the ended token gives the public channels only: no private events.
  const again = await open(second);
  const leaked: string[] = [];
  for (const event of Object.values(USER_EVENTS)) again.socket.on(event, () => leaked.push(event));
  const relogged = await h.call(endpoints.login, { user_string: 'sam@example.com', password: 'other-pass' });
  if (relogged.type !== 'ok' || typeof relogged.message !== 'string') throw new Error('no session');
  const fresh = await open(relogged.message);
  const delivered: string[] = [];
  fresh.socket.on(USER_EVENTS.spotOrder, () => delivered.push(USER_EVENTS.spotOrder));
  const info = await ok(h.call(endpoints.userInfo, {}, { token: relogged.message }));
  await ok(h.call(endpoints.adjust, { uid: info.uid, currency: 'USDT', amount: '100', account: 'change', reason: 'test' }, { operator: true }));
  await ok(h.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, type: 'buy', amount: '0.001', target_price: '50000' }, { token: relogged.message }));
  await wait(200);
  expect(delivered).toEqual([USER_EVENTS.spotOrder]);
  fresh.socket.close();
  again.socket.close();
  bystander.socket.close();
  expect(leaked).toEqual([]);
});
