import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatDateTimeUtc } from '../../contract/format';
import { checkLedger } from '../ledger/check';
import { createHarness, flush, type Harness, type Sent } from '../testing/harness';
import { balance, bindMobile, setPayPassword, verifyIdentity } from '../testing/wallet';

/**
 * A stolen session token alone must not take the account and its money: changing the
 * login password, the pay password, the e-mail or the mobile number needs the current
 * password (the current pay password for the pay password) and a code sent to the
 * account's contact; every contact the account had is told; and after a replacement
 * withdrawals wait 24 hours, saying until when.
 */
const DAY = 24 * 60 * 60_000;
const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PASSWORD = 'secret-pass';
const PAY = '246810';
const ANN = 'ann@example.com';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
  ann = await h.registerUser(ANN, PASSWORD);
});
afterEach(async () => {
  const report = await checkLedger(h.ctx.db);
  expect(report.violations).toEqual([]);
  await h.close();
});

/** The code the account's contact `to` receives for `scene`, asked for with `token`. */
async function codeTo(scene: 'update_password' | 'pay_password' | 'change_email' | 'change_mobile', to = ANN, token = ann): Promise<string> {
  h.advance(61_000);
  const asked = await h.call(endpoints.sendCode, { scene }, { token });
  if (asked.type !== 'ok') throw new Error(asked.message);
  return h.codeFor(to);
}

const isNotice = (message: Sent): boolean => message.subject.startsWith('Security notice') || message.text.includes('Contact customer service at once');

/** Where the messages sent from now on start (a mark for noticesTo). */
const mark = (): number => h.sent.length;

/** The security notices sent to `to` since `since`, once `count` of them have been delivered (they are sent after the answer). */
async function noticesTo(to: string, since: number, count = 1): Promise<Sent[]> {
  const until = Date.now() + 5000;
  for (;;) {
    const found = h.sent.slice(since).filter((message) => message.to === to && isNotice(message));
    if (found.length >= count || Date.now() > until) return found;
    await flush();
  }
}

const withdraw = (token = ann, payPassword = PAY) => h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: payPassword }, { token });

const heldMessage = (until: number) =>
  `For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}: the account's login password, pay password, e-mail, mobile number or two-factor authentication was changed less than 24 hours ago.`;

async function info(token = ann) {
  const answer = await h.call(endpoints.userInfo, {}, { token });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

/** Ann can withdraw: her mobile bound (a first one), identity level 1, a first pay password. Neither first one pauses anything. */
async function readyToWithdraw(): Promise<void> {
  const start = mark();
  await verifyIdentity(h, ann);
  await setPayPassword(h, ann, ANN, PAY, PASSWORD);
  expect((await info()).withdraw_hold_until).toBeNull();
  // The notices of the first mobile and the first pay password are sent after the answers:
  // delivered here, so neither lands after a test's mark.
  expect(await noticesTo(ANN, start, 2)).toHaveLength(2);
}

describe('a stolen session token', () => {
  test('alone changes neither password, the e-mail nor the mobile, and starts no pause', async () => {
    await readyToWithdraw();
    const since = mark();
    const thief = { ip: '10.66.6.6' };
    // The thief can have codes sent to addresses of their own, but not read the account's.
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'thief@example.com' }, { token: ann, ...thief });
    const thiefCode = await h.codeFor('thief@example.com');
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13966666666' }, { token: ann, ...thief });
    const thiefSms = await h.codeFor('+86 13966666666');
    for (const scene of ['update_password', 'pay_password', 'change_email', 'change_mobile'] as const) await h.call(endpoints.sendCode, { scene }, { token: ann, ...thief });
    const guess = '123456';

    const answers = [
      await h.call(endpoints.bindEmail, { email: 'thief@example.com', code: thiefCode }, { token: ann }),
      await h.call(endpoints.bindEmail, { email: 'thief@example.com', code: thiefCode, contact_code: thiefCode, current_password: 'guess-pass' }, { token: ann }),
      await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13966666666', code: thiefSms }, { token: ann }),
      await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13966666666', code: thiefSms, contact_code: thiefSms, current_password: 'guess-pass' }, { token: ann }),
      await h.call(endpoints.updatePassword, { password: 'thief-pass', re_password: 'thief-pass', code: guess }, { token: ann }),
      await h.call(endpoints.updatePassword, { current_password: 'guess-pass', password: 'thief-pass', re_password: 'thief-pass', code: guess }, { token: ann }),
      await h.call(endpoints.setPayPassword, { pay_password: '111111', re_pay_password: '111111', code: guess }, { token: ann }),
      await h.call(endpoints.setPayPassword, { pay_password: '111111', re_pay_password: '111111', code: guess, current_password: 'guess-pass' }, { token: ann }),
    ];
    expect(answers.every((answer) => answer.type === 'error')).toBe(true);
    const me = await info();
    expect(me).toMatchObject({ email: ANN, withdraw_hold_until: null });
    expect(me.mobile).not.toBe('13966666666');
    expect((await h.call(endpoints.login, { user_string: ANN, password: PASSWORD })).type).toBe('ok');
    expect((await withdraw()).type).toBe('ok');
    expect(await noticesTo(ANN, since, 0)).toHaveLength(0);
  });
});

describe('changing the login password', () => {
  test('needs the current password and the code sent to the e-mail; the e-mail is told; withdrawals wait 24 hours', async () => {
    await readyToWithdraw();
    const since = mark();
    const code = await codeTo('update_password');
    const change = { current_password: PASSWORD, password: 'new-password', re_password: 'new-password', code };
    expect((await h.call(endpoints.updatePassword, { ...change, current_password: undefined }, { token: ann })).message).toBe('Please enter your current login password.');
    expect((await h.call(endpoints.updatePassword, { ...change, current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
    expect((await h.call(endpoints.updatePassword, { ...change, code: undefined }, { token: ann })).message).toBe('The verification code is 6 digits.');
    expect((await h.call(endpoints.updatePassword, { ...change, code: code === '000000' ? '000001' : '000000' }, { token: ann })).message).toBe('The verification code is wrong or has expired.');
    expect((await info()).withdraw_hold_until).toBeNull();
    expect(await noticesTo(ANN, since, 0)).toHaveLength(0);

    const changedAt = h.ctx.now();
    const until = changedAt + DAY;
    expect(await h.call(endpoints.updatePassword, change, { token: ann })).toEqual({
      type: 'ok',
      message: `Your password has been changed. Please log in again. For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}.`,
    });
    const [notice] = await noticesTo(ANN, since);
    expect(notice).toMatchObject({ channel: 'email', subject: expect.stringContaining('login password') as string });
    expect(notice?.text).toContain(`Changed on your Kestrel account on ${formatDateTimeUtc(changedAt, 'en')}: login password.`);
    expect(notice?.text).toContain(`withdrawals are paused until ${formatDateTimeUtc(until, 'en')}`);

    const again = await h.call(endpoints.login, { user_string: ANN, password: 'new-password' });
    if (again.type !== 'ok' || typeof again.message !== 'string') throw new Error('no session');
    expect((await info(again.message)).withdraw_hold_until).toBe(until);
    expect(await withdraw(again.message)).toEqual({ type: 'error', message: heldMessage(until) });
    expect((await balance(h, again.message, USDT)).frozen).toBe('0.000000');
    h.advance(DAY);
    expect((await info(again.message)).withdraw_hold_until).toBeNull();
    expect(await withdraw(again.message)).toEqual({ type: 'ok', message: 'Your withdrawal request has been submitted.' });
  });

  test('five wrong current passwords in 15 minutes lock the check, the right one included', async () => {
    const code = await codeTo('update_password');
    const change = { password: 'new-password', re_password: 'new-password', code };
    for (let i = 0; i < 5; i++) {
      expect((await h.call(endpoints.updatePassword, { ...change, current_password: `wrong-${i}-pass` }, { token: ann })).message).toBe('The current login password is wrong.');
    }
    expect((await h.call(endpoints.updatePassword, { ...change, current_password: PASSWORD }, { token: ann })).message).toBe('Too many attempts. Please try again in 15 minutes.');
    h.advance(15 * 60_000 + 1);
    const fresh = await codeTo('update_password');
    expect((await h.call(endpoints.updatePassword, { ...change, code: fresh, current_password: PASSWORD }, { token: ann })).type).toBe('ok');
  });

  test('a reset by "forgot password" pauses withdrawals too, and tells the account', async () => {
    await readyToWithdraw();
    const since = mark();
    h.advance(61_000);
    await h.call(endpoints.sendCode, { user_string: ANN, scene: 'forget' });
    const code = await h.codeFor(ANN);
    expect((await h.call(endpoints.forgotPassword, { account: ANN, code, password: 'new-password', repassword: 'new-password' })).type).toBe('ok');
    expect(await noticesTo(ANN, since)).toHaveLength(1);
    const again = await h.call(endpoints.login, { user_string: ANN, password: 'new-password' });
    if (again.type !== 'ok' || typeof again.message !== 'string') throw new Error('no session');
    expect(await withdraw(again.message)).toEqual({ type: 'error', message: heldMessage(h.ctx.now() + DAY) });
  });
});

describe('changing the e-mail', () => {
  test('needs the new address code, the password and a code sent to the current address; the old address is told; withdrawals wait', async () => {
    await readyToWithdraw();
    const since = mark();
    h.advance(61_000);
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'ann.new@example.com' }, { token: ann });
    const code = await h.codeFor('ann.new@example.com');
    const contactCode = await codeTo('change_email');
    expect(h.sent.at(-1)?.text).toContain('change your e-mail address');
    const change = { email: 'ann.new@example.com', code, contact_code: contactCode, current_password: PASSWORD };
    expect((await h.call(endpoints.bindEmail, { ...change, current_password: undefined }, { token: ann })).message).toBe('Please enter your current login password.');
    expect((await h.call(endpoints.bindEmail, { ...change, current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
    expect((await h.call(endpoints.bindEmail, { ...change, contact_code: undefined }, { token: ann })).message).toBe('The verification code is 6 digits.');
    // The new address's own code is not the current address's.
    expect((await h.call(endpoints.bindEmail, { ...change, contact_code: code }, { token: ann })).message).toBe('The verification code is wrong or has expired.');
    expect(await info()).toMatchObject({ email: ANN, withdraw_hold_until: null });

    const until = h.ctx.now() + DAY;
    expect(await h.call(endpoints.bindEmail, change, { token: ann })).toEqual({
      type: 'ok',
      message: `Your e-mail address has been bound. For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}.`,
    });
    expect(await info()).toMatchObject({ email: 'ann.new@example.com', withdraw_hold_until: until });
    // The old address hears of it (so does the mobile); the new one only ever got its code.
    const [notice] = await noticesTo(ANN, since);
    expect(notice?.text).toContain(': e-mail address.');
    expect(await noticesTo(`+86 ${(await info()).mobile ?? ''}`, since)).toHaveLength(1);
    expect(await noticesTo('ann.new@example.com', since, 0)).toHaveLength(0);
    expect((await h.call(endpoints.login, { user_string: ANN, password: PASSWORD })).type).toBe('error');
    expect(await withdraw()).toEqual({ type: 'error', message: heldMessage(until) });
    h.advance(DAY);
    expect((await withdraw()).type).toBe('ok');
  });

  test('a mobile-registered account binds its first e-mail with a code texted to its mobile: the mobile is told, nothing is paused', async () => {
    await h.call(endpoints.sendCode, { user_string: '13700000001', area_code: '86', scene: 'register' });
    const registered = await h.call(endpoints.register, {
      type: 'mobile',
      user_string: '13700000001',
      area_code: '86',
      code: await h.codeFor('+86 13700000001'),
      password: PASSWORD,
      re_password: PASSWORD,
    });
    const token = String(registered.message);
    h.advance(61_000);
    await h.call(endpoints.sendCode, { scene: 'bind_email', user_string: 'mo@example.com' }, { token });
    const code = await h.codeFor('mo@example.com');
    const contactCode = await codeTo('change_email', '+86 13700000001', token);
    expect(h.sent.at(-1)?.channel).toBe('sms');
    expect((await h.call(endpoints.bindEmail, { email: 'mo@example.com', code, contact_code: contactCode }, { token })).message).toBe('Please enter your current login password.');
    expect(await h.call(endpoints.bindEmail, { email: 'mo@example.com', code, contact_code: contactCode, current_password: PASSWORD }, { token })).toEqual({
      type: 'ok',
      message: 'Your e-mail address has been bound.',
    });
    expect(await info(token)).toMatchObject({ email: 'mo@example.com', withdraw_hold_until: null });
    const [notice] = await noticesTo('+86 13700000001', 0);
    expect(notice).toMatchObject({ channel: 'sms', text: '[Kestrel] Added to your account: e-mail address. Not you? Contact customer service at once.' });
  });
});

describe('changing the mobile number', () => {
  test('needs the new number code, the password and a code sent to the e-mail; the old number and the e-mail are told; withdrawals wait', async () => {
    await readyToWithdraw();
    const old = await info();
    const oldNumber = `+86 ${old.mobile ?? ''}`;
    const since = mark();
    h.advance(61_000);
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13811112222' }, { token: ann });
    const code = await h.codeFor('+86 13811112222');
    const contactCode = await codeTo('change_mobile');
    const change = { area_code: '86', mobile: '13811112222', code, contact_code: contactCode, current_password: PASSWORD };
    expect((await h.call(endpoints.bindMobile, { ...change, current_password: undefined }, { token: ann })).message).toBe('Please enter your current login password.');
    expect((await h.call(endpoints.bindMobile, { ...change, current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
    expect((await h.call(endpoints.bindMobile, { ...change, contact_code: undefined }, { token: ann })).message).toBe('The verification code is 6 digits.');
    expect((await h.call(endpoints.bindMobile, { ...change, contact_code: code }, { token: ann })).message).toBe('The verification code is wrong or has expired.');
    expect(await info()).toMatchObject({ mobile: old.mobile, withdraw_hold_until: null });

    const until = h.ctx.now() + DAY;
    expect((await h.call(endpoints.bindMobile, change, { token: ann })).message).toBe(
      `Your mobile number has been bound. For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}.`,
    );
    expect(await info()).toMatchObject({ mobile: '13811112222', withdraw_hold_until: until });
    const [sms] = await noticesTo(oldNumber, since);
    expect(sms).toMatchObject({ channel: 'sms' });
    expect(sms?.text).toBe(`[Kestrel] Your mobile number was changed. Withdrawals are paused until ${formatDateTimeUtc(until, 'en')}. Not you? Contact customer service at once.`);
    expect(await noticesTo(ANN, since)).toHaveLength(1);
    expect(await noticesTo('+86 13811112222', since, 0)).toHaveLength(0);
    expect(await withdraw()).toEqual({ type: 'error', message: heldMessage(until) });
    h.advance(DAY);
    expect((await withdraw()).type).toBe('ok');
  });

  test('binding a first number needs the password and a code sent to the e-mail too, and pauses nothing', async () => {
    h.advance(61_000);
    await h.call(endpoints.sendMobileCode, { area_code: '86', mobile: '13811113333' }, { token: ann });
    const code = await h.codeFor('+86 13811113333');
    const refused = await h.call(endpoints.bindMobile, { area_code: '86', mobile: '13811113333', code }, { token: ann });
    expect(refused.type).toBe('error');
    await bindMobile(h, ann, '13811113333');
    expect(await info()).toMatchObject({ mobile: '13811113333', withdraw_hold_until: null });
    const [notice] = await noticesTo(ANN, 0);
    expect(notice?.text).toContain('Added to your Kestrel account on');
  });
});

describe('the pay password', () => {
  test('the first one needs the login password and the code; the e-mail is told; nothing is paused', async () => {
    const code = await codeTo('pay_password');
    const set = { pay_password: PAY, re_pay_password: PAY, code };
    expect((await h.call(endpoints.setPayPassword, set, { token: ann })).message).toBe('Please enter your current login password.');
    // A pay password that does not exist yet is no way in.
    expect((await h.call(endpoints.setPayPassword, { ...set, current_pay_password: '000000' }, { token: ann })).message).toBe('Please enter your current login password.');
    expect((await h.call(endpoints.setPayPassword, { ...set, current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
    expect(await info()).toMatchObject({ has_pay_password: false });
    expect(await h.call(endpoints.setPayPassword, { ...set, current_password: PASSWORD }, { token: ann })).toEqual({ type: 'ok', message: 'Your pay password has been saved.' });
    expect(await info()).toMatchObject({ has_pay_password: true, withdraw_hold_until: null });
    expect((await noticesTo(ANN, 0))[0]?.text).toContain(': pay password.');
  });

  test('a new one needs the current pay password (or the login password when forgotten) and the code; withdrawals wait', async () => {
    await readyToWithdraw();
    const since = mark();
    const code = await codeTo('pay_password');
    const change = { pay_password: '135790', re_pay_password: '135790', code };
    expect((await h.call(endpoints.setPayPassword, change, { token: ann })).message).toBe('Please enter your current pay password, or your login password if you have forgotten it.');
    expect((await h.call(endpoints.setPayPassword, { ...change, current_pay_password: '000000' }, { token: ann })).message).toBe('The pay password is wrong.');
    expect((await h.call(endpoints.setPayPassword, { ...change, code: undefined, current_pay_password: PAY }, { token: ann })).message).toBe('The verification code is 6 digits.');
    expect((await withdraw()).type).toBe('ok');

    const until = h.ctx.now() + DAY;
    expect(await h.call(endpoints.setPayPassword, { ...change, current_pay_password: PAY }, { token: ann })).toEqual({
      type: 'ok',
      message: `Your pay password has been saved. For your safety, withdrawals are paused until ${formatDateTimeUtc(until, 'en')}.`,
    });
    const notices = await noticesTo(ANN, since);
    expect(notices.at(-1)?.text).toContain(`Changed on your Kestrel account on ${formatDateTimeUtc(h.ctx.now(), 'en')}: pay password.`);
    // The new pay password is right, and still the withdrawal waits.
    expect(await withdraw(ann, '135790')).toEqual({ type: 'error', message: heldMessage(until) });
    expect(await withdraw(ann, PAY)).toEqual({ type: 'error', message: heldMessage(until) });

    // Forgotten: the login password stands in for it, and the pause starts again.
    const forgot = await codeTo('pay_password');
    const later = h.ctx.now() + DAY;
    expect((await h.call(endpoints.setPayPassword, { pay_password: '975310', re_pay_password: '975310', code: forgot, current_password: PASSWORD }, { token: ann })).type).toBe('ok');
    expect((await info()).withdraw_hold_until).toBe(later);
    h.advance(DAY - 1);
    expect(await withdraw(ann, '975310')).toEqual({ type: 'error', message: heldMessage(later) });
    h.advance(1);
    expect(await withdraw(ann, '975310')).toEqual({ type: 'ok', message: 'Your withdrawal request has been submitted.' });
  });
});
