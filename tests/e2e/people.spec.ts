import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { approveIdentity, baseUrl, codeFromOutbox, loggedInUser, ok, open, operator, post, prepareForWithdrawals, secondPhone, toast, uidOf, uniqueEmail } from './support';

const PHOTO = path.resolve(import.meta.dirname, '../fixtures/avatar.png');
const NAME = 'Grace Hopper';

/** A user with e-mail and mobile bound and level 1 passed (by the operator), as cards need. */
async function verifiedUser(page: Page, label: string) {
  const user = await loggedInUser(page, label);
  await prepareForWithdrawals(page, user, '135790');
  ok(await post(page, baseUrl(), 'user/real', { real_type: '1', id_type: 'passport', name: NAME, card_id: 'X1234567' }, user.token));
  approveIdentity(await uidOf(page, user.token), 1);
  return user;
}

test('identity: level 1 and level 2 with photos, each approved by the operator command', async ({ page }) => {
  const user = await loggedInUser(page, 'identity');
  await prepareForWithdrawals(page, user, '135790');
  const uid = await uidOf(page, user.token);

  await test.step('level 1: document type, name and number', async () => {
    await open(page, '/pages/setting/real');
    await expect(page.getByTestId('real-state')).toContainText('Not verified');
    await expect(page.getByTestId('real-state')).toContainText('Verify your identity to withdraw.');
    await page.locator('input[name=name]').fill(NAME);
    await page.locator('input[name=card_id]').fill('X1234567');
    await page.getByTestId('real-submit-1').click();
    await expect(toast(page)).toHaveText('Submitted. We will review it shortly.');
    await expect(page.getByTestId('real-state')).toContainText('We are reviewing your level 1 submission.');
    approveIdentity(uid, 1);
    await page.reload();
    await expect(page.getByTestId('real-state')).toContainText('Level 1 verified');
    await expect(page.getByTestId('real-state')).toContainText(/Withdrawals up to [\d.]+ BTC per 24 hours/);
  });

  await test.step('level 2: both photos are required, then reviewed', async () => {
    await page.getByTestId('real-front').setInputFiles(PHOTO);
    await expect(page.getByTestId('real-front-button').locator('img')).toHaveAttribute('src', /^\/uploads\//);
    await page.getByTestId('real-submit-2').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByTestId('real-back').setInputFiles(PHOTO);
    await expect(page.getByTestId('real-back-button').locator('img')).toHaveAttribute('src', /^\/uploads\//);
    const front = await page.getByTestId('real-front-button').locator('img').getAttribute('src');
    expect((await page.request.get(`${baseUrl()}${front}`)).status()).toBe(200);
    await page.getByTestId('real-submit-2').click();
    await expect(toast(page)).toHaveText('Submitted. We will review it shortly.');
    await expect(page.getByTestId('real-state')).toContainText('We are reviewing your level 2 submission.');
    // The photos are the reviewer's alone now: gone from the public folder, saved by the operator command.
    expect((await page.request.get(`${baseUrl()}${front}`)).status()).toBe(404);
    const saved = path.join(os.tmpdir(), `kestrel-e2e-front-${uid}.png`);
    expect(operator('file', front ?? '', saved).trim()).toBe(saved);
    expect(fs.readFileSync(saved).subarray(1, 4).toString()).toBe('PNG');
    fs.rmSync(saved);
    approveIdentity(uid, 2);
    await page.reload();
    await expect(page.getByTestId('real-state')).toContainText('Level 2 verified');
    await expect(page.getByText('You have passed both levels.')).toBeVisible();
    await expect(page.getByTestId('real-state')).toContainText(/Withdrawals up to [\d.]+ BTC/);
  });
});

test('bank cards: verification first; each kind refuses a missing field, then saves and reopens filled', async ({ page }) => {
  await test.step('before level 1 a card leads to verification', async () => {
    await loggedInUser(page, 'nocard');
    // The card on file is asked for as the screen opens: the 998 answer sends the user
    // on to verification (the server refuses to save a card before it too: cards.test.ts).
    await open(page, '/pages/setting/bank');
    await expect(toast(page)).toHaveText('Please complete identity verification first.');
    await expect(page.getByTestId('real-mark')).toBeVisible();
  });

  await verifiedUser(page, 'cards');
  await test.step('a domestic card: the missing branch is named, then it saves', async () => {
    await open(page, '/pages/setting/bank');
    await page.locator('input[name=real_name]').fill(NAME);
    await page.locator('input[name=bank_name]').fill('Bank of Example');
    await page.locator('input[name=bank_account]').fill('6222020200112233');
    await page.locator('input[name=bank_dizhi]').fill('Springfield');
    await page.locator('input[name=phone]').fill('+1 415 555 0100');
    await page.getByTestId('bank-save').click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the branch of the bank.');
    await page.locator('input[name=bank_network]').fill('Main Street branch');
    await page.getByTestId('bank-save').click();
    await expect(toast(page)).toHaveText('Your bank card has been saved.');
    // The form goes back once saved; opened again, it shows the card on file.
    await expect(page.locator('html')).not.toHaveAttribute('data-screen', '/pages/setting/bank');
    await open(page, '/pages/setting/bank');
    await expect(page.locator('input[name=bank_network]')).toHaveValue('Main Street branch');
    await expect(page.locator('input[name=bank_account]')).toHaveValue('6222020200112233');
  });

  await test.step('a card abroad: ABA number, SWIFT code and cardholder address', async () => {
    await open(page, '/pages/setting/bank_international');
    await page.locator('input[name=real_name]').fill(NAME);
    await page.locator('input[name=wechat_account]').fill('1 Infinite Loop, Cupertino, USA');
    await page.locator('input[name=bank_name]').fill('Example Bank NA');
    await page.locator('input[name=bank_dizhi]').fill('270 Park Avenue, New York');
    await page.locator('input[name=bank_account]').fill('000123456789');
    await page.locator('input[name=alipay_account]').fill('021000021');
    await page.locator('input[name=phone]').fill('+1 212 555 0100');
    await page.getByTestId('bank-save').click();
    await expect(page.getByRole('alert')).toHaveText('Please enter the SWIFT code: 8 or 11 letters and digits.');
    await page.locator('input[name=swift_code]').fill('chasus33');
    await page.getByTestId('bank-save').click();
    await expect(toast(page)).toHaveText('Your bank card has been saved.');
    await expect(page.locator('html')).not.toHaveAttribute('data-screen', '/pages/setting/bank_international');
    await open(page, '/pages/setting/bank_international');
    await expect(page.locator('input[name=swift_code]')).toHaveValue('CHASUS33');
    await expect(page.locator('input[name=alipay_account]')).toHaveValue('021000021');
  });
});

test('invitations: a friend registers through the shared link and is listed; their trade pays a rebate', async ({ page, browser }) => {
  await loggedInUser(page, 'inviter');
  await open(page, '/pages/setting/share');
  // The code arrives with the screen's data: wait for it, then read it.
  await expect(page.getByTestId('share-code')).toHaveText(/^[A-Z0-9]{6,16}$/);
  const code = (await page.getByTestId('share-code').textContent()) ?? '';
  await expect(page.getByTestId('share-qr')).toBeVisible();
  const link = (await page.getByTestId('share-link').textContent()) ?? '';
  expect(link).toBe(`${baseUrl()}/h5/#/pages/common/register?invite=${code}`);
  const saving = page.waitForEvent('download');
  await page.getByTestId('share-save').click();
  expect((await saving).suggestedFilename()).toBe(`invite-${code}.png`);

  const friendEmail = uniqueEmail('friend');
  const { phone: friend, close: closeFriend } = await secondPhone(browser);
  await test.step('the friend opens the link: the code is filled in', async () => {
    await friend.goto(link);
    await expect(friend.locator('input[name=invite]')).toHaveValue(code);
    await friend.getByPlaceholder('Enter your e-mail').fill(friendEmail);
    const asked = Date.now() - 1000;
    await friend.getByTestId('get-code').click();
    await friend.getByPlaceholder('6-digit code').fill(await codeFromOutbox(friendEmail, asked));
    await friend.getByPlaceholder('More than 6 characters').fill('friend-secret-1');
    await friend.getByPlaceholder('Enter the password again').fill('friend-secret-1');
    await friend.getByTestId('register-submit').click();
    await expect(toast(friend)).toHaveText('Welcome! Your account is ready.');
  });

  await test.step('the inviter sees the friend, partly hidden', async () => {
    await open(page, '/pages/setting/invite');
    await expect(page.getByTestId('invitee-count')).toHaveText('1');
    await expect(page.getByTestId('invitee')).toHaveCount(1);
    await expect(page.getByTestId('invitee')).toContainText(friendEmail.slice(0, 2));
    await expect(page.getByTestId('invitee')).not.toContainText(friendEmail);
  });

  await test.step("the friend's market buy pays the inviter a share of its fee", async () => {
    const token = await friend.evaluate(() => localStorage.getItem('token'));
    ok(await post(friend, baseUrl(), 'coin/trade', { currency_id: '1', legal_id: '3', type: 'buy', amount: '0.001' }, token ?? ''));
    await open(page, '/pages/setting/invite');
    await page.getByTestId('invite-tab-rebates').click();
    await expect(page.getByTestId('rebate')).toHaveCount(1);
    await expect(page.getByTestId('rebate')).toContainText(/^\+0\.\d+ BTC/);
    await expect(page.getByTestId('rebate')).toContainText('Spot fee of UID');
  });
  await closeFriend();
});

test.describe('on a new phone', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the notice pops once; a banner opens its article; news and help pages open', async ({ page }) => {
    await open(page, '/');
    const notice = page.getByRole('dialog');
    await expect(notice.getByTestId('pop-notice')).toBeVisible();
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('banner').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await test.step('a banner opens its article', async () => {
      const title = (await page.getByTestId('banner').first().locator('strong').textContent()) ?? '';
      expect(title.length).toBeGreaterThan(3);
      await page.getByTestId('banner').first().click();
      await expect(page.getByTestId('article').locator('h1')).toHaveText(title);
      await expect(page.getByTestId('article-content')).not.toBeEmpty();
    });

    await test.step('the news list opens an article', async () => {
      await open(page, '/');
      const first = page.getByTestId('news').first();
      const headline = (await first.locator('strong').textContent()) ?? '';
      await first.click();
      await expect(page.getByTestId('article').locator('h1')).toHaveText(headline);
    });

    await test.step('customer service and the help pages', async () => {
      await open(page, '/');
      await page.getByTestId('shortcut-service').click();
      await expect(page.getByTestId('service')).toContainText('support@kestrel.local');
      await page.getByTestId('menu-faq').click();
      await expect(page.getByTestId('faq-entry').first()).toBeVisible();
      await page.getByTestId('faq-entry').first().locator('summary').click();
      await expect(page.getByTestId('faq-entry').first()).toHaveAttribute('open', '');
      await open(page, '/pages/common/aboutus');
      await expect(page.getByTestId('page-aboutus')).not.toBeEmpty();
      await open(page, '/pages/setting/operational_compliance');
      await expect(page.getByTestId('page-operational_compliance')).toContainText(/paper/i);
    });

    await test.step('an outside web page says it opens in the browser, and does (the app frames no outside page)', async () => {
      await open(page, `/pages/common/webView?url=${encodeURIComponent('https://help.example.org/fees')}&title=Fees`);
      await expect(page.getByTestId('web-view')).toContainText('help.example.org');
      await expect(page.getByTestId('web-view-open')).toHaveAttribute('target', '_blank');
      await expect(page.getByTestId('web-view-open')).toHaveAttribute('href', 'https://help.example.org/fees');
      await open(page, `/pages/common/webView?url=${encodeURIComponent('javascript:alert(1)')}`);
      await expect(page.getByText('This link cannot be opened here.')).toBeVisible();
    });
  });
});
