import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatDateTimeUtc } from '../../contract/format';
import { checkLedger } from '../ledger/check';
import { createHarness, flush, ok, type Harness, type Sent } from '../testing/harness';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';
import { checkFactor, useFactor } from './totp';

/**
 * The authenticator app (TOTP): set up with a secret the server makes, turned on with the
 * password and a code, then asked after the password at login (a challenge, never a
 * session) and for withdrawals. A code works once, wrong ones are limited, and the same
 * code sent many times at once logs in or withdraws once. Codes are computed here with
 * the otpauth package from the secret the server answered, as an authenticator app would.
 */
const DAY = 24 * 60 * 60_000;
const STEP = 30_000;
const ANN = 'ann@example.com';
const PASSWORD = 'secret-pass';
const PAY = '246810';
const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
  ann = await h.registerUser(ANN, PASSWORD);
  // The first server of this configuration makes its database image.
}, 60_000);
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** The code an authenticator app shows for `secret` at the server's time now (or `at`). */
const codeOf = (secret: string, at = h.ctx.now()): string => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** A code of another step than `code` (a wrong one). */
const wrongCode = (code: string): string => (code === '000000' ? '000001' : '000000');

async function overview(token = ann) {
  return ok(h.call(endpoints.securityOverview, {}, { token }));
}

/** Sets up and turns on the app for Ann: answers the secret and the recovery codes. The clock then moves to the next step. */
async function turnOn(token = ann): Promise<{ secret: string; recovery: string[] }> {
  const { secret } = await ok(h.call(endpoints.totpSetup, {}, { token }));
  const { recovery_codes: recovery } = await ok(h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: codeOf(secret) }, { token }));
  h.advance(STEP);
  return { secret, recovery };
}

async function loginChallenge(password = PASSWORD, options: { ip?: string } = {}): Promise<string> {
  const answer = await ok(h.call(endpoints.login, { user_string: ANN, password }, options));
  if (typeof answer === 'string') throw new Error('the login answered a session without asking for a code');
  return answer.challenge;
}

const isNotice = (message: Sent): boolean => message.subject.startsWith('Security notice');

async function noticesSince(since: number, count: number): Promise<Sent[]> {
  const until = Date.now() + 5000;
  for (;;) {
    const found = h.sent.slice(since).filter((message) => message.to === ANN && isNotice(message));
    if (found.length >= count || Date.now() > until) return found;
    await flush();
  }
}

describe('setting up the authenticator app', () => {
  test('makes a secret and its otpauth URI; turning it on needs the password and a right code, answers ten recovery codes and tells the e-mail', async () => {
    const setup = await ok(h.call(endpoints.totpSetup, {}, { token: ann }));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toBe(`otpauth://totp/Kestrel:ann%40example.com?issuer=Kestrel&secret=${setup.secret}&algorithm=SHA1&digits=6&period=30`);
    const code = codeOf(setup.secret);

    const since = h.sent.length;
    expect(await h.call(endpoints.totpEnable, { current_password: 'wrong-password', totp_code: code }, { token: ann })).toEqual({ type: 'error', message: 'The current login password is wrong.' });
    expect(await h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: wrongCode(code) }, { token: ann })).toEqual({
      type: 'error',
      message: 'The code is wrong. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.',
    });
    expect(await h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: '12ab' }, { token: ann })).toEqual({
      type: 'error',
      message: 'Enter the 6-digit code from your authenticator app, or a recovery code (xxxxx-xxxxx).',
    });
    expect(await overview()).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    // Still off: the login answers a session.
    expect(typeof (await ok(h.call(endpoints.login, { user_string: ANN, password: PASSWORD })))).toBe('string');

    const on = await ok(h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: code }, { token: ann }));
    expect(on.message).toBe('The authenticator app is on. Keep your recovery codes somewhere safe: each one works once if you lose your phone.');
    expect(on.recovery_codes).toHaveLength(10);
    expect(new Set(on.recovery_codes).size).toBe(10);
    for (const recovery of on.recovery_codes) expect(recovery).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await overview()).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    expect((await ok(h.call(endpoints.userInfo, {}, { token: ann }))).totp_enabled).toBe(true);
    // The codes are stored as hashes only.
    const stored = await h.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((row) => row.code_hash).some((hash) => on.recovery_codes.some((recovery) => hash.includes(recovery.replace('-', ''))))).toBe(false);

    const [notice] = await noticesSince(since, 1);
    expect(notice?.text).toContain(`Added to your Kestrel account on ${formatDateTimeUtc(h.ctx.now(), 'en')}: two-factor authentication (authenticator app).`);
    // A second setup while it is on is refused; the secret stays.
    expect(await h.call(endpoints.totpSetup, {}, { token: ann })).toEqual({ type: 'error', message: 'The authenticator app is already on for this account.' });
  });

  test('a setup started again replaces the secret: the old one turns nothing on', async () => {
    const first = await ok(h.call(endpoints.totpSetup, {}, { token: ann }));
    const second = await ok(h.call(endpoints.totpSetup, {}, { token: ann }));
    expect(second.secret).not.toBe(first.secret);
    expect((await h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: codeOf(first.secret) }, { token: ann })).type).toBe('error');
    expect((await h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: codeOf(second.secret) }, { token: ann })).type).toBe('ok');
  });
});

describe('logging in with the authenticator app on', () => {
  test('the password answers a challenge, never a session; the code step answers the session and the history says how', async () => {
    const { secret } = await turnOn();
    const answer = await ok(h.call(endpoints.login, { user_string: ANN, password: PASSWORD }));
    if (typeof answer === 'string') throw new Error('no challenge');
    expect(answer).toEqual({ totp_required: true, challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string, expires_at: h.ctx.now() + 5 * 60_000 });
    // The challenge is no session.
    expect((await h.call(endpoints.userInfo, {}, { token: answer.challenge })).type).toBe('999');

    const code = codeOf(secret);
    expect(await h.call(endpoints.loginTotp, { challenge: answer.challenge, totp_code: wrongCode(code) })).toEqual({
      type: 'error',
      message: 'The code is wrong. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.',
    });
    const token = await ok(h.call(endpoints.loginTotp, { challenge: answer.challenge, totp_code: code }));
    expect((await ok(h.call(endpoints.userInfo, {}, { token }))).email).toBe(ANN);
    // The challenge served once.
    expect(await h.call(endpoints.loginTotp, { challenge: answer.challenge, totp_code: code })).toEqual({
      type: 'error',
      message: 'This login step has expired or was already used. Please log in again.',
    });

    const history = await ok(h.call(endpoints.logins, {}, { token }));
    expect(history.data.slice(0, 2)).toMatchObject([
      { method: 'password', second_factor: 'totp', success: true, failure: null },
      { method: 'password', second_factor: 'totp', success: false, failure: 'code' },
    ]);
  });

  test('a code is used once: the same code for another login is refused, the next one works', async () => {
    const { secret } = await turnOn();
    const code = codeOf(secret);
    await ok(h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: code }));
    const challenge = await loginChallenge();
    expect(await h.call(endpoints.loginTotp, { challenge, totp_code: code })).toEqual({ type: 'error', message: 'This code has already been used. Wait for the next code in your authenticator app.' });
    // A code of an earlier step (still in the window) is refused too.
    expect((await h.call(endpoints.loginTotp, { challenge, totp_code: codeOf(secret, h.ctx.now() - STEP) })).type).toBe('error');
    h.advance(STEP);
    expect(typeof (await ok(h.call(endpoints.loginTotp, { challenge, totp_code: codeOf(secret) })))).toBe('string');
    const history = await ok(h.call(endpoints.logins, {}, { token: ann }));
    expect(history.data.filter((event) => event.failure === 'code_reused')).toHaveLength(2);
  });

  test('a recovery code logs in once', async () => {
    const { recovery } = await turnOn();
    const [first = ''] = recovery;
    const token = await ok(h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: first.toUpperCase() }));
    expect((await ok(h.call(endpoints.userInfo, {}, { token }))).email).toBe(ANN);
    expect(await h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: first })).toEqual({
      type: 'error',
      message: 'This code has already been used. Wait for the next code in your authenticator app.',
    });
    expect(await overview()).toMatchObject({ recovery_codes_left: 9 });
    expect((await ok(h.call(endpoints.logins, {}, { token }))).data[1]).toMatchObject({ second_factor: 'recovery', success: true });
  });

  test('the challenge lasts five minutes', async () => {
    const { secret } = await turnOn();
    const challenge = await loginChallenge();
    h.advance(5 * 60_000);
    expect(await h.call(endpoints.loginTotp, { challenge, totp_code: codeOf(secret) })).toEqual({ type: 'error', message: 'This login step has expired or was already used. Please log in again.' });
  });

  test('five wrong codes lock the code step for 15 minutes, even for the right code', async () => {
    const { secret } = await turnOn();
    const challenge = await loginChallenge();
    const wrong = wrongCode(codeOf(secret));
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.call(endpoints.loginTotp, { challenge, totp_code: wrong })));
    expect(answers.filter((answer) => answer.message === 'Too many wrong authenticator codes. Please try again in 15 minutes.')).toHaveLength(3);
    expect(await h.call(endpoints.loginTotp, { challenge, totp_code: codeOf(secret) })).toEqual({ type: 'error', message: 'Too many wrong authenticator codes. Please try again in 15 minutes.' });
    h.advance(15 * 60_000);
    expect(typeof (await ok(h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: codeOf(secret) })))).toBe('string');
  });

  test('the same challenge and code sent 20 times at once make one session; 20 challenges with one code, one too', async () => {
    const { secret } = await turnOn();
    const challenge = await loginChallenge();
    const code = codeOf(secret);
    const sessionsBefore = await h.ctx.db.selectFrom('sessions').select('id').execute();
    const same = await Promise.all(Array.from({ length: 20 }, () => h.call(endpoints.loginTotp, { challenge, totp_code: code })));
    expect(same.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    h.advance(STEP);
    const next = codeOf(secret);
    const challenges = await Promise.all(Array.from({ length: 20 }, (_, i) => loginChallenge(PASSWORD, { ip: `10.7.0.${i}` })));
    const many = await Promise.all(challenges.map((each) => h.call(endpoints.loginTotp, { challenge: each, totp_code: next })));
    expect(many.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(many.filter((answer) => answer.type === 'error').every((answer) => answer.message === 'This code has already been used. Wait for the next code in your authenticator app.')).toBe(true);
    const sessionsAfter = await h.ctx.db.selectFrom('sessions').select('id').execute();
    expect(sessionsAfter.length - sessionsBefore.length).toBe(2);
  });
});

describe('using a code up', () => {
  test('a code both of two requests checked before either used it is used up by one: the other transaction is refused', async () => {
    const { secret } = await turnOn();
    const userId = (await h.ctx.db.selectFrom('users').select('id').where('email', '=', ANN).executeTakeFirstOrThrow()).id;
    const code = codeOf(secret);
    // Both read the code as unused (what requests arriving together do) ...
    const uses = await Promise.all([checkFactor(h.ctx, userId, code, 'totpConfirm'), checkFactor(h.ctx, userId, code, 'totpConfirm')]);
    // ... then each tries to use it up in its own transaction, at once.
    const outcomes = await Promise.allSettled(uses.map((use) => h.ctx.db.transaction().execute((trx) => useFactor(trx, userId, use, h.ctx.now()))));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [refused] = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({ key: 'server:errors.totp_reused' });
  });
});

describe('withdrawing with the authenticator app on', () => {
  const withdraw = (fields: Record<string, string> = {}) =>
    h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: PAY, ...fields }, { token: ann });

  test('asks a code: missing, wrong or reused is refused and freezes nothing; 20 withdrawals at once with one code, one goes through', async () => {
    await verifyIdentity(h, ann);
    await setPayPassword(h, ann, ANN, PAY, PASSWORD);
    const { secret } = await turnOn();
    expect(await withdraw()).toEqual({ type: 'error', message: 'Enter the 6-digit code from your authenticator app (or a recovery code).' });
    const code = codeOf(secret);
    expect((await withdraw({ totp_code: wrongCode(code) })).message).toBe('The code is wrong. Enter the 6-digit code your authenticator app shows now, or an unused recovery code.');
    expect((await balance(h, ann, USDT)).frozen).toBe('0.000000');

    expect(await withdraw({ totp_code: code })).toEqual({ type: 'ok', message: 'Your withdrawal request has been submitted.' });
    expect(await withdraw({ totp_code: code })).toEqual({ type: 'error', message: 'This code has already been used. Wait for the next code in your authenticator app.' });
    expect((await balance(h, ann, USDT)).frozen).toBe('100.000000');

    h.advance(STEP);
    const next = codeOf(secret);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw({ totp_code: next, request_id: `totp-race-${i}` })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect((await balance(h, ann, USDT)).frozen).toBe('200.000000');
    const rows = await h.ctx.db.selectFrom('withdrawals').select('id').execute();
    expect(rows).toHaveLength(2);
  });
});

describe('turning the authenticator app off, and new recovery codes', () => {
  test('off needs the password and a code; the e-mail is told, withdrawals wait 24 hours, and logins no longer ask a code', async () => {
    await verifyIdentity(h, ann);
    await setPayPassword(h, ann, ANN, PAY, PASSWORD);
    const { secret, recovery } = await turnOn();
    const code = codeOf(secret);
    expect((await h.call(endpoints.totpDisable, { current_password: 'wrong-password', totp_code: code }, { token: ann })).type).toBe('error');
    expect((await h.call(endpoints.totpDisable, { current_password: PASSWORD, totp_code: wrongCode(code) }, { token: ann })).type).toBe('error');
    expect(await overview()).toMatchObject({ totp_enabled: true });

    const since = h.sent.length;
    const until = h.ctx.now() + DAY;
    expect(await h.call(endpoints.totpDisable, { current_password: PASSWORD, totp_code: recovery[3] }, { token: ann })).toEqual({
      type: 'ok',
      message: `The authenticator app is off. For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}.`,
    });
    expect(await overview()).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    const [notice] = await noticesSince(since, 1);
    expect(notice?.text).toContain('two-factor authentication (authenticator app)');
    expect(notice?.text).toContain(`withdrawals are paused until ${formatDateTimeUtc(until, 'en')}`);
    expect((await h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: PAY }, { token: ann })).message).toBe(
      `For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}: the account's login password, pay password, e-mail, mobile number or two-factor authentication was changed less than 24 hours ago.`,
    );
    expect(typeof (await ok(h.call(endpoints.login, { user_string: ANN, password: PASSWORD })))).toBe('string');
  });

  test('new recovery codes need the password and a code; the old ones stop working', async () => {
    const { secret, recovery } = await turnOn();
    expect((await h.call(endpoints.recoveryCodes, { current_password: 'wrong-password', totp_code: codeOf(secret) }, { token: ann })).type).toBe('error');
    const renewed = await ok(h.call(endpoints.recoveryCodes, { current_password: PASSWORD, totp_code: codeOf(secret) }, { token: ann }));
    expect(renewed.message).toBe('New recovery codes are ready; the old ones no longer work.');
    expect(renewed.recovery_codes).toHaveLength(10);
    expect(renewed.recovery_codes.some((code) => recovery.includes(code))).toBe(false);
    expect((await h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: recovery[0] })).type).toBe('error');
    expect((await h.call(endpoints.loginTotp, { challenge: await loginChallenge(), totp_code: renewed.recovery_codes[0] })).type).toBe('ok');
  });
});
