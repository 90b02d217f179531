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

/** Opens a screen of the app by its hash route. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/h5/#${route}`);
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
