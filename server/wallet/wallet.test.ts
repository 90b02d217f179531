import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness } from '../testing/harness';
import { balance, grantFeeCoupon, setPayPassword, uploadImage, userIdOf, verifyIdentity } from '../testing/wallet';
import { isValidAddress } from './addresses';

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none' });
  ann = await h.registerUser('ann@example.com');
});
afterEach(async () => {
  const report = await checkLedger(h.ctx.db);
  expect(report.violations).toEqual([]);
  await h.close();
});

async function uidOf(token: string): Promise<number> {
  const info = await h.call(endpoints.userInfo, {}, { token });
  if (info.type !== 'ok') throw new Error(info.message);
  return info.message.uid;
}

const BTC = 1;
const ETH = 2;
const USDT = 3;
const BTC_TESTNET = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('accounts and balances', () => {
  test('a new account starts with the paper-trading gift in its coin account, through the ledger', async () => {
    const list = await h.call(endpoints.walletList, {}, { token: ann });
    if (list.type !== 'ok') throw new Error(list.message);
    expect(list.message.accounts.map((a) => [a.kind, a.kind_id])).toEqual([
      ['legal', 1],
      ['change', 2],
      ['lever', 3],
      ['micro', 4],
    ]);
    expect(list.message.total_usd).toBe('10000.00');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000', locked: '0.000000', usd_value: '10000.00' });
    const bills = await h.call(endpoints.bills, {}, { token: ann });
    expect(bills).toMatchObject({ type: 'ok', message: { data: [{ reason: 'member_gift', code: 'USDT', amount: '10000.000000', kind: 'change', part: 'available' }], more: false } });
    expect((await h.call(endpoints.walletList, {})).type).toBe('999');
  });
});

describe('deposits', () => {
  test('each user has a stable, valid address per network; ETH and USDT on ERC20 share one; user_id is ignored', async () => {
    const bob = await h.registerUser('bob@example.com');
    const address = async (token: string, currency: number, network: 'BTC' | 'ERC20' | 'TRC20', extra = {}) => {
      const answer = await h.call(endpoints.depositAddress, { currency, network, ...extra }, { token });
      if (answer.type !== 'ok') throw new Error(answer.message);
      return answer.message.address;
    };
    const btc = await address(ann, BTC, 'BTC');
    expect(isValidAddress('bitcoin-testnet', btc)).toBe(true);
    expect(await address(ann, BTC, 'BTC')).toBe(btc);
    expect(await address(ann, ETH, 'ERC20')).toBe(await address(ann, USDT, 'ERC20'));
    expect(isValidAddress('ethereum', await address(ann, USDT, 'ERC20'))).toBe(true);
    expect(isValidAddress('tron', await address(ann, USDT, 'TRC20'))).toBe(true);
    const bobId = await userIdOf(h, 'bob@example.com');
    expect(await address(ann, BTC, 'BTC', { user_id: bobId })).toBe(btc);
    expect(await address(bob, BTC, 'BTC')).not.toBe(btc);
    expect((await h.call(endpoints.depositAddress, { currency: BTC, network: 'TRC20' }, { token: ann })).message).toBe('BTC cannot be sent on this network.');
    const coins = await h.call(endpoints.coinList, {}, { token: ann });
    expect(coins.type === 'ok' && coins.message.map((c) => `${c.name}${c.subName ? `-${c.subName}` : ''}`)).toEqual(['BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20']);
  });

  test('a recharge with its voucher waits for the operator; approved once, it is credited once', async () => {
    const voucher = await uploadImage(h, ann);
    expect(await h.call(endpoints.rechargeRequest, { currency: BTC, network: 'BTC', amount: '0.5', voucher }, { token: ann })).toEqual({
      type: 'ok',
      message: 'Your recharge has been submitted for review.',
    });
    expect((await balance(h, ann, BTC)).available).toBe('0.00000000');
    const log = await h.call(endpoints.rechargeLog, {}, { token: ann });
    if (log.type !== 'ok') throw new Error(log.message);
    const [recharge] = log.message.data;
    expect(recharge).toMatchObject({ code: 'BTC', network: 'BTC', amount: '0.50000000', status: 'pending' });
    expect((await h.call(endpoints.approveRecharge, { id: recharge!.id }, { token: ann })).message).toBe('This needs an operator.');
    expect(await h.call(endpoints.approveRecharge, { id: recharge!.id }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
    expect(await h.call(endpoints.approveRecharge, { id: recharge!.id }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect(await h.call(endpoints.rejectRecharge, { id: recharge!.id, reason: 'late' }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect((await balance(h, ann, BTC)).available).toBe('0.50000000');
  });

  test('a refused recharge credits nothing and says why; bad input changes nothing', async () => {
    const voucher = await uploadImage(h, ann);
    const bob = await h.registerUser('bob@example.com');
    expect((await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '100', voucher }, { token: bob })).message).toBe('Please use an image you uploaded yourself.');
    expect((await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '1.1234567', voucher }, { token: ann })).message).toBe('USDT amounts have at most 6 decimals.');
    expect((await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '-5', voucher }, { token: ann })).message).toBe('Please enter a correct amount.');
    expect((await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '5' }, { token: ann })).message).toBe('Please upload the payment voucher.');
    await h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '250', voucher }, { token: ann });
    const log = await h.call(endpoints.rechargeLog, {}, { token: ann });
    if (log.type !== 'ok') throw new Error(log.message);
    expect(log.message.data).toHaveLength(1);
    await h.call(endpoints.rejectRecharge, { id: log.message.data[0]!.id, reason: 'The voucher does not show this transfer.' }, { operator: true });
    const after = await h.call(endpoints.rechargeLog, {}, { token: ann });
    expect(after).toMatchObject({ message: { data: [{ status: 'rejected', reason: 'The voucher does not show this transfer.' }] } });
    expect((await balance(h, ann, USDT)).available).toBe('10000.000000');
  });
});

describe('withdrawals', () => {
  beforeEach(async () => {
    await setPayPassword(h, ann, 'ann@example.com');
  });

  const request = (extra: Record<string, unknown> = {}) =>
    h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '246810', ...extra }, { token: ann });

  test('need identity verification first (998)', async () => {
    expect(await request()).toEqual({ type: '998', message: 'Please complete identity verification first.' });
  });

  test('are checked: address for the network, minimum, decimals, pay password; nothing moves when wrong', async () => {
    await verifyIdentity(h, ann);
    expect((await request({ address: BTC_TESTNET })).message).toBe('This is not a valid TRON (TRC20) address.');
    expect((await request({ network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' })).message).toBe('This is not a valid Ethereum (ERC20) address.');
    expect((await request({ amount: '9.99' })).message).toBe('The minimum is 10 USDT.');
    expect((await request({ amount: '10.1234567' })).message).toBe('USDT amounts have at most 6 decimals.');
    expect((await request({ pay_password: '111111' })).message).toBe('The pay password is wrong.');
    expect((await request({ amount: '20000' })).message).toBe('Insufficient balance.');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  });

  test('five wrong pay passwords lock it for 15 minutes', async () => {
    await verifyIdentity(h, ann);
    for (let i = 0; i < 5; i++) await request({ pay_password: '000000' });
    expect((await request()).message).toBe('Too many wrong pay passwords. Please try again in 15 minutes.');
    h.advance(15 * 60_000 + 1);
    expect((await request()).type).toBe('ok');
  });

  test('of 200 withdrawals sent at once with wrong pay passwords and the right one last, 5 passwords are compared and nothing moves', async () => {
    await verifyIdentity(h, ann);
    const wrong = Array.from({ length: 199 }, (_, i) => request({ pay_password: String(100_000 + i) }));
    const answers = await Promise.all([...wrong, request()]);
    const locked = 'Too many wrong pay passwords. Please try again in 15 minutes.';
    expect(answers.filter((answer) => answer.message === 'The pay password is wrong.')).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === locked)).toHaveLength(195);
    expect(answers.at(-1)).toEqual({ type: 'error', message: locked });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
    expect(await h.ctx.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
  });

  test('a right pay password does not forget the wrong ones before it', async () => {
    await verifyIdentity(h, ann);
    for (let i = 0; i < 4; i++) expect((await request({ pay_password: '000000' })).message).toBe('The pay password is wrong.');
    expect((await request()).type).toBe('ok');
    expect((await request({ pay_password: '000000' })).message).toBe('The pay password is wrong.');
    expect((await request()).message).toBe('Too many wrong pay passwords. Please try again in 15 minutes.');
  });

  test('freeze on request; approved: the amount leaves (fee to the house); refused: it comes back', async () => {
    await verifyIdentity(h, ann);
    expect(await request({ amount: '300' })).toEqual({ type: 'ok', message: 'Your withdrawal request has been submitted.' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9700.000000', frozen: '300.000000' });
    await request({ amount: '200' });
    const log = await h.call(endpoints.withdrawLog, {}, { token: ann });
    if (log.type !== 'ok') throw new Error(log.message);
    const [second, first] = log.message.data;
    expect(first).toMatchObject({ amount: '300.000000', fee: '1.000000', net: '299.000000', status: 'pending', address: TRON });
    await h.call(endpoints.approveWithdrawal, { id: first!.id, txid: 'abc123' }, { operator: true });
    await h.call(endpoints.rejectWithdrawal, { id: second!.id, reason: 'Address on a sanctions list.' }, { operator: true });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9700.000000', frozen: '0.000000' });
    expect(await h.call(endpoints.withdrawLog, {}, { token: ann })).toMatchObject({
      message: {
        data: [
          { status: 'rejected', reason: 'Address on a sanctions list.' },
          { status: 'completed', txid: 'abc123' },
        ],
      },
    });
    expect((await h.call(endpoints.approveWithdrawal, { id: second!.id }, { operator: true })).message).toBe('This request has already been reviewed.');
    expect((await h.call(endpoints.approveWithdrawal, { id: first!.id }, { operator: true })).message).toBe('This request has already been reviewed.');
    const fees = await h.ctx.db.selectFrom('ledger_accounts').select('balance').where('owner', '=', 'house:fees').where('currency_id', '=', USDT).executeTakeFirstOrThrow();
    expect(fees.balance).toBe('1');
    // The bills, newest first: each step under its own reason (spec 3: withdrawal lock,
    // deduct, success, fail); the sent one shows its fee and what left apart.
    const bills = await h.call(endpoints.bills, { currency: USDT, type: 'change' }, { token: ann });
    if (bills.type !== 'ok') throw new Error(bills.message);
    expect(bills.message.data.map((b) => `${b.reason} ${b.part} ${b.amount}`)).toEqual([
      'withdraw_fail available 200.000000',
      'withdraw_fail frozen -200.000000',
      'withdraw_success frozen -299.000000',
      'withdraw_deduct frozen -1.000000',
      'withdraw_lock frozen 200.000000',
      'withdraw_lock available -200.000000',
      'withdraw_lock frozen 300.000000',
      'withdraw_lock available -300.000000',
      'member_gift available 10000.000000',
    ]);
  });

  test('level 1 may withdraw 200 BTC worth per 24 hours, level 2 500', async () => {
    await verifyIdentity(h, ann);
    await h.call(endpoints.adjust, { uid: await uidOf(ann), currency: 'BTC', amount: '700', reason: 'test funds' }, { operator: true });
    expect((await h.call(endpoints.withdraw, { currency: BTC, network: 'BTC', address: BTC_TESTNET, amount: '150', pay_password: '246810' }, { token: ann })).type).toBe('ok');
    expect((await h.call(endpoints.withdraw, { currency: BTC, network: 'BTC', address: BTC_TESTNET, amount: '60', pay_password: '246810' }, { token: ann })).message).toBe(
      'This is over your 24-hour withdrawal limit of 200 BTC for verification level 1. You can still withdraw 50.00 BTC worth.',
    );
    await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, ann), reverse_pic: await uploadImage(h, ann) }, { token: ann });
    const pending = await h.call(endpoints.operatorPending, {}, { operator: true });
    if (pending.type !== 'ok') throw new Error(pending.message);
    await h.call(endpoints.approveIdentity, { id: pending.message.identities[0]!.id }, { operator: true });
    expect((await h.call(endpoints.withdraw, { currency: BTC, network: 'BTC', address: BTC_TESTNET, amount: '300', pay_password: '246810' }, { token: ann })).type).toBe('ok');
    expect((await h.call(endpoints.withdraw, { currency: BTC, network: 'BTC', address: BTC_TESTNET, amount: '60', pay_password: '246810' }, { token: ann })).type).toBe('error');
    h.advance(24 * 60 * 60_000 + 1);
    expect((await h.call(endpoints.withdraw, { currency: BTC, network: 'BTC', address: BTC_TESTNET, amount: '60', pay_password: '246810' }, { token: ann })).type).toBe('ok');
  });

  test('more than is available while part is frozen: says what is available and what is held, and changes nothing', async () => {
    await verifyIdentity(h, ann);
    expect((await request({ amount: '9879.5' })).type).toBe('ok');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '120.500000', frozen: '9879.500000' });
    const held = 'Only 120.5 USDT is available; 9,879.5 USDT is held by open orders, pending withdrawals or lock-ups.';
    const count = async (table: 'ledger_transactions' | 'withdrawals' | 'account_transfers' | 'exchanges') =>
      Number(
        (
          await h.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { ledger: await count('ledger_transactions'), withdrawals: await count('withdrawals'), moves: await count('account_transfers'), exchanges: await count('exchanges') };

    // The whole balance the wallet shows (available + frozen), each way out of the coin account.
    expect(await h.call(endpoints.moveFunds, { currency_id: USDT, number: '10000', from_field: 'change', to_field: 'lever' }, { token: ann })).toEqual({ type: 'error', message: held });
    expect(await request({ amount: '10000' })).toEqual({ type: 'error', message: held });
    expect(await h.call(endpoints.exchange, { number: '10000', from_currency_id: USDT, to_currency_id: BTC }, { token: ann })).toEqual({ type: 'error', message: held });
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '120.51', from_field: 'change', to_field: 'micro', lang: 'fra' }, { token: ann })).message).toBe(
      'Seuls 120,5 USDT sont disponibles ; 9\u202f879,5 USDT sont retenus par des ordres ouverts, des retraits en attente ou des blocages.',
    );
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '120.51', from_field: 'change', to_field: 'micro', lang: 'zh-cn' }, { token: ann })).message).toBe(
      '仅有120.5 USDT可用；9,879.5 USDT被未成交订单、待审核提币或锁仓占用。',
    );
    expect({ ledger: await count('ledger_transactions'), withdrawals: await count('withdrawals'), moves: await count('account_transfers'), exchanges: await count('exchanges') }).toEqual(before);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '120.500000', frozen: '9879.500000' });
    expect((await balance(h, ann, USDT, 'lever')).available).toBe('0.000000');
    expect((await balance(h, ann, BTC)).available).toBe('0.00000000');

    // What is available still moves; nothing held in another coin or account: the plain message.
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '120.5', from_field: 'change', to_field: 'lever' }, { token: ann })).type).toBe('ok');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '120.51', from_field: 'lever', to_field: 'change' }, { token: ann })).message).toBe('Insufficient balance.');
    expect((await h.call(endpoints.exchange, { number: '0.1', from_currency_id: BTC, to_currency_id: USDT }, { token: ann })).message).toBe('Insufficient balance.');
  });

  test('a lock-up holds funds too: frozen and locked together are named as held', async () => {
    await verifyIdentity(h, ann);
    expect((await h.call(endpoints.lockupBuy, { config_id: 1, amount: '4000' }, { token: ann })).type).toBe('ok');
    expect((await request({ amount: '1000' })).type).toBe('ok');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5000.000000', frozen: '1000.000000', locked: '4000.000000' });
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '5000.000001', from_field: 'change', to_field: 'micro' }, { token: ann })).message).toBe(
      'Only 5,000 USDT is available; 5,000 USDT is held by open orders, pending withdrawals or lock-ups.',
    );
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '5000.000000', frozen: '1000.000000', locked: '4000.000000' });
  });

  test('50 withdrawals of the whole balance at once: exactly one goes through', async () => {
    await verifyIdentity(h, ann);
    const answers = await Promise.all(Array.from({ length: 50 }, () => request({ amount: '10000' })));
    expect(answers.filter((a) => a.type === 'ok')).toHaveLength(1);
    expect(answers.filter((a) => a.message === 'Only 0 USDT is available; 10,000 USDT is held by open orders, pending withdrawals or lock-ups.')).toHaveLength(49);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.000000', frozen: '10000.000000' });
  });
});

describe('moves between accounts', () => {
  test('move available funds between own accounts; refuse the impossible', async () => {
    expect(await h.call(endpoints.moveFunds, { currency_id: USDT, number: '2500', from_field: 'change', to_field: 'lever' }, { token: ann })).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect((await balance(h, ann, USDT, 'lever')).available).toBe('2500.000000');
    expect((await balance(h, ann, USDT)).available).toBe('7500.000000');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '2500.01', from_field: 'lever', to_field: 'micro' }, { token: ann })).message).toBe('Insufficient balance.');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: 'lever', to_field: 'lever' }, { token: ann })).message).toBe('Please choose two different accounts.');
    expect((await h.call(endpoints.moveFunds, { currency_id: BTC, number: '1', from_field: 'change', to_field: 'lever' }, { token: ann })).message).toBe('This currency is not available.');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: 'change', to_field: 'vault' }, { token: ann })).message).toBe('Please choose an account.');
    const history = await h.call(endpoints.moveHistory, {}, { token: ann });
    expect(history).toMatchObject({ message: { data: [{ code: 'USDT', amount: '2500.000000', from_kind: 'change', to_kind: 'lever' }] } });
    const movable = await h.call(endpoints.movableCurrencies, {}, { token: ann });
    expect(movable).toMatchObject({ message: [{ code: 'USDT', available: { change: '7500.000000', lever: '2500.000000', micro: '0.000000', legal: '0.000000' } }, { code: 'BTC' }, { code: 'ETH' }] });
  });

  test('accounts by their spec type ids (legal 1, change 2, lever 3, micro 4), as form text or JSON numbers, move like their names', async () => {
    expect(await h.call(endpoints.moveFunds, { currency_id: USDT, number: '2500', from_field: '2', to_field: '3' }, { token: ann })).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect((await balance(h, ann, USDT, 'change')).available).toBe('7500.000000');
    expect((await balance(h, ann, USDT, 'lever')).available).toBe('2500.000000');
    const byId = await h.ctx.db.selectFrom('account_transfers').select(['from_kind', 'to_kind', 'amount']).executeTakeFirstOrThrow();
    expect(byId).toEqual({ from_kind: 'change', to_kind: 'lever', amount: '2500.000000' });
    const bills = await h.call(endpoints.bills, { currency: USDT, type: 'lever' }, { token: ann });
    expect(bills).toMatchObject({ message: { data: [{ reason: 'transfer', kind: 'lever', part: 'available', amount: '2500.000000' }] } });
    // The same by JSON numbers, and the ids read back through the other endpoints.
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '500', from_field: 3, to_field: 4 }, { token: ann, json: true })).type).toBe('ok');
    expect((await balance(h, ann, USDT, 'micro')).available).toBe('500.000000');
    expect((await h.call(endpoints.walletDetail, { currency: USDT, type: '3' }, { token: ann })).message).toMatchObject({ available: '2000.000000' });
    expect((await h.call(endpoints.bills, { currency: USDT, type: 4 }, { token: ann, json: true })).message).toMatchObject({ data: [{ kind: 'micro', amount: '500.000000' }] });

    // Anything else: the names' message, in the caller's language, and nothing moves.
    const count = async () =>
      Number(
        (
          await h.ctx.db
            .selectFrom('ledger_transactions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [from_field, to_field] of [
      ['2', '5'],
      ['5', '2'],
      ['0', '3'],
      ['2.0', '3'],
      [' 2', '3'],
      ['02', '3'],
    ] as const) {
      expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field, to_field }, { token: ann })).message, `${from_field} -> ${to_field}`).toBe('Please choose an account.');
    }
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: 2, to_field: 5 }, { token: ann, json: true })).message).toBe('Please choose an account.');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: 2.5, to_field: 3 }, { token: ann, json: true })).message).toBe('Please choose an account.');
    expect((await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1', from_field: '2', to_field: '5', lang: 'fra' }, { token: ann })).message).toBe('Veuillez choisir un compte.');
    expect((await h.call(endpoints.walletDetail, { currency: USDT, type: '5' }, { token: ann })).message).toBe('Please choose an account.');
    expect(await count()).toBe(before);
    expect((await balance(h, ann, USDT, 'change')).available).toBe('7500.000000');
    expect((await balance(h, ann, USDT, 'lever')).available).toBe('2000.000000');
    expect((await balance(h, ann, USDT, 'micro')).available).toBe('500.000000');
  });
});

describe('coin exchange', () => {
  test('at the live prices, less the fee; records the ticks; a fee coupon halves the fee once', async () => {
    await grantFeeCoupon(h, await userIdOf(h, 'ann@example.com'), 'conversion');
    const price = h.ctx.market.engine.lastPrice(1);
    const quote = await h.call(endpoints.exchangeQuote, { from_currency_id: USDT, to_currency_id: BTC }, { token: ann });
    expect(quote).toMatchObject({ type: 'ok', message: { fee_rate: '0.002', discount: '0.5' } });
    if (quote.type === 'ok') expect(quote.message.rate).toBeCloseTo(1 / price, 12);
    const first = await h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: ann });
    if (first.type !== 'ok') throw new Error(first.message);
    const gross = new Money(1000).div(price).toDecimalPlaces(8, 1);
    const halfFee = gross.times('0.001').toDecimalPlaces(8, 1);
    expect(first.message).toMatchObject({ received: gross.minus(halfFee).toFixed(8), fee: halfFee.toFixed(8) });
    const second = await h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: ann });
    const fullFee = gross.times('0.002').toDecimalPlaces(8, 1);
    expect(second).toMatchObject({ message: { fee: fullFee.toFixed(8) } });
    expect((await balance(h, ann, USDT)).available).toBe('8000.000000');
    expect((await balance(h, ann, BTC)).available).toBe(gross.minus(halfFee).plus(gross.minus(fullFee)).toFixed(8));
    const row = await h.ctx.db.selectFrom('exchanges').select(['ticks', 'coupon_id']).orderBy('id').executeTakeFirstOrThrow();
    expect(JSON.parse(row.ticks)).toMatchObject({ from: null, to: { marketId: 1, price } });
    expect(row.coupon_id).not.toBeNull();
  });

  test('refuses the same coin, dust, stocks, and more than the balance', async () => {
    expect((await h.call(endpoints.exchange, { number: '1', from_currency_id: USDT, to_currency_id: USDT }, { token: ann })).message).toBe('Please choose two different coins.');
    expect((await h.call(endpoints.exchange, { number: '0.5', from_currency_id: USDT, to_currency_id: BTC }, { token: ann })).message).toBe('The amount is too small to exchange.');
    expect((await h.call(endpoints.exchange, { number: '10', from_currency_id: USDT, to_currency_id: 27 }, { token: ann })).message).toBe('This currency is not available.');
    expect((await h.call(endpoints.exchange, { number: '10001', from_currency_id: USDT, to_currency_id: ETH }, { token: ann })).message).toBe('Insufficient balance.');
    expect((await balance(h, ann, USDT)).available).toBe('10000.000000');
  });
});

describe('address book', () => {
  test("save with a QR image and a valid address, list, delete; only one's own", async () => {
    const qrcode = await uploadImage(h, ann);
    expect(await h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: 'Cold wallet', address: TRON, qrcode }, { token: ann })).toEqual({ type: 'ok', message: 'Address saved.' });
    expect((await h.call(endpoints.addressSave, { currency: USDT, network: 'TRC20', name: 'Bad', address: BTC_TESTNET, qrcode }, { token: ann })).message).toBe(
      'This is not a valid TRON (TRC20) address.',
    );
    const list = await h.call(endpoints.addressList, {}, { token: ann });
    if (list.type !== 'ok') throw new Error(list.message);
    expect(list.message.data).toMatchObject([{ code: 'USDT', network: 'TRC20', name: 'Cold wallet', address: TRON, qrcode }]);
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.addressList, {}, { token: bob })).toMatchObject({ message: { data: [] } });
    expect((await h.call(endpoints.addressDelete, { id: list.message.data[0]!.id }, { token: bob })).message).toBe('This record does not exist.');
    expect((await h.call(endpoints.addressDelete, { id: list.message.data[0]!.id }, { token: ann })).type).toBe('ok');
  });
});

describe('coupons', () => {
  test('a bonus coupon is credited through the ledger once; coupons expire', async () => {
    const userId = await userIdOf(h, 'ann@example.com');
    const now = h.ctx.now();
    await h.ctx.db
      .insertInto('coupons')
      .values([
        {
          user_id: userId,
          kind: 'bonus',
          value: '20',
          currency_id: USDT,
          status: 'available',
          expires_at: now + 86_400_000,
          used_at: null,
          used_ref: null,
          created_at: now,
          granted_by: null,
          revoked_at: null,
          revoked_by: null,
        },
        {
          user_id: userId,
          kind: 'bonus',
          value: '5',
          currency_id: USDT,
          status: 'available',
          expires_at: now + 1000,
          used_at: null,
          used_ref: null,
          created_at: now,
          granted_by: null,
          revoked_at: null,
          revoked_by: null,
        },
      ])
      .execute();
    const available = await h.call(endpoints.couponList, { status: 'available' }, { token: ann });
    if (available.type !== 'ok') throw new Error(available.message);
    expect(available.message).toHaveLength(2);
    const twenty = available.message.find((c) => c.value === '20')!;
    expect(await h.call(endpoints.couponUse, { id: twenty.id }, { token: ann })).toEqual({ type: 'ok', message: '20.00 USDT has been added to your coin account.' });
    expect((await h.call(endpoints.couponUse, { id: twenty.id }, { token: ann })).message).toBe('This coupon cannot be used.');
    expect((await balance(h, ann, USDT)).available).toBe('10020.000000');
    h.advance(2000);
    expect((await h.call(endpoints.couponList, { status: 'expired' }, { token: ann })).message).toHaveLength(1);
    expect((await h.call(endpoints.couponList, { status: 'used' }, { token: ann })).message).toHaveLength(1);
    const five = await h.ctx.db.selectFrom('coupons').select('id').where('value', '=', '5').executeTakeFirstOrThrow();
    expect((await h.call(endpoints.couponUse, { id: five.id }, { token: ann })).message).toBe('This coupon cannot be used.');
  });
});

describe('rates and operator adjustments', () => {
  test("eleven fiat rates; operators set them; a currency's USD price", async () => {
    const rates = await h.call(endpoints.rates, {});
    if (rates.type !== 'ok') throw new Error(rates.message);
    expect(rates.message.fiats.map((f) => f.code)).toEqual(['USD', 'CNY', 'GBP', 'HKD', 'JPY', 'EUR', 'AED', 'THB', 'PHP', 'SGD', 'VND']);
    await h.call(endpoints.setRate, { code: 'CNY', rate: '7.1' }, { operator: true });
    expect((await h.call(endpoints.rates, {})).message).toMatchObject({ fiats: expect.arrayContaining([{ code: 'CNY', rate: '7.1', source: 'operator local', updated_at: h.ctx.now() }]) });
    expect((await h.call(endpoints.rates, { id: BTC })).message).toMatchObject({ usd_price: h.ctx.market.engine.lastPrice(1) });
    expect((await h.call(endpoints.setRate, { code: 'CNY', rate: '7' })).message).toBe('This needs an operator.');
  });

  test('adjustments credit and debit through the ledger, never below zero', async () => {
    const uid = await uidOf(ann);
    expect(await h.call(endpoints.adjust, { uid, currency: 'USDT', amount: '-500', reason: 'duplicate gift' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
    expect((await balance(h, ann, USDT)).available).toBe('9500.000000');
    expect((await h.call(endpoints.adjust, { uid, currency: 'USDT', amount: '-9500.01', reason: 'too much' }, { operator: true })).message).toBe('Insufficient balance.');
    expect((await h.call(endpoints.adjust, { uid: 1, currency: 'USDT', amount: '5', reason: 'x' }, { operator: true })).message).toBe('There is no user with this number.');
    const bills = await h.call(endpoints.bills, { currency: USDT, type: 'change' }, { token: ann });
    expect(bills).toMatchObject({ message: { data: [{ reason: 'adjustment', amount: '-500.000000', memo: 'duplicate gift' }, { reason: 'member_gift' }] } });
  });
});
