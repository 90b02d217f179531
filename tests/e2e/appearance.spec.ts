import { expect, test, type Page } from '@playwright/test';
import { demoUser, open } from './support';

/**
 * The theme and the colour convention (issue 16): the app follows the system until the
 * user picks Light or Dark in settings; red up / green down swaps every rise and fall,
 * buttons and chart included; both are remembered on the device and applied by
 * index.html's own script before the app's code has run.
 */
// No service worker: the reload without the app's scripts must really go without them.
test.use({ colorScheme: 'dark', serviceWorkers: 'block' });

const html = (page: Page) => page.locator('html');

/** The colour of the pixel at the chart canvas's top-left corner: its background. */
async function chartBackground(page: Page): Promise<string> {
  return page.getByTestId('chart').evaluate((chart) => {
    const canvas = chart.querySelector('canvas');
    const pixel = canvas?.getContext('2d')?.getImageData(2, 2, 1, 1).data;
    return pixel ? `rgb(${pixel[0]}, ${pixel[1]}, ${pixel[2]})` : '';
  });
}

test('light or dark, green up or red up: chosen in settings, kept on the device, painted before the app loads', async ({ page }) => {
  await demoUser(page);

  await test.step('by default the app follows the system', async () => {
    await open(page, '/pages/setting/setting');
    await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Green up, red down' })).toBeChecked();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  await test.step('the pair screen and its chart in the dark theme, green up', async () => {
    await open(page, '/pages/market/detail?symbol=BTCUSDT');
    await expect(page.getByTestId('trade-buy')).toHaveCSS('background-color', 'rgb(18, 132, 88)');
    await expect(page.getByTestId('trade-sell')).toHaveCSS('background-color', 'rgb(214, 41, 63)');
    await expect.poll(() => chartBackground(page)).toBe('rgb(14, 15, 19)');
    // The system turns light while the chart is on screen: the screen and the chart follow at once.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.getByTestId('trade-buy')).toHaveCSS('background-color', 'rgb(10, 112, 73)');
    await expect.poll(() => chartBackground(page)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => chartBackground(page)).toBe('rgb(14, 15, 19)');
  });

  await test.step('Light and red up, chosen in settings', async () => {
    await open(page, '/pages/setting/setting');
    await page.getByRole('radio', { name: 'Light' }).check();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    // The browser's bar takes the light background (the build writes it #fff).
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#fff(fff)?$/);
    await page.getByRole('radio', { name: 'Red up, green down' }).check();
    await expect(html(page)).toHaveAttribute('data-colors', 'red-up');
    // The system going dark no longer matters: the user chose.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
  });

  await test.step('rises are red, falls green, and the chart repaints in the light theme', async () => {
    await open(page, '/pages/market/detail?symbol=BTCUSDT');
    await expect(page.getByTestId('trade-buy')).toHaveCSS('background-color', 'rgb(184, 32, 58)');
    await expect(page.getByTestId('trade-sell')).toHaveCSS('background-color', 'rgb(10, 112, 73)');
    await expect.poll(() => chartBackground(page)).toBe('rgb(255, 255, 255)');
  });

  await test.step("remembered, and set by the page's own script before any of the app's code", async () => {
    await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(html(page)).toHaveAttribute('data-colors', 'red-up');
    await page.unroute(/\/assets\/.+\.js$/);
    await page.reload();
    await open(page, '/pages/setting/setting');
    await expect(page.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Red up, green down' })).toBeChecked();
  });
});
