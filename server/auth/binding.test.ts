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

describe('phone binding: POST /sms_send and /safe/mobile', () => {
  test('an SMS code binds the number to the account', async () => {
    expect(await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token })).toEqual({
      type: 'ok',
      message: 'The verification code has been sent.',
    });
    const code = await h.codeFor('+86 13912345678');
    expect(h.sent.at(-1)?.channel).toBe('sms');
    expect(await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code }, { token })).toEqual({
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
    const wrongNumber = await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345679', code }, { token });
    expect(wrongNumber.message).toBe('The verification code is wrong or has expired.');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { mobile: null } });
  });

  test("one user's code cannot bind a number to another account, and a bound number is not free", async () => {
    const other = await h.registerUser('wes@example.com');
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token });
    const code = await h.codeFor('+86 13912345678');
    const stolen = await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code }, { token: other });
    expect(stolen.type).toBe('error');
    await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13912345678', code }, { token });
    const taken = await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13912345678' }, { token: other });
    expect(taken.message).toBe('This mobile number is already bound to an account.');
  });
});

describe('probing which addresses are registered', () => {
  test('"already bound" answers count against the code limit of the IP', async () => {
    for (let i = 0; i < 20; i++) await h.registerUser(`p${i}@example.com`, 'secret-pass', { ip: `10.7.0.${i}` });
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: `p${i % 20}@example.com` }, { token, ip: '10.6.6.6' }));
    }
    expect(answers.slice(0, 20).every((a) => a.message === 'This e-mail address is already bound to an account.')).toBe(true);
    expect(answers[20]).toEqual({ type: 'error', message: 'Too many codes were requested. Please try again later.' });
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
    await h
      .call(endpoints.sendCode, { scene: 'bind_email', user_string: 'vic@example.com' }, { token: mobileToken })
      .then((a) => expect(a.message).toBe('This e-mail address is already bound to an account.'));
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'yan@example.com' }, { token: mobileToken });
    const code = await h.codeFor('yan@example.com');
    expect((await h.call(endpoints.bindEmail, { email: 'yan@example.com', code }, { token: mobileToken })).type).toBe('ok');
    expect(await h.call(endpoints.userInfo, {}, { token: mobileToken })).toMatchObject({ message: { email: 'yan@example.com' } });
  });

  test('refuses a malformed address or code, a missing session, and a code sent for another user', async () => {
    expect((await h.call(endpoints.bindEmail, { email: 'ada@example.com', code: '123456' })).type).toBe('999');
    expect((await h.call(endpoints.bindEmail, { email: 'not-an-email', code: '123456' }, { token })).message).toBe('Please enter a valid e-mail address.');
    expect((await h.call(endpoints.bindEmail, { email: 'ada@example.com', code: '12345' }, { token })).message).toBe('The verification code is 6 digits.');
    const other = await h.registerUser('bea@example.com');
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'ada@example.com' }, { token: other });
    const code = await h.codeFor('ada@example.com');
    expect(await h.call(endpoints.bindEmail, { email: 'ada@example.com', code }, { token })).toEqual({
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
    expect((await h.call(endpoints.bindEmail, { email: 'eli@example.com', code: codeB }, { token: b })).type).toBe('ok');
    expect((await h.call(endpoints.bindEmail, { email: 'eli@example.com', code: codeA }, { token: a })).type).toBe('error');
  });
});

describe('pay password: POST /safe/pay_password', () => {
  test('set with a code, then changed with a new code; stored hashed', async () => {
    await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token });
    const code = await h.codeFor('vic@example.com');
    expect(h.sent.at(-1)?.text).toContain('set your pay password');
    expect(await h.call(endpoints.setPayPassword, { pay_password: '246810', re_pay_password: '246810', code }, { token })).toEqual({
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
    await h.call(endpoints.setPayPassword, { pay_password: '135790', re_pay_password: '135790', code: second }, { token });
    const changed = await h.ctx.db.selectFrom('users').select('pay_password_hash').where('email', '=', 'vic@example.com').executeTakeFirstOrThrow();
    expect(await verifyPassword(changed.pay_password_hash ?? '', '135790')).toBe(true);
  });

  test('six digits, matching, with a valid code; otherwise nothing changes', async () => {
    await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token });
    const code = await h.codeFor('vic@example.com');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '12345a', re_pay_password: '12345a', code }, { token })).message).toBe('The pay password is 6 digits.');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123457', code }, { token })).message).toBe('The two pay passwords do not match.');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123456', code: '000001' === code ? '000002' : '000001' }, { token })).type).toBe('error');
    const other = await h.registerUser('zoe@example.com');
    expect((await h.call(endpoints.setPayPassword, { pay_password: '123456', re_pay_password: '123456', code }, { token: other })).type).toBe('error');
    expect(await h.call(endpoints.userInfo, {}, { token })).toMatchObject({ message: { has_pay_password: false } });
    expect(await h.call(endpoints.userInfo, {}, { token: other })).toMatchObject({ message: { has_pay_password: false } });
  });
});
