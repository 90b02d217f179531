import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, ok, type Harness } from '../testing/harness';
import { SoftAuthenticator } from '../testing/webauthn';

/**
 * Passkeys: registered with proof asked again (password and a code), then a way to log in
 * with no account typed. The relying party is the origin the request came to (harness
 * requests come to http://localhost), or WEBAUTHN_ORIGIN. An answer made for another
 * origin, replayed, or from an unknown or copied passkey is refused with its own message
 * and makes no session.
 */
const ANN = 'ann@example.com';
const PASSWORD = 'secret-pass';
const ORIGIN = 'http://localhost';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser(ANN, PASSWORD);
});
afterEach(async () => {
  await h.close();
});

/** The proof without the authenticator app: the password and a code mailed for scene "security". */
async function proof(token = ann, to = ANN): Promise<{ current_password: string; code: string }> {
  h.advance(61_000);
  await ok(h.call(endpoints.sendCode, { scene: 'security' }, { token, ip: '10.9.9.9' }));
  return { current_password: PASSWORD, code: await h.codeFor(to) };
}

async function registerPasskey(authenticator: SoftAuthenticator, token = ann, origin = ORIGIN): Promise<void> {
  const { options } = await ok(h.call(endpoints.passkeyOptions, await proof(token), { token }));
  await ok(h.call(endpoints.passkeyRegister, { response: authenticator.register(options, origin), name: 'My phone' }, { token }));
}

async function loginOptions(headers?: Record<string, string>): Promise<string> {
  return (await ok(h.call(endpoints.passkeyLoginOptions, {}, headers ? { headers } : {}))).options;
}

const sessions = async () => (await h.ctx.db.selectFrom('sessions').select('id').execute()).length;

describe('registering a passkey', () => {
  test('needs the password and a code; the passkey is listed, the e-mail told', async () => {
    expect(await h.call(endpoints.passkeyOptions, { current_password: PASSWORD }, { token: ann })).toEqual({ type: 'error', message: 'The verification code is 6 digits.' });
    const wrongPassword = { ...(await proof()), current_password: 'wrong-password' };
    expect(await h.call(endpoints.passkeyOptions, wrongPassword, { token: ann })).toEqual({ type: 'error', message: 'The current login password is wrong.' });
    expect(await h.call(endpoints.passkeyOptions, { current_password: PASSWORD, code: '000000' }, { token: ann })).toEqual({
      type: 'error',
      message: 'The verification code is wrong or has expired.',
    });

    const { options } = await ok(h.call(endpoints.passkeyOptions, await proof(), { token: ann }));
    const parsed = JSON.parse(options) as { rp: { id: string; name: string }; user: { name: string }; authenticatorSelection: { residentKey: string; userVerification: string } };
    expect(parsed).toMatchObject({ rp: { id: 'localhost', name: 'Kestrel' }, user: { name: ANN }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const authenticator = new SoftAuthenticator();
    expect(
      await h.call(
        endpoints.passkeyRegister,
        { response: authenticator.register(options, ORIGIN) },
        { token: ann, headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1' } },
      ),
    ).toEqual({
      type: 'ok',
      message: 'Passkey added. You can now log in with it.',
    });
    expect(await ok(h.call(endpoints.passkeys, {}, { token: ann }))).toEqual([
      { id: expect.any(Number) as number, name: 'Safari 17 · iOS 17.4', backed_up: false, created_at: h.ctx.now(), last_used_at: null },
    ]);
    expect((await ok(h.call(endpoints.securityOverview, {}, { token: ann }))).passkeys).toBe(1);
    // The options served once.
    expect(await h.call(endpoints.passkeyRegister, { response: new SoftAuthenticator().register(options, ORIGIN) }, { token: ann })).toEqual({
      type: 'error',
      message: 'The passkey request has expired or was already used. Please try again.',
    });
  });

  test('an answer made on another origin, or for options another session asked, is refused', async () => {
    const { options } = await ok(h.call(endpoints.passkeyOptions, await proof(), { token: ann }));
    expect(await h.call(endpoints.passkeyRegister, { response: new SoftAuthenticator().register(options, 'https://evil.example') }, { token: ann })).toEqual({
      type: 'error',
      message: 'This passkey answer was made for another site, so it cannot be used here.',
    });
    const other = await ok(h.call(endpoints.login, { user_string: ANN, password: PASSWORD }));
    if (typeof other !== 'string') throw new Error('no session');
    expect((await h.call(endpoints.passkeyRegister, { response: new SoftAuthenticator().register(options, ORIGIN) }, { token: other })).type).toBe('error');
    expect(await ok(h.call(endpoints.passkeys, {}, { token: ann }))).toEqual([]);
  });

  test('with the authenticator app on, the proof is its code', async () => {
    const { secret } = await ok(h.call(endpoints.totpSetup, {}, { token: ann }));
    const code = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: h.ctx.now() });
    await ok(h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: code() }, { token: ann }));
    h.advance(30_000);
    expect(await h.call(endpoints.passkeyOptions, { current_password: PASSWORD }, { token: ann })).toEqual({
      type: 'error',
      message: 'Enter the 6-digit code from your authenticator app (or a recovery code).',
    });
    const { options } = await ok(h.call(endpoints.passkeyOptions, { current_password: PASSWORD, totp_code: code() }, { token: ann }));
    await ok(h.call(endpoints.passkeyRegister, { response: new SoftAuthenticator().register(options, ORIGIN) }, { token: ann }));
    expect(await ok(h.call(endpoints.passkeys, {}, { token: ann }))).toHaveLength(1);
    // The code was used up by the proof.
    expect((await h.call(endpoints.passkeyOptions, { current_password: PASSWORD, totp_code: code() }, { token: ann })).message).toBe(
      'This code has already been used. Wait for the next code in your authenticator app.',
    );
  });
});

describe('logging in with a passkey', () => {
  test('answers a session with no account typed; the history says passkey; the counter moves on', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const token = await ok(h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) }));
    expect((await ok(h.call(endpoints.userInfo, {}, { token }))).email).toBe(ANN);
    expect((await ok(h.call(endpoints.logins, {}, { token }))).data[0]).toMatchObject({ method: 'passkey', second_factor: null, success: true });
    expect((await ok(h.call(endpoints.passkeys, {}, { token })))[0]?.last_used_at).toBe(h.ctx.now());
    expect((await h.ctx.db.selectFrom('passkeys').select('counter').executeTakeFirstOrThrow()).counter).toBe(1);
  });

  test('with the authenticator app on, a passkey login asks no code', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const { secret } = await ok(h.call(endpoints.totpSetup, {}, { token: ann }));
    await ok(h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: h.ctx.now() }) }, { token: ann }));
    expect(typeof (await ok(h.call(endpoints.login, { user_string: ANN, password: PASSWORD })))).toBe('object');
    const token = await ok(h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) }));
    expect(typeof token).toBe('string');
    expect((await ok(h.call(endpoints.userInfo, {}, { token }))).totp_enabled).toBe(true);
  });

  test('an answer made on another origin is refused and makes no session', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const before = await sessions();
    expect(await h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), 'https://evil.example') })).toEqual({
      type: 'error',
      message: 'This passkey answer was made for another site, so it cannot be used here.',
    });
    // The options of another site (another relying party id) signed for our origin: refused by the library's RP id check.
    const forged = authenticator.login(JSON.stringify({ ...(JSON.parse(await loginOptions()) as object), rpId: 'evil.example' }), ORIGIN);
    expect((await h.call(endpoints.passkeyLogin, { response: forged })).type).toBe('error');
    expect(await sessions()).toBe(before);
  });

  test('a passkey made for another host name is refused there', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const elsewhere = { host: 'exchange.example' };
    const options = await loginOptions(elsewhere);
    expect(JSON.parse(options)).toMatchObject({ rpId: 'exchange.example' });
    const answer = authenticator.login(options, 'http://exchange.example', authenticator.credentials[0]);
    expect(await h.call(endpoints.passkeyLogin, { response: answer }, { headers: elsewhere })).toEqual({
      type: 'error',
      message: 'This passkey answer was made for another site, so it cannot be used here.',
    });
  });

  test('an answer replayed is refused; sent 20 times at once, one session', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const before = await sessions();
    const answer = authenticator.login(await loginOptions(), ORIGIN);
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.call(endpoints.passkeyLogin, { response: answer })));
    expect(answers.filter((each) => each.type === 'ok')).toHaveLength(1);
    expect(answers.filter((each) => each.type === 'error').every((each) => each.message === 'The passkey request has expired or was already used. Please try again.')).toBe(true);
    expect(await sessions()).toBe(before + 1);
  });

  test('a counter that went back (a copied authenticator) is refused and written in the history', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    await ok(h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) }));
    const [credential] = authenticator.credentials;
    if (!credential) throw new Error('no credential');
    credential.counter = 0;
    expect(await h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) })).toEqual({
      type: 'error',
      message: 'This passkey answer was refused: it was already used, or the passkey was copied.',
    });
    expect((await ok(h.call(endpoints.logins, {}, { token: ann }))).data[0]).toMatchObject({ method: 'passkey', success: false, failure: 'passkey' });
  });

  test('an authenticator without a counter logs in each time', async () => {
    const authenticator = new SoftAuthenticator(false);
    await registerPasskey(authenticator);
    for (let i = 0; i < 2; i++) expect((await h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) })).type).toBe('ok');
  });

  test('an unknown passkey, an expired request and a broken answer are refused', async () => {
    const stranger = new SoftAuthenticator();
    stranger.register(JSON.stringify({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'MQ' } }), ORIGIN);
    expect(await h.call(endpoints.passkeyLogin, { response: stranger.login(await loginOptions(), ORIGIN) })).toEqual({
      type: 'error',
      message: 'This passkey is not registered here. Log in with your password and add it in Security.',
    });
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const options = await loginOptions();
    h.advance(5 * 60_000);
    expect((await h.call(endpoints.passkeyLogin, { response: authenticator.login(options, ORIGIN) })).message).toBe('The passkey request has expired or was already used. Please try again.');
    expect(await h.call(endpoints.passkeyLogin, { response: '{"id":1}' })).toEqual({ type: 'error', message: 'The passkey answer could not be read. Please try again.' });
    expect(await h.call(endpoints.passkeyLogin, { response: 'not json' })).toEqual({ type: 'error', message: 'The passkey answer could not be read. Please try again.' });
  });

  test('a removed passkey logs in no more; removing needs the password', async () => {
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator);
    const [passkey] = await ok(h.call(endpoints.passkeys, {}, { token: ann }));
    if (!passkey) throw new Error('no passkey');
    expect((await h.call(endpoints.passkeyRemove, { id: passkey.id, current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
    const other = await h.registerUser('bob@example.com');
    expect((await h.call(endpoints.passkeyRemove, { id: passkey.id, current_password: PASSWORD }, { token: other })).type).toBe('error');
    expect(await h.call(endpoints.passkeyRemove, { id: passkey.id, current_password: PASSWORD }, { token: ann })).toEqual({ type: 'ok', message: 'Passkey removed.' });
    expect((await h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), ORIGIN) })).message).toBe(
      'This passkey is not registered here. Log in with your password and add it in Security.',
    );
  });
});

describe('the relying party', () => {
  test('behind a trusted proxy is the forwarded host and scheme; a client that is not the proxy cannot set them', async () => {
    await h.close();
    h = await createHarness({ TRUST_PROXY: '10.0.0.1' });
    ann = await h.registerUser(ANN, PASSWORD);
    const forwarded = { 'x-forwarded-host': 'exchange.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
    const viaProxy = JSON.parse((await ok(h.call(endpoints.passkeyLoginOptions, {}, { headers: forwarded, ip: '10.0.0.1' }))).options) as { rpId: string };
    expect(viaProxy.rpId).toBe('exchange.example');
    const direct = JSON.parse((await ok(h.call(endpoints.passkeyLoginOptions, {}, { headers: forwarded, ip: '203.0.113.9' }))).options) as { rpId: string };
    expect(direct.rpId).toBe('localhost');

    const authenticator = new SoftAuthenticator();
    const { options } = await ok(h.call(endpoints.passkeyOptions, await proof(), { token: ann, headers: forwarded, ip: '10.0.0.1' }));
    await ok(h.call(endpoints.passkeyRegister, { response: authenticator.register(options, 'https://exchange.example') }, { token: ann, headers: forwarded, ip: '10.0.0.1' }));
    const answer = authenticator.login((await ok(h.call(endpoints.passkeyLoginOptions, {}, { headers: forwarded, ip: '10.0.0.1' }))).options, 'https://exchange.example');
    expect((await h.call(endpoints.passkeyLogin, { response: answer }, { headers: forwarded, ip: '10.0.0.1' })).type).toBe('ok');
  });

  test('WEBAUTHN_ORIGIN fixes it whatever the request says', async () => {
    await h.close();
    h = await createHarness({ WEBAUTHN_ORIGIN: 'https://exchange.example' });
    ann = await h.registerUser(ANN, PASSWORD);
    const authenticator = new SoftAuthenticator();
    await registerPasskey(authenticator, ann, 'https://exchange.example');
    const options = await loginOptions({ host: 'phish.example' });
    expect(JSON.parse(options)).toMatchObject({ rpId: 'exchange.example' });
    expect((await h.call(endpoints.passkeyLogin, { response: authenticator.login(options, 'https://phish.example') })).message).toBe(
      'This passkey answer was made for another site, so it cannot be used here.',
    );
    expect((await h.call(endpoints.passkeyLogin, { response: authenticator.login(await loginOptions(), 'https://exchange.example') })).type).toBe('ok');
  });
});
