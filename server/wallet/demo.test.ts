import { afterEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { balance, uploadImage, userIdOf } from '../testing/wallet';

/**
 * The paper-trading demo's defaults (server/config.ts): with DEMO on and SIGNUP_GIFT and
 * AUTO_APPROVE left unset, a new account starts with 10,000 USDT paid through the ledger
 * as a member gift, and a reported recharge is credited at once. With DEMO off, or with
 * those settings turned off, neither happens: the account starts empty and a recharge
 * waits for an operator.
 */
const USDT = 3;
const BTC = 1;

let h: Harness;
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

async function giftOf(email: string) {
  const userId = await userIdOf(h, email);
  return h.ctx.db.selectFrom('ledger_transactions').select(['reason', 'user_id']).where('ref_kind', '=', 'signup-gift').where('ref_id', '=', String(userId)).execute();
}

describe('the demo configuration (DEMO on, AUTO_APPROVE and SIGNUP_GIFT by default)', () => {
  test('a new account receives the starting gift through the ledger, as member_gift, once', async () => {
    h = await createHarness({ DEMO: 'true' });
    expect(h.ctx.config.signupGift).toBe('10000');
    const token = await h.registerUser('demo-gift@example.com');
    expect(await balance(h, token, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000', locked: '0.000000' });
    expect(await giftOf('demo-gift@example.com')).toEqual([{ reason: 'member_gift', user_id: await userIdOf(h, 'demo-gift@example.com') }]);
    expect(await ok(h.call(endpoints.bills, {}, { token }))).toMatchObject({ data: [{ reason: 'member_gift', code: 'USDT', amount: '10000.000000', kind: 'change', part: 'available' }], more: false });
    // Another account gets its own gift; the first keeps one.
    const other = await h.registerUser('demo-gift-2@example.com');
    expect((await balance(h, other, USDT)).available).toBe('10000.000000');
    expect(await giftOf('demo-gift@example.com')).toHaveLength(1);
  });

  test('a recharge request is credited at once, through the ledger, and only once', async () => {
    h = await createHarness({ DEMO: 'true' });
    expect([...h.ctx.config.autoApprove]).toContain('recharge');
    const token = await h.registerUser('demo-recharge@example.com');
    const voucher = await uploadImage(h, token);
    // The answer says what happened: credited, not waiting for a review.
    expect(await h.call(endpoints.rechargeRequest, { currency: BTC, network: 'BTC', amount: '0.25', voucher }, { token })).toEqual({ type: 'ok', message: 'Your recharge has been credited.' });
    expect((await balance(h, token, BTC)).available).toBe('0.25000000');
    const [recharge] = (await ok(h.call(endpoints.rechargeLog, {}, { token }))).data;
    expect(recharge).toMatchObject({ code: 'BTC', amount: '0.25000000', status: 'approved' });
    expect((await ok(h.call(endpoints.bills, { currency: BTC }, { token }))).data).toMatchObject([{ reason: 'recharge', amount: '0.25000000', kind: 'change', part: 'available' }]);
    expect(await h.call(endpoints.approveRecharge, { id: recharge!.id }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect((await balance(h, token, BTC)).available).toBe('0.25000000');
  });
});

describe('with the demo off', () => {
  for (const [name, env] of [
    ['DEMO=false (the defaults follow it)', { DEMO: 'false' }],
    ['DEMO on, SIGNUP_GIFT=0 and AUTO_APPROVE=none', { DEMO: 'true', SIGNUP_GIFT: '0', AUTO_APPROVE: 'none' }],
  ] as const) {
    test(`${name}: no starting gift, and a recharge waits for an operator`, async () => {
      h = await createHarness(env);
      const token = await h.registerUser('plain@example.com');
      expect(await balance(h, token, USDT)).toMatchObject({ available: '0.000000', frozen: '0.000000' });
      expect(await giftOf('plain@example.com')).toEqual([]);
      expect(await ok(h.call(endpoints.bills, {}, { token }))).toMatchObject({ data: [], more: false });

      const voucher = await uploadImage(h, token);
      expect(await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '150', voucher }, { token })).toEqual({
        type: 'ok',
        message: 'Your recharge has been submitted for review.',
      });
      const [recharge] = (await ok(h.call(endpoints.rechargeLog, {}, { token }))).data;
      expect(recharge).toMatchObject({ amount: '150.000000', status: 'pending' });
      expect((await balance(h, token, USDT)).available).toBe('0.000000');
      expect(
        await h.ctx.db
          .selectFrom('ledger_transactions')
          .select('id')
          .where('user_id', '=', await userIdOf(h, 'plain@example.com'))
          .execute(),
      ).toEqual([]);
      // The operator's approval is what credits it.
      expect(await h.call(endpoints.approveRecharge, { id: recharge!.id }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
      expect((await balance(h, token, USDT)).available).toBe('150.000000');
    });
  }
});
