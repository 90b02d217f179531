import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { uidOf } from '../testing/market';
import { balance } from '../testing/wallet';
import { grantWelcomeCoupons } from '../wallet/coupons';
import { refreshRates } from '../wallet/rates';
import { OPTION_DURATIONS, SPOT_FEE, SPOT_MIN_NOTIONAL } from '../trading/config';

/**
 * The operator API under the console's Products screen (coupons, fiat rates, fees and
 * limits). Operators grant a user a fee discount or a bonus, list what was granted and
 * revoke one still available; a grant sent twice is one coupon, and a revoke racing the
 * user's redemption is one or the other, never both. The rates read says who set each
 * rate; the fees read is what the server enforces, settings included. Every grant and
 * revoke is audited under the operator's name; bad input changes nothing.
 */
const USDT = 3;
const DAY = 86_400_000;

let h: Harness;
/** A second operator's token: each action is audited under the name of who did it. */
let alice = '';
let users = 0;

beforeAll(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none', EXCHANGE_FEE: '0.0015', WITHDRAW_FEE_USDT_TRC20: '2' });
  alice = (await ok(h.call(endpoints.addOperator, { name: 'alice' }, { operator: true }))).token;
});
afterAll(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const asAlice = () => ({ headers: { 'x-operator-token': alice } });
let requests = 0;
const requestId = () => `grant-${String(++requests).padStart(6, '0')}`;

async function newUser(): Promise<{ token: string; uid: number }> {
  const token = await h.registerUser(`coupon${++users}@example.com`);
  return { token, uid: await uidOf(h, token) };
}

type Grant = InputOf<typeof endpoints.grantCoupon>;
const bonus = (uid: number, value = '25', more: Partial<Grant> = {}) => ({ uid, kind: 'bonus', currency: 'USDT', value, days: 30, request_id: requestId(), ...more });
const grant = (input: Record<string, unknown>, options = asAlice()) => h.call(endpoints.grantCoupon, input, options);
const couponCount = async () =>
  Number(
    (
      await h.ctx.db
        .selectFrom('coupons')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const auditOf = async (action: string) => (await ok(h.call(endpoints.auditLog, { action, limit: 50 }, { operator: true }))).data;

describe('granting coupons', () => {
  test("a bonus granted to a user shows in the console's list and the app's, and redeeming it credits the coin account from the house gifts account", async () => {
    const ann = await newUser();
    const coupon = await ok(grant(bonus(ann.uid, '25.5')));
    expect(coupon).toMatchObject({ uid: ann.uid, kind: 'bonus', value: '25.500000', code: 'USDT', scope: null, status: 'available', granted_by: 'alice', revoked_at: null });
    expect(coupon.expires_at - coupon.created_at).toBe(30 * DAY);

    const listed = await ok(h.call(endpoints.operatorCoupons, { uid: ann.uid }, { operator: true }));
    expect(listed.data.map((row) => row.id)).toEqual([coupon.id]);
    const inApp = await ok(h.call(endpoints.couponList, { status: 'available' }, { token: ann.token }));
    expect(inApp).toEqual([expect.objectContaining({ id: coupon.id, kind: 'bonus', code: 'USDT', status: 'available', revoked_at: null })]);

    const before = new Money((await balance(h, ann.token, USDT)).available);
    await ok(h.call(endpoints.couponUse, { id: coupon.id }, { token: ann.token }));
    expect(new Money((await balance(h, ann.token, USDT)).available).minus(before).toFixed()).toBe('25.5');
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
    expect((await ok(h.call(endpoints.operatorCoupons, { uid: ann.uid }, { operator: true }))).data[0]).toMatchObject({ status: 'used', used_ref: `coupon:${coupon.id}` });

    const [entry] = (await auditOf('coupon-grant')).filter((row) => row.target === `uid:${ann.uid}`);
    expect(entry).toMatchObject({ operator: 'alice', detail: `coupon:${coupon.id} bonus 25.5 USDT 30d` });
  });

  test('a fee discount on spot trading is what a spot order then counts on', async () => {
    const bob = await newUser();
    const coupon = await ok(grant({ uid: bob.uid, kind: 'fee_discount', scope: 'spot', value: '0.25', days: 7, request_id: requestId() }));
    expect(coupon).toMatchObject({ kind: 'fee_discount', scope: 'spot', value: '0.25', code: '', status: 'available' });
    const info = await ok(h.call(endpoints.spotInfo, { currency_id: 1, legal_id: USDT }, { token: bob.token }));
    expect(info.fee_discount).toBe('0.25');
  });

  test.each([
    ['no product for a fee discount', { kind: 'fee_discount', value: '0.5' }, 'Choose the product whose fee this coupon discounts.'],
    ['a share of 0', { kind: 'fee_discount', scope: 'spot', value: '0' }, 'The share of the fee waived must be above 0'],
    ['a share above the whole fee', { kind: 'fee_discount', scope: 'conversion', value: '1.5' }, 'The share of the fee waived must be above 0'],
    ['a share with five decimals', { kind: 'fee_discount', scope: 'conversion', value: '0.12345' }, 'The share of the fee waived must be above 0'],
    ['an unknown product', { kind: 'fee_discount', scope: 'futures', value: '0.5' }, 'A fee discount applies to conversions or to spot trading.'],
    ['no currency for a bonus', { kind: 'bonus', value: '10' }, 'Choose the currency of the bonus.'],
    ['an unknown currency', { kind: 'bonus', currency: 'XYZ', value: '10' }, ''],
    ['a bonus of 0', { kind: 'bonus', currency: 'USDT', value: '0' }, ''],
    ['more decimals than the currency has', { kind: 'bonus', currency: 'USDT', value: '1.1234567' }, 'USDT'],
    ['a kind that is neither', { kind: 'cashback', value: '1' }, 'Choose a fee discount or a bonus.'],
    ['no days', { kind: 'bonus', currency: 'USDT', value: '1', days: 0 }, 'A coupon is valid for 1 to 365 days.'],
    ['more than a year', { kind: 'bonus', currency: 'USDT', value: '1', days: 366 }, 'A coupon is valid for 1 to 365 days.'],
    ['no request id', { kind: 'bonus', currency: 'USDT', value: '1', request_id: undefined }, ''],
  ])('%s is refused with a clear message and grants nothing', async (_, input, message) => {
    const { uid } = await newUser();
    const count = await couponCount();
    const answer = await grant({ uid, days: 30, request_id: requestId(), ...input });
    expect(answer.type).toBe('error');
    expect(answer.message).toContain(message);
    expect(answer.message).not.toMatch(/server:|validation:/);
    expect(await couponCount()).toBe(count);
  });

  test('a user who does not exist is refused (translated) and nothing is granted', async () => {
    const count = await couponCount();
    const answer = await h.call(endpoints.grantCoupon, bonus(99_999_999), { ...asAlice(), lang: 'zh' });
    expect(answer.type).toBe('error');
    expect(answer.message).not.toMatch(/server:/);
    expect(await couponCount()).toBe(count);
  });

  test('a user token is no operator token', async () => {
    const carol = await newUser();
    const answer = await h.call(endpoints.grantCoupon, bonus(carol.uid), { headers: { 'x-operator-token': carol.token } });
    expect(answer.type).toBe('999');
    expect(await ok(h.call(endpoints.couponList, { status: 'available' }, { token: carol.token }))).toEqual([]);
  });

  test('twenty identical grants at once (a double click, retries) make one coupon, one audit entry, and all answer it', async () => {
    const dan = await newUser();
    const input = bonus(dan.uid, '7');
    const answers = await Promise.all(Array.from({ length: 20 }, () => ok(grant(input))));
    expect(new Set(answers.map((coupon) => coupon.id)).size).toBe(1);
    expect((await ok(h.call(endpoints.operatorCoupons, { uid: dan.uid }, { operator: true }))).data).toHaveLength(1);
    expect((await auditOf('coupon-grant')).filter((row) => row.target === `uid:${dan.uid}`)).toHaveLength(1);
    // A new request (a new id) is a new coupon.
    await ok(grant(bonus(dan.uid, '7')));
    expect((await ok(h.call(endpoints.operatorCoupons, { uid: dan.uid }, { operator: true }))).data).toHaveLength(2);
  });
});

describe('listing coupons', () => {
  test('by user and by state, newest first, a page at a time; the welcome coupons have no operator; one past its expiry is expired in both lists', async () => {
    const eve = await newUser();
    const first = await ok(grant(bonus(eve.uid, '1', { days: 1 })));
    const second = await ok(grant(bonus(eve.uid, '2')));
    const third = await ok(grant({ uid: eve.uid, kind: 'fee_discount', scope: 'conversion', value: '0.5', days: 10, request_id: requestId() }));
    const page1 = await ok(h.call(endpoints.operatorCoupons, { uid: eve.uid, limit: 2 }, { operator: true }));
    expect(page1.data.map((row) => row.id)).toEqual([third.id, second.id]);
    expect(page1.more).toBe(true);
    const page2 = await ok(h.call(endpoints.operatorCoupons, { uid: eve.uid, limit: 2, page: 2 }, { operator: true }));
    expect(page2.data.map((row) => row.id)).toEqual([first.id]);
    expect(page2.more).toBe(false);

    h.advance(DAY);
    const expired = await ok(h.call(endpoints.operatorCoupons, { uid: eve.uid, status: 'expired' }, { operator: true }));
    expect(expired.data.map((row) => [row.id, row.status])).toEqual([[first.id, 'expired']]);
    expect((await ok(h.call(endpoints.operatorCoupons, { uid: eve.uid, status: 'available' }, { operator: true }))).data.map((row) => row.id)).toEqual([third.id, second.id]);
    expect((await ok(h.call(endpoints.couponList, { status: 'expired' }, { token: eve.token }))).map((row) => row.id)).toEqual([first.id]);

    const answer = await h.call(endpoints.operatorCoupons, { status: 'lost' }, { operator: true });
    expect(answer).toEqual({ type: 'error', message: 'Choose available, used, expired or revoked.' });
  });

  test('the welcome coupons are listed with no operator behind them', async () => {
    const fay = await newUser();
    const id = (await h.ctx.db.selectFrom('users').select('id').where('uid', '=', fay.uid).executeTakeFirstOrThrow()).id;
    await h.ctx.exchange.run((step) => grantWelcomeCoupons(step, id));
    const rows = (await ok(h.call(endpoints.operatorCoupons, { uid: fay.uid }, { operator: true }))).data;
    expect(rows.map((row) => row.granted_by)).toEqual([null, null]);
  });
});

describe('revoking coupons', () => {
  test('a coupon still available is revoked: it leaves the available list, the app lists it with the expired ones, and it cannot be redeemed', async () => {
    const gus = await newUser();
    const coupon = await ok(grant(bonus(gus.uid, '40')));
    expect(await ok(h.call(endpoints.revokeCoupon, { id: coupon.id, reason: '  Granted to the wrong account ' }, asAlice()))).toBe('The coupon has been revoked.');
    const [row] = (await ok(h.call(endpoints.operatorCoupons, { uid: gus.uid }, { operator: true }))).data;
    expect(row).toMatchObject({ status: 'revoked', revoked_by: 'alice', revoked_at: h.ctx.now() });
    expect(await ok(h.call(endpoints.couponList, { status: 'available' }, { token: gus.token }))).toEqual([]);
    expect(await ok(h.call(endpoints.couponList, { status: 'expired' }, { token: gus.token }))).toEqual([expect.objectContaining({ id: coupon.id, status: 'revoked', revoked_at: h.ctx.now() })]);
    const use = await h.call(endpoints.couponUse, { id: coupon.id }, { token: gus.token });
    expect(use).toEqual({ type: 'error', message: 'This coupon cannot be used.' });
    const [entry] = (await auditOf('coupon-revoke')).filter((item) => item.target === `uid:${gus.uid}`);
    expect(entry).toMatchObject({ operator: 'alice', detail: `coupon:${coupon.id}: Granted to the wrong account` });

    // Revoked, used or expired: it stays as it is.
    expect(await h.call(endpoints.revokeCoupon, { id: coupon.id, reason: 'Again' }, { operator: true })).toEqual({
      type: 'error',
      message: 'This coupon is no longer available: it has been used, has expired or was already revoked.',
    });
  });

  test('a used coupon, an expired one, an unknown one and a blank reason are refused and change nothing', async () => {
    const hal = await newUser();
    const used = await ok(grant(bonus(hal.uid, '3')));
    await ok(h.call(endpoints.couponUse, { id: used.id }, { token: hal.token }));
    const soon = await ok(grant(bonus(hal.uid, '3', { days: 1 })));
    const later = await ok(grant(bonus(hal.uid, '3')));
    h.advance(DAY);
    for (const id of [used.id, soon.id]) expect((await h.call(endpoints.revokeCoupon, { id, reason: 'No' }, { operator: true })).message).toMatch(/no longer available/);
    expect(await h.call(endpoints.revokeCoupon, { id: 987_654, reason: 'No' }, { operator: true })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect((await h.call(endpoints.revokeCoupon, { id: later.id, reason: '   ' }, { operator: true })).type).toBe('error');
    const states = (await ok(h.call(endpoints.operatorCoupons, { uid: hal.uid }, { operator: true }))).data.map((row) => row.status);
    expect(states).toEqual(['available', 'expired', 'used']);
  });

  test('a revoke and the redemption sent at once, many times: exactly one wins each time, and the ledger stays balanced', async () => {
    const ivy = await newUser();
    let redeemed = 0;
    const start = new Money((await balance(h, ivy.token, USDT)).available);
    for (let round = 0; round < 25; round++) {
      const coupon = await ok(grant(bonus(ivy.uid, '2')));
      const revoking = () => h.call(endpoints.revokeCoupon, { id: coupon.id, reason: 'Race' }, { operator: true });
      const using = () => h.call(endpoints.couponUse, { id: coupon.id }, { token: ivy.token });
      // Half the rounds send the redemption first.
      const [revoke, use] = round % 2 === 0 ? await Promise.all([revoking(), using()]) : (await Promise.all([using(), revoking()])).reverse();
      expect([revoke?.type, use?.type].sort()).toEqual(['error', 'ok']);
      const [row] = (await ok(h.call(endpoints.operatorCoupons, { uid: ivy.uid, limit: 1 }, { operator: true }))).data;
      expect(row?.status).toBe(use?.type === 'ok' ? 'used' : 'revoked');
      if (use?.type === 'ok') redeemed++;
    }
    // Each side won some rounds (the one sent first, on one process).
    expect(redeemed).toBeGreaterThan(0);
    expect(redeemed).toBeLessThan(25);
    expect(new Money((await balance(h, ivy.token, USDT)).available).minus(start).toFixed()).toBe(String(redeemed * 2));
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  });
});

describe('fiat rates', () => {
  test('each rate with when and by what it was set: the reference rates, then an operator; the change and its audit entry together', async () => {
    const before = await ok(h.call(endpoints.operatorRates, {}, { operator: true }));
    expect(before.file).toBeNull();
    expect(before.rates.map((rate) => rate.code)).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    expect(before.rates.find((rate) => rate.code === 'PHP')).toMatchObject({ rate: '58.5', set_by: 'reference', by: '' });

    h.advance(1000);
    await ok(h.call(endpoints.setRate, { code: 'PHP', rate: '57.25' }, asAlice()));
    const after = await ok(h.call(endpoints.operatorRates, {}, { operator: true }));
    expect(after.rates.find((rate) => rate.code === 'PHP')).toEqual({ code: 'PHP', rate: '57.25', updated_at: h.ctx.now(), set_by: 'operator', by: 'alice' });
    expect((await auditOf('set-rate'))[0]).toMatchObject({ operator: 'alice', target: 'PHP', detail: '57.25' });
  });

  test.each([
    ['a rate of 0', { code: 'PHP', rate: '0' }, 'A rate is a positive decimal in units per US dollar'],
    ['a rate in words', { code: 'PHP', rate: 'fifty' }, 'A rate is a positive decimal in units per US dollar'],
    ['USD other than 1', { code: 'USD', rate: '1.1' }, 'A rate is a positive decimal in units per US dollar'],
    ['an unknown currency', { code: 'XAU', rate: '1' }, ''],
  ])('%s is refused, translated, and changes nothing', async (_, input, message) => {
    const before = await ok(h.call(endpoints.operatorRates, {}, { operator: true }));
    const answer = await h.call(endpoints.setRate, input, { operator: true });
    expect(answer.type).toBe('error');
    expect(answer.message).toContain(message);
    const french = await h.call(endpoints.setRate, input, { operator: true, lang: 'fra' });
    expect(french.message).not.toBe(answer.message);
    expect(await ok(h.call(endpoints.operatorRates, {}, { operator: true }))).toEqual(before);
  });

  test('with FIAT_RATES_FILE, the file, when it was loaded and when it is read again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-rates-'));
    const file = path.join(dir, 'rates.json');
    fs.writeFileSync(file, '{"THB": "35.1"}');
    const withFile = await createHarness({ FIAT_RATES_FILE: file });
    try {
      expect((await ok(withFile.call(endpoints.operatorRates, {}, { operator: true }))).file).toEqual({ name: 'rates.json', loaded_at: null, due_at: withFile.ctx.now() });
      await refreshRates(withFile.ctx);
      const read = await ok(withFile.call(endpoints.operatorRates, {}, { operator: true }));
      expect(read.file).toEqual({ name: 'rates.json', loaded_at: withFile.ctx.now(), due_at: withFile.ctx.now() + DAY });
      expect(read.rates.find((rate) => rate.code === 'THB')).toMatchObject({ rate: '35.1', set_by: 'file', by: 'rates.json' });
    } finally {
      await withFile.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fees and limits', () => {
  test('what the server enforces: the settings it was started with (EXCHANGE_FEE, WITHDRAW_FEE_USDT_TRC20) and the rules in the code', async () => {
    const fees = await ok(h.call(endpoints.operatorFees, {}, { operator: true }));
    expect(fees.conversion.fee).toEqual({ value: '0.0015', setting: 'EXCHANGE_FEE' });
    expect(fees.withdrawals.find((row) => row.code === 'USDT' && row.network === 'TRC20')).toMatchObject({
      min: { value: '10', setting: 'WITHDRAW_MIN_USDT_TRC20' },
      fee: { value: '2', setting: 'WITHDRAW_FEE_USDT_TRC20' },
    });
    expect(fees.spot).toEqual({ fee: { value: SPOT_FEE.toFixed(), setting: null }, min_notional: { value: SPOT_MIN_NOTIONAL.toFixed(), setting: null }, price_band: { value: '0.5', setting: null } });
    expect(fees.options.durations).toEqual(
      OPTION_DURATIONS.map((rule) => ({ seconds: rule.seconds, ratio: rule.ratio.toFixed(), fee_rate: rule.feeRate.toFixed(), min: rule.min.toFixed(), max: rule.max.toFixed() })),
    );
    expect(fees.contracts.leverage).toEqual([
      { kind: 'crypto', min: 1, max: 100, presets: [5, 10, 20, 50, 100] },
      { kind: 'stock', min: 1, max: 20, presets: [2, 5, 10, 20] },
    ]);
    expect(fees.invites.rebate_rate).toEqual({ value: '0.2', setting: 'REBATE_RATE' });

    // The conversion quote a user sees charges the same fee.
    const { token } = await newUser();
    const quote = await ok(h.call(endpoints.exchangeQuote, { from_currency_id: USDT, to_currency_id: 1 }, { token }));
    expect(quote.fee_rate).toBe(fees.conversion.fee.value);
  });
});
