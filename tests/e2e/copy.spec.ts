import { expect, test, type Page } from '@playwright/test';
import { formatAmount } from '../../contract/format';
import { approveIdentity, baseUrl, codeFromOutbox, E2E_PASSWORD, ledgerCheck, loggedInUser, ok, open, operator, post, prepareForWithdrawals, toast, uidOf, uniqueEmail } from './support';

/** BTC/USDT, as the contract desk names it. */
const BTC = { currency_id: '1', legal_id: '3' };

/** Moves USDT from the exchange account to the futures account, as the transfer screen would. */
async function toFutures(page: Page, token: string, amount: string): Promise<void> {
  ok(await post(page, baseUrl(), 'wallet/change', { currency_id: '3', number: amount, from_field: 'change', to_field: 'lever' }, token));
}

/**
 * A trader made through the API, as a person would become one: registered, level 1 passed
 * (the operator command), USDT in the futures account, applied, and approved by an
 * operator with the command line (the suite's server approves nothing by itself).
 */
async function approvedTrader(page: Page, nickname: string): Promise<{ token: string; id: number }> {
  const email = uniqueEmail('trader');
  const asked = Date.now() - 1000;
  ok(await post(page, baseUrl(), 'sms_mail', { user_string: email, scene: 'register' }));
  const code = await codeFromOutbox(email, asked);
  const token = ok(await post(page, baseUrl(), 'user/register', { user_string: email, code, password: E2E_PASSWORD, re_password: E2E_PASSWORD }));
  ok(await post(page, baseUrl(), 'user/editNickname', { nickname }, token));
  // Level 1 is approved once an e-mail address and a mobile number are bound (as for withdrawals).
  await prepareForWithdrawals(page, { email, token }, '135790');
  ok(await post(page, baseUrl(), 'user/real', { real_type: '1', id_type: 'passport', name: 'Ada Lovelace', card_id: 'X7654321' }, token));
  const uid = await uidOf(page, token);
  approveIdentity(uid, 1);
  await toFutures(page, token, '1000');
  ok(await post(page, baseUrl(), 'follow/apply', { visibility: 'live' }, token));
  const pending = JSON.parse(operator('pending', '--json')) as { traders: { id: number; uid: number }[] };
  const applicant = pending.traders.find((row) => row.uid === uid);
  if (!applicant) throw new Error(`the trader application of ${uid} is not pending`);
  operator('approve-trader', String(applicant.id));
  return { token, id: applicant.id };
}

test('copy trading: follow a bot from the list, copy a trader at the same trade, self-hold the copy, stop following', async ({ page }) => {
  const nickname = `Trader${String(Date.now()).slice(-4)}`;
  const trader = await approvedTrader(page, nickname);

  await test.step('a visitor browses a trader, and following asks to log in first', async () => {
    await open(page, `/pages/follow/trader?id=${trader.id}`);
    await expect(page.getByTestId('trader-page').getByTestId('trader-name')).toHaveText(nickname);
    await page.getByTestId('follow-open').click();
    await expect(toast(page)).toHaveText('Please log in first');
  });

  const follower = await loggedInUser(page, 'follower');
  await toFutures(page, follower.token, '2000');

  await test.step('a bot is followed from the list, then no longer', async () => {
    await open(page, '/pages/follow/index');
    await page.getByTestId('copy-kind-bots').click();
    const bot = page.getByTestId('trader-card').filter({ hasText: 'Trend Bot' });
    await expect(bot.getByTestId('bot-badge')).toHaveText('Bot');
    await expect(bot.getByTestId('sparkline')).toBeVisible();
    await expect(page.getByTestId('trader-card').filter({ hasText: nickname })).toHaveCount(0);
    await bot.click();
    await expect(page.getByTestId('trader-stats')).toBeVisible();
    await page.getByTestId('follow-open').click();
    await expect(page.getByTestId('follow-share')).toContainText('10% of the net profit');
    await page.getByTestId('follow-submit').click();
    await expect(page.getByRole('alert')).toHaveText('Accept the copy trading agreement to follow.');
    await page.getByTestId('follow-agree').check();
    await page.getByTestId('follow-submit').click();
    await expect(toast(page)).toHaveText('You follow Trend Bot now.');
    await expect(page.getByTestId('following').getByTestId('follow-mode')).toHaveText("1 × the trader's lots");
    await page.getByTestId('follow-stop').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('You no longer follow Trend Bot.');
    await expect(page.getByTestId('follow-open')).toBeVisible();
  });

  await test.step('a person is followed with fixed lots', async () => {
    await open(page, '/pages/follow/index');
    await page.getByTestId('copy-kind-people').click();
    const card = page.getByTestId('trader-card').filter({ hasText: nickname });
    await expect(card.getByTestId('bot-badge')).toHaveCount(0);
    await card.click();
    await page.getByTestId('follow-open').click();
    await page.getByRole('tab', { name: 'Fixed lots' }).click();
    await page.getByTestId('follow-number').fill('2000');
    await page.getByTestId('follow-agree').check();
    await page.getByTestId('follow-submit').click();
    await expect(page.getByRole('alert')).toHaveText('Enter a whole number of lots from 1 to 1000.');
    await page.getByTestId('follow-number').fill('2');
    await page.getByTestId('follow-submit').click();
    await expect(toast(page)).toHaveText(`You follow ${nickname} now.`);
  });

  // The trader opens 3 lots of BTC/USDT at 10x: the follower's copy opens at the same trade, with 2 lots.
  const opened = ok(await post(page, baseUrl(), 'lever/submit', { ...BTC, direction: 'buy', type: 'market', share: '3', multiple: '10' }, trader.token)) as unknown as { id: number; price: string };
  let copyId = 0;

  await test.step('the copy shows in My copies with its live profit, and is self-held', async () => {
    await open(page, '/pages/copytrade/my');
    const follow = page.locator(`[data-testid="my-follow"][data-trader="${trader.id}"]`);
    await expect(follow.getByTestId('follow-status')).toHaveText('Following');
    await expect(follow.getByTestId('follow-open-copies')).toHaveText('1');
    const copy = page.getByTestId('copy-position').filter({ hasText: `Copy · ${nickname}` });
    await expect(copy).toHaveCount(1);
    await expect(copy.getByTestId('copy-lots')).toHaveText('2 · 0.02');
    await expect(copy).toContainText(formatAmount(opened.price, 'en'));
    await expect(copy.getByTestId('copy-profit')).toHaveText(/^[+-]?\d[\d,]*\.\d{2}$/);
    copyId = Number(await copy.getAttribute('data-position'));
    await page.getByTestId(`self-hold-${copyId}`).click();
    await expect(page.getByRole('dialog')).toContainText('No profit share is due on it.');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('The copy is yours alone now.');
    await expect(copy.getByTestId('self-held')).toHaveText('Self-held');
    await expect(page.getByTestId(`self-hold-${copyId}`)).toHaveCount(0);
  });

  await test.step("the trader's close leaves the self-held copy open", async () => {
    ok(await post(page, baseUrl(), 'lever/close', { id: String(opened.id) }, trader.token));
    const current = (await (await page.request.get(`${baseUrl()}/api/follow/historyTrade?status=current`, { headers: { authorization: follower.token } })).json()) as {
      message: { data: { position: { id: number; status: string } }[] };
    };
    expect(current.message.data.find((row) => row.position.id === copyId)?.position.status).toBe('open');
    await open(page, '/pages/transaction/contract_order');
    const position = page.locator(`[data-testid="position"][data-position="${copyId}"]`);
    await expect(position.getByTestId('copy-mark')).toContainText('Copy');
    await expect(position.getByTestId('self-held')).toHaveText('Self-held');
  });

  await test.step('following stops from My copies', async () => {
    await open(page, '/pages/copytrade/my');
    const follow = page.locator(`[data-testid="my-follow"][data-trader="${trader.id}"]`);
    await follow.getByTestId('my-follow-stop').click();
    await expect(page.getByRole('dialog')).toContainText(`Stop following ${nickname}?`);
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(`You no longer follow ${nickname}.`);
    await expect(follow.getByTestId('follow-status')).toHaveText('Stopped');
  });

  ledgerCheck();
});
