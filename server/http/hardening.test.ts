import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { trustedProxies } from '../config';
import { createHarness, multipartBody, type Harness } from '../testing/harness';

/**
 * The security issue's HTTP findings: who the client is behind a proxy (3), the security
 * headers (8), and multipart bodies the parser cannot read (9).
 */
const PROXY = '10.0.0.5';

describe('TRUST_PROXY', () => {
  test('takes the proxies\' addresses; "true" and hop counts are refused at start with the reason', () => {
    expect(trustedProxies(undefined)).toBe(false);
    expect(trustedProxies('false')).toBe(false);
    expect(trustedProxies('')).toBe(false);
    expect(trustedProxies('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(() => trustedProxies('true')).toThrow(/would believe any X-Forwarded-For/);
    expect(() => trustedProxies('1')).toThrow(/hop count/);
    expect(() => trustedProxies('10.0.0.0/33')).toThrow(/"10.0.0.0\/33" is not an IP address/);
    expect(() => trustedProxies('proxy.local')).toThrow(/"proxy.local" is not an IP address/);
  });

  describe('behind a trusted proxy', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness({ TRUST_PROXY: PROXY });
    });
    afterAll(async () => {
      await h.close();
    });

    const sendCode = (n: number, forwardedFor: string, remoteAddress = PROXY) =>
      h.app.inject({
        method: 'POST',
        url: `/api${endpoints.sendCode.path}`,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
        payload: new URLSearchParams({ user_string: `person${n}@example.com`, scene: 'register' }).toString(),
      });

    test('a client that writes its own X-Forwarded-For entries is still one client to the per-IP limits', async () => {
      // The proxy appends the address it saw (203.0.113.7) to whatever the client sent.
      let refusedAt = 0;
      for (let n = 1; n <= 100 && refusedAt === 0; n++) {
        const answer = (await sendCode(n, `198.51.100.${n}, 203.0.113.7`)).json<{ type: string; message: string }>();
        if (answer.type === 'error') {
          expect(answer.message).toBe('Too many codes were requested. Please try again later.');
          refusedAt = n;
        }
      }
      expect(refusedAt).toBeGreaterThan(1);
      expect(refusedAt).toBeLessThan(100);
      // Another client behind the same proxy is not held back by the first one's count.
      expect((await sendCode(1000, '203.0.113.8')).json()).toMatchObject({ type: 'ok' });
    });

    test("the session records the address the proxy saw; a direct request is its socket's address", async () => {
      await h.registerUser('ip@example.com', 'secret-pass');
      const login = (remoteAddress: string) =>
        h.app.inject({
          method: 'POST',
          url: `/api${endpoints.login.path}`,
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '192.0.2.66, 203.0.113.9' },
          payload: 'user_string=ip%40example.com&password=secret-pass',
        });
      expect((await login(PROXY)).json()).toMatchObject({ type: 'ok' });
      expect((await login('198.51.100.200')).json()).toMatchObject({ type: 'ok' });
      const ips = await h.ctx.db.selectFrom('sessions').select('ip').orderBy('id').execute();
      expect(ips.slice(-2).map((row) => row.ip)).toEqual(['203.0.113.9', '198.51.100.200']);
    });
  });
});

describe('security headers', () => {
  let h: Harness;
  let appDir: string;
  beforeAll(async () => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-app-'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><html><head><script>document.documentElement.dataset.boot = "home";</script></head><body></body></html>');
    h = await createHarness({ APP_DIR: appDir, TRUST_PROXY: PROXY });
  });
  afterAll(async () => {
    await h.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => h.app.inject({ method: 'GET', url, headers, remoteAddress });

  test("every answer: nosniff, no referrer, not framed; the page's sockets only to its own host", async () => {
    for (const url of ['/h5/', `/api${endpoints.getSiteConfig.path}`, '/api/nowhere']) {
      const response = await get(url, { host: 'kestrel.example:8443' });
      expect(response.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(/connect-src ([^;]+)/.exec(policy)?.[1]).toBe("'self' ws://kestrel.example:8443 wss://kestrel.example:8443");
      expect(policy).not.toMatch(/upgrade-insecure-requests/);
    }
  });

  test('a Host header cannot write into the policy', async () => {
    const policy = String((await get('/h5/', { host: "evil.example; script-src 'unsafe-inline'" })).headers['content-security-policy']);
    expect(/connect-src ([^;]+)/.exec(policy)?.[1]).toBe("'self'");
    expect(policy).not.toContain('evil.example');
    expect(/script-src ([^;]+)/.exec(policy)?.[1]).not.toContain('unsafe-inline');
  });

  test('HSTS only over https: directly, or as the trusted proxy says', async () => {
    expect((await get('/h5/')).headers['strict-transport-security']).toBeUndefined();
    // A client cannot claim https for itself.
    expect((await get('/h5/', { 'x-forwarded-proto': 'https' }, '198.51.100.1')).headers['strict-transport-security']).toBeUndefined();
    const proxied = await get('/h5/', { 'x-forwarded-proto': 'https', host: 'kestrel.example' }, PROXY);
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(/connect-src ([^;]+)/.exec(String(proxied.headers['content-security-policy']))?.[1]).toBe("'self' ws://kestrel.example wss://kestrel.example");
  });

  test('uploaded files keep their sandbox', async () => {
    fs.writeFileSync(path.join(h.dataDir, 'uploads', 'probe.png'), 'not really');
    const served = await get('/uploads/probe.png');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-security-policy']).toBe("default-src 'none';sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('multipart bodies the parser cannot read', () => {
  let h: Harness;
  let token: string;
  beforeAll(async () => {
    h = await createHarness();
    token = await h.registerUser('multi@example.com');
  });
  afterAll(async () => {
    await h.close();
  });
  const unreadable = { type: 'error', message: 'The request could not be read.' };
  const broken = [
    ['no boundary', 'multipart/form-data', 'user_string=a'],
    ['an empty boundary', 'multipart/form-data; boundary=', '--\r\n'],
    ['a quoted empty boundary', 'multipart/form-data; boundary=""', '--\r\n'],
    ['a part cut short', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="user_string"\r\n\r\namy@exa'],
  ] as const;

  test.each(broken)('%s: "could not be read" in the envelope, never a 500, on every kind of POST', async (_label, contentType, payload) => {
    for (const url of [`/api${endpoints.login.path}`, `/api${endpoints.sendCode.path}`, `/api${endpoints.editNickname.path}`]) {
      const response = await h.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, authorization: token } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual(unreadable);
    }
    // The upload answers in its own style (URL-encoded JSON text).
    const upload = await h.app.inject({ method: 'POST', url: `/api${endpoints.upload.path}`, payload, headers: { 'content-type': contentType, authorization: token } });
    expect(upload.statusCode).toBe(200);
    expect(JSON.parse(decodeURIComponent(upload.body))).toEqual(unreadable);
  });

  test('a part with a malformed header is skipped: the form is answered as what is left of it', async () => {
    const payload = '--xyz\r\nContent-Disposition form-data\r\n\r\nx\r\n--xyz--\r\n';
    const response = await h.app.inject({ method: 'POST', url: `/api${endpoints.login.path}`, payload, headers: { 'content-type': 'multipart/form-data; boundary=xyz' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'error', message: 'Please enter your e-mail or mobile number.' });
  });

  test('a well-formed multipart form is still read', async () => {
    const { payload, headers } = multipartBody(null, { nickname: 'Multi' });
    const response = await h.app.inject({ method: 'POST', url: `/api${endpoints.editNickname.path}`, payload, headers: { ...headers, authorization: token } });
    expect(response.json()).toMatchObject({ type: 'ok' });
  });
});
