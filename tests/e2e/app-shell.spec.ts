import { expect, test } from '@playwright/test';
import { baseUrl, open } from './support';

/**
 * The installable app (issue 16): a web manifest with icons, the skeleton painted from
 * index.html before any script, and a service worker that precaches the shell, so that a
 * reload with no network still opens the app and shows the quotes kept on the device,
 * said to be offline and not live.
 */
test.use({ serviceWorkers: 'allow' });

const PRICE = /^\d{1,3}(,\d{3})*\.\d+$/;

test('the manifest names the app, its icons and where it starts', async ({ page }) => {
  const response = await page.request.get(`${baseUrl()}/h5/manifest.webmanifest`);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as { name: string; start_url: string; scope: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ name: 'Kestrel', start_url: '/h5/', scope: '/h5/', display: 'standalone' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) expect((await page.request.get(`${baseUrl()}/h5/${icon.src}`)).headers()['content-type']).toBe('image/png');
});

test('before any script has run, the page already shows the skeleton of the tab it opens', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/h5/#/pages/market/market`);
  await expect(page.locator('#app .boot')).toBeVisible();
  await expect(page.locator('#app .boot-row')).toHaveCount(8);
  await expect(page.locator('#app .boot-nav')).toHaveText('Kestrel');
  await context.close();
});

test('offline, a reload still opens the market and shows the quotes kept on the device, marked offline or out of reach', async ({ page, context }) => {
  await open(page, '/pages/market/market');
  const btc = page.getByTestId('market-BTC/USDT');
  await expect(btc.getByTestId('price-1')).toHaveText(PRICE);
  // The service worker has taken the page and precached the shell; the quotes are saved.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => caches.keys().then((keys) => keys.length)), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<boolean>((resolve) => {
              const request = indexedDB.open('kestrel-market');
              request.onsuccess = () => {
                const read = request.result.transaction('quotes').objectStore('quotes').get('all');
                read.onsuccess = () => resolve(read.result !== undefined);
                read.onerror = () => resolve(false);
              };
              request.onerror = () => resolve(false);
            }),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await page.reload();
  // Chromium tells a page opened under Playwright's offline emulation that it is online
  // (navigator.onLine), as a phone on a network that reaches nothing would: the market
  // then says the exchange is out of reach, from its failed requests.
  const deviceOffline = await page.evaluate(() => !navigator.onLine);
  await expect(page.getByTestId('connection')).toHaveAttribute('data-state', deviceOffline ? 'offline' : 'unreachable');
  await expect(page.getByTestId('connection')).toHaveText(
    deviceOffline ? 'You are offline. Showing the last prices saved on this device.' : 'Cannot reach the exchange. Showing the last prices saved on this device.',
  );
  await expect(page.getByTestId('market-BTC/USDT').getByTestId('price-1')).toHaveText(PRICE);

  await context.setOffline(false);
  await expect(page.getByTestId('connection')).toHaveCount(0, { timeout: 20_000 });
});
