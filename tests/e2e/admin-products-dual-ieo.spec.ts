import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, dataDir, ledgerCheck, open, secondPhone, toast } from './support';

/**
 * The operator console's Products screen on a laptop, dual investment and IEO tabs: the
 * operator offers a buy-low ATOM/USDT dual product (a market and kind no other spec
 * touches, so their "first product" picks stay theirs) and sees it open in the table and
 * on the app's dual list; withdraws it after a confirmation and the table says so; offers
 * an IEO project with a token of its own, is stopped by a bad link at the form and by the
 * server for a token that exists, and sees the project upcoming in the table and on the
 * app's IEO list. Every offer is in the audit under the operator.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (value: number) => String(value).padStart(2, '0');
/** A datetime-local value (the browser runs in this machine's time zone). */
const local = (time: number) => {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** axe's serious and critical findings in the open tab (its table and form). */
async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[role=tabpanel]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');
  await page.getByTestId('nav-products').click();
}

test('an operator offers a dual product and an IEO project from the console; each shows in the app, the dual one is withdrawn after a confirmation', async ({ page, browser }) => {
  await signIn(page);

  let dualId = 0;
  await test.step('a buy-low ATOM/USDT product: offered from the form, open in the table', async () => {
    await page.getByTestId('products-tab-dual').click();
    await expect(page).toHaveURL(/#\/products\?tab=dual$/);
    await expect(page.getByTestId('dual-table')).toBeVisible();
    await page.getByTestId('dual-new').click();
    await page.getByTestId('dual-market').selectOption({ label: 'ATOM/USDT' });
    await page.getByTestId('dual-type-put').check();
    await expect(page.getByTestId('dual-form')).toContainText('USDT is invested; the other outcome pays in ATOM.');
    await expect(page.getByTestId('dual-form')).toContainText(/Last price [\d,.]+ USDT/);
    // The form's own check first: a unit price finer than USDT's six decimals.
    await page.getByTestId('dual-unit').fill('100.0000001');
    await page.getByTestId('dual-apr').fill('36.5');
    await page.getByTestId('dual-linked').fill('6');
    await page.getByTestId('dual-days').fill('3');
    await page.getByTestId('dual-until').fill(local(Date.now() + 2 * DAY));
    await page.getByTestId('dual-shares-input').fill('500');
    await page.getByTestId('dual-create').click();
    await expect(page.getByTestId('dual-problem')).toHaveText('Please enter a number above 0 with at most 6 decimals.');
    await expect(page.getByTestId('dual-unit')).toHaveAttribute('aria-invalid', 'true');
    expect(await axe(page)).toEqual([]);

    await page.getByTestId('dual-unit').fill('100');
    await page.getByTestId('dual-create').click();
    await expect(toast(page)).toHaveText(/^Product #\d+ offered\.$/);
    dualId = Number(/#(\d+)/.exec((await toast(page).textContent()) ?? '')?.[1]);
    const row = page.locator(`[data-testid=dual-row][data-product="${dualId}"]`);
    await expect(row).toContainText('ATOM/USDT');
    await expect(row).toContainText('Buy low');
    await expect(row).toContainText('100 USDT');
    await expect(row).toContainText('36.5%');
    await expect(row).toContainText('3 days');
    await expect(row.getByTestId('dual-status')).toHaveText('Open');
    await expect(row.getByTestId('dual-shares')).toContainText('0 / 500');
    await expect(row.getByTestId('dual-settlement')).toHaveText('At the first trade after maturity');
    await page.screenshot({ path: test.info().outputPath('console-dual.png') });
  });

  await test.step("the app's dual list shows it under buy low, ATOM", async () => {
    const { phone, close } = await secondPhone(browser);
    try {
      await open(phone, '/pages/financial/index');
      await phone.getByTestId('shelf-dual').click();
      await phone.getByRole('tab', { name: 'Buy low', exact: true }).click();
      await phone.getByTestId('dual-coin-ATOM').click();
      const card = phone.locator(`[data-testid=dual-product][data-product="${dualId}"]`);
      await expect(card).toContainText('ATOM/USDT');
      await expect(card.getByTestId('dual-status')).toHaveText('Open');
    } finally {
      await close();
    }
  });

  await test.step('withdrawn after a confirmation: the table shows it withdrawn, nothing left to withdraw', async () => {
    const row = page.locator(`[data-testid=dual-row][data-product="${dualId}"]`);
    await row.getByTestId('dual-withdraw').click();
    await expect(row).toContainText('Withdraw this product? Its 0 orders are refunded in full and it closes for purchase.');
    await row.getByTestId('dual-withdraw-yes').click();
    await expect(toast(page)).toHaveText(`Product #${dualId} withdrawn: 0 orders refunded.`);
    await expect(row.getByTestId('dual-status')).toHaveText('Withdrawn');
    await expect(row.getByTestId('dual-withdraw')).toHaveCount(0);
    await expect(row.getByTestId('dual-settlement')).toHaveText('Withdrawn, orders refunded');
    await page.getByTestId('dual-filter').selectOption('closed');
    await expect(row).toBeVisible();
    await expect(page.locator('[data-testid=dual-row] [data-testid=dual-status]').filter({ hasNotText: 'Withdrawn' })).toHaveCount(0);
  });

  // A token of this run's own: 2 to 10 capitals or digits, starting with a letter.
  const token = `Q${Date.now().toString(36).toUpperCase().slice(-6)}`;
  const name = `Osprey Network ${token}`;
  await test.step('an IEO project: a bad link stopped at the form, a coin that exists refused by the server, then offered', async () => {
    await page.getByTestId('products-tab-ieo').click();
    await expect(page).toHaveURL(/#\/products\?tab=ieo$/);
    await expect(page.getByTestId('ieo-table')).toBeVisible();
    await page.getByTestId('ieo-new').click();
    const start = Date.now() + 2 * DAY;
    await page.getByTestId('ieo-name').fill(name);
    await page.getByTestId('ieo-token').fill('kest');
    await expect(page.getByTestId('ieo-token')).toHaveValue('KEST');
    await page.getByTestId('ieo-token-name').fill('Osprey');
    await page.getByTestId('ieo-decimals').fill('2');
    await expect(page.getByTestId('ieo-form')).toContainText('At most 4 decimals.');
    await page.getByTestId('ieo-price').fill('0.125');
    await page.getByTestId('ieo-total').fill('1000000');
    await page.getByTestId('ieo-cap').fill('5000');
    await page.getByTestId('ieo-lock-days').fill('3');
    await page.getByTestId('ieo-start').fill(local(start));
    await page.getByTestId('ieo-end').fill(local(start + 3 * DAY));
    await page.getByTestId('ieo-list').fill(local(start + 4 * DAY));
    await page.getByTestId('ieo-white-paper').fill('http://example.com/osprey.pdf');
    await page.getByTestId('ieo-website').fill('https://example.com/osprey');
    await page.getByTestId('ieo-intro').fill('Osprey is a project offered from the console for the end-to-end test.');
    await page.getByTestId('ieo-create').click();
    await expect(page.getByTestId('ieo-problem')).toHaveText('Please enter an https:// link.');
    await expect(page.getByTestId('ieo-white-paper')).toHaveAttribute('aria-invalid', 'true');
    expect(await axe(page)).toEqual([]);

    await page.getByTestId('ieo-white-paper').fill('https://example.com/osprey.pdf');
    await page.getByTestId('ieo-create').click();
    await expect(page.getByTestId('ieo-problem')).toHaveText('A coin named KEST exists already.');
    await expect(toast(page)).toHaveText('A coin named KEST exists already.');

    await page.getByTestId('ieo-token').fill(token);
    await page.getByTestId('ieo-create').click();
    await expect(toast(page)).toHaveText(new RegExp(`^Project #\\d+ offered: ${token} is a new coin\\.$`));
    await expect(page.getByTestId('ieo-form')).toHaveCount(0);
    const row = page.locator(`[data-testid=ieo-row][data-project="${token}"]`);
    await expect(row).toContainText(name);
    await expect(row.getByTestId('ieo-stage')).toHaveText('Upcoming');
    await expect(row).toContainText('0.125 USDT');
    await expect(row.getByTestId('ieo-subscribed')).toContainText(`0 / 1,000,000 ${token}`);
    await expect(row.getByTestId('ieo-subscribed')).toContainText(`At most 5,000 ${token} each`);
    await expect(row.getByTestId('ieo-raised')).toContainText('0.00 USDT');
    await page.getByTestId('ieo-filter').selectOption('upcoming');
    await expect(row).toBeVisible();
    await page.getByTestId('ieo-filter').selectOption('listed');
    await expect(row).toHaveCount(0);
    await page.getByTestId('ieo-filter').selectOption('');
    await page.screenshot({ path: test.info().outputPath('console-ieo.png') });
  });

  await test.step("the app's IEO list shows it warming up", async () => {
    const { phone, close } = await secondPhone(browser);
    try {
      await open(phone, '/pages/financial/index');
      await phone.getByTestId('shelf-ieo').click();
      const card = phone.locator(`[data-testid=ieo-project][data-project="${token}"]`);
      await expect(card).toContainText(name);
      await expect(card.getByTestId('ieo-status')).toHaveText('Warm-up');
    } finally {
      await close();
    }
  });

  await test.step('the audit holds the offers and the withdrawal under the operator', async () => {
    await page.getByTestId('nav-audit').click();
    await page.getByTestId('audit-target').fill(`dual:${dualId}`);
    await page.getByTestId('audit-apply').click();
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('close-dual');
    await expect(rows.nth(1)).toContainText('create-dual');
    for (const row of await rows.all()) await expect(row.locator('td').nth(1)).toHaveText('local');
    await page.getByTestId('audit-target').fill('');
    await page.getByTestId('audit-action').selectOption('create-ieo');
    await page.getByTestId('audit-apply').click();
    await expect(rows.filter({ hasText: token })).toHaveCount(1);
  });
  expect(ledgerCheck()).toContain('no violations');
});
