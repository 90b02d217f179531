import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, uidOf } from '../testing/market';
import { balance, userIdOf } from '../testing/wallet';
import { runNft } from './desk';
import { keepDemoNft, seedDemoNft } from './seed';

/**
 * The NFT marketplace through the API: fixed-price sales with the fee, resales with the
 * creator's royalty, auctions run to the end with several bidders (deposits, the anti-
 * sniping extension, the winner paying or forfeiting), blind boxes whose every opening
 * is checked from the published seed, and the bad inputs; the ledger check after each.
 */
const USDT = 3;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

let h: Harness;
let artist: { token: string; uid: number; id: number };
const users: Record<string, string> = {};
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  const token = await h.registerUser('artist@example.com');
  artist = { token, uid: await uidOf(h, token), id: await userIdOf(h, 'artist@example.com') };
  for (const name of ['bob', 'cat', 'dan']) {
    users[name] = await h.registerUser(`${name}@example.com`);
    await fund(h, await uidOf(h, users[name] ?? ''), 'USDT', '1000');
  }
  await ok(h.call(endpoints.createArtist, { uid: artist.uid, name: 'Ada Vale', bio: 'Generative painter.', avatar: '/uploads/avatar.png' }, { operator: true }));
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const token = (name: string) => users[name] ?? '';
const usdt = (who: string) => balance(h, who, USDT, 'change');
const jobs = () => runNft(h.ctx);

/** An uploaded image (the media checks have their own tests: server/nft/media.test.ts). */
async function media(): Promise<number> {
  const { id } = await h.ctx.db
    .insertInto('nft_media')
    .values({ path: `/uploads/nft/${Math.random().toString(36).slice(2)}.png`, type: 'image', mime: 'image/png', bytes: 100, width: 10, height: 10, duration_ms: null, created_at: h.ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
async function mint(name: string): Promise<{ id: number; code: string }> {
  return ok(h.call(endpoints.createItem, { artist_uid: artist.uid, name, description: `${name}.`, rarity: 'rare', media_id: await media() }, { operator: true }));
}
async function sale(code: string, input: Record<string, unknown>): Promise<number> {
  return (await ok(h.call(endpoints.createNftSale, { code, start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, ...input }, { operator: true }))).id;
}

describe('fixed price', () => {
  test('a buyer pays the price, the artist gets it less the fee, the item changes hands; bad purchases change nothing', async () => {
    const item = await mint('Dawn');
    const id = await sale(item.code, { mode: 'normal', price: '100' });
    expect((await ok(h.call(endpoints.nftList, { mode: 'normal' }, {}))).data.map((card) => [card.id, card.name, card.price, card.phase])).toEqual([[id, 'Dawn', '100', 'live']]);

    const before = await usdt(token('bob'));
    expect(await h.call(endpoints.nftBuy, { id }, { token: artist.token })).toEqual({ type: 'error', message: 'You cannot buy or bid on your own artwork.' });
    const poor = await h.registerUser('poor@example.com');
    expect(await h.call(endpoints.nftBuy, { id }, { token: poor })).toEqual({ type: 'error', message: 'Insufficient balance.' });
    const later = await mint('Dusk');
    const upcoming = await sale(later.code, { mode: 'normal', price: '10', start_at: h.ctx.now() + HOUR, end_at: h.ctx.now() + 2 * HOUR });
    expect(await h.call(endpoints.nftBuy, { id: upcoming }, { token: token('bob') })).toEqual({ type: 'error', message: 'This sale has not started yet.' });
    expect(await usdt(token('bob'))).toEqual(before);

    // Fifty buyers at once: one order.
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => h.call(endpoints.nftBuy, { id }, { token: token(i % 2 === 0 ? 'bob' : 'cat') })));
    const orders = answers.filter((answer) => answer.type === 'ok');
    expect(orders).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.type !== 'ok').map((answer) => answer.message))).toEqual(new Set(['This sale has ended.']));
    const [order] = orders;
    if (order?.type !== 'ok') throw new Error('no order');
    expect(order.message).toMatchObject({ kind: 'normal', status: 'paid', price: '100', currency: 'USDT', item: { code: item.code } });
    const buyer = order.message.item?.owner.uid === (await uidOf(h, token('bob'))) ? 'bob' : 'cat';
    expect((await usdt(token(buyer))).available).toBe('900.000000');
    // 2.5 % fee: the artist gets 97.5.
    expect((await usdt(artist.token)).available).toBe('97.500000');
    const mine = await ok(h.call(endpoints.nftMine, {}, { token: token(buyer) }));
    expect(mine.items.data.map((row) => row.code)).toEqual([item.code]);
    expect((await ok(h.call(endpoints.nftMessages, {}, { token: artist.token }))).data.map((message) => [message.kind, message.amount])).toEqual([['sold', '100']]);
  });

  test('a resale waits for review, pays the creator a royalty and the fee; it cannot be offered twice', async () => {
    const item = await mint('Tide');
    await ok(h.call(endpoints.nftBuy, { id: await sale(item.code, { mode: 'normal', price: '100' }) }, { token: token('bob') }));
    const resell = (input: Record<string, unknown>, who = 'bob') =>
      h.call(endpoints.nftResell, { item_id: item.id, mode: 'normal', price: '200', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, confirm: 1, ...input }, { token: token(who) });
    const refusals: [Record<string, unknown>, string, string][] = [
      [{}, 'cat', 'You can only sell artworks you own.'],
      [{ end_at: h.ctx.now() - 1, start_at: h.ctx.now() - 2 }, 'bob', 'The end time must be in the future.'],
      [{ end_at: h.ctx.now() }, 'bob', 'The end time must be later than the start time.'],
      [{ price: '0' }, 'bob', 'The price must be more than 0 with at most 6 decimals.'],
      [{ mode: 'auction' }, 'bob', 'The bid increment must be more than 0 with at most 6 decimals.'],
      [{ confirm: 0 }, 'bob', 'Please confirm: a resale cannot be withdrawn.'],
    ];
    for (const [input, who, message] of refusals) expect(await resell(input, who)).toEqual({ type: 'error', message });
    const listed = await ok(resell({}));
    expect(listed).toMatchObject({ status: 'review', resale: true, price: '200' });
    expect(await resell({})).toEqual({ type: 'error', message: 'This artwork is already on sale.' });
    expect((await ok(h.call(endpoints.nftList, {}, {}))).data).toEqual([]);
    expect(await h.call(endpoints.nftBuy, { id: listed.id }, { token: token('cat') })).toEqual({ type: 'error', message: 'This sale is waiting for review.' });

    // The operator sees it among what waits for review.
    expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).nft_sales).toMatchObject([{ id: listed.id, code: item.code, mode: 'normal', price: '200' }]);
    expect(await h.call(endpoints.reviewNft, { id: listed.id, approve: 0 }, { operator: true })).toEqual({ type: 'error', message: 'Please give a reason for the refusal: the user sees it.' });
    await ok(h.call(endpoints.reviewNft, { id: listed.id, approve: 1 }, { operator: true }));
    expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).nft_sales).toEqual([]);
    await ok(h.call(endpoints.nftBuy, { id: listed.id }, { token: token('cat') }));
    // 200 paid: 5 % royalty (10) to the artist, 2.5 % fee (5) to the house, 185 to bob.
    expect((await usdt(token('bob'))).available).toBe('1085.000000');
    expect((await usdt(token('cat'))).available).toBe('800.000000');
    expect((await usdt(artist.token)).available).toBe('107.500000');
    const { item: after, history } = await ok(h.call(endpoints.nftItem, { code: item.code }, {}));
    expect(after.owner.uid).toBe(await uidOf(h, token('cat')));
    expect(history.map((row) => row.price)).toEqual(['200', '100']);
  });
});

describe('auctions', () => {
  test('several bidders to the end: a late bid extends it, the others get their deposits back, the winner pays', async () => {
    const item = await mint('Ember');
    const id = await sale(item.code, { mode: 'auction', price: '50', increment: '5', deposit: '10' });
    const bid = (who: string, price: string) => h.call(endpoints.nftBid, { code: item.code, price }, { token: token(who) });
    expect(await bid('bob', '50')).toEqual({ type: 'error', message: 'Please pay the deposit of 10 USDT before bidding.' });
    for (const who of ['bob', 'cat', 'dan']) await ok(h.call(endpoints.nftDeposit, { id }, { token: token(who) }));
    expect(await h.call(endpoints.nftDeposit, { id }, { token: token('bob') })).toEqual({ type: 'error', message: 'You have paid the deposit for this auction already.' });
    expect(await usdt(token('bob'))).toMatchObject({ available: '990.000000', frozen: '10.000000' });

    expect(await bid('bob', '49.99')).toEqual({ type: 'error', message: 'Your bid must be at least 50 USDT.' });
    expect(await ok(bid('bob', '50'))).toMatchObject({ current_bid: '50', min_bid: '55', bids: 1 });
    expect(await bid('bob', '60')).toEqual({ type: 'error', message: 'Yours is the highest bid already.' });
    expect(await bid('cat', '54.99')).toEqual({ type: 'error', message: 'Your bid must be at least 55 USDT.' });
    await ok(bid('cat', '55'));
    const end = (await ok(h.call(endpoints.nftDetail, { id }, {}))).sale?.end_at ?? 0;
    // Two minutes before the end a bid moves the end to five minutes from then.
    h.advance(end - h.ctx.now() - 2 * MINUTE);
    const late = await ok(bid('dan', '70'));
    expect(late.end_at).toBe(h.ctx.now() + 5 * MINUTE);
    expect((await ok(h.call(endpoints.nftMessages, {}, { token: token('cat') }))).data.map((message) => [message.kind, message.amount])).toEqual([['outbid', '70']]);
    expect((await ok(h.call(endpoints.nftBids, { id }, {}))).data.map((row) => [row.price, row.leading])).toEqual([
      ['70', true],
      ['55', false],
      ['50', false],
    ]);

    // The old end passes: nothing ends yet. The new one: dan must pay within a day.
    h.advance(2 * MINUTE);
    expect(await jobs()).toMatchObject({ auctions: 0 });
    expect(await bid('bob', '80')).toMatchObject({ type: 'ok' });
    h.advance(5 * MINUTE);
    expect(await bid('cat', '90')).toEqual({ type: 'error', message: 'This sale has ended.' });
    expect(await jobs()).toMatchObject({ auctions: 1 });
    expect(await jobs()).toMatchObject({ auctions: 0 });
    // Bob's later bid of 80 won.
    const [order] = (await ok(h.call(endpoints.nftOrders, {}, { token: token('bob') }))).data;
    expect(order).toMatchObject({ kind: 'auction', status: 'to_pay', price: '80', deposit: '10', pay_by: h.ctx.now() + 24 * HOUR });
    for (const who of ['cat', 'dan']) expect(await usdt(token(who))).toMatchObject({ available: '1000.000000', frozen: '0.000000' });
    // Over: no bid leads any more; the returned deposit's message names the artwork.
    expect((await ok(h.call(endpoints.nftBids, { id }, {}))).data.every((row) => !row.leading)).toBe(true);
    expect((await ok(h.call(endpoints.nftMessages, {}, { token: token('cat') }))).data[0]).toMatchObject({ kind: 'returned', amount: '10', item: { code: item.code } });
    expect(await usdt(token('bob'))).toMatchObject({ frozen: '10.000000' });
    expect(await h.call(endpoints.nftPay, { id: order?.id ?? 0 }, { token: token('cat') })).toEqual({ type: 'error', message: 'There is no such order.' });

    const paid = await ok(h.call(endpoints.nftPay, { id: order?.id ?? 0 }, { token: token('bob') }));
    expect(paid).toMatchObject({ status: 'paid' });
    expect(await usdt(token('bob'))).toMatchObject({ available: '920.000000', frozen: '0.000000' });
    expect((await usdt(artist.token)).available).toBe('78.000000');
    expect(await h.call(endpoints.nftPay, { id: order?.id ?? 0 }, { token: token('bob') })).toEqual({ type: 'error', message: 'This order is paid already.' });
    expect((await ok(h.call(endpoints.nftMine, {}, { token: token('bob') }))).items.data.map((row) => row.code)).toEqual([item.code]);
  });

  test('a winner who does not pay in a day forfeits the deposit to the seller; the item stays and can be offered again', async () => {
    const item = await mint('Frost');
    const id = await sale(item.code, { mode: 'auction', price: '50', increment: '5', deposit: '10', start_at: h.ctx.now() + MINUTE });
    await ok(h.call(endpoints.nftDeposit, { id }, { token: token('bob') }));
    expect(await h.call(endpoints.nftBid, { code: item.code, price: '50' }, { token: token('bob') })).toEqual({ type: 'error', message: 'This sale has not started yet.' });
    h.advance(MINUTE);
    await ok(h.call(endpoints.nftBid, { code: item.code, price: '50' }, { token: token('bob') }));
    h.advance(HOUR);
    await jobs();
    h.advance(24 * HOUR + 1);
    expect(await jobs()).toMatchObject({ expired: 1 });
    const [order] = (await ok(h.call(endpoints.nftOrders, { status: 'all' }, { token: token('bob') }))).data;
    expect(order).toMatchObject({ status: 'expired' });
    expect(await h.call(endpoints.nftPay, { id: order?.id ?? 0 }, { token: token('bob') })).toEqual({ type: 'error', message: 'The time to pay this order is over: the deposit was forfeited.' });
    expect(await usdt(token('bob'))).toMatchObject({ available: '990.000000', frozen: '0.000000' });
    expect((await usdt(artist.token)).available).toBe('10.000000');
    expect((await ok(h.call(endpoints.nftItem, { code: item.code }, {}))).item).toMatchObject({ owner: { uid: artist.uid }, listing: null });
    await sale(item.code, { mode: 'normal', price: '40' });
  });
});

describe('blind boxes', () => {
  /** The published rule, written again here from its description (server/nft/fair.ts). */
  const verify = (seed: string, codes: string[], commitment: string, openings: { number: number; code: string }[]) => {
    expect(
      createHash('sha256')
        .update(`${seed}:${codes.join(',')}`)
        .digest('hex'),
    ).toBe(commitment);
    const list = [...codes];
    for (let i = list.length - 1; i > 0; i--) {
      const j = createHmac('sha256', seed).update(`swap:${i}`).digest().readUInt32BE(0) % (i + 1);
      [list[i], list[j]] = [list[j] ?? '', list[i] ?? ''];
    }
    for (const opening of openings) expect(opening.code).toBe(list[opening.number - 1]);
  };

  test('every opening follows from the seed published once sold out; the commitment was published before', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await mint(`Shard ${i}`)).code);
    const { id, commitment } = await ok(
      h.call(
        endpoints.createBox,
        { name: 'Shards', description: 'Five shards.', cover: '/uploads/box.png', price: '20', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, codes: codes.join(',') },
        { operator: true },
      ),
    );
    const before = (await ok(h.call(endpoints.nftDetail, { id, mode: 'box' }, {}))).box;
    expect(before).toMatchObject({ commitment, seed: null, total: 5, sold: 0, contents: codes });
    expect(
      await h.call(
        endpoints.createBox,
        { name: 'Again', description: '', cover: '/uploads/box.png', price: '20', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, codes: codes[0] ?? '' },
        { operator: true },
      ),
    ).toEqual({
      type: 'error',
      message: 'This artwork is already on sale.',
    });

    const buyers = ['bob', 'cat', 'dan', 'bob', 'cat', 'dan'];
    const answers = await Promise.all(buyers.map((who) => h.call(endpoints.nftBuy, { id, mode: 'box' }, { token: token(who) })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(5);
    expect(answers.filter((answer) => answer.type !== 'ok').map((answer) => answer.message)).toEqual(['This blind box is sold out.']);
    let opened = 0;
    for (const who of ['bob', 'cat', 'dan']) {
      for (const unit of (await ok(h.call(endpoints.nftMine, {}, { token: token(who) }))).boxes) {
        const result = await ok(h.call(endpoints.nftOpenBox, { id: unit.id }, { token: token(who) }));
        expect(result.item?.owner.uid).toBe(await uidOf(h, token(who)));
        expect(await h.call(endpoints.nftOpenBox, { id: unit.id }, { token: token(who) })).toEqual({ type: 'error', message: 'This blind box is opened already.' });
        opened++;
      }
    }
    expect(opened).toBe(5);
    const box = (await ok(h.call(endpoints.nftDetail, { id, mode: 'box' }, {}))).box;
    expect(box?.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(box?.openings).toHaveLength(5);
    verify(box?.seed ?? '', box?.contents ?? [], commitment, box?.openings ?? []);
    // 5 x 20 paid, less the 2.5 % fee.
    expect((await usdt(artist.token)).available).toBe('97.500000');

    // The documented command says so from what the server publishes, and catches a changed opening.
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const run = (): Promise<{ code: number; out: string }> =>
      new Promise((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'scripts/nft-verify.ts', String(id), '--url', url], (error, stdout) => resolve({ code: error ? Number(error.code) : 0, out: stdout }));
      });
    const good = await run();
    expect(good).toMatchObject({ code: 0 });
    expect(good.out).toContain('Every opening follows from the published seed.');
    const [first, second] = box?.openings ?? [];
    const swap = async (number: number, code: string) => {
      const item = await h.ctx.db.selectFrom('nft_items').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      await h.ctx.db.updateTable('nft_box_units').set({ item_id: item.id }).where('box_id', '=', id).where('number', '=', number).execute();
    };
    await swap(1, second?.code ?? '');
    const bad = await run();
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('MISMATCH');
    await swap(1, first?.code ?? '');
  });

  test('when the sale ends, the items no box drew are free again; someone else’s box cannot be opened', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await mint(`Leaf ${i}`)).code);
    const { id } = await ok(
      h.call(
        endpoints.createBox,
        { name: 'Leaves', description: '', cover: '/uploads/box.png', price: '20', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, codes: codes.join(',') },
        { operator: true },
      ),
    );
    await ok(h.call(endpoints.nftBuy, { id, mode: 'box' }, { token: token('bob') }));
    const [unit] = (await ok(h.call(endpoints.nftMine, {}, { token: token('bob') }))).boxes;
    expect(await h.call(endpoints.nftOpenBox, { id: unit?.id ?? 0 }, { token: token('cat') })).toEqual({ type: 'error', message: 'There is no such blind box of yours.' });
    h.advance(HOUR);
    expect(await h.call(endpoints.nftBuy, { id, mode: 'box' }, { token: token('cat') })).toEqual({ type: 'error', message: 'This sale has ended.' });
    expect(await jobs()).toMatchObject({ boxes: 1 });
    const box = (await ok(h.call(endpoints.nftDetail, { id, mode: 'box' }, {}))).box;
    // Opened after the end, the box still gives the item its number drew.
    const opened = await ok(h.call(endpoints.nftOpenBox, { id: unit?.id ?? 0 }, { token: token('bob') }));
    verify(box?.seed ?? '', codes, box?.commitment ?? '', [{ number: 1, code: opened.item?.code ?? '' }]);
    const free = await Promise.all(codes.filter((code) => code !== opened.item?.code).map(async (code) => (await ok(h.call(endpoints.nftItem, { code }, {}))).item.listing));
    expect(free).toEqual([null, null]);
  });
});

test('favourites toggle; messages are read one by one by their owner only', async () => {
  const item = await mint('Moss');
  expect(await ok(h.call(endpoints.nftCollect, { item_id: item.id }, { token: token('bob') }))).toEqual({ collected: true, favourites: 1 });
  expect(await ok(h.call(endpoints.nftCollect, { item_id: item.id }, { token: token('cat') }))).toEqual({ collected: true, favourites: 2 });
  expect(await ok(h.call(endpoints.nftCollect, { item_id: item.id }, { token: token('bob') }))).toEqual({ collected: false, favourites: 1 });
  await ok(h.call(endpoints.nftBuy, { id: await sale(item.code, { mode: 'normal', price: '10' }) }, { token: token('bob') }));
  const { data, unread } = await ok(h.call(endpoints.nftMessages, {}, { token: artist.token }));
  expect(unread).toBe(1);
  expect(await h.call(endpoints.nftRead, { id: data[0]?.id ?? 0 }, { token: token('bob') })).toEqual({ type: 'error', message: 'There is no such message.' });
  expect(await ok(h.call(endpoints.nftRead, { id: data[0]?.id ?? 0 }, { token: artist.token }))).toEqual({ unread: 0 });
  const page = await ok(h.call(endpoints.nftArtist, { uid: artist.uid }, {}));
  expect(page.artist).toMatchObject({ name: 'Ada Vale', works: 1 });
});

test('the demo seeds two artists, artworks of every medium on sale, an auction and a blind box, once; it offers a demo work again when its sale is over', async () => {
  expect(await seedDemoNft(h.ctx)).toBe(true);
  expect(await seedDemoNft(h.ctx)).toBe(false);
  const cards = (await ok(h.call(endpoints.nftList, { limit: 50 }, {}))).data;
  expect(cards.map((card) => [card.name, card.mode, card.phase]).sort()).toEqual(
    [
      ['Bloom', 'normal', 'live'],
      ['Night Signals box', 'box', 'live'],
      ['Night Tone', 'auction', 'live'],
      ['Shoal', 'normal', 'upcoming'],
      ['Signal', 'normal', 'live'],
      ['Static', 'normal', 'live'],
      ['Tide I', 'normal', 'live'],
      ['Tide II', 'auction', 'live'],
    ].sort(),
  );
  const signal = cards.find((card) => card.name === 'Signal');
  const detail = (await ok(h.call(endpoints.nftDetail, { id: signal?.id ?? 0 }, {}))).sale;
  expect(detail?.item.media).toMatchObject({ type: 'video', mime: 'video/mp4' });
  expect(detail?.item.media.duration_ms).toBeGreaterThan(1000);
  const video = await h.app.inject({ method: 'GET', url: detail?.item.media.url ?? '', headers: { range: 'bytes=0-99' } });
  expect(video.statusCode).toBe(206);
  // The test's own artist first, then the demo's two.
  expect((await ok(h.call(endpoints.nftArtists, {}, {}))).data.map((artist) => [artist.name, artist.works])).toEqual([
    ['Ada Vale', 0],
    ['Ada Vale', 4],
    ['Kenji Mori', 7],
  ]);
  // A week on, the fixed-price sales are over: the job frees the items and the demo offers them again.
  h.advance(8 * DAY);
  await jobs();
  expect(await keepDemoNft(h.ctx)).toBeGreaterThanOrEqual(5);
  expect(await keepDemoNft(h.ctx)).toBe(0);
});

test("every operator action on the marketplace is audited under the operator's name; a refused one is not", async () => {
  const item = await mint('Ember');
  const collection = await ok(h.call(endpoints.createCollection, { artist_uid: artist.uid, name: 'Fire', description: '', cover: '/uploads/fire.png' }, { operator: true }));
  const id = await sale(item.code, { mode: 'normal', price: '50' });
  await ok(h.call(endpoints.nftBuy, { id }, { token: token('bob') }));
  const resale = await ok(h.call(endpoints.nftResell, { item_id: item.id, mode: 'normal', price: '80', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, confirm: 1 }, { token: token('bob') }));
  expect(await h.call(endpoints.reviewNft, { id: resale.id, approve: 0 }, { operator: true })).toMatchObject({ type: 'error' });
  await ok(h.call(endpoints.reviewNft, { id: resale.id, approve: 0, reason: 'Blurry photo' }, { operator: true }));
  const boxed = await mint('Spark');
  const box = await ok(
    h.call(endpoints.createBox, { name: 'Sparks', description: '', cover: '/uploads/box.png', price: '5', start_at: h.ctx.now(), end_at: h.ctx.now() + HOUR, codes: boxed.code }, { operator: true }),
  );
  // The test's funds come through the operator's adjustments: left out.
  const audited = await h.ctx.db.selectFrom('operator_actions').select(['operator', 'action', 'target', 'detail']).where('action', '!=', 'adjust').orderBy('id').execute();
  expect(audited).toEqual([
    { operator: 'local', action: 'nft-artist', target: `uid:${artist.uid}`, detail: 'Ada Vale' },
    { operator: 'local', action: 'nft-item', target: `nft:${item.code}`, detail: `uid:${artist.uid} rare Ember` },
    { operator: 'local', action: 'nft-collection', target: `nft_collection:${collection.id}`, detail: `uid:${artist.uid} Fire` },
    { operator: 'local', action: 'nft-sale', target: `nft_sale:${id}`, detail: `${item.code} normal 50` },
    { operator: 'local', action: 'reject-nft-sale', target: `nft_sale:${resale.id}`, detail: 'Blurry photo' },
    { operator: 'local', action: 'nft-item', target: `nft:${boxed.code}`, detail: `uid:${artist.uid} rare Spark` },
    { operator: 'local', action: 'nft-box', target: `nft_box:${box.id}`, detail: `Sparks 5: ${boxed.code}` },
  ]);
});
