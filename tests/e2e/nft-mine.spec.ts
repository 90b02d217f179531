import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatAmount } from '../../contract/format';
import { Money } from '../../contract/money';
import { baseUrl, codeFromOutbox, dataDir, E2E_PASSWORD, ledgerCheck, loggedInUser, ok, open, operator, post, uidOf, uniqueEmail } from './support';

/**
 * The signed-in user's side of the NFT marketplace, on artworks an operator mints through
 * the operator API (media uploaded, an artist of the demo's): My NFTs with what they own
 * (held on this exchange), a blind box opened with its reveal, a resale sent for review
 * (the fee and royalty shown first, the end checked against the start, confirmed as
 * irreversible), a bid outbid and its message read. The suite's server approves nothing
 * by itself, so the resale waits for review.
 */
const HOUR = 3_600_000;

type Answer = { type: string; message: unknown };

/** The operator API, with the local operator's token from the server's DATA_DIR. */
async function asOperator<T>(page: Page, route: string, fields: Record<string, string | number>): Promise<T> {
  const token = fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();
  const response = await page.request.post(`${baseUrl()}/api/operator/${route}`, {
    headers: { 'x-operator-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString(),
  });
  const answer = (await response.json()) as Answer;
  if (answer.type !== 'ok') throw new Error(`${route}: ${JSON.stringify(answer.message)}`);
  return answer.message as T;
}

/** A PNG of one colour, uploaded as an artwork's media (the answer is URL-encoded JSON, as /upload's). */
async function uploadImage(page: Page, colour: string): Promise<{ media_id: number; path: string }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const token = fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();
  const response = await page.request.post(`${baseUrl()}/api/operator/nft/upload`, {
    headers: { 'x-operator-token': token },
    multipart: { file: { name: 'art.png', mimeType: 'image/png', buffer: png } },
  });
  const answer = JSON.parse(decodeURIComponent(await response.text())) as Answer;
  if (answer.type !== 'ok') throw new Error(`upload: ${JSON.stringify(answer.message)}`);
  return answer.message as { media_id: number; path: string };
}

test('my NFTs: the collection, a blind box opened, a resale for review, a bid outbid and its message', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now()).slice(-6);
  const name = (label: string) => `${label} ${stamp}`;
  const artists = (await (await page.request.get(`${baseUrl()}/api/bind_box/getArtist`)).json()) as { message: { data: { uid: number }[] } };
  const artist = artists.message.data[0]?.uid;
  if (!artist) throw new Error('the demo has no artist');
  const mint = async (label: string, colour: string, rarity = 'rare') => {
    const media = await uploadImage(page, colour);
    return asOperator<{ id: number; code: string }>(page, 'nft/item', { artist_uid: artist, name: name(label), description: `${label}, for the spec.`, rarity, media_id: media.media_id });
  };
  const now = Date.now();
  const owned = await mint('Harbour', '#1f6fc4');
  const ownedSale = await asOperator<{ id: number }>(page, 'nft/sale', { code: owned.code, mode: 'normal', price: '100', start_at: now, end_at: now + HOUR });
  const boxed = [await mint('Shell', '#c77dff', 'epic'), await mint('Kelp', '#2ebd85', 'common')];
  const boxCover = await uploadImage(page, '#f7a54a');
  const box = await asOperator<{ id: number }>(page, 'nft/box', {
    name: name('Sea Box'),
    description: 'Two of the sea.',
    cover: boxCover.path,
    price: '10',
    start_at: now,
    end_at: now + HOUR,
    codes: boxed.map((item) => item.code).join(','),
  });
  const auctioned = await mint('Storm', '#f6465d');
  const auction = await asOperator<{ id: number }>(page, 'nft/sale', { code: auctioned.code, mode: 'auction', price: '20', increment: '2', deposit: '5', start_at: now, end_at: now + 2 * HOUR });

  const user = await loggedInUser(page, 'nft-mine');
  operator('adjust', String(await uidOf(page, user.token)), 'USDT', '500', '--account', 'change', 'NFT spec');
  const send = (route: string, fields: Record<string, string | number>) =>
    post(page, baseUrl(), route, Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])), user.token);
  ok(await send('bind_box/buyNFT', { id: ownedSale.id, request_id: `nft-${stamp}-1` }));
  ok(await send('bind_box/buyNFT', { id: box.id, mode: 'box', request_id: `nft-${stamp}-2` }));
  ok(await send('bind_box/marginNFT', { id: auction.id }));
  ok(await send('bind_box/auctionNFT', { code: auctioned.code, price: '20' }));
  ok(await send('bind_box/collect', { item_id: auctioned.id }));

  await test.step('My NFTs shows what the user holds, on this exchange, and the box to open', async () => {
    await open(page, '/pages/nft/mine');
    await expect(page.getByTestId('nft-held')).toContainText('Held on this exchange');
    await expect(page.getByTestId('nft-artwork')).toHaveCount(1);
    await expect(page.getByTestId('nft-artwork')).toContainText(name('Harbour'));
    await expect(page.getByTestId('nft-to-open')).toHaveText('1');
  });

  await test.step('opening the blind box reveals what it drew, with the way to check the draw', async () => {
    await page.getByTestId('nft-tab-boxes').click();
    await page.getByTestId('nft-box-open').click();
    const reveal = page.getByRole('dialog');
    await expect(reveal.getByTestId('nft-reveal-name')).toHaveText(new RegExp(`^(${name('Shell')}|${name('Kelp')})$`));
    const drawn = (await reveal.getByTestId('nft-reveal-name').textContent()) ?? '';
    await expect(reveal.getByTestId('nft-rarity')).toHaveText(drawn.startsWith('Shell') ? 'Epic' : 'Common');
    await expect(reveal.getByTestId('nft-reveal-verify')).toHaveText("Drawn from the box's published seed — you can verify it after the sale");
    await expect(reveal.getByTestId('nft-reveal-verify')).toHaveAttribute('href', `#/pages/nft/artworkDetail?id=${box.id}&mode=box`);
    await reveal.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('nft-box')).toContainText(`Opened: ${drawn}`);
    await expect(page.getByTestId('nft-to-open')).toHaveCount(0);
    await page.getByTestId('nft-tab-artworks').click();
    await expect(page.getByTestId('nft-artwork')).toHaveCount(2);
  });

  const currency = ((await (await page.request.get(`${baseUrl()}/api/bind_box/getNftCurrency`)).json()) as { message: { fee_rate: string; royalty_rate: string }[] }).message[0];
  if (!currency) throw new Error('no NFT currency');

  await test.step('a resale shows what the seller receives, checks the times, and waits for review once confirmed', async () => {
    await page
      .getByTestId('nft-artwork')
      .filter({ hasText: name('Harbour') })
      .click();
    await expect(page.getByTestId('nft-item-owner')).toHaveText('You');
    await expect(page.getByTestId('nft-image')).toBeVisible();
    await page.getByTestId('nft-resell').click();
    await page.locator('input[name=price]').fill('80');
    const fee = new Money(80).times(currency.fee_rate);
    const royalty = new Money(80).times(currency.royalty_rate);
    await expect(page.getByTestId('nft-proceeds-receive')).toHaveText(`${formatAmount(new Money(80).minus(fee).minus(royalty).toFixed(), 'en')} USDT`);
    const start = await page.locator('input[name=start]').inputValue();
    await page.locator('input[name=end]').fill(start);
    await page.getByTestId('nft-resell-submit').click();
    await expect(page.getByText('The end time must be later than the start time.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Two hours on, in the phone's time zone, as the field writes it.
    const later = await page.evaluate((ms) => {
      const at = new Date(Date.now() + ms);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    }, 2 * HOUR);
    await page.locator('input[name=end]').fill(later);
    await page.getByTestId('nft-resell-submit').click();
    await expect(page.getByTestId('nft-resell-confirm')).toContainText('cannot be withdrawn');
    await page.getByTestId('dialog-confirm').click();
    await expect(page.getByTestId('nft-resell-result')).toHaveAttribute('data-status', 'review');
    await expect(page.getByTestId('nft-resell-result')).toContainText('Waiting for review');
    await page.getByTestId('nft-resell-view').click();
    await expect(page.getByTestId('nft-item-listing')).toContainText('waiting for review');
    await expect(page.getByTestId('nft-resell')).toHaveCount(0);
  });

  await test.step('outbid: the bid shows it, and the message leads to the auction once read', async () => {
    const rivalEmail = uniqueEmail('nft-rival');
    const asked = Date.now() - 1000;
    ok(await post(page, baseUrl(), 'sms_mail', { user_string: rivalEmail, scene: 'register' }));
    const rival = ok(await post(page, baseUrl(), 'user/register', { user_string: rivalEmail, code: await codeFromOutbox(rivalEmail, asked), password: E2E_PASSWORD, re_password: E2E_PASSWORD }));
    operator('adjust', String(await uidOf(page, rival)), 'USDT', '100', '--account', 'change', 'NFT spec');
    ok(await post(page, baseUrl(), 'bind_box/marginNFT', { id: String(auction.id) }, rival));
    ok(await post(page, baseUrl(), 'bind_box/auctionNFT', { code: auctioned.code, price: '22' }, rival));

    await open(page, '/pages/nft/mine?tab=bids');
    await expect(
      page
        .getByTestId('nft-bid')
        .filter({ hasText: name('Storm') })
        .getByTestId('nft-bid-state'),
    ).toHaveText('Outbid');
    await page.getByTestId('nft-tab-favourites').click();
    await expect(page.getByTestId('nft-favourites').getByTestId('nft-artwork')).toContainText(name('Storm'));
    await page.getByTestId('nft-tab-messages').click();
    await expect(page.getByTestId('nft-unread')).toHaveText('1');
    const message = page.getByTestId('nft-message').first();
    await expect(message).toContainText(`You were outbid on ${name('Storm')}: the bid is now 22 USDT.`);
    await expect(message).toHaveAttribute('data-unread', 'true');
    await message.click();
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/nft/artworkDetail');
    expect(page.url()).toContain(`id=${auction.id}`);
    await page.goBack();
    await expect(page.getByTestId('nft-message').first()).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('nft-unread')).toHaveCount(0);
  });

  ledgerCheck();
});
