import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';

/**
 * The app's files as a phone gets them (issue 16): a hashed file compressed as the browser
 * accepts (the build's brotli and gzip copies) and cached for a year, the HTML never
 * cached and with its security policy, source maps not served at all.
 */
let h: Harness;
let appDir: string;
let adminDir: string;
const consoleScript = 'export const queues = ' + JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, kind: 'withdrawal' })));
const bootScript = "document.documentElement.dataset.boot = 'market';";
const script = 'export const prices = ' + JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ market: i, last: 96_000 + i })));

beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-app-'));
  fs.mkdirSync(path.join(appDir, 'assets'));
  const html = `<!doctype html><html><head><title>Kestrel</title><script>${bootScript}</script></head><body><div id="root"></div><script type="module" src="/h5/assets/index-AbC123.js"></script></body></html>`;
  for (const [file, body] of [
    ['index.html', html],
    ['assets/index-AbC123.js', script],
  ] as const) {
    fs.writeFileSync(path.join(appDir, file), body);
    fs.writeFileSync(path.join(appDir, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(appDir, `${file}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(path.join(appDir, 'assets/index-AbC123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
  // The operator console's build (dist/admin): a page without inline scripts, its hashed files.
  adminDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-admin-'));
  fs.mkdirSync(path.join(adminDir, 'assets'));
  const consolePage = '<!doctype html><html><head><title>Kestrel console</title></head><body><div id="console"></div><script type="module" src="/admin/assets/main-XyZ789.js"></script></body></html>';
  for (const [file, body] of [
    ['index.html', consolePage],
    ['assets/main-XyZ789.js', consoleScript],
  ] as const) {
    fs.writeFileSync(path.join(adminDir, file), body);
    fs.writeFileSync(path.join(adminDir, `${file}.br`), zlib.brotliCompressSync(body));
  }
  fs.writeFileSync(path.join(adminDir, 'assets/main-XyZ789.js.map'), '{"version":3,"sources":["admin/secret.ts"]}');
  h = await createHarness({ APP_DIR: appDir, ADMIN_DIR: adminDir });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(appDir, { recursive: true, force: true });
  fs.rmSync(adminDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => h.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

test('a hashed file: brotli or gzip as accepted, the same bytes, cached for a year', async () => {
  const brotli = await get('/h5/assets/index-AbC123.js', 'gzip, deflate, br');
  expect(brotli.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' });
  expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
  expect(brotli.rawPayload.length).toBeLessThan(script.length / 3);

  const gzip = await get('/h5/assets/index-AbC123.js', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);

  const plain = await get('/h5/assets/index-AbC123.js');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
});

test('the page: not cached, its security policy on the compressed copy too; source maps are not served', async () => {
  const page = await get('/h5/', 'br');
  expect(page.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
  const policy = String(page.headers['content-security-policy']);
  expect(policy).toContain("default-src 'self'");
  // The page's own boot script runs by its hash; no other inline script does.
  const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ');
  expect(scriptSrc).toEqual(["'self'", `'sha256-${crypto.createHash('sha256').update(bootScript).digest('base64')}'`]);
  expect((await get('/h5/assets/index-AbC123.js.map', 'br')).statusCode).toBe(404);
  expect((await get('/h5/assets/index-AbC123.js.map')).body).not.toContain('secret');
});

test('the operator console at /admin/ is served as the app is: hashed files compressed and kept a year, the page never cached, no source maps', async () => {
  const script = await get('/admin/assets/main-XyZ789.js', 'gzip, deflate, br');
  expect(script.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'public, max-age=31536000, immutable', vary: 'Accept-Encoding' });
  expect(zlib.brotliDecompressSync(script.rawPayload).toString()).toBe(consoleScript);
  const page = await get('/admin/', 'br');
  expect(page.headers).toMatchObject({ 'content-encoding': 'br', 'cache-control': 'no-cache' });
  expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="console">');
  expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  const bare = await get('/admin');
  expect(bare.statusCode).toBe(302);
  expect(bare.headers['location']).toBe('/admin/');
  expect((await get('/admin/assets/main-XyZ789.js.map')).statusCode).toBe(404);
});

test('an API answer of 1 KB or more comes compressed as accepted, the same JSON; a small one as it is', async () => {
  const plain = await get('/api/currency/quotation_new?lang=en');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(1024);
  const list = plain.json<{ type: string }>();
  expect(list.type).toBe('ok');

  const brotli = await get('/api/currency/quotation_new?lang=en', 'gzip, deflate, br');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['vary']).toContain('accept-encoding');
  expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(list);
  expect(brotli.rawPayload.length).toBeLessThan(plain.body.length / 2);

  const gzip = await get('/api/currency/quotation_new?lang=en', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(list);

  const small = await get('/api/getSiteConfig?lang=en', 'gzip, br');
  expect(small.body.length).toBeLessThan(1024);
  expect(small.headers['content-encoding']).toBeUndefined();
});
