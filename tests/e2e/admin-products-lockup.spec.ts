import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEVICE_STATE } from './device';
import { baseUrl, dataDir, toast } from './support';

/**
 * The console's Lock-up tab on a laptop: an operator offers a new product, sees it in the
 * app's lock-up list on a phone at its terms, gives it new terms, then pauses it and it
 * leaves the app's list. The server is shared by every spec: products 1-4 (finance.spec.ts
 * buys product 1) are never touched, and the product made here has terms of its own (ETH
 * for 45 days) and ends paused, so the app's list is as other specs expect it.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

async function phone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: DEVICE_STATE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

test('an operator creates a lock-up product, sees it in the app, changes its terms and pauses it', async ({ page, browser }) => {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Operator token').fill(operatorToken());
  await page.getByTestId('sign-in-submit').click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');
  await page.getByTestId('nav-products').click();
  await expect(page).toHaveURL(/#\/products\?tab=lockup$/);
  const table = page.getByTestId('lockup-table');
  await expect(table.getByTestId('lockup-row-1')).toContainText('#1 USDT · 5 days');
  await expect(table.getByTestId('lockup-row-1')).toContainText('0.3% – 0.4%');

  const form = page.getByTestId('lockup-form');
  await test.step('a rate typed wrong is said in the form, and nothing is sent', async () => {
    await page.getByTestId('lockup-new').click();
    await form.getByTestId('lockup-field-currency').selectOption('ETH');
    await form.getByTestId('lockup-field-days').fill('45');
    await form.getByTestId('lockup-field-min_amount').fill('0.25');
    await form.getByTestId('lockup-field-full_rate_amount').fill('6');
    await form.getByTestId('lockup-field-rate_min').fill('0,2');
    await form.getByTestId('lockup-field-rate_max').fill('0.3');
    await form.getByTestId('lockup-field-penalty_rate').fill('0.1');
    await form.getByTestId('lockup-field-sort').fill('900');
    await page.getByTestId('lockup-save').click();
    await expect(page.getByTestId('lockup-problem')).toHaveText('Enter rates as percentages with at most 4 decimals, such as 0.35.');
    // What the server refuses comes back in the form too: the highest rate below the lowest.
    await form.getByTestId('lockup-field-rate_min').fill('0.35');
    await page.getByTestId('lockup-save').click();
    await expect(page.getByTestId('lockup-problem')).toHaveText('The lowest daily rate cannot be above the highest.');
  });

  let id = 0;
  await test.step('created, it is open in the table with nothing held yet', async () => {
    await form.getByTestId('lockup-field-rate_min').fill('0.2');
    await page.screenshot({ path: test.info().outputPath('lockup-form.png') });
    await page.getByTestId('lockup-save').click();
    await expect(toast(page)).toHaveText(/^Product #\d+ is open: users can buy it now\.$/);
    id = Number(/#(\d+)/.exec((await toast(page).textContent()) ?? '')?.[1]);
    expect(id).toBeGreaterThan(4);
    const row = table.getByTestId(`lockup-row-${id}`);
    await expect(row).toContainText(`#${id} ETH · 45 days`);
    await expect(row).toContainText('0.2% – 0.3%');
    await expect(row).toContainText('0.25 ETH');
    await expect(row).toContainText('highest from 6 ETH');
    await expect(row).toContainText('Order 900 in the app');
    await expect(row.getByTestId('lockup-status')).toHaveText('Open');
    await expect(row.getByTestId('lockup-orders')).toHaveText('0 / 0');
    await page.screenshot({ path: test.info().outputPath('lockup-table.png') });
  });

  const app = await phone(browser);
  try {
    await test.step("the app's lock-up list offers it at its terms", async () => {
      await app.page.goto(`${baseUrl()}/h5/#/pages/lockming/lockming`);
      const card = app.page.getByTestId(`lockup-product-${id}`);
      await expect(card).toContainText('ETH · 45 days');
      await expect(card).toContainText('0.2% ~ 0.3%');
      await expect(card).toContainText('0.25 ETH');
      await expect(app.page.getByTestId('lockup-product-1')).toBeVisible();
    });

    await test.step('new terms: the table and the app show them', async () => {
      await page.getByTestId(`lockup-edit-${id}`).click();
      await expect(form).toContainText(`New terms for #${id} ETH · 45 days`);
      await expect(form.getByTestId('lockup-field-rate_max')).toHaveValue('0.3');
      await form.getByTestId('lockup-field-rate_max').fill('0.45');
      await page.getByTestId('lockup-save').click();
      await expect(toast(page)).toHaveText('The new terms apply to purchases from now on; orders already bought keep theirs.');
      await expect(table.getByTestId(`lockup-row-${id}`)).toContainText('0.2% – 0.45%');
      await app.page.reload();
      await expect(app.page.getByTestId(`lockup-product-${id}`)).toContainText('0.2% ~ 0.45%');
    });

    await test.step("paused after a confirmation, it leaves the app's list; the others stay", async () => {
      await page.getByTestId(`lockup-pause-${id}`).click();
      await expect(page.getByRole('group', { name: 'Pause' })).toContainText(`Pause #${id} ETH · 45 days?`);
      await page.screenshot({ path: test.info().outputPath('lockup-pause-confirm.png') });
      await page.getByTestId('lockup-pause-confirm').click();
      await expect(toast(page)).toHaveText('The product is paused: it takes no new purchases.');
      await expect(table.getByTestId(`lockup-row-${id}`).getByTestId('lockup-status')).toHaveText('Paused');
      await expect(page.getByTestId(`lockup-open-${id}`)).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('lockup-paused.png') });
      await app.page.reload();
      await expect(app.page.getByTestId('lockup-product-1')).toBeVisible();
      await expect(app.page.getByTestId(`lockup-product-${id}`)).toHaveCount(0);
      // A link to it kept from before says why there is no buy form.
      await app.page.goto(`${baseUrl()}/h5/#/pages/lockming/buy?id=${id}`);
      await expect(app.page.getByText('This lock-up product is not on offer: it may have been paused. Orders already bought run to their end.')).toBeVisible();
    });
  } finally {
    await app.close();
  }
});
