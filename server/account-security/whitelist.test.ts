import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { formatDateTimeUtc } from '../../contract/format';
import { checkLedger } from '../ledger/check';
import { createHarness, flush, ok, type Harness } from '../testing/harness';
import { balance, setPayPassword, uploadImage, verifyIdentity } from '../testing/wallet';

/**
 * The withdrawal whitelist: while on, withdrawals go only to saved addresses, each usable
 * 24 hours after it was saved; turning it off asks for proof again and takes effect 24
 * hours later. A refused withdrawal freezes nothing.
 */
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const ANN = 'ann@example.com';
const PASSWORD = 'secret-pass';
const PAY = '246810';
const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER_TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
  ann = await h.registerUser(ANN, PASSWORD);
  await verifyIdentity(h, ann);
  await setPayPassword(h, ann, ANN, PAY, PASSWORD);
  // The first server of this configuration makes its database image.
}, 60_000);
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const withdraw = (address = TRON) => h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address, amount: '100', pay_password: PAY }, { token: ann });
const save = async (address = TRON) => ok(h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: 'Cold wallet', address, qrcode: await uploadImage(h, ann) }, { token: ann }));
const state = () => ok(h.call(endpoints.whitelist, {}, { token: ann }));

async function proof(): Promise<{ current_password: string; code: string }> {
  h.advance(61_000);
  await ok(h.call(endpoints.sendCode, { scene: 'security' }, { token: ann, ip: '10.9.9.9' }));
  return { current_password: PASSWORD, code: await h.codeFor(ANN) };
}

test('on: an address not saved is refused, a new one waits 24 hours (the list says until when), then withdrawals go', async () => {
  expect(await state()).toEqual({ on: false, enabled_at: null, off_at: null });
  expect((await withdraw()).type).toBe('ok');
  await save(OTHER_TRON);
  h.advance(DAY);
  expect(await h.call(endpoints.whitelistOn, {}, { token: ann })).toEqual({
    type: 'ok',
    message: 'The withdrawal whitelist is on: withdrawals go only to saved addresses, each one 24 hours after it is saved.',
  });
  expect(await state()).toEqual({ on: true, enabled_at: h.ctx.now(), off_at: null });
  expect((await ok(h.call(endpoints.securityOverview, {}, { token: ann }))).whitelist_on).toBe(true);

  expect(await withdraw()).toEqual({
    type: 'error',
    message: 'The withdrawal whitelist is on: save this address in your address book first. It can be used 24 hours after it is saved.',
  });
  const savedAt = h.ctx.now();
  await save();
  const [entry] = (await ok(h.call(endpoints.addressList, {}, { token: ann }))).data;
  expect(entry).toMatchObject({ address: TRON, created_at: savedAt, usable_at: savedAt + DAY });
  h.advance(DAY - HOUR);
  expect(await withdraw()).toEqual({ type: 'error', message: `The withdrawal whitelist is on: this address can be used from ${formatDateTimeUtc(savedAt + DAY, 'en')}, 24 hours after it was saved.` });
  expect((await balance(h, ann, USDT)).frozen).toBe('100.000000');
  // Saved a day before the mode was turned on: usable at once.
  expect((await withdraw(OTHER_TRON)).type).toBe('ok');
  h.advance(HOUR);
  expect((await withdraw()).type).toBe('ok');
  expect((await balance(h, ann, USDT)).frozen).toBe('300.000000');
});

test('off needs proof, stays on 24 hours more (the e-mail is told), and on again cancels it', async () => {
  await ok(h.call(endpoints.whitelistOn, {}, { token: ann }));
  expect(await h.call(endpoints.whitelistOff, { current_password: PASSWORD }, { token: ann })).toEqual({ type: 'error', message: 'The verification code is 6 digits.' });
  expect((await h.call(endpoints.whitelistOff, { ...(await proof()), current_password: 'wrong-password' }, { token: ann })).message).toBe('The current login password is wrong.');
  expect(await state()).toMatchObject({ on: true, off_at: null });

  const since = h.sent.length;
  const offAt = h.ctx.now() + DAY + 61_000;
  const answer = await h.call(endpoints.whitelistOff, await proof(), { token: ann });
  expect(answer).toEqual({ type: 'ok', message: `The withdrawal whitelist will turn off on ${formatDateTimeUtc(offAt, 'en')}. Until then it stays on.` });
  expect(await state()).toMatchObject({ on: true, off_at: offAt });
  expect((await withdraw()).message).toContain('The withdrawal whitelist is on');
  let notice;
  for (let i = 0; i < 200 && !notice; i++) {
    notice = h.sent.slice(since).find((message) => message.to === ANN && message.subject.startsWith('Security notice'));
    await flush();
  }
  expect(notice?.text).toContain(`It stays on until ${formatDateTimeUtc(offAt, 'en')}.`);

  // Asked again meanwhile: the first time stands.
  await ok(h.call(endpoints.whitelistOff, await proof(), { token: ann }));
  expect(await state()).toMatchObject({ off_at: offAt });
  h.advance(DAY);
  expect(await state()).toEqual({ on: false, enabled_at: null, off_at: null });
  expect((await withdraw()).type).toBe('ok');
  expect((await h.call(endpoints.whitelistOff, await proof(), { token: ann })).message).toBe('The withdrawal whitelist is not on.');

  await ok(h.call(endpoints.whitelistOn, {}, { token: ann }));
  await ok(h.call(endpoints.whitelistOff, await proof(), { token: ann }));
  await ok(h.call(endpoints.whitelistOn, {}, { token: ann }));
  expect(await state()).toMatchObject({ on: true, off_at: null });
});
