import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatDateTimeUtc } from '../../contract/format';
import { createHarness, flush, type Harness } from '../testing/harness';
import { CODE_TTL_MS, RESEND_AFTER_MS } from './codes';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('POST /sms_mail and /user/register', () => {
  test('a code e-mailed for registration creates the account and answers a working token', async () => {
    const sent = await h.call(endpoints.sendCode, { user_string: 'Ann@Example.com', scene: 'register' });
    expect(sent).toEqual({ type: 'ok', message: 'The verification code has been sent.' });
    const code = await h.codeFor('ann@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(h.sent.at(-1)?.subject).toBe(`${code} is your Kestrel verification code`);

    const registered = await h.call(endpoints.register, { user_string: 'ann@example.com', code, password: 'secret-pass', re_password: 'secret-pass' });
    expect(registered.type).toBe('ok');
    const info = await h.call(endpoints.userInfo, {}, { token: String(registered.message) });
    expect(info).toMatchObject({ type: 'ok', message: { email: 'ann@example.com', mobile: null, credit_score: 100, has_pay_password: false } });
  });

  test('registration by mobile uses the area code and an SMS', async () => {
    await h.call(endpoints.sendCode, { user_string: '13800138000', area_code: '86', scene: 'register' });
    const sms = h.sent.at(-1);
    expect(sms).toMatchObject({ channel: 'sms', to: '+86 13800138000' });
    const code = await h.codeFor('+86 13800138000');
    const answer = await h.call(endpoints.register, {
      type: 'mobile',
      user_string: '13800138000',
      area_code: '86',
      code,
      password: 'secret-pass',
      re_password: 'secret-pass',
    });
    expect(answer.type).toBe('ok');
    const info = await h.call(endpoints.userInfo, {}, { token: String(answer.message) });
    expect(info).toMatchObject({ message: { area_code: '86', mobile: '13800138000', email: null } });
  });

  test('a mainland number must start 1[3-9] with 11 digits; other areas take 5 to 14 digits', async () => {
    expect((await h.call(endpoints.sendCode, { user_string: '12800138000', area_code: '86', scene: 'register' })).message).toBe('Please enter a valid mobile number.');
    expect((await h.call(endpoints.sendCode, { user_string: '5551234567', area_code: '1', scene: 'register' })).type).toBe('ok');
    expect((await h.call(endpoints.sendCode, { user_string: '5551234567', area_code: '9999', scene: 'register' })).type).toBe('error');
  });

  test('the code is single use, bound to its address and scene, and dies after 10 minutes', async () => {
    await h.call(endpoints.sendCode, { user_string: 'bob@example.com', scene: 'register' });
    const code = await h.codeFor('bob@example.com');
    const other = await h.call(endpoints.register, { user_string: 'eve@example.com', code, password: 'secret-pass', re_password: 'secret-pass' });
    expect(other).toEqual({ type: 'error', message: 'The verification code is wrong or has expired.' });
    const forgot = await h.call(endpoints.forgotPassword, { account: 'bob@example.com', code, password: 'secret-pass', repassword: 'secret-pass' });
    expect(forgot.type).toBe('error');

    h.advance(CODE_TTL_MS + 1);
    const late = await h.call(endpoints.register, { user_string: 'bob@example.com', code, password: 'secret-pass', re_password: 'secret-pass' });
    expect(late.message).toBe('The verification code is wrong or has expired.');

    await h.call(endpoints.sendCode, { user_string: 'bob@example.com', scene: 'register' });
    const fresh = await h.codeFor('bob@example.com');
    const first = await h.call(endpoints.register, { user_string: 'bob@example.com', code: fresh, password: 'secret-pass', re_password: 'secret-pass' });
    expect(first.type).toBe('ok');
    const again = await h.call(endpoints.register, { user_string: 'bob@example.com', code: fresh, password: 'secret-pass', re_password: 'secret-pass' });
    expect(again.type).toBe('error');
    expect(await h.ctx.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').execute()).toHaveLength(1);
  });

  test('five wrong tries kill a code', async () => {
    await h.call(endpoints.sendCode, { user_string: 'cat@example.com', scene: 'register' });
    const code = await h.codeFor('cat@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await h.call(endpoints.register, { user_string: 'cat@example.com', code: wrong, password: 'secret-pass', re_password: 'secret-pass' });
    }
    const right = await h.call(endpoints.register, { user_string: 'cat@example.com', code, password: 'secret-pass', re_password: 'secret-pass' });
    expect(right.message).toBe('The verification code is wrong or has expired.');
  });

  test('of 60 wrong codes sent at once, 5 are compared: the code is dead after them', async () => {
    await h.call(endpoints.sendCode, { user_string: 'cal@example.com', scene: 'register' });
    const code = await h.codeFor('cal@example.com');
    const wrong = Array.from({ length: 60 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((guess) => h.call(endpoints.checkCode, { user_string: 'cal@example.com', scene: 'register', email_code: guess })));
    expect(answers.every((answer) => answer.message === 'The verification code is wrong or has expired.')).toBe(true);
    const row = await h.ctx.db.selectFrom('verification_codes').select('attempts').where('target', '=', 'cal@example.com').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    const right = await h.call(endpoints.register, { user_string: 'cal@example.com', code, password: 'secret-pass', re_password: 'secret-pass' });
    expect(right.message).toBe('The verification code is wrong or has expired.');
  });

  test('a right code uses up no try: after four wrong ones it can be checked and then used', async () => {
    await h.call(endpoints.sendCode, { user_string: 'cay@example.com', scene: 'register' });
    const code = await h.codeFor('cay@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await h.call(endpoints.checkCode, { user_string: 'cay@example.com', scene: 'register', email_code: wrong });
    expect((await h.call(endpoints.checkCode, { user_string: 'cay@example.com', scene: 'register', email_code: code })).type).toBe('ok');
    expect((await h.call(endpoints.register, { user_string: 'cay@example.com', code, password: 'secret-pass', re_password: 'secret-pass' })).type).toBe('ok');
  });

  test('a new code can be asked for only after 60 seconds, and replaces the old one', async () => {
    await h.call(endpoints.sendCode, { user_string: 'dan@example.com', scene: 'register' });
    const old = await h.codeFor('dan@example.com');
    h.advance(20_000);
    const soon = await h.call(endpoints.sendCode, { user_string: 'dan@example.com', scene: 'register' });
    expect(soon).toEqual({ type: 'error', message: 'A code was sent a moment ago. You can ask for another in 40 seconds.' });
    h.advance(RESEND_AFTER_MS);
    await h.call(endpoints.sendCode, { user_string: 'dan@example.com', scene: 'register' });
    const fresh = await h.codeFor('dan@example.com');
    if (fresh !== old) {
      const stale = await h.call(endpoints.register, { user_string: 'dan@example.com', code: old, password: 'secret-pass', re_password: 'secret-pass' });
      expect(stale.type).toBe('error');
    }
    expect((await h.call(endpoints.register, { user_string: 'dan@example.com', code: fresh, password: 'secret-pass', re_password: 'secret-pass' })).type).toBe('ok');
  });

  test('code requests are limited per IP', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(await h.call(endpoints.sendCode, { user_string: `u${i}@example.com`, scene: 'register' }, { ip: '10.9.9.9' }));
    }
    expect(answers.slice(0, 20).every((a) => a.type === 'ok')).toBe(true);
    expect(answers[20]).toEqual({ type: 'error', message: 'Too many codes were requested. Please try again later.' });
    expect((await h.call(endpoints.sendCode, { user_string: 'x@example.com', scene: 'register' }, { ip: '10.9.9.8' })).type).toBe('ok');
  });

  test('CODES_PER_IP sets how many codes an IP gets in an hour', async () => {
    const shared = await createHarness({ CODES_PER_IP: '3' });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await shared.call(endpoints.sendCode, { user_string: `n${i}@example.com`, scene: 'register' }, { ip: '10.9.9.7' }));
      expect(answers.map((a) => a.type)).toEqual(['ok', 'ok', 'ok', 'error']);
    } finally {
      await shared.close();
    }
  });

  test('an address gets at most 10 codes a day, whatever the IP', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await h.call(endpoints.sendCode, { user_string: 'cap@example.com', scene: 'register' }, { ip: `10.8.0.${i}` }));
      h.advance(RESEND_AFTER_MS);
    }
    expect(answers.slice(0, 10).every((a) => a.type === 'ok')).toBe(true);
    expect(answers[10]).toEqual({ type: 'error', message: 'Too many codes were requested. Please try again later.' });
    h.advance(24 * 60 * 60_000);
    expect((await h.call(endpoints.sendCode, { user_string: 'cap@example.com', scene: 'register' }, { ip: '10.8.1.1' })).type).toBe('ok');
  });

  test('POST /sms_mail names what is missing or wrong and sends nothing', async () => {
    const token = await h.registerUser('zed@example.com');
    const before = h.sent.length;
    expect(await h.call(endpoints.sendCode, { user_string: 'new@example.com' })).toEqual({ type: 'error', message: 'Purpose is required.' });
    expect(await h.call(endpoints.sendCode, { user_string: 'new@example.com', scene: 'steal' })).toEqual({
      type: 'error',
      message: 'This kind of code does not exist.',
    });
    expect(await h.call(endpoints.sendCode, { scene: 'register' })).toEqual({ type: 'error', message: 'Please enter your e-mail or mobile number.' });
    expect(await h.call(endpoints.sendCode, { user_string: 'not-an-address', scene: 'register' })).toMatchObject({ type: 'error' });
    expect((await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token: 'made-up-token' })).type).toBe('999');
    await flush();
    expect(h.sent.length).toBe(before);
    // A code asked with one user's token goes to that user, never to an address of the caller's choosing.
    await h.call(endpoints.sendCode, { scene: 'pay_password', user_string: 'other@example.com' }, { token });
    expect((await h.codeFor('zed@example.com')).length).toBe(6);
    expect(h.sent.some((m) => m.to === 'other@example.com')).toBe(false);
  });

  test('asking to register an existing address answers the same and mails a notice, not a code', async () => {
    await h.registerUser('fay@example.com');
    h.advance(RESEND_AFTER_MS);
    const before = h.sent.length;
    const answer = await h.call(endpoints.sendCode, { user_string: 'fay@example.com', scene: 'register' }, { ip: '10.1.1.1' });
    const fresh = await h.call(endpoints.sendCode, { user_string: 'gil@example.com', scene: 'register' }, { ip: '10.1.1.1' });
    expect(answer).toEqual(fresh);
    await h.codeFor('gil@example.com');
    const notice = h.sent.slice(before).find((m) => m.to === 'fay@example.com');
    expect(notice?.subject).toBe('You already have a Kestrel account');
    expect(notice?.text).not.toMatch(/\d{6}/);
  });

  test('register checks the password pair, the account kind and the invite code, and changes nothing when wrong', async () => {
    await h.call(endpoints.sendCode, { user_string: 'hal@example.com', scene: 'register' });
    const code = await h.codeFor('hal@example.com');
    const base = { user_string: 'hal@example.com', code, password: 'secret-pass', re_password: 'secret-pass' };
    expect((await h.call(endpoints.register, { ...base, re_password: 'other-pass' })).message).toBe('The two passwords do not match.');
    expect((await h.call(endpoints.register, { ...base, password: 'short', re_password: 'short' })).message).toBe('The password must be longer than 6 characters.');
    expect((await h.call(endpoints.register, { ...base, type: 'mobile' })).message).toBe('Please enter a mobile number.');
    expect((await h.call(endpoints.register, { ...base, extension_code: 'NOPE1234' })).message).toBe('This invite code does not exist.');
    expect((await h.call(endpoints.register, { ...base, code: '12345' })).message).toBe('The verification code is 6 digits.');
    expect(await h.ctx.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    expect((await h.call(endpoints.register, base)).type).toBe('ok');
  });

  test('an invite code links the new account to its inviter', async () => {
    const inviterToken = await h.registerUser('ivy@example.com');
    const inviter = await h.call(endpoints.userInfo, {}, { token: inviterToken });
    if (inviter.type !== 'ok') throw new Error(inviter.message);
    await h.registerUser('jon@example.com', 'secret-pass', { invite: inviter.message.invite_code.toLowerCase() });
    const jon = await h.ctx.db.selectFrom('users').select('invited_by').where('email', '=', 'jon@example.com').executeTakeFirstOrThrow();
    const ivy = await h.ctx.db.selectFrom('users').select('id').where('email', '=', 'ivy@example.com').executeTakeFirstOrThrow();
    expect(jon.invited_by).toBe(ivy.id);
  });

  test('POST /user/check_email confirms a code without using it up', async () => {
    await h.call(endpoints.sendCode, { user_string: 'kim@example.com', scene: 'register' });
    const code = await h.codeFor('kim@example.com');
    expect(await h.call(endpoints.checkCode, { user_string: 'kim@example.com', scene: 'register', email_code: code })).toEqual({
      type: 'ok',
      message: 'The verification code is correct.',
    });
    expect((await h.call(endpoints.checkCode, { user_string: 'kim@example.com', scene: 'forget', email_code: code })).type).toBe('error');
    expect((await h.call(endpoints.register, { user_string: 'kim@example.com', code, password: 'secret-pass', re_password: 'secret-pass' })).type).toBe('ok');
  });

  test('POST /user/check_email refuses malformed input', async () => {
    expect(await h.call(endpoints.checkCode, { user_string: 'kim@example.com', scene: 'register', email_code: '12a456' })).toEqual({
      type: 'error',
      message: 'The verification code is 6 digits.',
    });
    expect((await h.call(endpoints.checkCode, { user_string: 'kim@example.com', email_code: '123456' })).type).toBe('error');
    expect(await h.call(endpoints.checkCode, { scene: 'register', email_code: '123456' })).toEqual({
      type: 'error',
      message: 'Please enter your e-mail or mobile number.',
    });
    expect(await h.call(endpoints.checkCode, { user_string: 'kim@example.com', scene: 'register', email_code: '123456' })).toEqual({
      type: 'error',
      message: 'The verification code is wrong or has expired.',
    });
  });
});

describe('POST /user/login and GET /user/logout', () => {
  test('login answers a new token each time; logout ends only that session', async () => {
    await h.registerUser('lee@example.com', 'secret-pass');
    const a = await h.call(endpoints.login, { user_string: 'LEE@example.com ', password: 'secret-pass' });
    const b = await h.call(endpoints.login, { user_string: 'lee@example.com', password: 'secret-pass' });
    if (a.type !== 'ok' || b.type !== 'ok' || typeof a.message !== 'string' || typeof b.message !== 'string') throw new Error('login failed');
    expect(a.message).not.toBe(b.message);
    expect(Buffer.from(a.message, 'base64url').length).toBeGreaterThanOrEqual(16);

    expect(await h.call(endpoints.logout, {}, { token: a.message })).toEqual({ type: 'ok', message: 'You have logged out.' });
    expect((await h.call(endpoints.userInfo, {}, { token: a.message })).type).toBe('999');
    expect((await h.call(endpoints.userInfo, {}, { token: `Bearer ${b.message}` })).type).toBe('ok');
  });

  test("logout with another user's token ends that session only, never the caller's", async () => {
    const ann = await h.registerUser('ann@example.com');
    const bob = await h.registerUser('bob@example.com');
    expect((await h.call(endpoints.logout, {}, { token: 'not-a-real-token' })).type).toBe('999');
    expect((await h.call(endpoints.logout, {}, { token: bob })).type).toBe('ok');
    expect((await h.call(endpoints.userInfo, {}, { token: ann })).type).toBe('ok');
    expect((await h.call(endpoints.logout, {}, { token: bob })).type).toBe('999');
  });

  test('tokens are stored only as hashes', async () => {
    const token = await h.registerUser('may@example.com');
    const rows = await h.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a wrong password and an unknown account get the same answer', async () => {
    await h.registerUser('ned@example.com', 'secret-pass');
    const wrong = await h.call(endpoints.login, { user_string: 'ned@example.com', password: 'not-it-at-all' });
    const unknown = await h.call(endpoints.login, { user_string: 'nobody@example.com', password: 'not-it-at-all' });
    expect(wrong).toEqual({ type: 'error', message: 'The account or password is incorrect.' });
    expect(unknown).toEqual(wrong);
  });

  const WRONG = 'The account or password is incorrect.';
  const wait = (minutes: number) => ({ type: 'error', message: `Too many attempts. Please try again in ${minutes} minutes.` });

  test("a guesser's source waits longer after each wrong password; the owner's own source is never locked out", async () => {
    await h.registerUser('oli@example.com', 'secret-pass');
    const guess = (password = 'wrong-pass') => h.call(endpoints.login, { user_string: 'oli@example.com', password }, { ip: '10.2.0.1' });
    const owner = (password = 'secret-pass') => h.call(endpoints.login, { user_string: 'oli@example.com', password }, { ip: '10.2.1.1' });
    for (let i = 0; i < 5; i++) expect((await guess()).message).toBe(WRONG);
    // Even the right password waits there: nothing is compared before the delay is over.
    expect(await guess('secret-pass')).toEqual(wait(2));
    expect((await owner()).type).toBe('ok');
    expect(await guess()).toEqual(wait(2));
    h.advance(2 * 60_000);
    expect((await guess()).message).toBe(WRONG);
    expect(await guess()).toEqual(wait(4));
    h.advance(4 * 60_000);
    expect((await guess()).message).toBe(WRONG);
    expect(await guess()).toEqual(wait(8));
    h.advance(8 * 60_000);
    expect((await guess()).message).toBe(WRONG);
    expect(await guess()).toEqual(wait(15));
    // The owner mistypes and still gets in; the guesser's delays stay.
    expect((await owner('secret-pas')).message).toBe(WRONG);
    expect((await owner()).type).toBe('ok');
    expect(await guess()).toEqual(wait(15));
    h.advance(15 * 60_000);
    expect((await guess('secret-pass')).type).toBe('ok');
  });

  test('of 35 wrong passwords sent at once from one source, 5 are compared; the owner still gets in from another', async () => {
    await h.registerUser('ola@example.com', 'secret-pass');
    const answers = await Promise.all(Array.from({ length: 35 }, (_, i) => h.call(endpoints.login, { user_string: 'ola@example.com', password: `wrong-pass-${i}` }, { ip: '10.2.2.2' })));
    expect(answers.filter((answer) => answer.message === WRONG)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === wait(2).message)).toHaveLength(30);
    expect(await h.call(endpoints.login, { user_string: 'ola@example.com', password: 'secret-pass' }, { ip: '10.2.2.2' })).toEqual(wait(2));
    expect((await h.call(endpoints.login, { user_string: 'ola@example.com', password: 'secret-pass' }, { ip: '10.2.3.3' })).type).toBe('ok');
  });

  test("guesses from many sources at once stop at the account's ceiling of 30 an hour", async () => {
    await h.registerUser('ora@example.com', 'secret-pass');
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => h.call(endpoints.login, { user_string: 'ora@example.com', password: `wrong-pass-${i}` }, { ip: `10.5.0.${i}` })));
    expect(answers.filter((answer) => answer.message === WRONG)).toHaveLength(30);
    expect(answers.filter((answer) => answer.message === wait(60).message)).toHaveLength(15);
    // The ceiling bounds the guesses whoever makes them: for the hour, the right password waits too.
    expect(await h.call(endpoints.login, { user_string: 'ora@example.com', password: 'secret-pass' }, { ip: '10.5.1.1' })).toEqual(wait(60));
    h.advance(60 * 60_000);
    expect((await h.call(endpoints.login, { user_string: 'ora@example.com', password: 'secret-pass' }, { ip: '10.5.1.1' })).type).toBe('ok');
  });

  test('an unknown account is throttled like a real one, so the answers tell nothing', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.call(endpoints.login, { user_string: 'nobody@example.com', password: 'wrong-pass' }, { ip: '10.2.4.4' })));
    expect(answers.filter((answer) => answer.message === WRONG)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === wait(2).message)).toHaveLength(3);
  });

  test('one IP gets 30 login attempts per 15 minutes', async () => {
    for (let i = 0; i < 30; i++) await h.call(endpoints.login, { user_string: `p${i}@example.com`, password: 'whatever1' }, { ip: '10.3.3.3' });
    const blocked = await h.call(endpoints.login, { user_string: 'q@example.com', password: 'whatever1' }, { ip: '10.3.3.3' });
    expect(blocked.message).toMatch(/^Too many attempts/);
  });

  test('sessions expire after 30 days', async () => {
    const token = await h.registerUser('pat@example.com');
    h.advance(30 * 24 * 60 * 60_000 + 1);
    expect((await h.call(endpoints.userInfo, {}, { token })).type).toBe('999');
  });
});

describe('password recovery and change', () => {
  test('forgot password: the code resets it, every session ends, the new password works', async () => {
    const token = await h.registerUser('rae@example.com', 'old-password');
    const asked = await h.call(endpoints.sendCode, { user_string: 'rae@example.com', type: 'forget' });
    const unknown = await h.call(endpoints.sendCode, { user_string: 'ghost@example.com', type: 'forget' });
    expect(asked).toEqual({ type: 'ok', message: 'The verification code has been sent.' });
    expect(unknown).toEqual(asked);
    const code = await h.codeFor('rae@example.com');
    expect(h.sent.some((m) => m.to === 'ghost@example.com')).toBe(false);

    const reset = await h.call(endpoints.forgotPassword, { account: 'rae@example.com', code, password: 'new-password', repassword: 'new-password' });
    // A reset replaces the password too: withdrawals wait 24 hours (server/auth/protection.test.ts).
    expect(reset).toEqual({
      type: 'ok',
      message: `Your password has been reset. Please log in. For your safety, withdrawals are paused until ${formatDateTimeUtc(h.ctx.now() + 24 * 60 * 60_000, 'en')}.`,
    });
    expect((await h.call(endpoints.userInfo, {}, { token })).type).toBe('999');
    expect((await h.call(endpoints.login, { user_string: 'rae@example.com', password: 'old-password' })).type).toBe('error');
    expect((await h.call(endpoints.login, { user_string: 'rae@example.com', password: 'new-password' })).type).toBe('ok');
  });

  test('forgot password refuses a short or mismatched password and a malformed code, and keeps the old one', async () => {
    await h.registerUser('ria@example.com', 'old-password');
    await h.call(endpoints.sendCode, { user_string: 'ria@example.com', scene: 'forget' });
    const code = await h.codeFor('ria@example.com');
    const base = { account: 'ria@example.com', code, password: 'new-password', repassword: 'new-password' };
    expect((await h.call(endpoints.forgotPassword, { ...base, password: 'short', repassword: 'short' })).message).toBe('The password must be longer than 6 characters.');
    expect((await h.call(endpoints.forgotPassword, { ...base, repassword: 'new-passw0rd' })).message).toBe('The two passwords do not match.');
    expect((await h.call(endpoints.forgotPassword, { ...base, code: '1234' })).message).toBe('The verification code is 6 digits.');
    expect((await h.call(endpoints.login, { user_string: 'ria@example.com', password: 'old-password' })).type).toBe('ok');
    // The refusals did not use the code up.
    expect((await h.call(endpoints.forgotPassword, base)).type).toBe('ok');
  });

  test('forgot password for an account that does not exist changes nothing', async () => {
    const answer = await h.call(endpoints.forgotPassword, { account: 'ghost@example.com', code: '123456', password: 'new-password', repassword: 'new-password' });
    expect(answer).toEqual({ type: 'error', message: 'The verification code is wrong or has expired.' });
  });

  test('changing the password needs the current one and a code sent to the account, and logs out everywhere', async () => {
    const token = await h.registerUser('sam@example.com', 'old-password');
    const other = await h.call(endpoints.login, { user_string: 'sam@example.com', password: 'old-password' });
    if (typeof other.message !== 'string') throw new Error('no session');
    expect((await h.call(endpoints.sendCode, { scene: 'update_password' })).type).toBe('999');
    await h.call(endpoints.sendCode, { scene: 'update_password' }, { token });
    const code = await h.codeFor('sam@example.com');
    const mismatch = await h.call(endpoints.updatePassword, { current_password: 'old-password', password: 'new-password', re_password: 'new-passw0rd', code }, { token });
    expect(mismatch.message).toBe('The two passwords do not match.');
    const changed = await h.call(endpoints.updatePassword, { current_password: 'old-password', password: 'new-password', re_password: 'new-password', code }, { token });
    expect(changed).toEqual({
      type: 'ok',
      message: `Your password has been changed. Please log in again. For your safety, withdrawals are paused until ${formatDateTimeUtc(h.ctx.now() + 24 * 60 * 60_000, 'en')}.`,
    });
    expect((await h.call(endpoints.userInfo, {}, { token })).type).toBe('999');
    expect((await h.call(endpoints.userInfo, {}, { token: other.message })).type).toBe('999');
    expect((await h.call(endpoints.login, { user_string: 'sam@example.com', password: 'new-password' })).type).toBe('ok');
  });

  test("a code sent to one user cannot change another user's password", async () => {
    const tom = await h.registerUser('tom@example.com', 'tom-password');
    const uma = await h.registerUser('uma@example.com', 'uma-password');
    await h.call(endpoints.sendCode, { scene: 'update_password' }, { token: tom });
    const code = await h.codeFor('tom@example.com');
    const answer = await h.call(endpoints.updatePassword, { current_password: 'uma-password', password: 'stolen-pass', re_password: 'stolen-pass', code }, { token: uma });
    expect(answer).toEqual({ type: 'error', message: 'The verification code is wrong or has expired.' });
    expect((await h.call(endpoints.login, { user_string: 'uma@example.com', password: 'uma-password' })).type).toBe('ok');
    expect((await h.call(endpoints.login, { user_string: 'tom@example.com', password: 'tom-password' })).type).toBe('ok');
  });
});
