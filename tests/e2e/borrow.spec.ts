import { expect, test } from '@playwright/test';
import { hourlyInterest, priceAtLtv } from '../../contract/borrow';
import { formatAmount } from '../../contract/format';
import { Money } from '../../contract/money';
import { baseUrl, ledgerCheck, loggedInUser, open, toast } from './support';

interface BorrowConfig {
  collaterals: { code: string; precision: number; price: string }[];
  debt: { precision: number };
  apr: string;
}

/**
 * Borrowing on the phone: a new user with BTC (300 of the paper-trading USDT converted)
 * pledges all of it for 50 USDT, sees the loan's figures before confirming (a day's
 * interest, the margin-call and liquidation prices), finds it in My loans with its LTV,
 * repays the whole debt and has the BTC available again.
 */
test('a user borrows 50 USDT against BTC, sees the loan and its LTV, repays it in full and gets the BTC back', async ({ page }) => {
  const user = await loggedInUser(page, 'borrow');
  const response = await page.request.post(`${baseUrl()}/api/user/Transfer`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: user.token },
    data: new URLSearchParams({ number: '300', from_currency_id: '3', to_currency_id: '1', request_id: crypto.randomUUID().replace(/-/g, '') }).toString(),
  });
  const conversion = (await response.json()) as { type: string; message: { received: string } };
  expect(conversion.type).toBe('ok');
  const btc = new Money(conversion.message.received);
  const config = ((await (await page.request.get(`${baseUrl()}/api/borrow/config`)).json()) as { message: BorrowConfig }).message;
  const coin = config.collaterals.find((collateral) => collateral.code === 'BTC');
  if (!coin) throw new Error('BTC is not a collateral');
  const priceDecimals = coin.price.split('.')[1]?.length ?? 0;
  const btcText = `${formatAmount(btc.toFixed(coin.precision), 'en')} BTC`;

  await open(page, '/pages/common/borrowing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Borrowing');
  await expect(page.getByTestId('borrow-coin-BTC')).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByTestId('borrow-card');
  await expect(card).toContainText(`Available ${formatAmount(btc.toFixed(coin.precision), 'en')} BTC`);
  await expect(page.getByTestId('borrow-apr')).toHaveText('12%');

  // All of the BTC by the slider, 50 USDT: about a sixth of its value.
  await page.getByTestId('borrow-percent-100').click();
  await expect(page.locator('input[name=collateral]')).toHaveValue(btc.toFixed());
  await page.locator('input[name=amount]').fill('50');
  await expect(page.getByTestId('borrow-ltv')).toHaveText(/^1[5-8](\.\d{1,2})?%$/);
  await expect(page.getByTestId('borrow-ltv')).toHaveAttribute('data-health', 'safe');
  const daily = hourlyInterest('50', config.apr, 24, config.debt.precision);
  await expect(page.getByTestId('borrow-daily')).toHaveText(`${formatAmount(daily.toFixed(config.debt.precision), 'en')} USDT`);
  const marginCall = formatAmount(priceAtLtv('50', btc, '0.7').toDecimalPlaces(priceDecimals, Money.ROUND_UP).toFixed(priceDecimals), 'en');
  const liquidation = formatAmount(priceAtLtv('50', btc, '0.83').toDecimalPlaces(priceDecimals, Money.ROUND_UP).toFixed(priceDecimals), 'en');
  await expect(page.getByTestId('borrow-margin-price')).toHaveText(marginCall);
  await expect(page.getByTestId('borrow-liquidation-price')).toHaveText(liquidation);
  await page.screenshot({ path: test.info().outputPath('borrow-form.png') });

  await page.getByTestId('borrow-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Borrow 50.00 USDT against ${btcText}?`);
  await expect(dialog.getByTestId('borrow-liquidation-price')).toHaveText(liquidation);
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText(`Borrowed 50.00 USDT: ${btcText} is locked as collateral.`);

  // My loans: the open loan at the live price, and the BTC no longer available.
  const loan = page.getByTestId('loan');
  await expect(loan).toHaveCount(1);
  await expect(loan.getByTestId('loan-status')).toHaveText('Open');
  await expect(loan.getByTestId('loan-debt')).toHaveText('50.00 USDT');
  await expect(loan.getByTestId('loan-collateral')).toHaveText(btcText);
  await expect(loan.getByTestId('loan-ltv')).toHaveText(/^1[5-8](\.\d{1,2})?%$/);
  await expect(loan.getByTestId('loan-margin-price')).toHaveText(marginCall);
  await expect(loan.getByTestId('loan-liquidation-price')).toHaveText(liquidation);
  await expect(card).toContainText('Available 0.00 BTC');
  await page.screenshot({ path: test.info().outputPath('borrow-loan.png'), fullPage: true });

  // Repaid in full (no whole hour has passed: no interest yet), the BTC comes back.
  await loan.getByTestId('loan-repay').click();
  const sheet = page.getByTestId('repay-sheet');
  await expect(sheet.getByTestId('repay-debt')).toHaveText('50.00 USDT');
  await sheet.getByTestId('repay-max').click();
  await expect(sheet.locator('input[name=repay]')).toHaveValue('50');
  await expect(sheet.getByTestId('repay-after')).toHaveText('0.00 USDT');
  await expect(sheet).toContainText(`Repaid in full: ${btcText} returns to your coin account.`);
  await sheet.getByTestId('repay-confirm').click();
  await expect(toast(page)).toHaveText(`Loan repaid: ${btcText} is back in your coin account.`);
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('loan')).toHaveCount(0);
  await expect(card).toContainText(`Available ${formatAmount(btc.toFixed(coin.precision), 'en')} BTC`);

  await page.getByTestId('loans-tab-closed').click();
  await expect(loan).toHaveCount(1);
  await expect(loan.getByTestId('loan-status')).toHaveText('Repaid');
  await expect(loan.getByTestId('loan-collateral')).toHaveText(btcText);
  expect(ledgerCheck()).toContain('no violations');
});
