import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, dataDir, loggedInUser, open, secondPhone, toast, uidOf } from './support';

/**
 * The console's Products screen on a laptop: an operator grants a fresh user a bonus
 * coupon, which the user finds in the app's coupon list and redeems; a fee discount
 * granted by mistake is revoked with a reason; a fiat rate is edited after a confirmation
 * that names the change, and a bad one is refused in words. The e2e server is shared: the
 * rate edited is AED, which no other spec reads, and it is set back to what it was.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');
}

async function aedRate(page: Page): Promise<string> {
  const answer = (await (await page.request.get(`${baseUrl()}/api/wallet/getRateCurrency`)).json()) as { message: { fiats: { code: string; rate: string }[] } };
  const rate = answer.message.fiats.find((fiat) => fiat.code === 'AED')?.rate;
  if (!rate) throw new Error('no AED rate');
  return rate;
}

test('an operator grants a bonus coupon the user redeems in the app, revokes a fee discount, and edits a fiat rate after a confirmation', async ({ page, browser }) => {
  const { phone, close } = await secondPhone(browser);
  const user = await loggedInUser(phone, 'coupons');
  const uid = await uidOf(phone, user.token);

  await test.step('sign in and open Products, then Coupons', async () => {
    await signIn(page);
    await page.getByTestId('nav-products').click();
    await page.getByTestId('products-tab-coupons').click();
    await expect(page).toHaveURL(/#\/products\?tab=coupons$/);
    await expect(page.getByRole('heading', { name: 'Grant a coupon' })).toBeVisible();
  });

  await test.step('grant the user a 12.34 USDT bonus for 7 days; the list shows it, granted by local', async () => {
    await page.getByTestId('coupon-uid').fill(String(uid));
    await page.getByTestId('coupon-kind').selectOption('bonus');
    await page.getByTestId('coupon-currency').selectOption('USDT');
    await page.getByTestId('coupon-amount').fill('12.34');
    await page.getByTestId('coupon-days').fill('7');
    await expect(page.getByTestId('coupon-summary')).toContainText(`UID ${uid} receives: 12.34 USDT bonus, valid until`);
    // A double click is one grant: the request id is the same.
    await page.getByTestId('coupon-grant').dblclick();
    await expect(toast(page)).toContainText(`granted to UID ${uid}: 12.34 USDT bonus.`);
    await page.getByTestId('coupons-filter-uid').fill(String(uid));
    await page.getByTestId('coupons-filter-apply').click();
    // Hers: the welcome coupons and the bonus, granted once.
    const rows = page.getByTestId('coupons-table').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('12.34 USDT bonus');
    await expect(rows.first()).toContainText('by local');
    await expect(rows.first().getByTestId('coupon-status')).toHaveText('Available');
  });

  await test.step("the user finds it in the app's coupon list and redeems it", async () => {
    await open(phone, '/pages/setting/coupon');
    const card = phone.getByTestId('coupon-bonus').filter({ hasText: '12.34 USDT bonus' });
    await expect(card).toBeVisible();
    await card.getByTestId('coupon-use').click();
    await expect(toast(phone)).toHaveText('12.34 USDT has been added to your coin account.');
    await expect(phone.getByTestId('coupon-bonus').filter({ hasText: '12.34 USDT bonus' })).toHaveCount(0);
  });

  await test.step('the console shows it used; a spot fee discount granted by mistake is revoked with a reason, and the app lists it with the expired ones', async () => {
    await page.getByTestId('coupons-filter-apply').click();
    const bonusRow = page.getByTestId('coupons-table').locator('tbody tr').filter({ hasText: '12.34 USDT bonus' });
    await expect(bonusRow.getByTestId('coupon-status')).toHaveText('Used');

    await page.getByTestId('coupon-kind').selectOption('fee_discount');
    await page.getByTestId('coupon-scope').selectOption('spot');
    await page.getByTestId('coupon-percent').fill('150');
    await expect(page.getByTestId('coupon-grant')).toBeDisabled();
    await page.getByTestId('coupon-percent').fill('30');
    await page.getByTestId('coupon-grant').click();
    await expect(toast(page)).toContainText('30% off spot trading fees');
    const row = page.getByTestId('coupons-table').locator('tbody tr').filter({ hasText: '30% off spot trading fees' });
    await row.getByTestId('coupon-revoke-open').click();
    await row.getByTestId('coupon-revoke-confirm').click();
    await expect(row.getByRole('alert')).toHaveText('Write the reason first.');
    await row.getByTestId('coupon-revoke-reason').fill('Granted to the wrong user');
    await row.getByTestId('coupon-revoke-confirm').click();
    await expect(toast(page)).toHaveText('The coupon has been revoked.');
    await expect(row.getByTestId('coupon-status')).toHaveText('Revoked');
    await expect(row).toContainText('by local');

    await open(phone, '/pages/setting/coupon');
    await phone.getByRole('tab', { name: 'Expired' }).click();
    await expect(phone.getByTestId('coupon-fee_discount').filter({ hasText: '30% off spot trading fees' })).toContainText('Withdrawn by the exchange on');
  });

  const before = await aedRate(page);
  try {
    await test.step('a bad rate is refused in words; a good one is set after a confirmation naming the change, and says who set it', async () => {
      await page.getByTestId('products-tab-rates').click();
      await expect(page).toHaveURL(/#\/products\?tab=rates$/);
      const aed = page.getByTestId('rate-row-AED');
      await aed.getByTestId('rate-edit-AED').click();
      await aed.getByTestId('rate-input').fill('0');
      await aed.getByTestId('rate-review').click();
      await aed.getByTestId('rate-confirm-yes').click();
      await expect(toast(page)).toHaveText('A rate is a positive decimal in units per US dollar, with at most 12 decimals (USD is always 1).');
      await expect(aed.getByTestId('rate-value')).toHaveText(before);

      await aed.getByTestId('rate-input').fill('3.7');
      await aed.getByTestId('rate-review').click();
      await expect(aed.getByTestId('rate-confirm')).toContainText(`Set AED from ${before} to 3.7 per US dollar?`);
      await aed.getByTestId('rate-confirm-yes').click();
      await expect(toast(page)).toHaveText('Done.');
      await expect(aed.getByTestId('rate-value')).toHaveText('3.7');
      await expect(aed).toContainText('Operator local');
      expect(await aedRate(page)).toBe('3.7');
    });
  } finally {
    // The shared server's rate as it was: other specs read the rates table.
    const response = await page.request.post(`${baseUrl()}/api/operator/rate`, {
      headers: { 'x-operator-token': operatorToken(), 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams({ code: 'AED', rate: before }).toString(),
    });
    expect(((await response.json()) as { type: string }).type).toBe('ok');
    await close();
  }
});
