import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatDateTimeUtc } from '../../contract/format';
import { attachRealtime } from '../realtime/socket';
import { createHarness, flush, ok, type Harness, type Sent } from '../testing/harness';

/**
 * Active sessions and the login history: each session with its device (from the user
 * agent), address and last use, revocable one by one or all but this one (their sockets
 * closed at once, their tokens refused); every login, right or refused, in the history;
 * and a login from a device the account has not used before told by e-mail, in the
 * language the owner uses.
 */
const ANN = 'ann@example.com';
const PASSWORD = 'secret-pass';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const PHONE = 'phone-device-id-0001';
const LAPTOP = 'laptop-device-id-0002';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  const sent = await h.call(endpoints.sendCode, { user_string: ANN, scene: 'register' }, { ip: '10.1.1.1' });
  if (sent.type !== 'ok') throw new Error(sent.message);
  // Ann signs up on her phone, in French.
  ann = await ok(
    h.call(
      endpoints.register,
      { user_string: ANN, code: await h.codeFor(ANN), password: PASSWORD, re_password: PASSWORD, device_id: PHONE },
      { ip: '10.1.1.1', lang: 'fra', headers: { 'user-agent': ANDROID } },
    ),
  );
});
afterEach(async () => {
  await h.close();
});

async function login(options: { device?: string; agent?: string; ip?: string; lang?: string; password?: string } = {}) {
  return h.call(
    endpoints.login,
    { user_string: ANN, password: options.password ?? PASSWORD, ...(options.device ? { device_id: options.device } : {}) },
    { ip: options.ip ?? '10.2.2.2', headers: { 'user-agent': options.agent ?? ANDROID }, ...(options.lang ? { lang: options.lang } : {}) },
  );
}

async function token(options: Parameters<typeof login>[0] = {}): Promise<string> {
  const answer = await ok(login(options));
  if (typeof answer !== 'string') throw new Error('no session');
  return answer;
}

const newDeviceMails = (since: number): Sent[] => h.sent.slice(since).filter((message) => message.to === ANN && !/\b\d{6}\b/.test(message.text));

async function settle(): Promise<void> {
  for (let i = 0; i < 100; i++) await flush();
}

describe('a login from a new device', () => {
  test('is told by e-mail in the owner language, with the device and address; the same device again, or the sign-up one, is not', async () => {
    let since = h.sent.length;
    await token({ device: PHONE, lang: 'fra' });
    await settle();
    expect(newDeviceMails(since)).toEqual([]);

    since = h.sent.length;
    const at = h.ctx.now();
    // From a laptop in English: the notice is in French, the language Ann uses.
    await token({ device: LAPTOP, agent: WINDOWS, ip: '203.0.113.7', lang: 'en' });
    await settle();
    const [mail, ...more] = newDeviceMails(since);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Nouvelle connexion à votre compte Kestrel');
    expect(mail?.text).toContain(`le ${formatDateTimeUtc(at, 'fra')}`);
    expect(mail?.text).toContain('Appareil : Firefox 121 · Windows 10');
    expect(mail?.text).toContain('Adresse IP : 203.0.113.7');

    since = h.sent.length;
    await token({ device: LAPTOP, agent: WINDOWS });
    await settle();
    expect(newDeviceMails(since)).toEqual([]);
  });

  test('a wrong password tells nobody but is in the history; the history lists logins newest first', async () => {
    const since = h.sent.length;
    expect((await login({ device: LAPTOP, password: 'wrong-password', ip: '198.51.100.4' })).type).toBe('error');
    await settle();
    expect(newDeviceMails(since)).toEqual([]);
    const session = await token({ device: PHONE });
    const history = await ok(h.call(endpoints.logins, { limit: 5 }, { token: session }));
    expect(history.data).toMatchObject([
      { method: 'password', second_factor: null, success: true, failure: null, device: 'Chrome 120 · Android 14', ip: '10.2.2.2' },
      { method: 'password', second_factor: null, success: false, failure: 'password', ip: '198.51.100.4' },
    ]);
    // Another user sees none of them.
    const bob = await h.registerUser('bob@example.com');
    expect((await ok(h.call(endpoints.logins, {}, { token: bob }))).data).toEqual([]);
  });
});

describe('active sessions', () => {
  let port = 0;
  beforeEach(async () => {
    attachRealtime(h.app.server, h.ctx);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });

  const open = (session: string) =>
    new Promise<{ socket: Socket; closed: Promise<string> }>((resolve) => {
      const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: session } });
      const closed = new Promise<string>((done) => socket.on('disconnect', (reason) => done(reason)));
      socket.on('connect', () => resolve({ socket, closed }));
    });

  test('are listed with this one first; revoking one ends its token and closes its socket, nothing else', async () => {
    h.advance(60_000);
    const laptop = await token({ device: LAPTOP, agent: WINDOWS, ip: '203.0.113.7' });
    h.advance(60_000);
    const phone = await token({ device: PHONE });
    const list = await ok(h.call(endpoints.sessions, {}, { token: phone }));
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true, device: 'Chrome 120 · Android 14', ip: '10.2.2.2' });
    expect(list.slice(1).map((session) => session.current)).toEqual([false, false]);
    const laptopRow = list.find((session) => session.device === 'Firefox 121 · Windows 10');
    if (!laptopRow) throw new Error('the laptop session is not listed');
    expect(laptopRow).toMatchObject({ ip: '203.0.113.7' });

    const [laptopSocket, phoneSocket] = await Promise.all([open(laptop), open(phone)]);
    expect(await h.call(endpoints.revokeSession, { id: laptopRow.id }, { token: phone })).toEqual({ type: 'ok', message: 'The session has been ended on that device.' });
    expect(await laptopSocket.closed).toBe('io server disconnect');
    expect(phoneSocket.socket.connected).toBe(true);
    expect((await h.call(endpoints.userInfo, {}, { token: laptop })).type).toBe('999');
    expect((await h.call(endpoints.userInfo, {}, { token: phone })).type).toBe('ok');
    expect(await ok(h.call(endpoints.sessions, {}, { token: phone }))).toHaveLength(2);
    // A revoked session's token cannot act: not even revoke the one that ended it.
    const current = (await ok(h.call(endpoints.sessions, {}, { token: phone })))[0];
    expect((await h.call(endpoints.revokeSession, { id: current?.id ?? 0 }, { token: laptop })).type).toBe('999');
    phoneSocket.socket.close();
  });

  test("this one cannot be revoked here, nor another user's; all others end at once", async () => {
    const phone = await token({ device: PHONE });
    const others = [await token({ device: LAPTOP, agent: WINDOWS }), ann];
    const [current] = await ok(h.call(endpoints.sessions, {}, { token: phone }));
    expect(await h.call(endpoints.revokeSession, { id: current?.id ?? 0 }, { token: phone })).toEqual({ type: 'error', message: 'This is the session you are using now: log out instead.' });
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.revokeSession, { id: current?.id ?? 0 }, { token: bob })).toEqual({ type: 'error', message: 'This session has already ended.' });
    expect((await h.call(endpoints.userInfo, {}, { token: phone })).type).toBe('ok');

    const sockets = await Promise.all(others.map(open));
    expect(await h.call(endpoints.revokeOtherSessions, {}, { token: phone })).toEqual({ type: 'ok', message: 'Every other session has been ended.' });
    for (const { closed } of sockets) expect(await closed).toBe('io server disconnect');
    for (const other of others) expect((await h.call(endpoints.userInfo, {}, { token: other })).type).toBe('999');
    expect(await ok(h.call(endpoints.sessions, {}, { token: phone }))).toHaveLength(1);
    expect((await ok(h.call(endpoints.securityOverview, {}, { token: phone }))).sessions).toBe(1);
    expect((await h.call(endpoints.userInfo, {}, { token: bob })).type).toBe('ok');
  });
});
