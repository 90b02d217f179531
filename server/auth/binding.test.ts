import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { verifyPassword } from '../security/passwords';
import { createHarness, type Harness } from '../testing/harness';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await createHarness();
  token = await h.registerUser('vic@example.com', 'secret-pass');
});
afterEach(async () => {
  await h.close();
});

/** The code the account's own contact receives for `scene` (change_mobile, change_email, pay_password), asked for as the app does. */
async function contactCode(scene: 'change_mobile' | 'change_email' | 'pay_password', as = token, to = 'vic@example.com'): Promise<string> {
  h.advance(61_000);
  const asked = await h.call(endpoints.sendCode, { scene }, { token: as });
  if (asked.type !== 'ok') throw new Error(asked.message);
  return h.codeFor(to);
}

/** What binding a number needs besides its own code: the login password and the contact's code. */
async function confirmation(as = token, to = 'vic@example.com', scene: 'change_mobile' | 'change_email' = 'change_mobile') {
  return { current_password: 'secret-pass', contact_code: await contactCode(scene, as, to) };
}

describe('phone binding: POST /sms_send and /safe/mobile', () => {
  test('an SMS code binds the number to the account', async () => {
    expect(await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token })).toEqual({
      type: 'ok',
      message: 'The verification code has been sent.',
    });
    const code = await h.codeFor('+86 13912345678');
    expect(h.sent.at(-1)?.channel).toBe('sms');
    expect(await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code, ...(await confirmation()) }, { token })).toEqual({
      type: 'ok',
      message: 'Your mobile number has been bound.',
    });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { area_code: '86', mobile: '13912345678' } });
    // The bound number now logs in too.
    expect((await h.call(endpoints.login, { user_string: '13912345678', area_code: '86', password: 'secret-pass' })).type).toBe('ok');
  });

  test('needs a session, a valid number and the right code', async () => {
    expect((await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' })).type).toBe('999');
    expect((await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '1391234' }, { token })).message).toBe('Please enter a valid mobile number.');
    expect((await h.call(endpoints.sendMobileCode, { area_code: '0000', mobile: '13912345678' }, { token })).message).toBe('Please choose a valid area code.');
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token });
    const code = await h.codeFor('+86 13912345678');
    const wrongNumber = await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345679', code, ...(await confirmation()) }, { token });
    expect(wrongNumber.message).toBe('The verification code is wrong or has expired.');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { mobile: null } });
  });

  test("one user's code cannot bind a number to another account, and a bound number is not free", async () => {
    const other = await h.registerUser('wes@example.com');
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token });
    const code = await h.codeFor('+86 13912345678');
    const stolen = await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code, ...(await confirmation(other, 'wes@example.com')) }, { token: other });
    expect(stolen.type).toBe('error');
    expect((await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code, ...(await confirmation()) }, { token })).type).toBe('ok');
    // Asked again by another account, the bound number gets a notice, not a code; the answer is the usual one.
    const before = h.sent.length;
    const taken = await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token: other });
    expect(taken).toEqual({ type: 'ok', message: 'The verification code has been sent.' });
    await expect.poll(() => h.sent.slice(before).find((m) => m.to === '+86 13912345678')?.text).toMatch(/already has one; nothing was changed/);
    expect(h.sent.slice(before).find((m) => m.to === '+86 13912345678')?.text).not.toMatch(/\d{6}/);
  });
});

describe('probing which addresses are registered', () => {
  test('binding answers the same for a registered address and a free one, and both count against the IP', async () => {
    for (let i = 0; i < 10; i++) await h.registerUser(`p${i}@example.com`, 'secret-pass', { ip: `10.7.0.${i}` });
    const before = h.sent.length;
    const answers = [];
    // Ten registered addresses and ten free ones, mixed: one answer for all, then the IP's limit.
    for (let i = 0; i < 21; i++) {
      const address = i % 2 === 0 ? `p${i / 2}@example.com` : `free${i}@example.com`;
      answers.push(await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: address }, { token, ip: '10.6.6.6' }));
    }
    expect(answers.slice(0, 20).every((a) => a.type === 'ok' && a.message === 'The verification code has been sent.')).toBe(true);
    expect(answers[20]).toEqual({ type: 'error', message: 'Too many codes were requested. Please try again later.' });
    // The owners were told, with no code; the free addresses got their codes.
    await expect.poll(() => h.sent.length - before).toBe(20);
    const sent = h.sent.slice(before);
    expect(sent.filter((m) => m.to.startsWith('p')).every((m) => m.subject === 'Your address on Kestrel was not linked to another account' && !/\d{6}/.test(m.text))).toBe(true);
    expect(sent.filter((m) => m.to.startsWith('free')).every((m) => /\d{6}/.test(m.subject))).toBe(true);
  });

  test('an invite code is looked up only behind a right code, and a source gets ten unknown ones an hour', async () => {
    const register = async (i: number) => {
      const user_string = `inv${i}@example.com`;
      await h.call(endpoints.sendCode, { user_string, scene: 'register' }, { ip: `10.9.0.${i}` });
      const code = await h.codeFor(user_string);
      return { call: (invite: string, ip = '10.8.8.8') => h.call(endpoints.register, { user_string, code, password: 'secret-pass', re_password: 'secret-pass', extension_code: invite }, { ip }) };
    };
    // Without a right code, a guessed invite code learns nothing.
    const wrongCode = await h.call(endpoints.register, { user_string: 'x@example.com', code: '000000', password: 'secret-pass', re_password: 'secret-pass', extension_code: 'NOPE1234' });
    expect(wrongCode.message).toBe('The verification code is wrong or has expired.');
    // With one, ten unknown invite codes from a source, then it waits; the code still works.
    const { call } = await register(1);
    for (let i = 0; i < 10; i++) expect((await call(`NOPE${1000 + i}`)).message).toBe('This invite code does not exist.');
    expect((await call('NOPE2000')).message).toMatch(/^Too many attempts/);
    expect((await call('NOPE2000', '10.8.8.9')).message).toBe('This invite code does not exist.');
    expect(await h.ctx.db.selectFrom('users').select('id').where('email', '=', 'inv1@example.com').execute()).toEqual([]);
  });
});

describe('e-mail binding: POST /safe/email', () => {
  test('a mobile-registered user binds an e-mail with a code sent to it', async () => {
    await h.call(endpoints.sendCode, { user_string: '13700000001', area_code: '86', scene: 'register' });
    const registered = await h.call(endpoints.register, {
      type: 'mobile',
      user_string: '13700000001',
      area_code: '86',
      code: await h.codeFor('+86 13700000001'),
      password: 'secret-pass',
      re_password: 'secret-pass',
    });
    const mobileToken = String(registered.message);
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'vic@example.com' }, { token: mobileToken }).then((a) => expect(a.message).toBe('The verification code has been sent.'));
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'yan@example.com' }, { token: mobileToken });
    const code = await h.codeFor('yan@example.com');
    // Confirmed by the login password and a code texted to the account's mobile, its contact.
    const confirm = await confirmation(mobileToken, '+86 13700000001', 'change_email');
    expect((await h.call(endpoints.bindEmail, { email: 'yan@example.com', code, ...confirm }, { token: mobileToken })).type).toBe('ok');
    expect(await h.call(endpoints.userInfo, {}, { token: mobileToken })).toMatchObject({ message: { email: 'yan@example.com' } });
  });

  test('refuses a malformed address or code, a missing session, and a code sent for another user', async () => {
    const confirm = await confirmation(token, 'vic@example.com', 'change_email');
    expect((await h.call(endpoints.bindEmail, { email: 'ada@example.com', code: '123456', ...confirm })).type).toBe('999');
    expect((await h.call(endpoints.bindEmail, { email: 'not-an-email', code: '123456', ...confirm }, { token })).message).toBe('Please enter a valid e-mail address.');
    expect((await h.call(endpoints.bindEmail, { email: 'ada@example.com', code: '12345', ...confirm }, { token })).message).toBe('The verification code is 6 digits.');
    const other = await h.registerUser('bea@example.com');
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'ada@example.com' }, { token: other });
    const code = await h.codeFor('ada@example.com');
    expect(await h.call(endpoints.bindEmail, { email: 'ada@example.com', code, ...confirm }, { token })).toEqual({
      type: 'error',
      message: 'The verification code is wrong or has expired.',
    });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { email: 'vic@example.com' } });
  });

  test('two accounts racing for one address: the second bind is refused', async () => {
    const a = await h.registerUser('cai@example.com');
    const b = await h.registerUser('dov@example.com');
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'eli@example.com' }, { token: a });
    const codeA = await h.codeFor('eli@example.com');
    h.advance(60_000);
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'eli@example.com' }, { token: b });
    const codeB = await h.codeFor('eli@example.com');
    const confirmA = await confirmation(a, 'cai@example.com', 'change_email');
    const confirmB = await confirmation(b, 'dov@example.com', 'change_email');
    expect((await h.call(endpoints.bindEmail, { email: 'eli@example.com', code: codeB, ...confirmB }, { token: b })).type).toBe('ok');
    expect((await h.call(endpoints.bindEmail, { email: 'eli@example.com', code: codeA, ...confirmA }, { token: a })).type).toBe('error');
  });
});

describe('pay password: POST /safe/pay_password', () => {
  test('set with a code and the login password, then changed with a new code and the current pay password; stored hashed', async () => {
    await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token });
    const code = await h.codeFor('vic@example.com');
    expect(h.sent.at(-1)?.text).toContain('set your pay password');
    expect(await h.call(endpoints.setPayPassword, { pay_password: '246810', re_pay_password: '246810', code, current_password: 'secret-pass' }, { token })).toEqual({
      type: 'ok',
      message: 'Your pay password has been saved.',
    });
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { has_pay_password: true } });
    const row = await h.ctx.db.selectFrom('users').select('pay_password_hash').where('email', '=', 'vic@example.com').executeTakeFirstOrThrow();
    expect(row.pay_password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.pay_password_hash ?? '', '246810')).toBe(true);

    h.advance(61_000);
    await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token });
    const second = await h.codeFor('vic@example.com');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '135790', re_pay_password: '135790', code: second, current_pay_password: '246810' }, { token })).type).toBe('ok');
    const changed = await h.ctx.db.selectFrom('users').select('pay_password_hash').where('email', '=', 'vic@example.com').executeTakeFirstOrThrow();
    expect(await verifyPassword(changed.pay_password_hash ?? '', '135790')).toBe(true);
  });

  test('six digits, matching, with a valid code; otherwise nothing changes', async () => {
    await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token });
    const code = await h.codeFor('vic@example.com');
    const password = { current_password: 'secret-pass' };
    expect((await h.call(endpoints.setPayPassword, { pay_password: '12345a', re_pay_password: '12345a', code, ...password }, { token })).message).toBe('The pay password is 6 digits.');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123457', code, ...password }, { token })).message).toBe('The two pay passwords do not match.');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123456', code: '000001' === code ? '000002' : '000001', ...password }, { token })).type).toBe('error');
    const other = await h.registerUser('zoe@example.com');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123456', code, ...password }, { token: other })).type).toBe('error');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { has_pay_password: false } });
    expect(await h.call(endpoints.userInfo, {}, { token: other })).toMatchObject({ message: { has_pay_password: false } });
  });
});
