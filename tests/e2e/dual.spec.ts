import { expect, test } from '@playwright/test';
import { dualPayout } from '../../contract/dual';
import { formatAmount } from '../../contract/format';
import { Money } from '../../contract/money';
import { baseUrl, ledgerCheck, loggedInUser, open, toast } from './support';

interface Product {
  type: 'call' | 'put';
  unit_price: string;
  apr: string;
  linked_price: string;
  days: number;
  invest_precision: number;
  other_precision: number;
}

/**
 * Dual investment from the finance tab: a user with BTC opens a sell-high BTC product,
 * types 2 shares, sees what each outcome pays (contract/dual.ts at a settlement price
 * below the linked price and at it), buys after the confirmation, and finds the order in
 * my orders with the BTC locked in the coin account.
 */
test('a user buys 2 shares of a sell-high BTC dual product and sees both outcomes first', async ({ page }) => {
  const user = await loggedInUser(page, 'dual');
  const response = await page.request.post(`${baseUrl()}/api/user/Transfer`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: user.token },
    data: new URLSearchParams({ number: '300', from_currency_id: '3', to_currency_id: '1', request_id: crypto.randomUUID().replace(/-/g, '') }).toString(),
  });
  const conversion = (await response.json()) as { type: string; message: { received: string } };
  expect(conversion.type).toBe('ok');
  const bought = conversion.message.received;

  await open(page, '/pages/financial/index');
  await page.getByTestId('shelf-dual').click();
  await expect(page.getByTestId('shelf-dual')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Sell high', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('dual-coin-BTC')).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByTestId('dual-product').first();
  await expect(card).toContainText('BTC/USDT');
  await expect(card.getByTestId('dual-status')).toHaveText('Open');
  const id = await card.getAttribute('data-product');
  await card.click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/invest/purchase');

  const detail = (await (await page.request.get(`${baseUrl()}/api/dual/detail?id=${id}`)).json()) as { message: { product: Product } };
  const product = detail.message.product;
  const amount = new Money(product.unit_price).times(2);
  const decimals = { invested: product.invest_precision, other: product.other_precision };
  const below = dualPayout(product, amount, new Money(product.linked_price).minus(1), decimals);
  const atLinked = dualPayout(product, amount, product.linked_price, decimals);
  expect([below.currency, atLinked.currency]).toEqual(['invested', 'other']);
  const linked = formatAmount(product.linked_price, 'en');

  await expect(page.getByTestId('dual-price')).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await page.locator('input[name=shares]').fill('2');
  await expect(page.getByTestId('dual-amount')).toHaveText(`${formatAmount(amount.toFixed(8), 'en')} BTC`);
  await expect(page.getByTestId('dual-outcome-invested')).toContainText(`If BTC/USDT settles below ${linked}`);
  await expect(page.getByTestId('dual-pays-invested')).toHaveText(`You receive ${formatAmount(below.amount.toFixed(8), 'en')} BTC`);
  await expect(page.getByTestId('dual-outcome-other')).toContainText(`If it settles at or above ${linked}`);
  await expect(page.getByTestId('dual-pays-other')).toHaveText(`You receive ${formatAmount(atLinked.amount.toFixed(6), 'en')} USDT`);
  await page.screenshot({ path: test.info().outputPath('dual-purchase.png') });

  await page.getByTestId('dual-buy').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Invest ${formatAmount(amount.toFixed(8), 'en')} BTC in 2 shares of BTC/USDT Sell high`);
  await expect(dialog).toContainText(`${formatAmount(below.amount.toFixed(8), 'en')} BTC`);
  await expect(dialog).toContainText(`${formatAmount(atLinked.amount.toFixed(6), 'en')} USDT`);
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText(`Bought: ${formatAmount(amount.toFixed(8), 'en')} BTC is locked until maturity.`);

  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/invest/mine');
  const order = page.getByTestId('dual-order');
  await expect(order).toHaveCount(1);
  await expect(order.getByTestId('dual-status')).toHaveText('Holding');
  await expect(order.getByTestId('dual-order-amount')).toHaveText('0.002 BTC');
  await expect(order.getByTestId('dual-order-shares')).toHaveText('2');
  await expect(order.getByTestId('dual-pays-invested')).toHaveText(`You receive ${formatAmount(below.amount.toFixed(8), 'en')} BTC`);

  // The 0.002 BTC left the available part for the locked part of the coin account.
  await open(page, '/pages/fund/assets');
  await expect(page.getByTestId('holding-change-BTC').getByTestId('available')).toHaveText(formatAmount(new Money(bought).minus(amount).toFixed(8), 'en'));
  await page.getByTestId('account-mining').click();
  await expect(page.getByTestId('holding-mining-BTC').getByTestId('locked')).toHaveText('0.002');
  expect(ledgerCheck()).toContain('no violations');
});
