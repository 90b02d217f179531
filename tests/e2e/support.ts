import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEVICE_STATE } from './device';

/** Where the server under test runs and keeps its data (set by global-setup). */
export function baseUrl(): string {
  const url = process.env['E2E_BASE_URL'];
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
}

export function dataDir(): string {
  const dir = process.env['E2E_DATA_DIR'];
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  return dir;
}

/**
 * Opens a screen of the app by its hash route (on another server when given) and waits
 * until that screen is the one shown (the previous one stays up while its code loads).
 */
export async function open(page: Page, route: string, server = baseUrl()): Promise<void> {
  await page.goto(`${server}/h5/#${route}`);
  const pathname = route.split('?')[0] ?? route;
  await expect(page.locator('html')).toHaveAttribute('data-screen', pathname === '/' ? '/' : pathname);
}

/** How far a file's modification time may trail the clock it is compared with (Linux stamps files with a coarse clock). */
const MTIME_SLACK_MS = 50;

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Messages whose code a spec has read: each is read once, so a spec waits for the new one rather than taking the last step's. */
const readMessages = new Set<string>();

/** The newest verification code mailed (or texted) to `to` and not read before, from DATA_DIR/outbox. */
export async function codeFromOutbox(to: string, after = 0): Promise<string> {
  const dir = path.join(dataDir(), 'outbox');
  let found = '';
  await expect
    .poll(
      () => {
        if (!fs.existsSync(dir)) return '';
        const files = fs
          .readdirSync(dir)
          .map((name) => path.join(dir, name))
          // A file's time comes from the kernel's coarse clock, a few ms behind Date.now(): a
          // message written just after `after` may carry an earlier time.
          .filter((file) => !readMessages.has(file) && fs.statSync(file).mtimeMs >= after - MTIME_SLACK_MS)
          .sort();
        for (const file of files.reverse()) {
          const text = fs.readFileSync(file, 'utf8');
          const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(head)) continue;
          const code = /\b(\d{6})\b/.exec(decodeQuotedPrintable(rest.join('\n')))?.[1];
          if (code) {
            found = code;
            readMessages.add(file);
            return code;
          }
        }
        return '';
      },
      { message: `a code sent to ${to}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return found;
}

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export const toast = (page: Page) => page.getByTestId('toast');

/** Posts a form to the API as the app does, optionally as a logged-in user. */
export async function post(page: Page, server: string, path: string, fields: Record<string, string>, token?: string): Promise<{ type: string; message: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token) headers['authorization'] = token;
  const response = await page.request.post(`${server}/api/${path}`, { headers, data: new URLSearchParams(fields).toString() });
  return (await response.json()) as { type: string; message: string };
}

export function ok(answer: { type: string; message: string }): string {
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

/** The login password of the accounts loggedInUser registers. */
export const E2E_PASSWORD = 'e2e-secret-pass';

/**
 * A new account, registered through the API with the code from the outbox, and the
 * page logged in as it (the token in local storage, as the app keeps it).
 */
export async function loggedInUser(page: Page, label: string, server = baseUrl()): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const asked = Date.now() - 1000;
  // Refused past 20 codes an hour from one address: the suite's specs share 127.0.0.1.
  ok(await post(page, server, 'sms_mail', { user_string: email, scene: 'register' }));
  const code = await codeFromOutbox(email, asked);
  const token = ok(await post(page, server, 'user/register', { user_string: email, code, password: E2E_PASSWORD, re_password: E2E_PASSWORD }));
  await page.goto(`${server}/h5/`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
  return { email, token };
}

/**
 * The page logged in as the seeded demo account (no code asked, so none of the hour's
 * codes per address is spent): for specs that look at screens rather than change money.
 */
export async function demoUser(page: Page, server = baseUrl()): Promise<string> {
  const token = ok(await post(page, server, 'user/login', { user_string: 'demo@kestrel.local', password: 'kestrel-demo' }));
  await page.goto(`${server}/h5/`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.reload();
  return token;
}

/**
 * Binds a mobile number and sets the pay password through the API, as a loggedInUser:
 * each confirmed by the login password and a code mailed to the account (the number by
 * its own SMS code too), codes read from the outbox. First ones: nothing is paused.
 */
export async function prepareForWithdrawals(page: Page, user: { email: string; token: string }, payPassword: string, server = baseUrl()): Promise<void> {
  const mobile = `139${String(Date.now()).slice(-8)}`;
  let asked = Date.now();
  ok(await post(page, server, 'sms_mail', { scene: 'change_mobile' }, user.token));
  const contactCode = await codeFromOutbox(user.email, asked);
  asked = Date.now();
  ok(await post(page, server, 'sms_send', { area_code: '86', mobile }, user.token));
  const smsCode = await codeFromOutbox(`+86 ${mobile}`, asked);
  ok(await post(page, server, 'safe/mobile', { area_code: '86', mobile, code: smsCode, contact_code: contactCode, current_password: E2E_PASSWORD }, user.token));
  asked = Date.now();
  ok(await post(page, server, 'sms_mail', { scene: 'pay_password' }, user.token));
  const code = await codeFromOutbox(user.email, asked);
  ok(await post(page, server, 'safe/pay_password', { pay_password: payPassword, re_pay_password: payPassword, code, current_password: E2E_PASSWORD }, user.token));
}

/** Runs one of the project's scripts against the shared server's DATA_DIR, as an operator would. */
function script(file: string, args: string[]): string {
  const root = path.resolve(import.meta.dirname, '../..');
  return execFileSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), file, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir() },
    encoding: 'utf8',
  });
}

/** The operator command line (npm run operator). */
export const operator = (...args: string[]): string => script('scripts/operator.ts', args);

/** The ledger check (npm run ledger:check); throws when it finds a violation. */
export const ledgerCheck = (): string => script('scripts/ledger-check.ts', []);

interface PendingIdentities {
  identities: { id: number; uid: number; level: number }[];
}

/** Approves, by the operator command, the identity submission of the user with `uid` waiting at `level`. */
export function approveIdentity(uid: number, level: 1 | 2): void {
  const pending = JSON.parse(operator('pending', '--json')) as PendingIdentities;
  const submission = pending.identities.find((row) => row.uid === uid && row.level === level);
  if (!submission) throw new Error(`no level ${level} submission of ${uid} waits for review`);
  operator('approve-identity', String(submission.id));
}

/** The logged-in user's UID. */
export async function uidOf(page: Page, token: string, server = baseUrl()): Promise<number> {
  const answer = (await (await page.request.get(`${server}/api/user/info`, { headers: { authorization: token } })).json()) as { message: { uid: number } };
  return answer.message.uid;
}

/** Another phone in the same test (a second user, a visitor): its own context, configured as the suite's pages are. */
export async function secondPhone(browser: Browser): Promise<{ phone: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    storageState: DEVICE_STATE,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    colorScheme: 'dark',
    serviceWorkers: 'block',
  });
  return { phone: await context.newPage(), close: () => context.close() };
}
