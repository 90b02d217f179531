import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { baseUrl, dataDir, E2E_PASSWORD, loggedInUser, open, toast } from './support';

/**
 * Account security on the phone: the authenticator app set up from Settings > Security
 * (the key read from the screen, codes computed here with the otpauth package as an app
 * would), the login's code step, sessions and the whitelist; then a passkey registered
 * and used to log in with Chromium's virtual authenticator (CDP WebAuthn domain).
 *
 * Passkeys need a host name for their relying party (an IP address cannot be one), so the
 * spec opens the app at localhost rather than 127.0.0.1: another origin, with its own storage.
 */
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/security');
const STEP_MS = 30_000;

/** The phone's storage on the localhost origin, as global-setup prepares it for 127.0.0.1 (the pop-up notice already seen). */
async function prepareDevice(page: Page, server: string): Promise<void> {
  const notice = (await (await page.request.get(`${server}/api/news/index_pop`)).json()) as { message: { id: number } | null };
  await page.goto(`${server}/h5/`);
  await page.evaluate((seen) => {
    localStorage.setItem('h5Version', '1');
    if (seen !== null) localStorage.setItem('noticeSeen', String(seen));
  }, notice.message?.id ?? null);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

/** A code of the secret for a 30-second step after `after` (a code works once: the step of the last one used is spent). */
async function freshCode(totp: TOTP, after: number): Promise<string> {
  const step = Math.floor(after / STEP_MS);
  while (Math.floor(Date.now() / STEP_MS) <= step) await new Promise((resolve) => setTimeout(resolve, 250));
  return totp.generate();
}

async function logOut(page: Page): Promise<void> {
  await open(page, '/pages/setting/setting', server());
  await page.getByTestId('logout').click();
  await page.getByTestId('dialog-confirm').click();
  await expect(page.locator('html')).toHaveAttribute('data-screen', '/');
}

const server = () => baseUrl().replace('127.0.0.1', 'localhost');

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** An address saved in the account's address book through the API (its QR image uploaded first). */
async function saveAddress(page: Page, token: string): Promise<void> {
  const uploaded = await page.request.post(`${server()}/api/upload`, {
    headers: { authorization: token },
    multipart: { file: { name: 'qr.png', mimeType: 'image/png', buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/avatar.png')) } },
  });
  const qrcode = (JSON.parse(decodeURIComponent(await uploaded.text())) as { message: string }).message;
  const saved = await page.request.post(`${server()}/api/user/wallet/save`, {
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ currency: '3', network: 'TRC20', name: 'Cold wallet', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', qrcode }).toString(),
  });
  expect(((await saved.json()) as { type: string }).type).toBe('ok');
}

/** The same account logged in on another phone (through the API, with its own user agent). */
async function loginElsewhere(page: Page, email: string): Promise<string> {
  const response = await page.request.post(`${server()}/api/user/login`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ANDROID },
    data: new URLSearchParams({ user_string: email, password: E2E_PASSWORD, device_id: 'another-phone-0001' }).toString(),
  });
  const answer = (await response.json()) as { type: string; message: unknown };
  if (answer.type !== 'ok' || typeof answer.message !== 'string') throw new Error(JSON.stringify(answer));
  return answer.message;
}

test('the authenticator app is set up, then asked at login; a passkey registered on the virtual authenticator logs in alone', async ({ page, context }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await prepareDevice(page, server());
  const user = await loggedInUser(page, 'security', server());
  const otherPhone = await loginElsewhere(page, user.email);
  let totp: TOTP | undefined;
  let usedAt = 0;
  let recovery: string[] = [];

  await test.step('Settings > Security lists what protects the account', async () => {
    await open(page, '/pages/setting/security', server());
    await expect(page.getByTestId('totp-cell')).toContainText('Off');
    await expect(page.getByTestId('passkeys-cell')).toContainText('None');
    await shot(page, 'security-settings');
  });

  await test.step('set up the authenticator app: QR code and key, a wrong code refused, the right one turns it on', async () => {
    await page.getByTestId('totp-cell').click();
    await expect(page.getByTestId('totp-qr')).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'totp-setup');
    totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.getByPlaceholder('Enter your current login password').fill(E2E_PASSWORD);
    const code = totp.generate();
    await page.getByPlaceholder('6 digits from the app').fill(code === '000000' ? '000001' : '000000');
    await page.getByTestId('totp-enable').click();
    await expect(toast(page)).toHaveText('The code is wrong. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.');
    await page.getByPlaceholder('6 digits from the app').fill(totp.generate());
    usedAt = Date.now();
    await page.getByTestId('totp-enable').click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    recovery = await page.getByTestId('recovery-codes').locator('li').allInnerTexts();
    await shot(page, 'totp-recovery-codes');
    await page.getByTestId('recovery-done').click();
    await expect(page.getByTestId('totp-on')).toContainText('Recovery codes left: 10');
  });

  await test.step('log out, log in: the password asks for the code, the code logs in', async () => {
    await logOut(page);
    await open(page, '/pages/common/login', server());
    await page.getByPlaceholder('Enter your e-mail').fill(user.email);
    await page.getByPlaceholder('Enter your password').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-code-step')).toBeVisible();
    await shot(page, 'login-code-step');
    if (!totp) throw new Error('no secret');
    const code = await freshCode(totp, usedAt);
    await page.getByPlaceholder('6 digits, or a recovery code').fill(code);
    await page.getByTestId('login-code-submit').click();
    await expect(toast(page)).toHaveText('Logged in');
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/');
  });

  await test.step('the login from this browser is a new device: its owner is e-mailed', async () => {
    const outbox = path.join(dataDir(), 'outbox');
    await expect
      .poll(() =>
        fs
          .readdirSync(outbox)
          .some((name) => fs.readFileSync(path.join(outbox, name), 'utf8').includes(`To: ${user.email}`) && fs.readFileSync(path.join(outbox, name), 'utf8').includes('New login to your')),
      )
      .toBe(true);
  });

  await test.step('devices and sessions: this device and the other phone, which is logged out from here; the history with the code', async () => {
    await open(page, '/pages/setting/sessions', server());
    await expect(page.getByTestId('session')).toHaveCount(2);
    await expect(page.getByTestId('session').first()).toContainText('This device');
    await expect(page.getByTestId('session').nth(1)).toContainText('Chrome 120 · Android 14');
    await shot(page, 'sessions');
    await page.getByTestId('session-revoke').click();
    await page.getByTestId('dialog-confirm').click();
    await expect(toast(page)).toHaveText('The session has been ended on that device.');
    await expect(page.getByTestId('session')).toHaveCount(1);
    const ended = await page.request.get(`${server()}/api/user/info`, { headers: { authorization: otherPhone } });
    expect(((await ended.json()) as { type: string }).type).toBe('999');
    await page.getByTestId('open-logins').click();
    await expect(page.getByTestId('login-event').first()).toContainText('Password + authenticator code');
    await expect(toast(page)).toBeHidden();
    await shot(page, 'login-history');
  });

  await test.step('the withdrawal whitelist is turned on in the address book: a new address is usable in 24 hours', async () => {
    await saveAddress(page, (await page.evaluate(() => localStorage.getItem('token'))) ?? '');
    await open(page, '/pages/setting/wallet', server());
    await expect(page.getByTestId('saved-address')).toHaveCount(1);
    await expect(page.getByTestId('address-waiting')).toHaveCount(0);
    await page.getByTestId('whitelist-switch').click();
    await expect(toast(page)).toContainText('The withdrawal whitelist is on');
    await expect(page.getByTestId('whitelist-switch')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('address-waiting')).toContainText('Usable for withdrawals from');
    await expect(toast(page)).toBeHidden();
    await shot(page, 'whitelist');
  });

  await test.step('register a passkey on the virtual authenticator, with a recovery code as proof', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    await open(page, '/pages/setting/passkeys', server());
    await page.getByTestId('passkey-add').click();
    const sheet = page.getByTestId('passkey-proof');
    await sheet.getByPlaceholder('Enter your current login password').fill(E2E_PASSWORD);
    await sheet.getByPlaceholder('6 digits, or a recovery code').fill(recovery[0] ?? '');
    await sheet.getByTestId('proof-submit').click();
    await expect(toast(page)).toHaveText('Passkey added. You can now log in with it.');
    await expect(page.getByTestId('passkey')).toHaveCount(1);
    await expect(toast(page)).toBeHidden();
    await shot(page, 'passkeys');
  });

  await test.step('log out, log in with the passkey: no password, no code', async () => {
    await logOut(page);
    await open(page, '/pages/common/login', server());
    await page.getByTestId('passkey-login').click();
    await expect(toast(page)).toHaveText('Logged in');
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/');
    await open(page, '/pages/setting/logins', server());
    await expect(page.getByTestId('login-event').first()).toContainText('Passkey');
  });
});
