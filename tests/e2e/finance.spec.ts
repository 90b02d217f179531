import { expect, test } from '@playwright/test';
import { ledgerCheck, loggedInUser, open, toast } from './support';

/** The finance tab: lock 1,000 USDT for 5 days, see it in progress, redeem it early at the spec's penalty. */
test('a user locks USDT in lock-up mining from the finance tab and redeems it early', async ({ page }) => {
  await loggedInUser(page, 'finance');
  await open(page, '/pages/financial/index');
  await expect(page.getByTestId('tab-finance')).toHaveAttribute('aria-current', 'page');
  const product = page.getByTestId('lockup-product-1');
  await expect(product).toContainText('USDT · 5 days');
  await expect(product).toContainText('0.3% ~ 0.4%');
  await page.getByTestId('lockup-buy-1').click();

  const sheet = page.getByTestId('lockup-sheet');
  await sheet.locator('input[name=amount]').fill('50');
  await page.getByTestId('lockup-confirm').click();
  await expect(sheet).toContainText('The minimum is 100 USDT.');
  // The rate grows with the amount: 1,000 of 100..10,000 is a tenth of the way from 0.3 % to 0.4 %.
  await sheet.locator('input[name=amount]').fill('1000');
  await expect(page.getByTestId('lockup-rate')).toHaveText('0.309%');
  await expect(page.getByTestId('lockup-daily')).toHaveText('3.09 USDT');
  await page.screenshot({ path: test.info().outputPath('finance-buy.png') });
  await page.getByTestId('lockup-confirm').click();
  await expect(toast(page)).toHaveText('Locked. Your first payout comes in 24 hours.');

  const order = page.getByTestId('lockup-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('1,000.00 USDT');
  await expect(order).toContainText('0/5 days');
  await page.screenshot({ path: test.info().outputPath('finance-orders.png') });

  await open(page, '/pages/fund/assets');
  const usdt = page.getByTestId('holding-change-USDT');
  await expect(usdt.getByTestId('available')).toHaveText('9,000.00');
  // The assets tab's mining view: the 1,000 USDT locked, worth $1,000.00.
  await page.getByTestId('account-mining').click();
  const mined = page.getByTestId('holding-mining-USDT');
  await expect(mined.getByTestId('locked')).toHaveText('1,000.00');
  await expect(mined).toContainText('$1,000.00');

  await open(page, '/pages/financial/index');
  await page.getByTestId('finance-active').click();
  await page.getByTestId('lockup-redeem').click();
  // 0.4 % x 5 days left x 1,000.
  await expect(page.getByRole('dialog')).toContainText('Redeeming now costs 20.00 USDT. 980.00 USDT returns to your coin account');
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText('Redeemed: 980.00 USDT is back in your coin account.');
  await page.getByTestId('finance-closed').click();
  await expect(page.getByTestId('lockup-order')).toContainText('Redeemed early');
  await expect(page.getByTestId('lockup-order')).toContainText('Penalty 20.00 USDT');

  await open(page, '/pages/fund/assets');
  await expect(page.getByTestId('holding-change-USDT').getByTestId('available')).toHaveText('9,980.00');
  await page.getByTestId('account-mining').click();
  await expect(page.getByTestId('mining-empty')).toHaveText('Nothing is locked yet. Lock-up mining pays a daily yield');
  expect(ledgerCheck()).toContain('no violations');
});
