import { expect, test } from '@playwright/test';
import { baseUrl, loggedInUser, open, toast } from './support';

/**
 * Stocks at spot on the phone: US dollars converted from USDT in the coin account, then
 * a share of AAPL bought at market from the pair screen's Buy, on the same spot panel
 * and book as coins.
 */
test('a stock bought at spot with dollars converted from USDT', async ({ page }) => {
  const { token } = await loggedInUser(page, 'stock');
  const converted = await page.request.post(`${baseUrl()}/api/user/Transfer`, {
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ number: '2000', from_currency_id: '3', to_currency_id: '26' }).toString(),
  });
  expect(await converted.json()).toMatchObject({ type: 'ok' });

  await open(page, '/pages/market/detail?symbol=AAPLUSD');
  await page.getByTestId('trade-buy').click();
  await expect(page).toHaveURL(/mode=spot/);
  await expect(page.getByTestId('spot-usd-note')).toContainText('Stocks trade in USD held in your coin account.');
  await expect(page.getByTestId('spot-available')).toContainText(/1,99\d\.\d+ USD/);
  await page.getByTestId('spot-type-market').click();
  await page.getByTestId('spot-amount').fill('1');
  await page.getByTestId('spot-submit').click();
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText(/^Order filled: 1\.00 AAPL at [\d,.]+ on average\.$/);
  await page.getByTestId('spot-side-sell').click();
  await expect(page.getByTestId('spot-available')).toContainText(/0\.99\d* AAPL|1\.00 AAPL/);
});
