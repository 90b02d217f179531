import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, ok, type Harness } from '../testing/harness';
import { replayPrices, tradeAt } from '../testing/market';
import { until } from '../testing/until';

/**
 * Web Push against a push service standing in for a browser's (HTTPS on 127.0.0.1; this
 * machine reaches no real one): a fired alert is posted to each of the user's devices as
 * an aes128gcm message that only that device's keys open (decrypted here per RFC 8291
 * with node:crypto, not with the library that encrypted it), with a VAPID signature
 * (RFC 8292) that the exchange's public key verifies. What is not checked here: that a
 * real browser's push service accepts it and that the service worker shows it.
 */
const fixtures = path.resolve(import.meta.dirname, '../../tests/fixtures');
const BTC_MARKET = 1;

interface Received {
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let h: Harness | null = null;
let service: https.Server | null = null;
afterEach(async () => {
  await h?.close();
  await new Promise((resolve) => (service ? service.close(resolve) : resolve(undefined)));
  h = null;
  service = null;
});

/** The push service stand-in: records what it is sent and answers `status()`. */
async function pushService(status: () => number): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  service = https.createServer({ key: fs.readFileSync(path.join(fixtures, 'push-service.key')), cert: fs.readFileSync(path.join(fixtures, 'push-service.crt')) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => service?.listen(0, '127.0.0.1', resolve));
  return { port: (service.address() as AddressInfo).port, received };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushManager.subscribe makes them. */
function device() {
  const keys = crypto.createECDH('prime256v1');
  keys.generateKeys();
  return { keys, auth: crypto.randomBytes(16) };
}

/** RFC 8291: what only the device can read (one record: the text, a 2, zero padding). */
function decrypt(body: Buffer, { keys, auth }: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', keys.computeSecret(serverKey), auth, Buffer.concat([Buffer.from('WebPush: info\0'), keys.getPublicKey(), serverKey]), 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info('nonce'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

/** RFC 8292: the VAPID token's claims, once its ES256 signature checks against `publicKey` (raw, base64url). */
function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const [, token = '', key = ''] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? [];
  expect(key).toBe(publicKey);
  const raw = Buffer.from(key, 'base64url');
  const verifier = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  const [header = '', claims = '', signature = ''] = token.split('.');
  expect(crypto.verify('sha256', Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>;
}

test('a fired alert reaches each device as an encrypted Web Push message signed with the VAPID key; a device the service says is gone is forgotten', async () => {
  let status = 201;
  const { port, received } = await pushService(() => status);
  h = await createHarness({ PUSH_SERVICES: '127.0.0.1', PUSH_CA_FILE: path.join(fixtures, 'push-service.crt'), VAPID_SUBJECT: 'mailto:ops@kestrel.test' });
  const server = h;
  const ann = await server.registerUser('ann@example.com');
  await tradeAt(server, BTC_MARKET, 96_000);
  const phone = device();
  const endpoint = `https://127.0.0.1:${port}/push/phone-1`;
  const subscribe = { endpoint, p256dh: phone.keys.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') };
  expect(await ok(server.call(endpoints.pushSubscribe, subscribe, { token: ann }))).toEqual({ subscribed: true });
  const alert = await ok(server.call(endpoints.alertCreate, { kind: 'price', market_id: BTC_MARKET, level: '96500', repeat: 1 }, { token: ann, lang: 'spa' }));

  const [trade] = await replayPrices(server, BTC_MARKET, [96_600]);
  await until(() => received.length === 1);
  const [message] = received;
  expect(message!.url).toBe('/push/phone-1');
  expect(message!.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'high', topic: 'alert-1' });
  const claims = vapidClaims(String(message!.headers['authorization']), (await ok(server.call(endpoints.alertConfig, {}, {}))).push_key);
  expect(claims).toMatchObject({ aud: `https://127.0.0.1:${port}`, sub: 'mailto:ops@kestrel.test' });
  expect(Number(claims['exp'])).toBeGreaterThan(Date.now() / 1000);
  const shown = JSON.parse(decrypt(message!.body, phone)) as Record<string, string>;
  const price = Number(trade!.price).toLocaleString('es-ES', { minimumFractionDigits: 2 });
  expect(shown).toEqual({
    title: `BTC/USDT subió a ${price}`,
    body: expect.stringContaining(`Operación n.º ${trade!.seq} de BTC/USDT`) as string,
    url: '/h5/#/pages/alerts/inbox',
    tag: 'alert-1',
  });
  expect(shown['body']).toContain('Tu alerta: BTC/USDT a 96.500,00.');
  // Another device cannot read it.
  expect(() => decrypt(message!.body, device())).toThrow();

  // The push service says the subscription is gone: the next firing forgets it.
  status = 410;
  await replayPrices(server, BTC_MARKET, [96_000, 96_700]);
  await until(() => received.length === 2);
  for (let i = 0; i < 100; i++) {
    if ((await server.ctx.db.selectFrom('push_subscriptions').selectAll().execute()).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(await server.ctx.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  expect((await server.ctx.db.selectFrom('alert_firings').select('crossing').where('alert_id', '=', alert.id).execute()).map((row) => row.crossing)).toEqual([1, 2]);
});

test('a subscription naming a host that is not a push service is refused: no user makes the exchange post where they like', async () => {
  h = await createHarness();
  const ann = await h.registerUser('ann@example.com');
  const phone = device();
  const keys = { p256dh: phone.keys.getPublicKey().toString('base64url'), auth: phone.auth.toString('base64url') };
  for (const endpoint of ['https://169.254.169.254/latest/meta-data', 'https://127.0.0.1:8080/api/operator', 'https://fcm.googleapis.com.evil.example/send/x']) {
    expect(await h.call(endpoints.pushSubscribe, { endpoint, ...keys }, { token: ann })).toEqual({ type: 'error', message: 'This browser’s push service is not one the exchange sends to.' });
  }
  expect(await h.call(endpoints.pushSubscribe, { endpoint: 'http://fcm.googleapis.com/fcm/send/x', ...keys }, { token: ann })).toEqual({
    type: 'error',
    message: 'This device’s notification subscription is not valid.',
  });
  expect(await ok(h.call(endpoints.pushSubscribe, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', ...keys }, { token: ann }))).toEqual({ subscribed: true });
  expect(await h.ctx.db.selectFrom('push_subscriptions').select('endpoint').execute()).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }]);
  expect(await ok(h.call(endpoints.pushUnsubscribe, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }, { token: ann }))).toEqual({ subscribed: false });
  expect(await h.ctx.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
});
