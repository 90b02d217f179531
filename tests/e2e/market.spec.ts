import { expect, test } from '@playwright/test';
import { loggedInUser, open, toast } from './support';

const PRICE = /^\d{1,3}(,\d{3})*\.\d+$/;

test('the market tab lists live quotes in four tabs, and prices move without a reload', async ({ page }) => {
  await open(page, '/pages/market/market');
  await expect(page.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
  const btc = page.getByTestId('market-BTC/USDT');
  await expect(btc.getByTestId('price-1')).toHaveText(PRICE);
  await expect(btc.getByTestId('change-1')).toHaveText(/^[+-]?\d+\.\d{2}%$/);
  const first = await btc.getByTestId('price-1').innerText();
  await expect.poll(() => btc.getByTestId('price-1').innerText(), { timeout: 15_000 }).not.toBe(first);

  await page.getByTestId('market-tab-stock').click();
  await expect(page.getByTestId('market-AAPL/USD')).toBeVisible();
  await expect(page.getByTestId('market-BTC/USDT')).toHaveCount(0);
  await page.getByTestId('market-tab-futures').click();
  await expect(page.getByTestId('market-BTC/USDT')).toContainText('BTCUSDT Perpetual');
});

test('favourites: a visitor is asked to log in; a user adds a market and removes it', async ({ page }) => {
  await open(page, '/pages/market/detail?symbol=BTCUSDT');
  await page.getByTestId('favourite').click();
  await expect(toast(page)).toHaveText('Please log in first');
  await page.waitForURL(/#\/pages\/common\/login/);

  await loggedInUser(page, 'favourites');
  await open(page, '/pages/market/detail?symbol=LTCUSDT');
  await page.getByTestId('favourite').click();
  await expect(toast(page)).toHaveText('Added to favourites.');
  await expect(page.getByTestId('favourite')).toHaveAttribute('aria-pressed', 'true');
  await open(page, '/pages/market/market');
  await page.getByTestId('market-tab-favourites').click();
  await expect(page.getByTestId('market-LTC/USDT')).toBeVisible();
  await expect(page.getByTestId('market-BTC/USDT')).toHaveCount(0);
  await page.getByTestId('market-LTC/USDT').click();
  await page.getByTestId('favourite').click();
  await expect(toast(page)).toHaveText('Removed from favourites.');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('No favourites yet. Tap the star on a market to add it.')).toBeVisible();
});

test('search finds a market by name, opens it, and remembers it; hot search counts it', async ({ page }) => {
  await open(page, '/pages/market/search');
  await page.getByTestId('search-input').fill('chain');
  await page.getByTestId('result-LINK/USDT').click();
  await expect(page.getByRole('heading', { name: 'LINK/USDT' })).toBeVisible();
  await open(page, '/pages/market/search');
  await expect(page.getByRole('button', { name: 'LINK', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hot searches' })).toBeVisible();
  await expect(page.getByTestId('result-LINK/USDT')).toBeVisible();
  await page.getByTestId('search-input').fill('zzz');
  await expect(page.getByText('No matching market')).toBeVisible();
});

test('the pair screen: chart with periods and timeshare, order book, depth and trades', async ({ page }) => {
  await open(page, '/pages/market/detail?symbol=ETHUSDT');
  await expect(page.getByTestId('price-2')).toHaveText(PRICE);
  const rows = page.getByTestId('chart-data').locator('tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
  // Nothing pans sideways: the screen (the candle table for screen readers included) is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 390);
  await expect(page.getByTestId('trade-bar')).toBeInViewport();
  await page.getByTestId('period-60min').click();
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(20);
  const times = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-time'))));
  for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(3_600_000);
  await page.getByTestId('period-time').click();
  await expect(page.getByTestId('chart').locator('canvas').first()).toBeVisible();

  // The book shows the depth channel's levels, up to 20 a side (the maker quotes about that many).
  for (const side of [0, 1]) {
    const rows = page.getByTestId('order-book').locator('ol').nth(side).locator('li');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(12);
    expect(await rows.count()).toBeLessThanOrEqual(20);
  }
  await page.getByTestId('panel-trades').click();
  await expect.poll(() => page.getByTestId('trades').locator('div').count()).toBeGreaterThan(5);
  await page.getByTestId('panel-depth').click();
  await expect(page.getByTestId('depth-chart').locator('canvas').first()).toBeVisible();
});

test('a cold start shows the last prices saved on the device, marked stale, until live data comes', async ({ page }) => {
  await open(page, '/pages/market/market');
  await expect(page.getByTestId('price-1')).toHaveText(PRICE);
  // The worker saves quotes every few seconds.
  await page.waitForTimeout(6_000);
  // A slow network: the quotes are on their way while the saved ones show.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/currency/quotation_new**', async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('price-1')).toHaveText(PRICE);
  await expect(page.getByTestId('connection')).toHaveText('Showing the last prices saved on this device.');
  release();
  await expect(page.getByTestId('connection')).toHaveCount(0, { timeout: 15_000 });
});
