import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, dataDir, E2E_PASSWORD, loggedInUser, ok, post, secondPhone, toast, uidOf } from './support';

/**
 * The console's Users screen on a laptop: an operator finds a user by e-mail, reads the
 * balances, ledger and orders, ends the session of one device, freezes the account (the
 * user's app is refused, its login too, in words the user reads) and unfreezes it, and
 * finds each action in the audit under the operator's name.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const REASON = 'The owner called: phone stolen (ticket 4411).';

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

/** A login through the API from a laptop's browser: another session, another device. */
async function laptopLogin(page: Page, email: string): Promise<{ type: string; message: string }> {
  const response = await page.request.post(`${baseUrl()}/api/user/login`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': WINDOWS },
    data: new URLSearchParams({ user_string: email, password: E2E_PASSWORD }).toString(),
  });
  return (await response.json()) as { type: string; message: string };
}

const infoType = async (page: Page, token: string) => ((await (await page.request.get(`${baseUrl()}/api/user/info`, { headers: { authorization: token } })).json()) as { type: string }).type;

test('an operator finds a user, reads the balances and ledger, ends a session, freezes and unfreezes the account, and finds it all in the audit', async ({ page, browser }) => {
  const { phone, close } = await secondPhone(browser);
  const user = await loggedInUser(phone, 'users');
  const uid = await uidOf(phone, user.token);
  // A resting order, so the orders show one and the coin account a frozen part.
  ok(await post(phone, baseUrl(), 'coin/trade', { currency_id: '1', legal_id: '3', type: 'buy', amount: '0.01', target_price: '50000' }, user.token));
  const laptop = ok(await laptopLogin(page, user.email));

  await test.step('sign in and find the user by e-mail', async () => {
    await page.goto(`${baseUrl()}/admin/`);
    await page.getByLabel('Operator token').fill(operatorToken());
    await page.getByTestId('sign-in-submit').click();
    await page.getByTestId('nav-users').click();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    await page.getByTestId('users-query').fill(user.email.toUpperCase());
    await page.getByTestId('users-query').press('Enter');
    await expect(page).toHaveURL(/#\/users\?query=/);
    await expect(page.getByTestId('users-row')).toHaveCount(1);
    await expect(page.getByTestId('users-row')).toContainText(user.email);
    await page.getByTestId(`user-link-${uid}`).click();
    await expect(page).toHaveURL(new RegExp(`#/users/${uid}\\?tab=overview$`));
    await expect(page.getByRole('heading', { name: `UID ${uid}` })).toBeVisible();
    await expect(page.getByTestId('user-status')).toHaveText('Active');
  });

  await test.step('the balances and the ledger, as the ledger holds them', async () => {
    await expect(page.getByTestId('user-profile')).toContainText(user.email);
    const usdt = page.getByTestId('balance-change-USDT');
    // 10,000 USDT from the sign-up gift, 500 of it frozen for the order.
    await expect(usdt.locator('td').nth(0)).toHaveText('9,500.00');
    await expect(usdt.locator('td').nth(1)).toHaveText('500.00');
    await page.getByTestId('user-tab-ledger').click();
    await expect(page).toHaveURL(/tab=ledger$/);
    const rows = page.getByTestId('ledger-row');
    await expect(rows).toHaveCount(3);
    // The order's freeze: out of available, into frozen, under the order's reference.
    await expect(rows.filter({ hasText: 'spot_freeze' })).toHaveCount(2);
    await expect(rows.filter({ hasText: 'spot_freeze' }).filter({ hasText: '+500.00 USDT' })).toContainText('Coin · Frozen');
    await expect(rows.filter({ hasText: 'spot_freeze' }).filter({ hasText: '-500.00 USDT' })).toContainText('Coin · Available');
    await expect(rows.nth(2)).toContainText('member_gift');
    await expect(rows.nth(2)).toContainText('signup-gift:');
    await expect(rows.nth(2)).toContainText('+10,000.00 USDT');
    await page.getByTestId('ledger-account').selectOption('lever');
    await expect(page.getByTestId('ledger-empty')).toBeVisible();
    await page.getByTestId('user-tab-orders').click();
    await expect(page.getByTestId('orders-spot-row')).toHaveCount(1);
    await expect(page.getByTestId('orders-spot-row')).toContainText('Limit');
    await expect(page.getByTestId('orders-spot-row')).toContainText('Open');
  });

  await test.step("the laptop's session is ended from the console: its token stops working, the phone's does not", async () => {
    await page.getByTestId('user-tab-sessions').click();
    const active = page.locator('[data-testid^="session-"][data-state="active"]');
    await expect(active).toHaveCount(2);
    const laptopRow = active.filter({ hasText: 'Firefox 121 · Windows 10' });
    await laptopRow.getByRole('button', { name: 'End' }).click();
    await expect(toast(page)).toHaveText('The session has been ended on that device.');
    await expect(active).toHaveCount(1);
    await expect(page.locator('[data-state="ended"]')).toContainText('Firefox 121 · Windows 10');
    expect(await infoType(page, laptop)).toBe('999');
    expect(await infoType(page, user.token)).toBe('ok');
  });

  await test.step("freezing asks a reason, says what it does, and the user's app is refused at once, its login too", async () => {
    await page.getByTestId('freeze-open').click();
    await expect(page.getByTestId('freeze-form')).toContainText('Its balances, orders and positions stay as they are and follow the market.');
    await page.getByTestId('freeze-confirm').click();
    await expect(page.getByRole('alert')).toHaveText('Write the reason first.');
    await page.getByLabel('Reason for freezing').fill(REASON);
    await page.getByTestId('freeze-confirm').click();
    await expect(toast(page)).toHaveText('The account is frozen: every session has ended and it cannot log in.');
    await expect(page.getByTestId('user-status')).toHaveText('Frozen');
    await expect(page.getByTestId('user-frozen')).toContainText(`by local: ${REASON}`);
    await expect(page.locator('[data-state="active"]')).toHaveCount(0);

    // The phone's app: its next request is answered 999, so it drops the token and goes to
    // the login, where the account is said frozen.
    await phone.goto(`${baseUrl()}/h5/#/pages/setting/sessions`);
    await expect(phone.locator('html')).toHaveAttribute('data-screen', '/pages/common/login');
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await phone.getByPlaceholder('Enter your e-mail').fill(user.email);
    await phone.getByPlaceholder('Enter your password').fill(E2E_PASSWORD);
    await phone.getByTestId('login-submit').click();
    await expect(toast(phone)).toHaveText('This account is frozen. Please contact customer service.');
    expect(await infoType(page, user.token)).toBe('999');
    // Frozen accounts alone in the search.
    await page.getByTestId('users-back').click();
    await page.getByTestId('users-frozen').check();
    await page.getByTestId('users-submit').click();
    await expect(page).toHaveURL(/frozen=/);
    await expect(page.getByTestId(`user-link-${uid}`)).toBeVisible();
    for (const status of await page.getByTestId('users-row').locator('td:last-child').allTextContents()) expect(status).toBe('Frozen');
    await page.getByTestId(`user-link-${uid}`).click();
  });

  await test.step('unfreezing with a reason lets the user log in again', async () => {
    await page.getByTestId('unfreeze-open').click();
    await page.getByLabel('Reason for unfreezing').fill('The owner proved who they are at the desk.');
    await page.getByTestId('freeze-confirm').click();
    await expect(toast(page)).toHaveText('The account is unfrozen: the user can log in again.');
    await expect(page.getByTestId('user-status')).toHaveText('Active');
    await phone.getByPlaceholder('Enter your e-mail').fill(user.email);
    await phone.getByPlaceholder('Enter your password').fill(E2E_PASSWORD);
    await phone.getByTestId('login-submit').click();
    await expect(phone.locator('html')).not.toHaveAttribute('data-screen', '/pages/common/login');
    expect(await phone.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
  });

  await test.step('the audit, filtered by the user, names the operator on each action', async () => {
    await page.getByTestId('user-audit').click();
    await expect(page).toHaveURL(new RegExp(`#/audit\\?target=uid(%3A|:)${uid}$`));
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('unfreeze-user');
    await expect(rows.nth(0)).toContainText('The owner proved who they are at the desk.');
    await expect(rows.nth(1)).toContainText('freeze-user');
    await expect(rows.nth(1)).toContainText(REASON);
    await expect(rows.nth(2)).toContainText('revoke-session');
    for (const row of await rows.all()) await expect(row.locator('td').nth(1)).toHaveText('local');
  });
  await close();
});
