import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, codeFromOutbox, dataDir, E2E_PASSWORD, ledgerCheck, loggedInUser, ok, open, post, toast, uniqueEmail } from './support';

/**
 * The NFT marketplace's public side on the phone (spec 3, 4, 5, 9): buying a fixed-price
 * artwork, paying an auction's deposit and bidding while another bidder's bids arrive
 * live, buying a blind box, and playing an artwork's video. Each test makes its own
 * artworks and sales through the operator API, for one of the demo's artists.
 */

const PNG = path.resolve(import.meta.dirname, '../fixtures/avatar.png');
const CLIP = path.resolve(import.meta.dirname, '../../server/nft/demo/clip.mp4');
const MINUTE = 60_000;

interface Envelope<T> {
  type: string;
  message: T;
}

/** An answer of the API, JSON or (uploads) URL-encoded JSON text; its message, or the test fails with it. */
async function messageOf<T>(response: { text(): Promise<string> }): Promise<T> {
  const text = await response.text();
  const answer = JSON.parse(text.startsWith('{') ? text : decodeURIComponent(text)) as Envelope<T>;
  if (answer.type !== 'ok') throw new Error(JSON.stringify(answer));
  return answer.message;
}

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

async function operatorPost<T>(page: Page, route: string, fields: Record<string, string | number>): Promise<T> {
  const data = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  return messageOf<T>(await page.request.post(`${baseUrl()}/api/operator/${route}`, { headers: { 'x-operator-token': operatorToken(), 'content-type': 'application/x-www-form-urlencoded' }, data }));
}

/** An artwork's media, uploaded by the operator (POST /operator/nft/upload). */
async function uploadMedia(page: Page, file: string, mimeType: string): Promise<number> {
  const multipart = { file: { name: path.basename(file), mimeType, buffer: fs.readFileSync(file) } };
  return (await messageOf<{ media_id: number }>(await page.request.post(`${baseUrl()}/api/operator/nft/upload`, { headers: { 'x-operator-token': operatorToken() }, multipart }))).media_id;
}

/** An image a user uploads (a cover for an audio or video artwork). */
async function uploadImage(page: Page, token: string): Promise<string> {
  const multipart = { file: { name: 'cover.png', mimeType: 'image/png', buffer: fs.readFileSync(PNG) } };
  return messageOf<string>(await page.request.post(`${baseUrl()}/api/upload`, { headers: { authorization: token }, multipart }));
}

/** One of the demo's artists: new artworks are minted in their name, owned by them. */
async function demoArtist(page: Page): Promise<number> {
  const artists = await messageOf<{ data: { uid: number }[] }>(await page.request.get(`${baseUrl()}/api/bind_box/getArtist`));
  const artist = artists.data[0];
  if (!artist) throw new Error('the demo has no NFT artist');
  return artist.uid;
}

/** A new artwork of the artist, from a new upload (an image unless told), with its code. */
async function mint(page: Page, name: string, options: { rarity?: string; media?: number; cover?: string } = {}): Promise<{ id: number; code: string }> {
  const media = options.media ?? (await uploadMedia(page, PNG, 'image/png'));
  return operatorPost(page, 'nft/item', {
    artist_uid: await demoArtist(page),
    name,
    description: `${name}, made for the NFT spec.`,
    rarity: options.rarity ?? 'rare',
    media_id: media,
    ...(options.cover ? { cover: options.cover } : {}),
  });
}

/** A sale of an artwork that started a minute ago. */
async function sale(page: Page, code: string, fields: Record<string, string | number>): Promise<number> {
  const now = Date.now();
  return (await operatorPost<{ id: number }>(page, 'nft/sale', { code, start_at: now - MINUTE, end_at: now + 2 * 60 * MINUTE, ...fields })).id;
}

/** A second account, through the API only (the page stays the first user's). */
async function otherUser(page: Page): Promise<string> {
  const email = uniqueEmail('bidder');
  const asked = Date.now() - 1000;
  ok(await post(page, baseUrl(), 'sms_mail', { user_string: email, scene: 'register' }));
  const code = await codeFromOutbox(email, asked);
  return ok(await post(page, baseUrl(), 'user/register', { user_string: email, code, password: E2E_PASSWORD, re_password: E2E_PASSWORD }));
}

/** USDT in the user's coin account. */
async function usdt(page: Page, token: string): Promise<{ available: string; frozen: string }> {
  const response = await page.request.post(`${baseUrl()}/api/wallet/detail`, {
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    data: 'currency=3&type=change',
  });
  return messageOf<{ available: string; frozen: string }>(response);
}

const unique = () => String(Date.now()).slice(-6);

test('a fixed-price artwork: the card on the home, the sale, the confirmation, then the artwork is mine', async ({ page }) => {
  const user = await loggedInUser(page, 'nft-buy');
  const name = `Quiet Harbour ${unique()}`;
  const item = await mint(page, name, { rarity: 'epic' });
  const id = await sale(page, item.code, { mode: 'normal', price: '12.5' });
  const before = await usdt(page, user.token);

  await open(page, '/pages/nft/nft?mode=normal');
  await expect(page.getByTestId('nft-held')).toHaveText('NFTs here live on this exchange, not on a blockchain.');
  const card = page.locator(`[data-testid=nft-card][data-mode=normal][data-id="${id}"]`);
  await expect(card).toContainText(name);
  await expect(card.getByTestId('nft-card-price')).toHaveText('12.5 USDT');
  await expect(card.getByTestId('nft-phase')).toHaveText('On sale');
  await expect(card.getByTestId('nft-countdown')).toHaveText(/^Ends in 01:5\d:\d\d$/);
  await card.click();

  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/nft/artworkDetail');
  await expect(page.getByTestId('nft-name')).toHaveText(name);
  await expect(page.getByTestId('nft-code')).toHaveText(item.code);
  await expect(page.getByTestId('nft-rarity').first()).toHaveText('Epic');
  await expect(page.getByTestId('nft-price')).toHaveText('12.5 USDT');
  await expect(page.getByTestId('nft-held')).toBeVisible();
  await page.getByTestId('nft-buy').click();

  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/nft/purchase');
  await expect(page.getByTestId('nft-buy-price')).toHaveText('12.5 USDT');
  await expect(page.getByTestId('nft-buy-after')).toHaveText(/USDT$/);
  await page.screenshot({ path: test.info().outputPath('nft-purchase.png') });
  await page.getByTestId('nft-buy-confirm').click();
  await expect(toast(page)).toHaveText(`${name} is yours.`);
  await expect(page).toHaveURL(new RegExp(`#/pages/nft/myNft\\?code=${item.code}$`));

  const after = await usdt(page, user.token);
  expect(Number(before.available) - Number(after.available)).toBeCloseTo(12.5, 6);
  const owned = await messageOf<{ items: { data: { code: string }[] } }>(
    await page.request.post(`${baseUrl()}/api/bind_box/getMyNFTs`, { headers: { authorization: user.token, 'content-type': 'application/x-www-form-urlencoded' }, data: '' }),
  );
  expect(owned.items.data.map((row) => row.code)).toContain(item.code);
  // Sold: the sale says so and nobody can buy it again.
  await open(page, `/pages/nft/artworkDetail?id=${id}`);
  await expect(page.getByTestId('nft-buy')).toHaveText('Sold');
  await expect(page.getByTestId('nft-buy')).toBeDisabled();
  ledgerCheck();
});

test('an auction: the deposit first, a bid below the minimum refused, then another bidder outbids live', async ({ page }) => {
  const user = await loggedInUser(page, 'nft-bid');
  const name = `Low Tide ${unique()}`;
  const item = await mint(page, name);
  const id = await sale(page, item.code, { mode: 'auction', price: '100', increment: '10', deposit: '20' });

  await open(page, `/pages/nft/artworkDetail?id=${id}`);
  await expect(page.getByTestId('nft-current-bid')).toHaveText('100 USDT');
  await expect(page.getByTestId('nft-min-bid')).toHaveText('100 USDT');
  await expect(page.getByTestId('nft-increment')).toHaveText('10 USDT');
  await expect(page.getByTestId('nft-deposit')).toHaveText('20 USDT');
  await expect(page.getByText('A bid in the last 5 minutes moves the end 5 minutes later.')).toBeVisible();

  // The deposit: what it is for, then frozen.
  await page.getByTestId('nft-pay-deposit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('20 USDT will be frozen in your coin account. It is returned when the auction ends, unless you win and do not pay within a day');
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText('Deposit paid: 20 USDT is frozen until the auction ends.');
  await expect(page.getByTestId('nft-my-deposit')).toHaveText('20 USDT frozen');
  expect(Number((await usdt(page, user.token)).frozen)).toBe(20);

  // The bid sheet starts at the minimum and refuses less.
  await page.getByTestId('nft-place-bid').click();
  const sheet = page.getByTestId('nft-bid-sheet');
  await expect(sheet.getByTestId('nft-bid-price')).toHaveValue('100');
  await sheet.getByTestId('nft-bid-price').fill('95');
  await sheet.getByTestId('nft-bid-confirm').click();
  await expect(sheet.getByRole('alert')).toHaveText('Your bid must be at least 100 USDT.');
  await sheet.getByTestId('nft-bid-price').fill('100');
  await page.screenshot({ path: test.info().outputPath('nft-bid-sheet.png') });
  await sheet.getByTestId('nft-bid-confirm').click();
  await expect(toast(page)).toHaveText('Bid placed: 100 USDT');
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('nft-min-bid')).toHaveText('110 USDT');
  await expect(page.getByTestId('nft-place-bid')).toHaveText('You have the highest bid');
  const ends = await page.getByTestId('nft-ends').textContent();

  // Another bidder, through the API: the screen follows the socket's push.
  const rival = await otherUser(page);
  ok(await post(page, baseUrl(), 'bind_box/marginNFT', { id: String(id) }, rival));
  ok(await post(page, baseUrl(), 'bind_box/auctionNFT', { code: item.code, price: '120' }, rival));
  await expect(page.getByTestId('nft-current-bid')).toHaveText('120 USDT');
  await expect(page.getByTestId('nft-min-bid')).toHaveText('130 USDT');
  await expect(page.getByTestId('nft-bids-count')).toHaveText('2');
  await expect(page.getByTestId('nft-leader')).toHaveText(/^u\*\*\*$/);
  const bids = page.getByTestId('nft-bid');
  await expect(bids).toHaveCount(2);
  await expect(bids.first()).toContainText('120 USDT');
  await expect(bids.first()).toContainText('Leading');
  await expect(bids.nth(1)).toContainText('You');
  await expect(page.getByTestId('nft-place-bid')).toHaveText('Place a bid');
  // Two hours left: no bid was late enough to move the end.
  await expect(page.getByTestId('nft-ends')).toHaveText(ends ?? '');
  await page.screenshot({ path: test.info().outputPath('nft-auction-live.png'), fullPage: true });

  // The sheet now starts at the new minimum.
  await page.getByTestId('nft-place-bid').click();
  await expect(page.getByTestId('nft-bid-sheet').getByTestId('nft-bid-price')).toHaveValue('130');
  ledgerCheck();
});

test('a blind box: its contents, the commitment and how to check it, then one box bought to open in Mine', async ({ page }) => {
  const user = await loggedInUser(page, 'nft-box');
  const suffix = unique();
  const codes: string[] = [];
  for (const [index, rarity] of (['common', 'common', 'legendary'] as const).entries()) codes.push((await mint(page, `Shell ${index + 1} ${suffix}`, { rarity })).code);
  const cover = await uploadImage(page, user.token);
  const now = Date.now();
  const box = await operatorPost<{ id: number; commitment: string }>(page, 'nft/box', {
    name: `Shell Box ${suffix}`,
    description: 'Three shells, one of them legendary.',
    cover,
    price: '7',
    start_at: now - MINUTE,
    end_at: now + 60 * MINUTE,
    codes: codes.join(','),
  });
  const before = await usdt(page, user.token);

  await open(page, `/pages/nft/artworkDetail?id=${box.id}&mode=box`);
  await expect(page.getByTestId('nft-name')).toHaveText(`Shell Box ${suffix}`);
  await expect(page.getByTestId('nft-price')).toHaveText('7 USDT');
  await expect(page.getByTestId('nft-box-total')).toHaveText('3');
  await expect(page.getByTestId('nft-box-remaining')).toHaveText('3');
  await expect(page.getByTestId('nft-box-items').getByTestId('nft-item')).toHaveCount(3);
  await expect(page.getByTestId('nft-box-odds')).toContainText('2 · 66.66%');
  await expect(page.getByTestId('nft-box-commitment')).toHaveText(box.commitment);
  await expect(page.getByTestId('nft-box-seed')).toHaveText('Published when the sale ends or sells out.');
  await page.getByTestId('nft-box-how').click();
  await expect(page.getByTestId('nft-box-verify')).toHaveText(`npm run nft:verify -- ${box.id}`);
  await page.getByTestId('nft-buy-box').click();

  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/nft/purchase_one');
  await expect(page.getByTestId('nft-buy-price')).toHaveText('7 USDT');
  await page.getByTestId('nft-buy-confirm').click();
  await expect(page.getByTestId('nft-box-bought')).toContainText(`You bought a box of Shell Box ${suffix}.`);
  await expect(page.getByTestId('nft-box-bought')).toContainText('Open it in Mine → Boxes');
  await page.screenshot({ path: test.info().outputPath('nft-box-bought.png') });

  const after = await usdt(page, user.token);
  expect(Number(before.available) - Number(after.available)).toBeCloseTo(7, 6);
  const mine = await messageOf<{ boxes: { box: { id: number }; opened_at: number | null }[] }>(
    await page.request.post(`${baseUrl()}/api/bind_box/getMyNFTs`, { headers: { authorization: user.token, 'content-type': 'application/x-www-form-urlencoded' }, data: '' }),
  );
  expect(mine.boxes.filter((unit) => unit.box.id === box.id).map((unit) => unit.opened_at)).toEqual([null]);
  await page.getByTestId('nft-to-boxes').click();
  await expect(page).toHaveURL(/#\/pages\/nft\/mine\?tab=boxes$/);
  ledgerCheck();
});

test("a video artwork plays on the phone from the sale's cover", async ({ page }) => {
  const user = await loggedInUser(page, 'nft-video');
  const name = `Moving Light ${unique()}`;
  const item = await mint(page, name, { media: await uploadMedia(page, CLIP, 'video/mp4'), cover: await uploadImage(page, user.token) });
  const id = await sale(page, item.code, { mode: 'normal', price: '3' });

  await open(page, `/pages/nft/artworkDetail?id=${id}`);
  await page.getByTestId('nft-video-link').click();
  await expect(page).toHaveURL(new RegExp(`#/pages/nft/artworkDetail_video\\?code=${item.code}$`));
  const video = page.getByTestId('nft-video');
  await expect(video).toHaveAttribute('playsinline', '');
  await expect(video).toHaveAttribute('preload', 'metadata');
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
});
