import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { Server } from 'socket.io';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { CHANNELS, SOCKET_EVENTS, SOCKET_LIMITS, type LimitedNotice, type SubAnswer } from '../../contract/realtime';
import { createHarness, type Harness } from '../testing/harness';
import { MessageBudget } from './limits';
import { attachRealtime } from './socket';

let h: Harness;
let io: Server;
let client: Socket;
const notices: LimitedNotice[] = [];

beforeEach(async () => {
  h = await createHarness();
  io = attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  notices.length = 0;
  client.on(SOCKET_EVENTS.limited, (notice: LimitedNotice) => notices.push(notice));
  await new Promise<void>((resolve) => client.on('connect', () => resolve()));
});

afterEach(async () => {
  client.close();
  await io.close();
  await h.close();
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits for the start of the next wall-clock second, when a socket's count starts again. */
const nextSecond = () => wait(1000 - (Date.now() % 1000) + 5);
/** The public channels this server socket is in. */
const channelsOf = (socket: Socket) => [...(io.sockets.sockets.get(socket.id ?? '')?.rooms ?? [])].filter((room) => room === CHANNELS.tickers || /^(trades|depth):/.test(room));

test('a socket is in at most SOCKET_LIMITS.channels channels: a sub past them names those it refused; leaving one makes room', async () => {
  const every = [CHANNELS.tickers, ...h.ctx.catalogue.markets.flatMap((market) => [CHANNELS.trades(market.id), CHANNELS.depth(market.id)])];
  expect(every.length).toBeGreaterThan(SOCKET_LIMITS.channels + 8);
  const asked = every.slice(0, SOCKET_LIMITS.channels + 8);

  const first = (await client.emitWithAck(SOCKET_EVENTS.subscribe, asked)) as SubAnswer;
  expect(first).toEqual({ ok: false, unknown: [], refused: asked.slice(SOCKET_LIMITS.channels) });
  expect(channelsOf(client)).toHaveLength(SOCKET_LIMITS.channels);
  // Asking again for channels it is in already costs nothing and is answered ok.
  expect(await client.emitWithAck(SOCKET_EVENTS.subscribe, asked.slice(0, 5))).toEqual({ ok: true, unknown: [] });

  client.emit(SOCKET_EVENTS.unsubscribe, asked.slice(0, 2));
  const later = (await client.emitWithAck(SOCKET_EVENTS.subscribe, asked.slice(SOCKET_LIMITS.channels, SOCKET_LIMITS.channels + 3))) as SubAnswer;
  expect(later).toEqual({ ok: false, unknown: [], refused: [asked[SOCKET_LIMITS.channels + 2]] });
  expect(channelsOf(client)).toHaveLength(SOCKET_LIMITS.channels);
  expect(channelsOf(client)).toContain(asked[SOCKET_LIMITS.channels]);
  expect(notices).toEqual([]);
});

test('messages past SOCKET_LIMITS.messagesPerSecond are dropped for the rest of that second, said once; the socket stays', async () => {
  await nextSecond();
  const sent = SOCKET_LIMITS.messagesPerSecond + 10;
  const answers = await Promise.allSettled(Array.from({ length: sent }, () => client.timeout(1500).emitWithAck(SOCKET_EVENTS.clock)));
  expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(SOCKET_LIMITS.messagesPerSecond);
  expect(notices).toEqual([{ reason: 'messages' }]);
  expect(client.connected).toBe(true);
  // The next second counts afresh.
  await nextSecond();
  expect(typeof (await client.timeout(1500).emitWithAck(SOCKET_EVENTS.clock))).toBe('number');
});

test('a socket that floods (twice the limit in a second) is told why and disconnected; others are not touched', async () => {
  const { port } = h.app.server.address() as AddressInfo;
  const calm = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve) => calm.on('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => client.on('disconnect', (reason) => resolve(reason)));
  for (let i = 0; i < 10 * SOCKET_LIMITS.messagesPerSecond; i++) client.emit(SOCKET_EVENTS.subscribe, [CHANNELS.tickers, CHANNELS.trades(1)]);
  expect(await closed).toBe('io server disconnect');
  expect(notices.at(-1)).toEqual({ reason: 'flood' });
  expect(calm.connected).toBe(true);
  expect(await calm.emitWithAck(SOCKET_EVENTS.subscribe, [CHANNELS.tickers])).toEqual({ ok: true, unknown: [] });
  expect(io.sockets.sockets.size).toBe(1);
  calm.close();
});

test('the budget counts per wall-clock second: pass, then one warn, drops, and close at twice the limit', () => {
  const budget = new MessageBudget(3);
  const at = 5_000_000;
  expect(Array.from({ length: 8 }, (_, i) => budget.take(at + i))).toEqual(['pass', 'pass', 'pass', 'warn', 'drop', 'drop', 'close', 'close']);
  expect(budget.take(at + 1000)).toBe('pass');
});
