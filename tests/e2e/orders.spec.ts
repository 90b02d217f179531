import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, loggedInUser, open, toast } from './support';

/**
 * Issue 23's orders on the phone: a stop-limit and an OCO on the spot panel, the leverage
 * slider, a position's ROE, a trailing stop, a partial close and a reduce-only close order
 * on the futures panel. Screenshots of each at 390 x 844 go to test-results/orders/.
 */
const shots = path.resolve(import.meta.dirname, '../../test-results/orders');
const shoot = async (page: Page, name: string) => {
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

const number = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));
/** BTC/USDT's last price, as the spot form's exchange answers it. */
async function lastPrice(page: Page, token: string): Promise<number> {
  const response = await page.request.get(`${baseUrl()}/api/coin/info?currency_id=1&legal_id=3`, { headers: { authorization: token } });
  return Number(((await response.json()) as { message: { last: string } }).message.last);
}
const priceOf = (value: number) => value.toFixed(2);
const shown = (value: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value.toFixed(2)));

/** axe on what the page shows now (a form, a sheet, a dialog): no serious or critical violation, as tests/e2e/a11y.spec.ts asks of every screen. */
async function accessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The pair screen keeps to the phone's width: nothing scrolls sideways. */
async function fitsThePhone(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('spot: a stop-limit waits for its trigger with its funds frozen; an OCO rests its take profit and is cancelled whole', async ({ page }) => {
  const { token } = await loggedInUser(page, 'stops');
  await open(page, '/pages/transaction/index?mode=spot&symbol=BTCUSDT');
  await expect(page.getByTestId('spot-available')).toContainText('10,000.00 USDT');
  await expect(page.getByTestId('spot-price')).not.toHaveValue('');
  await shoot(page, 'spot-limit');
  await page.getByTestId('spot-type-market').click();
  await shoot(page, 'spot-market');

  await test.step('a trigger on the wrong side of the price is named at its field and nothing is sent', async () => {
    await page.getByTestId('spot-type-stop_limit').click();
    await expect(page.getByText('Trigger price (USDT)', { exact: true })).toBeVisible();
    const last = await lastPrice(page, token);
    await page.getByTestId('spot-trigger').fill(priceOf(last * 0.9));
    await page.getByTestId('spot-price').fill(priceOf(last * 0.91));
    await page.getByTestId('spot-amount').fill('0.01');
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('alert')).toHaveText(/^A buy stop's trigger price must be above the last price, [\d,]+\.\d{2}\.$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  await test.step('a buy stop-limit above the market: its USDT frozen now, listed waiting for its trigger', async () => {
    const last = await lastPrice(page, token);
    const trigger = last * 1.2;
    const limit = last * 1.21;
    await page.getByTestId('spot-trigger').fill(priceOf(trigger));
    await page.getByTestId('spot-price').fill(priceOf(limit));
    await expect(page.getByTestId('spot-stop-note')).toContainText('the order cannot fail for lack of balance when it triggers');
    await shoot(page, 'spot-stop-limit');
    await accessible(page);
    await page.getByTestId('spot-submit').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Stop-limit');
    await expect(dialog).toContainText(shown(trigger));
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Order placed.');
    const order = page.getByTestId('spot-order');
    await expect(order).toHaveCount(1);
    await expect(order.getByTestId('order-trigger')).toHaveText(`≥ ${shown(trigger)} → ${shown(limit)}`);
    await expect(order.getByTestId('order-trigger-state')).toHaveText('Waiting for its trigger');
    // Frozen at its limit: what remains available.
    await expect(page.getByTestId('spot-available')).toContainText(
      `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(Number((10_000 - Number(priceOf(limit)) * 0.01).toFixed(6)))} USDT`,
    );
  });

  await test.step('a buy OCO: the take profit below the market, the stop above; cancelled, both parts go and the USDT returns', async () => {
    await page.getByTestId('spot-type-oco').click();
    const last = await lastPrice(page, token);
    await page.getByTestId('spot-price').fill(priceOf(last * 0.9));
    await page.getByTestId('spot-trigger').fill(priceOf(last * 1.1));
    await page.getByTestId('spot-stop-price').fill(priceOf(last * 1.11));
    await page.getByTestId('spot-amount').fill('0.01');
    await expect(page.getByTestId('spot-stop-note')).toContainText('One cancels the other');
    await shoot(page, 'spot-oco');
    await fitsThePhone(page);
    await accessible(page);
    await page.getByTestId('spot-submit').click();
    await expect(page.getByRole('dialog')).toContainText('OCO');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Order placed.');
    const oco = page.getByTestId('spot-order').filter({ hasText: 'OCO' });
    await expect(oco).toHaveCount(1);
    await expect(oco.getByTestId('order-trigger')).toHaveText(`≥ ${shown(last * 1.1)} → ${shown(last * 1.11)}`);
    await page.getByTestId('spot-order').first().scrollIntoViewIfNeeded();
    await shoot(page, 'spot-open-orders');
    await oco.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page)).toHaveText('Order cancelled.');
    await expect(page.getByTestId('spot-order')).toHaveCount(1);
    await open(page, '/pages/transaction/currency_order');
    await page.getByTestId('orders-tab-history').click();
    const cancelled = page.getByTestId('spot-order').filter({ hasText: 'OCO' });
    await expect(cancelled.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(cancelled.getByTestId('order-trigger-state')).toHaveText('Stop cancelled');
  });
});

/** Moves USDT from the coin account to the futures account, as the transfer screen would. */
async function toFutures(page: Page, token: string, amount: string): Promise<void> {
  const response = await page.request.post(`${baseUrl()}/api/wallet/change`, {
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ currency_id: '3', number: amount, from_field: 'change', to_field: 'lever' }).toString(),
  });
  expect(await response.json()).toMatchObject({ type: 'ok' });
}

test('futures: the leverage slider, ROE, a trailing stop, a partial close and a reduce-only close order', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await loggedInUser(page, 'futures-orders');
  await toFutures(page, user.token, '3000');
  await open(page, '/pages/transaction/index?mode=contract&symbol=BTCUSDT');
  await expect(page.getByTestId('account-balance')).toHaveText('3,000.00');

  await test.step('the slider takes any whole leverage; the presets are its marks', async () => {
    await expect(page.getByTestId('multiple-10')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('leverage-slider').fill('37');
    await expect(page.getByTestId('leverage-value')).toHaveText('37x');
    await expect(page.getByTestId('multiple-10')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('leverage-up').click();
    await page.getByTestId('contract-share').fill('10');
    await shoot(page, 'futures-panel');
    await fitsThePhone(page);
    await accessible(page);
    await page.getByTestId('contract-long').click();
    await expect(page.getByRole('dialog')).toContainText('38x');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Position opened.');
  });

  const position = page.getByTestId('position');
  await test.step('the position card shows its return on equity, live', async () => {
    await expect(position).toHaveCount(1);
    await expect(position.getByTestId('position-roe')).toHaveText(/^[+-]?[\d,]+\.\d{2}%$/);
    const first = await position.getByTestId('position-roe').textContent();
    await expect.poll(() => position.getByTestId('position-roe').textContent(), { timeout: 20_000, message: 'the ROE moves with the market' }).not.toBe(first);
    // Profit over margin, as the card shows both.
    const [profit, roe, margin] = await position.evaluate((card) => [
      card.querySelector('[data-testid="position-profit"]')?.textContent ?? '',
      card.querySelector('[data-testid="position-roe"]')?.textContent ?? '',
      [...card.querySelectorAll('dt')].find((dt) => dt.textContent === 'Margin')?.nextElementSibling?.textContent ?? '',
    ]);
    expect(number(roe)).toBeCloseTo((number(profit) / number(margin)) * 100, 0);
    await position.scrollIntoViewIfNeeded();
    await shoot(page, 'futures-position-roe');
  });

  const id = Number(await position.getAttribute('data-position'));
  await test.step('a trailing stop of 1 %: the card shows where it stands', async () => {
    await page.getByTestId(`trailing-${id}`).click();
    await shoot(page, 'futures-trailing-dialog');
    await accessible(page);
    await page.getByTestId('trailing-value').fill('20');
    await page.getByTestId('dialog-confirm').click();
    await expect(page.getByRole('alert')).toHaveText('The callback rate must be between 0.1% and 10%.');
    await page.getByTestId('trailing-value').fill('1');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('Trailing stop set.');
    const mark = number(await position.getByTestId('position-mark').textContent());
    await expect(position.getByTestId('position-trailing')).toHaveText(/^[\d,]+\.\d{2}$/);
    // About 1 % under the best price since it was set: at or above the mark's 1 % below.
    expect(number(await position.getByTestId('position-trailing').textContent())).toBeGreaterThanOrEqual(Math.floor(mark * 0.99 * 0.999));
    await position.getByTestId('position-trailing').scrollIntoViewIfNeeded();
    await shoot(page, 'futures-position-trailing');
  });

  await test.step('a partial close of half the lots at market', async () => {
    await page.getByTestId(`close-${id}`).click();
    const sheet = page.getByTestId('partial-close-sheet');
    await expect(sheet.getByTestId('partial-summary')).toHaveText('Closes 10 of 10 lots (0.1 BTC)');
    await sheet.getByTestId('partial-50').click();
    await expect(sheet.getByTestId('partial-summary')).toHaveText('Closes 5 of 10 lots (0.05 BTC)');
    await shoot(page, 'futures-partial-close');
    await accessible(page);
    await sheet.getByTestId('partial-submit').click();
    await expect(toast(page)).toHaveText(/^Closed 5 lots: -?[\d.]+ USDT\.$/);
    await expect(position).toHaveCount(1);
    await expect(position).toContainText('5 · 0.05');
  });

  await test.step('a reduce-only limit close from the order form waits on the position card, and is cancelled', async () => {
    await page.getByTestId('contract-reduce').check();
    await expect(page.getByTestId('contract-reduce-position')).toContainText(`#${id}`);
    await page.getByTestId('contract-type-limit').click();
    const mark = number(await position.getByTestId('position-mark').textContent());
    await page.getByTestId('contract-price').fill(priceOf(mark * 1.2));
    await page.getByTestId('contract-share').fill('6');
    await page.getByTestId('contract-reduce-submit').click();
    await expect(page.getByRole('alert')).toHaveText('A reduce-only order can close at most 5 lots, what the position holds.');
    await page.getByTestId('contract-share').fill('2');
    await shoot(page, 'futures-reduce-only');
    await accessible(page);
    await page.getByTestId('contract-reduce-submit').click();
    await expect(page.getByRole('dialog')).toContainText('Close long');
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText(`Close order placed: 2 lots when a trade reaches ${shown(mark * 1.2)}.`);
    const waiting = position.getByTestId('position-close-orders');
    await expect(waiting).toContainText(`Close 2 lots at ${shown(mark * 1.2)}`);
    await waiting.getByRole('button', { name: 'Cancel' }).click();
    await expect(toast(page)).toHaveText('Close order cancelled.');
    await expect(waiting).toHaveCount(0);
  });

  await test.step('the history shows the part closed, its ROE and the trade it closed at', async () => {
    await open(page, '/pages/transaction/contract_order');
    await page.getByTestId('orders-tab-history').click();
    const part = page.getByTestId('closed-position').first();
    await expect(part).toContainText(`Part of #${id}`);
    await expect(part.getByTestId('position-roe')).toHaveText(/^[+-]?[\d,]+\.\d{2}%$/);
    await expect(part.getByTestId('tick')).toContainText(/Trade #\d+ at \d{1,3}(,\d{3})*\.\d+ · \d\d:\d\d:\d\d/);
    await page.getByTestId('orders-tab-close_orders').click();
    await expect(page.getByTestId('close-order')).toHaveCount(2);
    await expect(page.getByTestId('close-order').filter({ hasText: 'Cancelled' })).toHaveCount(1);
    await shoot(page, 'futures-close-orders');
  });
});
