/**
 * npm run screenshots: phone-sized pictures (390x844) of every screen, for looking at
 * what was built. Needs a running server (npm start); BASE_URL defaults to
 * http://localhost:8080. Logs in with the demo account for the screens behind login.
 * LANG_CODE picks the language (en); SCREENS=transaction,fund keeps the routes that
 * contain one of those words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const base = process.env['BASE_URL'] ?? 'http://localhost:8080';
const out = path.resolve(import.meta.dirname, '../screenshots');
const language = process.env['LANG_CODE'] ?? 'en';
const only = (process.env['SCREENS'] ?? '').split(',').filter(Boolean);
const wanted = (route: string) => only.length === 0 || only.some((word) => (word === 'home' ? route === '/' : route.includes(word)));

const visitorScreens = [
  '/',
  '/pages/transaction/index',
  '/pages/market/market',
  '/pages/financial/index',
  '/pages/market/search',
  '/pages/market/detail?symbol=BTCUSDT',
  '/pages/common/login',
  '/pages/common/register',
  '/pages/common/forget',
  '/pages/common/area',
  '/pages/setting/language',
  '/pages/setting/currency',
  '/pages/common/article?id=1',
  '/pages/common/faq',
  '/pages/common/aboutus',
  '/pages/common/contactus',
  '/pages/setting/operational_compliance',
  '/pages/kefu/index',
];
const userScreens = [
  '/',
  '/pages/setting/setting',
  '/pages/setting/userInfo',
  '/pages/setting/security',
  '/pages/setting/password',
  '/pages/setting/payPassword',
  '/pages/setting/mobile',
  '/pages/setting/email',
  '/pages/setting/real',
  '/pages/fund/assets',
  '/pages/financial/index',
  '/pages/fund/select?type=receive',
  '/pages/fund/receive?currency=3',
  '/pages/fund/withdraw?currency=3',
  '/pages/fund/fundTransfer',
  '/pages/fund/transfer',
  '/pages/fund/assets_all_record',
  '/pages/fund/receive_withdraw_record',
  '/pages/setting/coupon',
  '/pages/setting/wallet',
  '/pages/setting/addWallet',
  '/pages/transaction/index',
  '/pages/transaction/index?mode=contract',
  '/pages/transaction/index?mode=seconds',
  '/pages/transaction/currency_order',
  '/pages/transaction/contract_order',
  '/pages/transaction/seconds_order',
  '/pages/setting/bank',
  '/pages/setting/bank_international',
  '/pages/setting/share',
  '/pages/setting/invite',
];

async function shoot(page: Page, route: string, prefix: string): Promise<void> {
  await page.goto(`${base}/h5/#${route}`);
  await page.getByTestId('toast').waitFor({ state: 'detached' });
  await page.waitForTimeout(1500);
  const name = `${prefix}${route === '/' ? 'home' : route.replace(/^\/pages\//, '').replace(/[/?=]/g, '-')}.png`;
  await page.screenshot({ path: path.join(out, name) });
  console.log(name);
}

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
await page.goto(`${base}/h5/`);
await page.evaluate((code) => localStorage.setItem('lang', code), language);
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
