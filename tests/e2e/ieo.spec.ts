import { expect, test, type Page } from '@playwright/test';
import { baseUrl, ledgerCheck, loggedInUser, open, toast } from './support';

interface Subscriptions {
  message: { data: { amount: string; paid: string; status: string }[] };
}

/** The user's subscriptions and USDT (coin account) as the API tells them. */
async function standing(page: Page, token: string): Promise<{ subscriptions: Subscriptions['message']['data']; available: string; frozen: string }> {
  const headers = { authorization: token };
  const orders = (await (await page.request.get(`${baseUrl()}/api/user/project/order?page=1`, { headers })).json()) as Subscriptions;
  const usdt = (await (
    await page.request.post(`${baseUrl()}/api/wallet/detail`, { headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, data: 'currency=3&type=change' })
  ).json()) as { message: { available: string; frozen: string } };
  return { subscriptions: orders.message.data, available: usdt.message.available, frozen: usdt.message.frozen };
}

/**
 * IEO from the finance tab: a new user (10,000 USDT) opens KEST (in progress, 0.05 USDT,
 * at most 100,000 per user), is refused 100,001 KEST with the server's translated reason
 * and nothing changed, then subscribes 1,234.5 KEST: the sheet previews 61.725 USDT, the
 * subscription shows on the project and in my subscriptions, and the 61.725 USDT has
 * moved from available to frozen in the coin account.
 */
test('a user subscribes to KEST from the finance tab; above the cap is refused and changes nothing', async ({ page }) => {
  const user = await loggedInUser(page, 'ieo');
  const before = await standing(page, user.token);
  expect(before.subscriptions).toEqual([]);

  await open(page, '/pages/financial/index');
  await page.getByTestId('shelf-ieo').click();
  await expect(page.getByTestId('shelf-ieo')).toHaveAttribute('aria-selected', 'true');
  const kest = page.locator('[data-testid=ieo-project][data-project=KEST]');
  await expect(kest.getByTestId('ieo-status')).toHaveText('In progress');
  await expect(kest.getByTestId('ieo-price')).toHaveText('0.05 USDT');
  await expect(kest.getByTestId('ieo-countdown')).toHaveText(/^Ends in \dd \d\d:\d\d:\d\d$/);
  const hbr = page.locator('[data-testid=ieo-project][data-project=HBR]');
  await expect(hbr.getByTestId('ieo-status')).toHaveText('Warm-up');
  await expect(hbr.getByTestId('ieo-countdown')).toHaveText(/^Starts in (\dd )?\d\d:\d\d:\d\d$/);
  await kest.click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/ieo/subscribe');
  await expect(page.getByTestId('ieo-cap')).toHaveText('100,000 KEST');
  await expect(page.getByTestId('ieo-white-paper')).toHaveAttribute('target', '_blank');
  await expect(page.getByTestId('ieo-white-paper')).toHaveAttribute('rel', /noopener/);
  const applications = await page.getByTestId('ieo-applications').textContent();

  // Above the cap: the server refuses it in the user's language; no subscription, no USDT moved.
  await page.getByTestId('ieo-subscribe').click();
  const sheet = page.getByTestId('ieo-sheet');
  await expect(sheet.getByTestId('ieo-left')).toHaveText('100,000 KEST');
  await sheet.locator('input[name=amount]').fill('100001');
  await expect(sheet.getByTestId('ieo-cost')).toHaveText('5,000.05 USDT');
  await page.getByTestId('ieo-confirm').click();
  await expect(toast(page)).toHaveText(/^You can subscribe to at most 100,?000 KEST more\.$/);
  await expect(sheet).toBeVisible();
  expect(await standing(page, user.token)).toEqual(before);

  // 1,234.5 KEST at 0.05 USDT.
  await sheet.locator('input[name=amount]').fill('1234.5');
  await expect(sheet.getByTestId('ieo-cost')).toHaveText('61.725 USDT');
  await page.screenshot({ path: test.info().outputPath('ieo-sheet.png') });
  await page.getByTestId('ieo-confirm').click();
  await expect(toast(page)).toHaveText('Subscribed: 1,234.50 KEST. 61.725 USDT is frozen until the allocation.');
  await expect(sheet).toBeHidden();
  const mine = page.getByTestId('ieo-mine-result');
  await expect(mine.getByTestId('ieo-my-asked')).toHaveText('1,234.5 KEST');
  await expect(mine.getByTestId('ieo-my-frozen')).toHaveText('61.725 USDT');
  await expect(page.getByTestId('ieo-applications')).not.toHaveText(applications ?? '');

  await mine.getByTestId('ieo-mine-link').click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/ieo/order');
  const order = page.getByTestId('ieo-order');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('ieo-order-status')).toHaveText('Awaiting allocation');
  await expect(order.getByTestId('ieo-order-amount')).toHaveText('1,234.50 KEST');
  await expect(order.getByTestId('ieo-order-paid')).toHaveText('61.725 USDT');
  await page.screenshot({ path: test.info().outputPath('ieo-orders.png') });
  await order.click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/ieo/subscribe');
  await expect(page.getByTestId('ieo-detail')).toContainText('Kestrel Token');

  // The payment left the available part for the frozen part of the coin account.
  await open(page, '/pages/fund/assets');
  const usdt = page.getByTestId('holding-change-USDT');
  await expect(usdt.getByTestId('available')).toHaveText('9,938.275');
  await expect(usdt.getByTestId('frozen')).toHaveText('61.725');
  expect(ledgerCheck()).toContain('no violations');
});
