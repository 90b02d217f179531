import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/** Opens a screen of the app by its hash route (on another server when given). */
export async function open(page: Page, route: string, server = baseUrl()): Promise<void> {
  await page.goto(`${server}/h5/#${route}`);
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The newest verification code mailed (or texted) to `to`, read from DATA_DIR/outbox. */
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
          .filter((file) => fs.statSync(file).mtimeMs >= after)
          .sort();
        for (const file of files.reverse()) {
          const text = fs.readFileSync(file, 'utf8');
          const [head = '', ...rest] = text.split(/\r?\n\r?\n/);
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}\\r?$`, 'm').test(head)) continue;
          const code = /\b(\d{6})\b/.exec(decodeQuotedPrintable(rest.join('\n')))?.[1];
          if (code) {
            found = code;
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

/**
 * A new account, registered through the API with the code from the outbox, and the
 * page logged in as it (the token in local storage, as the app keeps it).
 */
export async function loggedInUser(page: Page, label: string, server = baseUrl()): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(label);
  const asked = Date.now() - 1000;
  const form = (fields: Record<string, string>) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: new URLSearchParams(fields).toString() });
  await page.request.post(`${server}/api/sms_mail`, form({ user_string: email, scene: 'register' }));
  const code = await codeFromOutbox(email, asked);
  const answer = (await (await page.request.post(`${server}/api/user/register`, form({ user_string: email, code, password: 'e2e-secret-pass', re_password: 'e2e-secret-pass' }))).json()) as { type: string; message: string };
  if (answer.type !== 'ok') throw new Error(answer.message);
  await page.goto(`${server}/h5/`);
  await page.evaluate((token) => localStorage.setItem('token', token), answer.message);
  await page.reload();
  return { email, token: answer.message };
}
