import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { readConfig } from '../config';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness } from '../testing/harness';
import { balance, setPayPassword, userIdOf, verifyIdentity } from '../testing/wallet';

/**
 * The withdrawal minimum and fee of each network and the exchange fee come from the
 * server's configuration: what is charged and refused, and what the app is shown, follow
 * it. A bad value stops the server at start.
 */
const BTC = 1;
const USDT = 3;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('a server configured with its own withdrawal terms and exchange fee', () => {
  let h: Harness;
  let ann: string;
  beforeEach(async () => {
    h = await createHarness({ SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none', WITHDRAW_MIN_USDT_TRC20: '25', WITHDRAW_FEE_USDT_TRC20: '2.50', WITHDRAW_FEE_BTC: '0.0001', EXCHANGE_FEE: '0.01' });
    ann = await h.registerUser('ann@example.com');
  });
  afterEach(async () => {
    expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
    await h.close();
  });

  const withdraw = (amount: string, lang?: string) =>
    h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount, pay_password: '246810' }, { token: ann, ...(lang ? { lang } : {}) });

  test('the coin list and the coin screen show the configured minimum and fee; the others keep theirs', async () => {
    const coins = await h.call(endpoints.coinList, {});
    if (coins.type !== 'ok') throw new Error(coins.message);
    expect(coins.message.map((c) => [c.name, c.type, c.min_withdraw, c.withdraw_fee])).toEqual([
      ['BTC', 'BTC', '0.001', '0.0001'],
      ['ETH', 'ERC20', '0.01', '0.003'],
      ['USDT', 'ERC20', '10', '5'],
      ['USDT', 'TRC20', '25', '2.5'],
    ]);
    const info = await h.call(endpoints.coinInfo, { currency: USDT }, { token: ann });
    expect(info).toMatchObject({
      type: 'ok',
      message: {
        networks: [
          { network: 'ERC20', min_withdraw: '10', withdraw_fee: '5' },
          { network: 'TRC20', min_withdraw: '25', withdraw_fee: '2.5' },
        ],
      },
    });
  });

  test("below the configured minimum is refused in the caller's language; above it the configured fee is taken", async () => {
    await setPayPassword(h, ann, 'ann@example.com');
    await verifyIdentity(h, ann);
    expect(await withdraw('24.99')).toEqual({ type: 'error', message: 'The minimum is 25 USDT.' });
    expect(await withdraw('24.99', 'fra')).toEqual({ type: 'error', message: 'Le minimum est de 25 USDT.' });
    expect(await withdraw('24.99', 'zh-cn')).toEqual({ type: 'error', message: '最小数量为25 USDT。' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });

    expect((await withdraw('25')).type).toBe('ok');
    const log = await h.call(endpoints.withdrawLog, {}, { token: ann });
    if (log.type !== 'ok') throw new Error(log.message);
    expect(log.message.data[0]).toMatchObject({ amount: '25.000000', fee: '2.500000', net: '22.500000' });
    await h.call(endpoints.approveWithdrawal, { id: log.message.data[0]!.id, txid: 'tx1' }, { operator: true });
    const fees = await h.ctx.db.selectFrom('ledger_accounts').select('balance').where('owner', '=', 'house:fees').where('currency_id', '=', USDT).executeTakeFirstOrThrow();
    expect(fees.balance).toBe('2.5');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '9975.000000', frozen: '0.000000' });
  });

  test('an exchange is quoted and charged at the configured fee rate', async () => {
    const quote = await h.call(endpoints.exchangeQuote, { from_currency_id: USDT, to_currency_id: BTC }, { token: ann });
    expect(quote).toMatchObject({ type: 'ok', message: { fee_rate: '0.01', discount: '0' } });
    const price = h.ctx.market.engine.lastPrice(1);
    const done = await h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: ann });
    const gross = new Money(1000).div(price).toDecimalPlaces(8, 1);
    const fee = gross.times('0.01').toDecimalPlaces(8, 1);
    expect(done).toMatchObject({ type: 'ok', message: { fee: fee.toFixed(8), received: gross.minus(fee).toFixed(8) } });
    const row = await h.ctx.db
      .selectFrom('exchanges')
      .select('fee_rate')
      .where('user_id', '=', await userIdOf(h, 'ann@example.com'))
      .executeTakeFirstOrThrow();
    expect(row.fee_rate).toBe('0.01');
  });
});

describe('the settings are checked at start', () => {
  test('unset, they are the built-in terms', () => {
    const config = readConfig({});
    expect(config.exchangeFee).toBe('0.002');
    expect(config.networks.map((n) => [n.key, n.minWithdraw, n.withdrawFee])).toEqual([
      ['BTC', '0.001', '0.0005'],
      ['ETH', '0.01', '0.003'],
      ['USDT_ERC20', '10', '5'],
      ['USDT_TRC20', '10', '1'],
    ]);
  });

  test.each([
    [{ WITHDRAW_MIN_ETH: 'ten' }, 'WITHDRAW_MIN_ETH must be a plain decimal amount such as 10 or 0.0005, got ten'],
    [{ WITHDRAW_FEE_BTC: '-0.1' }, 'WITHDRAW_FEE_BTC must be a plain decimal amount such as 10 or 0.0005, got -0.1'],
    [{ WITHDRAW_FEE_USDT_ERC20: '1.1234567' }, 'WITHDRAW_FEE_USDT_ERC20 may have at most 6 decimals, got 1.1234567'],
    [{ WITHDRAW_MIN_BTC: '0' }, 'WITHDRAW_MIN_BTC must be above 0'],
    [{ WITHDRAW_FEE_USDT_TRC20: '10' }, 'WITHDRAW_FEE_USDT_TRC20 (10) must be below WITHDRAW_MIN_USDT_TRC20 (10): a withdrawal of the minimum would send nothing'],
    [{ WITHDRAW_MIN_USDT_TRC20: '0.5' }, 'WITHDRAW_FEE_USDT_TRC20 (1) must be below WITHDRAW_MIN_USDT_TRC20 (0.5)'],
    [{ EXCHANGE_FEE: '1' }, 'EXCHANGE_FEE must be a fraction from 0 up to (not including) 1'],
    [{ EXCHANGE_FEE: '0.2%' }, 'EXCHANGE_FEE must be a fraction from 0 up to (not including) 1'],
  ])('%o is refused with a message naming it', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
