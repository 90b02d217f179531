import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { USER_EVENTS } from '../../contract/realtime';
import { attachRealtime } from '../realtime/socket';
import { createHarness, ok, type Harness } from '../testing/harness';

/**
 * Redis only (KESTREL_TEST_REDIS): two servers on one store, their sockets linked by
 * socket.io's Redis streams adapter (REDIS_URL). What a step on one changes for a user
 * reaches that user's socket on the other, and a session ended on one closes its sockets
 * on both.
 */
const url = process.env['KESTREL_TEST_REDIS'] ?? '';
let dir: string;
const servers: Harness[] = [];
const sockets: Socket[] = [];

beforeEach(async () => {
  // Keys of its own: the test files share one Redis and run at once.
  const prefix = `test-${crypto.randomUUID()}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-linked-'));
  for (let i = 0; i < 2; i++) {
    const server = await createHarness({ REDIS_URL: url, REDIS_PREFIX: prefix }, { persist: dir });
    attachRealtime(server.app.server, server.ctx);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    servers.push(server);
  }
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const server of servers.splice(0)) await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function socketOn(server: Harness, token: string): Promise<Socket> {
  const { port } = server.app.server.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

test("an order placed through one server reaches the user's socket on the other, and no one else's", async () => {
  const [a, b] = servers as [Harness, Harness];
  const token = await a.registerUser('ann@example.com');
  const other = await a.registerUser('bob@example.com');
  const info = await ok(a.call(endpoints.userInfo, {}, { token }));
  await ok(a.call(endpoints.adjust, { uid: info.uid, currency: 'USDT', amount: '100', account: 'change', reason: 'test' }, { operator: true }));
  const mine = await socketOn(b, token);
  const theirs = await socketOn(b, other);
  const seen: { id: number; status: string }[] = [];
  const leaked: string[] = [];
  mine.on(USER_EVENTS.spotOrder, (order: { id: number; status: string }) => seen.push(order));
  for (const event of Object.values(USER_EVENTS)) theirs.on(event, () => leaked.push(event));
  // The adapter links the servers once each has read its stream: give it its first read.
  await new Promise((resolve) => setTimeout(resolve, 300));

  const order = await ok(a.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, type: 'buy', amount: '0.001', target_price: '50000' }, { token }));
  await until(() => seen.length === 1);
  expect(seen).toEqual([expect.objectContaining({ id: order.id, status: 'open' })]);
  expect(leaked).toEqual([]);
});

test('a session ended on one server closes its sockets on the other', async () => {
  const [a, b] = servers as [Harness, Harness];
  const token = await a.registerUser('ann@example.com');
  const socket = await socketOn(b, token);
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await ok(a.call(endpoints.logout, {}, { token }));
  expect(await closed).toBe('io server disconnect');
});
