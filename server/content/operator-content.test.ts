import fs from 'node:fs';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { operatorTokenFile } from '../operator/auth';
import { createHarness, multipartBody, type Answer, type Harness } from '../testing/harness';

/**
 * The operators' readers of content (what the console's Content screen edits): every
 * language an item has, as stored, and the content image an operator uploads.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

function ok<T>(answer: Answer<T>): T {
  if (answer.type !== 'ok') throw new Error(`expected ok, got ${answer.type}: ${answer.message}`);
  return answer.message;
}
function failed(answer: Answer<unknown>): string {
  expect(answer.type, JSON.stringify(answer)).toBe('error');
  return String(answer.message);
}

const audits = async () => h.ctx.db.selectFrom('operator_actions').select(['operator', 'action', 'target', 'detail']).orderBy('id').execute();
const operator = { operator: true } as const;

async function uploadAsOperator(bytes: Buffer, name = 'cover.png', type = 'image/png'): Promise<{ type: string; message: string }> {
  const token = fs.readFileSync(operatorTokenFile(h.dataDir), 'utf8').trim();
  const body = multipartBody({ name, type, bytes });
  const response = await h.app.inject({ method: 'POST', url: '/api/operator/content/upload', headers: { ...body.headers, 'x-operator-token': token }, payload: body.payload });
  return JSON.parse(decodeURIComponent(response.body)) as { type: string; message: string };
}

const png = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();

describe('an article in every language', () => {
  test('the item answers each language it has as stored; the list names them in the order of the languages', async () => {
    const { id } = ok(await h.call(endpoints.operatorNewsSave, { c_id: 4, lang: 'th', title: 'ปิดปรับปรุง', content: '<p>ระบบหยุด <strong>สิบนาที</strong></p>' }, operator));
    h.advance(1000);
    ok(await h.call(endpoints.operatorNewsSave, { id, c_id: 4, lang: 'en', title: 'Maintenance', summary: 'Ten minutes', content: '<p>The exchange pauses.</p>' }, operator));

    const item = ok(await h.call(endpoints.operatorNewsItem, { id }, operator));
    expect(item).toMatchObject({ id, c_id: 4, cover: null, pop: false, sort: 0 });
    expect(item.texts.map((text) => text.lang)).toEqual(['en', 'th']);
    expect(item.texts[0]).toMatchObject({ title: 'Maintenance', summary: 'Ten minutes', content: '<p>The exchange pauses.</p>', updated_at: h.ctx.now() });
    expect(item.texts[1]).toMatchObject({ title: 'ปิดปรับปรุง', summary: 'ระบบหยุด สิบนาที', content: '<p>ระบบหยุด <strong>สิบนาที</strong></p>' });

    const list = ok(await h.call(endpoints.operatorNewsList, { c_id: 4, page: 1, limit: 50 }, operator));
    expect(list.data[0]).toMatchObject({ id, title: 'Maintenance', langs: ['en', 'th'], pop: false });
    // The seeded articles have all eight.
    expect(list.data.slice(1).every((row) => row.langs.length === 8)).toBe(true);
    expect(ok(await h.call(endpoints.operatorNewsList, { c_id: 5, page: 1, limit: 50 }, operator)).data.every((row) => row.c_id === 5)).toBe(true);
  });

  test('what is stored is what the server sanitised: no script, no handler; the audit says it changed the text', async () => {
    const sent = '<p onclick="alert(1)">Hello <script>alert(2)</script><em>world</em></p>';
    const { id } = ok(await h.call(endpoints.operatorNewsSave, { c_id: 4, lang: 'en', title: 'Hello', content: sent }, operator));
    const [text] = ok(await h.call(endpoints.operatorNewsItem, { id }, operator)).texts;
    expect(text?.content).toBe('<p>Hello <em>world</em></p>');
    expect((await audits()).at(-1)).toEqual({ operator: 'local', action: 'news-save', target: `news:${id}`, detail: 'new c_id=4 en: Hello (sanitised)' });
  });

  test('a removed or unknown article is not found', async () => {
    const { id } = ok(await h.call(endpoints.operatorNewsSave, { c_id: 5, lang: 'en', title: 'Banner', content: '<p>b</p>' }, operator));
    ok(await h.call(endpoints.operatorNewsDelete, { id }, operator));
    expect(failed(await h.call(endpoints.operatorNewsItem, { id }, operator))).toBe('This article does not exist or has been removed.');
    expect(failed(await h.call(endpoints.operatorNewsItem, { id: 999_999 }, operator))).toBe('This article does not exist or has been removed.');
    expect(ok(await h.call(endpoints.operatorNewsList, { c_id: 5, page: 1, limit: 50 }, operator)).data.map((row) => row.id)).not.toContain(id);
  });
});

describe('the questions, the pages, the notice and the service link', () => {
  test('the overview names the notice, each question and page with its languages, and the link', async () => {
    const before = ok(await h.call(endpoints.operatorContent, {}, operator));
    expect(before.pages.map((page) => page.key)).toEqual(['aboutus', 'contactus', 'operational_compliance']);
    expect(before.pages.every((page) => page.langs.length === 8 && page.title !== '')).toBe(true);
    expect(before.faq.length).toBeGreaterThan(0);

    const { id } = ok(await h.call(endpoints.operatorFaqSave, { lang: 'jp', question: '手数料は？', answer: '<p>0.1%</p>', sort: 0 }, operator));
    const { id: notice } = ok(await h.call(endpoints.operatorNewsSave, { c_id: 4, lang: 'en', title: 'Read me first', content: '<p>n</p>', pop: true }, operator));
    ok(await h.call(endpoints.operatorServiceLink, { url: 'https://t.me/kestrel_help' }, operator));

    const after = ok(await h.call(endpoints.operatorContent, {}, operator));
    expect(after.faq.find((row) => row.id === id)).toEqual({ id, sort: 0, question: '手数料は？', langs: ['jp'] });
    expect(after.notice).toEqual({ id: notice, c_id: 4, title: 'Read me first' });
    expect(after.service_link).toBe('https://t.me/kestrel_help');

    const faq = ok(await h.call(endpoints.operatorFaqItem, { id }, operator));
    expect(faq).toEqual({ id, sort: 0, texts: [{ lang: 'jp', question: '手数料は？', answer: '<p>0.1%</p>', updated_at: h.ctx.now() }] });
    ok(await h.call(endpoints.operatorFaqDelete, { id }, operator));
    expect(failed(await h.call(endpoints.operatorFaqItem, { id }, operator))).toBe('This question does not exist or has been removed.');
  });

  test('a page answers its eight languages; an unknown page is refused', async () => {
    ok(await h.call(endpoints.operatorPageSave, { key: 'contactus', lang: 'fra', title: 'Nous écrire', content: '<p>support@kestrel.local</p>' }, operator));
    const page = ok(await h.call(endpoints.operatorPageItem, { key: 'contactus' }, operator));
    expect(page.texts.map((text) => text.lang)).toEqual(['en', 'zh', 'hk', 'th', 'jp', 'kor', 'fra', 'spa']);
    expect(page.texts.find((text) => text.lang === 'fra')).toMatchObject({ title: 'Nous écrire', content: '<p>support@kestrel.local</p>' });
    expect(failed(await h.call(endpoints.operatorPageItem, { key: 'terms' }, operator))).toBe('This page does not exist.');
  });
});

describe("an operator's content image", () => {
  test('an image is cleaned, served under /uploads/, takes a cover and is audited', async () => {
    const answer = await uploadAsOperator(await png());
    expect(answer.type).toBe('ok');
    const address = answer.message;
    expect(address).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
    const served = await h.app.inject({ method: 'GET', url: address });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(64);
    expect((await audits()).at(-1)).toEqual({ operator: 'local', action: 'content-upload', target: `upload:${address}`, detail: 'png 64x32' });

    const { id } = ok(await h.call(endpoints.operatorNewsSave, { c_id: 5, lang: 'en', title: 'With a cover', content: '<p>c</p>', cover: address }, operator));
    expect(ok(await h.call(endpoints.newsDetail, { id })).cover).toBe(address);
  });

  test('what is not an image is refused, stored nowhere and not audited', async () => {
    const before = await audits();
    const answer = await uploadAsOperator(Buffer.from('<script>alert(1)</script>'), 'cover.png');
    expect(answer).toEqual({ type: 'error', message: 'Only PNG, JPEG, GIF or WebP images can be uploaded.' });
    expect(await audits()).toEqual(before);
  });

  test("a user's token uploads nothing here", async () => {
    const token = await h.registerUser('writer@example.com');
    const body = multipartBody({ name: 'cover.png', type: 'image/png', bytes: await png() });
    for (const headers of [{ 'x-operator-token': token }, { authorization: token }]) {
      const response = await h.app.inject({ method: 'POST', url: '/api/operator/content/upload', headers: { ...body.headers, ...headers }, payload: body.payload });
      expect((JSON.parse(decodeURIComponent(response.body)) as { type: string }).type).toBe('999');
    }
  });
});
