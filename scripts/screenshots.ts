/**
 * npm run screenshots: phone-sized pictures (390x844) of every screen, for looking at
 * what was built. Needs a running server (npm start); BASE_URL defaults to
 * http://localhost:8080. Logs in with the demo account for the screens behind login.
 * LANG_CODE picks the language (en); SCREENS=transaction,fund keeps the routes that
 * contain one of those words; THEME=light shows the light theme (dark by default) and
 * COLORS=red-up the red up / green down convention.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { userScreens, visitorScreens } from './screens';

const base = process.env['BASE_URL'] ?? 'http://localhost:8080';
const out = path.resolve(import.meta.dirname, '../screenshots');
const language = process.env['LANG_CODE'] ?? 'en';
const only = (process.env['SCREENS'] ?? '').split(',').filter(Boolean);
const theme = process.env['THEME'] === 'light' ? 'light' : 'dark';
const colors = process.env['COLORS'] === 'red-up' ? 'red-up' : null;
const wanted = (route: string) => only.length === 0 || only.some((word) => (word === 'home' ? route === '/' : route.includes(word)));

async function shoot(page: Page, route: string, prefix: string): Promise<void> {
  await page.goto(`${base}/h5/#${route}`);
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await page.waitForTimeout(1500);
  const name = `${prefix}${theme === 'light' ? 'light-' : ''}${colors ? 'red-up-' : ''}${route === '/' ? 'home' : route.replace(/^\/pages\//, '').replace(/[^A-Za-z0-9_]+/g, '-')}.png`;
  await page.screenshot({ path: path.join(out, name) });
  console.log(name);
}

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, colorScheme: theme });
await page.goto(`${base}/h5/`);
await page.evaluate(
  ([code, convention]) => {
    localStorage.setItem('lang', code);
    if (convention) localStorage.setItem('colors', convention);
  },
  [language, colors] as const,
);
await page.reload();
for (const route of visitorScreens.filter(wanted)) await shoot(page, route, `${language}-visitor-`);
await page.goto(`${base}/h5/#/pages/common/login`);
await page.getByPlaceholder(/.+/).first().waitFor();
await page.locator('input[name=email]').fill('demo@kestrel.local');
await page.locator('input[name=password]').fill('kestrel-demo');
await page.locator('[data-testid=login-submit]').click();
await page.waitForURL(/#\/$/);
for (const route of userScreens.filter(wanted)) await shoot(page, route, `${language}-user-`);
await browser.close();
