import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEVICE_STATE } from './device';
import { baseUrl, dataDir, open, toast } from './support';

/**
 * The operator console's Content screen on a laptop: an article written in English and
 * in Thai, one language at a time, its preview rendered by the app's own sanitiser (a
 * script and an onclick in the text do not survive it), each save said on screen (and
 * that the server's sanitiser changed the text), the article on the app's own news
 * screen in each language, both saves in the audit; a cover uploaded by the operator.
 */
test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

const COVER = path.resolve(import.meta.dirname, '../fixtures/avatar.png');
const operatorToken = () => fs.readFileSync(path.join(dataDir(), 'operator.token'), 'utf8').trim();

/** What the operator types: formatting, a script and a handler the app must never run. */
const ENGLISH = {
  title: `Scheduled maintenance ${Date.now().toString(36)}`,
  summary: 'Trading pauses for ten minutes on Sunday.',
  content: '<p onclick="window.__clicked = true">Trading pauses for <strong>ten minutes</strong>.</p><script>window.__ran = true</script><ul><li>Orders stay open</li></ul>',
};
const THAI = {
  title: `ปิดปรับปรุงระบบ ${Date.now().toString(36)}`,
  summary: 'การซื้อขายหยุดสิบนาทีในวันอาทิตย์',
  content: '<p>การซื้อขายหยุด <em>สิบนาที</em></p><img src="x" onerror="window.__ran = true">',
};

/** The app on a phone in one language: its news list on the home screen, and the article it opens. */
async function phoneIn(browser: Browser, lang: string): Promise<{ phone: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: DEVICE_STATE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript((code) => localStorage.setItem('lang', code), lang);
  const phone = await context.newPage();
  return { phone, close: () => context.close() };
}

async function fill(page: Page, text: { title: string; summary: string; content: string }): Promise<void> {
  await page.getByTestId('content-title-input').fill(text.title);
  await page.getByTestId('content-summary-input').fill(text.summary);
  await page.getByTestId('content-text-input').fill(text.content);
}

test('an operator writes an article in English and Thai with a preview, sees it on the phone in each language, and finds both saves in the audit', async ({ page, browser }) => {
  // Nothing the operator typed may run, in the console or anywhere.
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });

  await test.step('sign in and open Content: each article names the languages it has and misses', async () => {
    await page.goto(`${baseUrl()}/admin/`);
    await page.getByLabel('Operator token').fill(operatorToken());
    await page.getByTestId('sign-in-submit').click();
    await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as local');
    await page.getByTestId('nav-content').click();
    await expect(page).toHaveURL(/#\/content\?kind=news$/);
    await expect(page.getByTestId('content-list').getByLabel('All eight languages').first()).toBeVisible();
  });

  let id = 0;
  await test.step('a new article in English: the preview renders it as the app does, without the script or the handler', async () => {
    await page.getByTestId('content-new').click();
    await expect(page).toHaveURL(/#\/content\?kind=news&item=new$/);
    await expect(page.getByTestId('content-lang-en')).toHaveAttribute('data-state', 'missing');
    await fill(page, ENGLISH);
    await expect(page.getByTestId('content-lang-en')).toHaveAttribute('data-state', 'edited');
    const preview = page.getByTestId('content-preview');
    await expect(preview.locator('h1')).toHaveText(ENGLISH.title);
    const rendered = preview.getByTestId('content-preview-text');
    await expect(rendered.locator('strong')).toHaveText('ten minutes');
    await expect(rendered.locator('li')).toHaveText('Orders stay open');
    const html = await rendered.innerHTML();
    expect(html).not.toMatch(/script|onclick|__ran|__clicked/i);
    await rendered.locator('p').click();

    await page.getByTestId('content-cover-input').setInputFiles(COVER);
    await expect(page.getByTestId('content-cover')).toHaveAttribute('src', /^\/uploads\/[A-Za-z0-9_-]+\.png$/);
    await expect(preview.locator('img').first()).toHaveAttribute('src', /^\/uploads\//);

    await page.getByTestId('content-save').click();
    await expect(toast(page)).toHaveText('Saved: English');
    await expect(page).toHaveURL(/#\/content\?kind=news&item=\d+$/);
    id = Number(/item=(\d+)/.exec(page.url())?.[1]);
    expect(id).toBeGreaterThan(0);
    // The server sanitised again and said so; the editor now holds what is stored.
    await expect(page.getByTestId('content-server-changed')).toBeVisible();
    await expect(page.getByTestId('content-text-input')).toHaveValue('<p>Trading pauses for <strong>ten minutes</strong>.</p><ul><li>Orders stay open</li></ul>');
    await expect(page.getByTestId('content-saved')).toContainText('English saved at');
    await expect(page.getByTestId('content-lang-en')).toHaveAttribute('data-state', 'stored');
    const row = page.getByTestId(`content-row-${id}`);
    await expect(row).toContainText(ENGLISH.title);
    await expect(row.getByLabel(/^Missing: /)).toHaveAttribute('aria-label', /简体中文, 繁體中文, ไทย, 日本語, 한국어, Français, Español/);
    expect(await page.evaluate(() => ({ ran: '__ran' in window, clicked: '__clicked' in window }))).toEqual({ ran: false, clicked: false });
  });

  await test.step('the same article in Thai, one language at a time', async () => {
    await page.getByTestId('content-lang-th').click();
    await expect(page.getByTestId('content-lang-th')).toHaveAttribute('data-state', 'missing');
    await expect(page.getByTestId('content-title-input')).toHaveValue('');
    await fill(page, THAI);
    const rendered = page.getByTestId('content-preview-text');
    await expect(rendered.locator('em')).toHaveText('สิบนาที');
    expect(await rendered.innerHTML()).not.toMatch(/onerror|<img/i);
    await page.getByTestId('content-save').click();
    await expect(toast(page)).toHaveText('Saved: ไทย');
    await expect(page.getByTestId('content-lang-th')).toHaveAttribute('data-state', 'stored');
    await expect(page.getByTestId(`content-row-${id}`).getByLabel(/^Missing: /)).toHaveAttribute('aria-label', 'Missing: 简体中文, 繁體中文, 日本語, 한국어, Français, Español');
    // English is as it was saved.
    await page.getByTestId('content-lang-en').click();
    await expect(page.getByTestId('content-title-input')).toHaveValue(ENGLISH.title);
  });

  for (const [lang, text, body] of [
    ['en', ENGLISH, 'ten minutes'],
    ['th', THAI, 'สิบนาที'],
  ] as const) {
    await test.step(`the app's news screen shows it in ${lang}, and its article as the preview did`, async () => {
      const { phone, close } = await phoneIn(browser, lang);
      try {
        phone.on('dialog', (dialog) => {
          throw new Error(`a dialog opened on the phone: ${dialog.message()}`);
        });
        await open(phone, '/');
        const row = phone.getByTestId('news').filter({ hasText: text.title });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(text.summary);
        await row.click();
        await expect(phone.getByTestId('article').locator('h1')).toHaveText(text.title);
        await expect(phone.getByTestId('article-content')).toContainText(body);
        await expect(phone.getByTestId('article').locator('img').first()).toHaveAttribute('src', /^\/uploads\//);
        expect(await phone.getByTestId('article-content').innerHTML()).not.toMatch(/script|onclick|onerror/i);
        expect(await phone.evaluate(() => '__ran' in window || '__clicked' in window)).toBe(false);
      } finally {
        await close();
      }
    });
  }

  await test.step('both saves are in the audit, under the operator, with the cover upload', async () => {
    await page.getByTestId('content-audit-link').click();
    await expect(page).toHaveURL(new RegExp(`#/audit\\?target=news%3A${id}$`));
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('news-save');
    await expect(rows.nth(0)).toContainText(`changed c_id=4 pop=false th: ${THAI.title} (sanitised)`);
    await expect(rows.nth(1)).toContainText(`new c_id=4 pop=false en: ${ENGLISH.title} (sanitised)`);
    for (const row of await rows.all()) await expect(row).toContainText('local');
    await page.getByTestId('audit-target').fill('');
    await page.getByTestId('audit-action').selectOption('content-upload');
    await page.getByTestId('audit-apply').click();
    await expect(page.getByTestId('audit-row').first()).toContainText(/upload:\/uploads\/[A-Za-z0-9_-]+\.png/);
  });

  await test.step('leaving an item with unsaved changes asks first: staying keeps them, leaving drops them', async () => {
    await page.getByTestId('nav-content').click();
    await page.getByTestId(`content-row-${id}`).getByRole('button').click();
    await expect(page).toHaveURL(new RegExp(`#/content\\?kind=news&item=${id}$`));
    await page.getByTestId('content-lang-th').click();
    await page.getByTestId('content-title-input').fill(`${THAI.title} (draft)`);
    await page.getByTestId('content-new').click();
    await expect(page.getByTestId('content-leaving')).toHaveText(/not saved: ไทย\. Leave it without saving them\?/);
    await page.getByTestId('content-stay').click();
    await expect(page.getByTestId('content-leaving')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`item=${id}$`));
    await expect(page.getByTestId('content-title-input')).toHaveValue(`${THAI.title} (draft)`);
    await page.getByTestId('content-new').click();
    await page.getByTestId('content-leave').click();
    await expect(page).toHaveURL(/item=new$/);
    await page.getByTestId(`content-row-${id}`).getByRole('button').click();
    await page.getByTestId('content-lang-th').click();
    await expect(page.getByTestId('content-title-input')).toHaveValue(THAI.title);
  });
});
