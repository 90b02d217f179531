import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseUrl, loggedInUser, open, toast } from './support';

interface ListedAlert {
  id: number;
  direction: 'up' | 'down';
  level: string;
  status: string;
}

/** The user's alerts as the server lists them. */
async function alertsOf(page: Page, token: string): Promise<ListedAlert[]> {
  const response = await page.request.get(`${baseUrl()}/api/alerts/list?limit=50`, { headers: { authorization: token } });
  return ((await response.json()) as { message: { data: ListedAlert[] } }).message.data;
}

/**
 * Price alerts on the phone against the simulated market: from a pair's screen the bell
 * opens the sheet at the last price, and Save makes the alert (two taps); a second one
 * set just on the other side of the price, so the market's next moves cross one of
 * them. The alert fires on the server's feed: a toast says so, the bell shows an unread
 * alert, the inbox lists it with the trade that fired it, and reading it clears the badge.
 */
test('a user sets alerts next to the live price from a pair, sees one fire (toast, badge), reads it in the inbox and manages the list', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await loggedInUser(page, 'alerts');
  await open(page, '/pages/market/detail?symbol=BTCUSDT');
  const last = page.getByTestId('alert-last');

  // Two taps: the bell, then Save (the sheet holds the last price when it opened).
  await page.getByTestId('pair-alert').click();
  const sheet = page.getByTestId('alert-sheet');
  await expect(sheet).toBeVisible();
  await expect(last).toHaveText(/^\d{2,3},\d{3}\.\d{2}$/);
  await expect(page.getByTestId('alert-level')).toHaveValue(/^\d+\.\d{2}$/);
  await page.screenshot({ path: test.info().outputPath('alert-sheet.png') });
  await page.getByTestId('alert-save').click();
  // The market moved since the sheet opened: the level is on one side of the price now, and the
  // sheet closes. (Had it not moved, the price itself is refused: Save again.)
  const outcome = async () => ((await sheet.isVisible()) ? ((await toast(page).textContent()) ?? '') : 'saved');
  await expect.poll(outcome).toMatch(/^saved$|is the price now/);
  if ((await outcome()) !== 'saved') {
    await page.waitForTimeout(500);
    await page.getByTestId('alert-save').click();
  }
  await expect(sheet).toBeHidden();
  const [first] = await alertsOf(page, user.token);
  // Active, or fired already: the market is quick.
  expect(['active', 'fired']).toContain(first?.status);

  // The second, a hair on the other side of the price now: the next moves either way cross one.
  await page.getByTestId('pair-alert').click();
  await expect(sheet).toBeVisible();
  const price = Number((await last.textContent())?.replace(/,/g, ''));
  const other = first?.direction === 'up' ? price * 0.9999 : price * 1.0001;
  await page.getByTestId('alert-level').fill(other.toFixed(2));
  await expect(page.getByTestId('alert-hint')).toHaveText(first?.direction === 'up' ? /falls to/ : /rises to/);
  await page.getByTestId('alert-repeat').check();
  await page.getByTestId('alert-save').click();
  await expect(sheet).toBeHidden();
  await expect.poll(async () => (await alertsOf(page, user.token)).length).toBe(2);

  // One fires on the server's feed: a toast here, the bell's count.
  await expect(toast(page)).toHaveText(/^BTC\/USDT (rose|fell) to [\d,]+\.\d{2} · your alert: BTC\/USDT (rises|falls) to [\d,]+\.\d{2}$/, { timeout: 60_000 });
  await expect(page.getByTestId('alert-badge').first()).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('pair-alert')).toHaveAccessibleName(/^Alerts, [1-9]\d* unread$/);

  // The inbox: what fired, the alert, the trade; reading it clears the badge.
  await page.getByTestId('pair-alert').click();
  await page.getByTestId('alert-inbox-link').click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/alerts/inbox');
  const item = page.getByTestId('inbox-item').first();
  await expect(item).toContainText(/BTC\/USDT (rose|fell) to/);
  await expect(item).toContainText(/Trade #\d+ at [\d,]+\.\d{2}/);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await page.screenshot({ path: test.info().outputPath('alert-inbox.png') });
  await page.getByTestId('inbox-read-all').click();
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(page.getByTestId('alert-badge')).toHaveCount(0);

  // My alerts: both listed; pause one, delete one.
  await page.getByTestId('inbox-mine').click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/alerts/list');
  await expect(page.getByTestId('alert-card')).toHaveCount(2);
  await expect(page.getByTestId('alerts-count')).toHaveText(/^[12] of 50 alerts in use$/);
  await page.screenshot({ path: test.info().outputPath('alert-list.png') });
  const active = page.locator('[data-testid=alert-card][data-status=active], [data-testid=alert-card][data-status=waiting]').first();
  await active.getByTestId('alert-pause').click();
  await expect(toast(page)).toHaveText('Alert paused');
  await expect(page.locator('[data-testid=alert-card][data-status=paused]')).toHaveCount(1);
  await page.getByTestId('alert-card').first().getByTestId('alert-delete').click();
  await page.getByTestId('dialog-confirm').click();
  await expect(toast(page)).toHaveText('Alert deleted');
  await expect(page.getByTestId('alert-card')).toHaveCount(1);

  // Home's bell leads to the inbox too.
  await open(page, '/');
  await page.getByTestId('home-alerts').click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/pages/alerts/inbox');
});

/** axe's serious and critical violations on what the page shows now. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the sheet, my alerts and the inbox have no serious or critical axe violation, in both themes', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await loggedInUser(page, 'alerts-a11y');
  const made = await page.request.post(`${baseUrl()}/api/alerts/create`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: user.token },
    data: new URLSearchParams({ kind: 'change', market_id: '1', level: '80', direction: 'down', repeat: '1' }).toString(),
  });
  expect(((await made.json()) as { type: string }).type).toBe('ok');
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await open(page, '/pages/market/detail?symbol=BTCUSDT');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByTestId('pair-alert').click();
    await expect(page.getByTestId('alert-last')).toHaveText(/\d/);
    await page.waitForTimeout(300);
    expect(await violations(page), `sheet, ${theme}`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`alert-sheet-${theme}.png`) });
    for (const screen of ['/pages/alerts/list', '/pages/alerts/inbox']) {
      await open(page, screen);
      await page.waitForTimeout(300);
      expect(await violations(page), `${screen}, ${theme}`).toEqual([]);
    }
    await open(page, '/pages/alerts/list');
    await expect(page.getByTestId('alert-card')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath(`alert-list-${theme}.png`) });
  }
});
