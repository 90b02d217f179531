import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';

/**
 * A money form's submission sent twice with its request id (the answer lost on a bad
 * network, a second tap) does its work once and answers as the first did.
 */
const BTC = 1;
const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'USDT', '1000');
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const count = async (table: 'withdrawals' | 'account_transfers' | 'exchanges' | 'spot_orders' | 'lever_positions' | 'micro_orders') => (await h.ctx.db.selectFrom(table).select('id').execute()).length;

describe('request ids', () => {
  test('a withdrawal sent again, one after the other or ten at once, is made once and answered alike', async () => {
    await setPayPassword(h, ann, 'ann@example.com');
    await verifyIdentity(h, ann);
    const withdraw = (request_id?: string) =>
      h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '246810', ...(request_id ? { request_id } : {}) }, { token: ann });
    const answer = { type: 'ok', message: 'Your withdrawal request has been submitted.' };
    expect(await withdraw('w-0001-abcdef')).toEqual(answer);
    expect(await withdraw('w-0001-abcdef')).toEqual(answer);
    expect(await Promise.all(Array.from({ length: 10 }, () => withdraw('w-0002-abcdef')))).toEqual(Array.from({ length: 10 }, () => answer));
    expect(await count('withdrawals')).toBe(2);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '800.000000', frozen: '200.000000' });
    // Without an id each request is a new one.
    await withdraw();
    await withdraw();
    expect(await count('withdrawals')).toBe(4);
  });

  test('a move sent again moves once; the same id for another kind of request is refused and does nothing', async () => {
    const move = (request_id: string) => h.call(endpoints.moveFunds, { currency_id: USDT, number: '250', from_field: 'change', to_field: 'lever', request_id }, { token: ann });
    expect(await move('move-0001')).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await move('move-0001')).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await count('account_transfers')).toBe(1);
    expect((await balance(h, ann, USDT, 'lever')).available).toBe('250.000000');
    const reused = await h.call(endpoints.exchange, { number: '100', from_currency_id: USDT, to_currency_id: BTC, request_id: 'move-0001' }, { token: ann });
    expect(reused).toEqual({ type: 'error', message: 'This request id was already used for another operation. Please try again.' });
    expect(await count('exchanges')).toBe(0);
    // Another user's ids are their own.
    const bob = await h.registerUser('bob@example.com');
    await fund(h, await uidOf(h, bob), 'USDT', '300');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '300', from_field: 'change', to_field: 'lever', request_id: 'move-0001' }, { token: bob })).type).toBe('ok');
    expect((await balance(h, bob, USDT, 'lever')).available).toBe('300.000000');
  });

  test('a conversion sent again after the price moved answers the first one, at its price, and converts once', async () => {
    const convert = () => h.call(endpoints.exchange, { number: '500', from_currency_id: USDT, to_currency_id: BTC, request_id: 'convert-0001' }, { token: ann });
    const first = await convert();
    expect(first.type).toBe('ok');
    await tradeAt(h, 1, 90_000);
    expect(await convert()).toEqual(first);
    expect(await count('exchanges')).toBe(1);
    expect((await balance(h, ann, USDT)).available).toBe('500.000000');
    expect((await balance(h, ann, BTC)).available).toBe(first.type === 'ok' ? first.message.received : '');
  });

  test('a request refused keeps nothing: sent again once it can work, it does', async () => {
    const move = () => h.call(endpoints.moveFunds, { currency_id: USDT, number: '1500', from_field: 'change', to_field: 'lever', request_id: 'move-later-1' }, { token: ann });
    expect(await move()).toEqual({ type: 'error', message: 'Insufficient balance.' });
    await fund(h, await uidOf(h, ann), 'USDT', '500');
    expect(await move()).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await count('account_transfers')).toBe(1);
  });

  test('a malformed id is refused with its own message', async () => {
    for (const request_id of ['short', 'x'.repeat(65), 'has space 123', 'ünïcode-123']) {
      const answer = await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: 'change', to_field: 'lever', request_id }, { token: ann });
      expect(answer.type, request_id).toBe('error');
      expect(answer.message, request_id).toMatch(/Request id|The request id is 8 to 64 letters, digits, - or _\./);
    }
    expect(await count('account_transfers')).toBe(0);
  });

  test('an order, a position and an option sent again are placed once; the answer is the first one as it stands', async () => {
    const uid = await uidOf(h, ann);
    await tradeAt(h, 1, 96_000); // the market maker quotes around 96,000
    await fund(h, uid, 'USDT', '1000', 'lever');
    await fund(h, uid, 'USDT', '1000', 'micro');
    const buy = () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.002', request_id: 'order-00001' }, { token: ann });
    const [first, ...others] = await Promise.all([buy(), buy(), buy()]);
    expect(first).toMatchObject({ type: 'ok', message: { status: 'filled' } });
    for (const other of others) expect(other).toEqual(first);
    expect(await count('spot_orders')).toBe(1);

    const long = () => h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10, request_id: 'position-0001' }, { token: ann });
    const opened = await long();
    expect(opened).toMatchObject({ type: 'ok', message: { status: 'open' } });
    expect(await long()).toEqual(opened);
    expect(await count('lever_positions')).toBe(1);

    const up = () => h.call(endpoints.optionSubmit, { match_id: 1, currency_id: USDT, type: 'up', seconds: 30, number: '100', request_id: 'option-00001' }, { token: ann });
    const options = await Promise.all([up(), up(), up(), up()]);
    expect(options[0]).toMatchObject({ type: 'ok', message: { status: 'open', stake: '100.000000' } });
    expect(new Set(options.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await count('micro_orders')).toBe(1);
    // 100 staked and its 0.1 fee, once.
    expect((await balance(h, ann, USDT, 'micro')).available).toBe('899.900000');
  });
});
