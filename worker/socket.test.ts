import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ConnectionStatus } from '../contract/worker-api';
import { attachRealtime } from '../server/realtime/socket';
import { createHarness, type Harness } from '../server/testing/harness';
import type { Link } from './core';
import { socketLink } from './socket';

/**
 * The worker's real socket against the real server. The test server's clock is years
 * away from this machine's, as a phone's clock can be minutes away from the exchange's.
 */
let h: Harness;
let io: Server;
let link: Link;
let statuses: ConnectionStatus[];
let offsets: number[];

beforeEach(async () => {
  h = await createHarness();
  io = attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  statuses = [];
  offsets = [];
  const { port } = h.app.server.address() as AddressInfo;
  link = socketLink(`http://127.0.0.1:${port}`, {
    status: (status) => statuses.push(status),
    tickers: () => undefined,
    trades: () => undefined,
    depth: () => undefined,
    user: () => undefined,
    clock: (offset) => offsets.push(offset),
  });
});

afterEach(async () => {
  link.pause();
  await h.close();
});

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

test("on connecting, the socket learns how far the device clock is from the exchange's, and again after a reconnect", async () => {
  link.open(null);
  await until(() => offsets.length === 1);
  expect(statuses).toEqual(['open']);
  const expected = () => h.ctx.market.time(h.ctx.now()) - Date.now();
  // A local round trip takes a few ms; half of it is the most the estimate can be off.
  expect(Math.abs(offsets[0]! - expected())).toBeLessThan(50);

  // The exchange's clock moves on (as if the phone's clock were set back): a reconnect re-learns it.
  h.advance(90_000);
  link.pause();
  link.resume();
  await until(() => offsets.length === 2);
  expect(statuses.filter((status) => status === 'open')).toHaveLength(2);
  expect(statuses.at(-1)).toBe('open');
  expect(Math.abs(offsets[1]! - expected())).toBeLessThan(50);
  expect(offsets[1]! - offsets[0]!).toBeGreaterThan(89_000);
});

test('when the server ends the connection, the socket comes back by itself', async () => {
  link.open(null);
  await until(() => statuses.includes('open'));
  io.disconnectSockets(true);
  await until(() => statuses.includes('reconnecting'));
  await until(() => statuses.filter((status) => status === 'open').length === 2);
  expect(statuses).toEqual(['open', 'reconnecting', 'open']);
});
