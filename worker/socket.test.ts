import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../contract/api';
import { CHANNELS, type AuctionLive } from '../contract/realtime';
import type { ChatMessageView, ConnectionStatus } from '../contract/worker-api';
import { attachRealtime } from '../server/realtime/socket';
import { createHarness, ok, type Harness } from '../server/testing/harness';
import { fund, uidOf } from '../server/testing/market';
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
let auctions: AuctionLive[];
let chats: ChatMessageView[];

beforeEach(async () => {
  h = await createHarness();
  io = attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  statuses = [];
  offsets = [];
  auctions = [];
  chats = [];
  const { port } = h.app.server.address() as AddressInfo;
  link = socketLink(`http://127.0.0.1:${port}`, {
    status: (status) => statuses.push(status),
    tickers: () => undefined,
    trades: () => undefined,
    depth: () => undefined,
    user: () => undefined,
    clock: (offset) => offsets.push(offset),
    auction: (live) => auctions.push(live),
    chat: (message) => chats.push(message),
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

test("an NFT auction's channel gets each bid as it is placed", async () => {
  const artist = await h.registerUser('artist@example.com');
  await ok(h.call(endpoints.createArtist, { uid: await uidOf(h, artist), name: 'Ada', bio: '', avatar: '/uploads/a.png' }, { operator: true }));
  const media = await h.ctx.db
    .insertInto('nft_media')
    .values({ path: '/uploads/nft/a.png', type: 'image', mime: 'image/png', bytes: 1, width: 1, height: 1, duration_ms: null, created_at: h.ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await ok(h.call(endpoints.createItem, { artist_uid: await uidOf(h, artist), name: 'Dawn', description: '', rarity: 'rare', media_id: media.id }, { operator: true }));
  const now = h.ctx.now();
  const sale = await ok(h.call(endpoints.createNftSale, { code: item.code, mode: 'auction', price: '50', increment: '5', deposit: '10', start_at: now, end_at: now + 3_600_000 }, { operator: true }));
  const bidder = await h.registerUser('bidder@example.com');
  await fund(h, await uidOf(h, bidder), 'USDT', '100');
  await ok(h.call(endpoints.nftDeposit, { id: sale.id }, { token: bidder }));

  link.open(null);
  await until(() => statuses.includes('open'));
  link.subscribe([CHANNELS.auction(sale.id)]);
  await until(() => (io.sockets.adapter.rooms.get(CHANNELS.auction(sale.id))?.size ?? 0) > 0);
  await ok(h.call(endpoints.nftBid, { code: item.code, price: '60' }, { token: bidder }));
  await until(() => auctions.length > 0);
  expect(auctions).toEqual([{ id: sale.id, status: 'live', current_bid: '60', min_bid: '65', bids: 1, end_at: now + 3_600_000, leader: expect.stringMatching(/^.\*\*\*$/) }]);
});

test("a visitor in a language's chat room gets each message as it is written, and none of another language's", async () => {
  const writer = await h.registerUser('writer@example.com');
  link.open(null);
  await until(() => statuses.includes('open'));
  link.subscribe([CHANNELS.chat('en')]);
  await until(() => (io.sockets.adapter.rooms.get(CHANNELS.chat('en'))?.size ?? 0) > 0);
  await ok(h.call(endpoints.chatSend, { room: 'lang:fra', body: 'Bonjour' }, { token: writer }));
  const sent = await ok(h.call(endpoints.chatSend, { room: 'lang:en', body: 'Hello' }, { token: writer }));
  await until(() => chats.length > 0);
  expect(chats).toEqual([{ ...sent, mine: false }]);
});
