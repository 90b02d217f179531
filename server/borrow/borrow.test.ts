import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Borrowing through the API: a loan at most 50 % of the collateral's value at the last
 * trade, interest by the hour (worked by hand), repayment releasing the collateral, and a
 * recorded crash: a margin call at 70 %, liquidation at the first trade at 83 %, with the
 * surplus returned; the ledger check after each.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const HOUR = 3_600_000;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'BTC', '1');
  await fund(h, await uidOf(h, ann), 'USDT', '100');
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const borrow = (collateral: string, amount: string, extra: Record<string, unknown> = {}) =>
  h.call(endpoints.borrowApply, { collateral_currency_id: BTC, collateral, amount, ...extra }, { token: ann });
const btc = () => balance(h, ann, BTC, 'change');
const usdt = () => balance(h, ann, USDT, 'change');

describe('taking a loan', () => {
  test('up to half the collateral’s value at the last trade; bad loans are refused and change nothing', async () => {
    const price = h.ctx.market.engine.lastPrice(BTC_MARKET);
    const config = await ok(h.call(endpoints.borrowConfig, {}, {}));
    expect(config).toMatchObject({ apr: '0.12', max_start_ltv: '0.5', margin_call_ltv: '0.7', liquidation_ltv: '0.83', debt: { code: 'USDT' } });
    expect(config.collaterals.map((row) => row.code)).toEqual(['BTC', 'ETH']);
    const most = new Money(price).times('0.5').toDecimalPlaces(6, Money.ROUND_DOWN);
    const before = [await btc(), await usdt()];
    const refusals: [string, string, Record<string, unknown>, string][] = [
      [
        '1',
        most.plus('0.01').toFixed(),
        {},
        `With this collateral you can borrow at most ${Number(most.toFixed()).toLocaleString('en-US', { maximumFractionDigits: 6 })} USDT (a loan-to-value of 50 %).`,
      ],
      ['1', '9.99', {}, 'Please borrow at least 10 with at most 6 decimals.'],
      ['0', '100', {}, 'Please enter a collateral amount more than 0 with at most 8 decimals.'],
      ['1', '100', { collateral_currency_id: 4 }, 'Loans are backed by BTC, ETH.'],
      ['2', '100', {}, 'Insufficient balance.'],
    ];
    for (const [collateral, amount, extra, message] of refusals) expect(await borrow(collateral, amount, extra)).toEqual({ type: 'error', message });
    expect([await btc(), await usdt()]).toEqual(before);

    const loan = await ok(borrow('1', most.toFixed()));
    expect(loan).toMatchObject({ status: 'open', collateral: '1.00000000', principal: most.toFixed(6), interest: '0.000000', ltv: '0.5', open_tick: { market_id: BTC_MARKET } });
    expect(Number(loan.open_tick.price)).toBe(price);
    expect(await btc()).toMatchObject({ available: '0.00000000', locked: '1.00000000' });
    expect((await usdt()).available).toBe(new Money(100).plus(most).toFixed(6));
  });

  test('the same request sent twenty times at once with one request id makes one loan; without, the collateral limits them', async () => {
    const twins = await Promise.all(Array.from({ length: 20 }, () => borrow('0.1', '100', { request_id: 'loan-request-01' })));
    expect(new Set(twins.map((answer) => (answer.type === 'ok' ? answer.message.id : answer.message))).size).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, () => borrow('0.25', '100')));
    expect(many.filter((answer) => answer.type === 'ok')).toHaveLength(3);
    expect(await btc()).toMatchObject({ available: '0.15000000', locked: '0.85000000' });
  });
});

test('interest by the whole hour, repaid interest first; repaid in full the collateral is free again', async () => {
  const loan = await ok(borrow('1', '48000'));
  h.advance(10 * HOUR + 30 * 60_000);
  // Shown before the job writes it: what repaying all must pay now.
  expect((await ok(h.call(endpoints.borrowLoans, { status: 'open' }, { token: ann }))).data[0]).toMatchObject({ interest: '6.575343', borrowed: '48000.000000' });
  await h.ctx.exchange.run((step) => h.ctx.loans.accrueAll(step));
  // 48,000 x 0.12 x 10 / 8760 = 6.5753424657... rounded up: 6.575343.
  const [accrued] = (await ok(h.call(endpoints.borrowLoans, { status: 'open' }, { token: ann }))).data;
  expect(accrued).toMatchObject({ interest: '6.575343', debt: '48006.575343' });
  expect(await h.call(endpoints.borrowRepay, { id: loan.id, amount: '48006.575344' }, { token: ann })).toEqual({ type: 'error', message: 'You owe 48,006.575343 USDT: you cannot repay more.' });
  const bob = await h.registerUser('bob@example.com');
  expect(await h.call(endpoints.borrowRepay, { id: loan.id, amount: '1' }, { token: bob })).toEqual({ type: 'error', message: 'There is no such open loan of yours.' });

  const part = await ok(h.call(endpoints.borrowRepay, { id: loan.id, amount: '10' }, { token: ann }));
  expect(part).toMatchObject({ status: 'open', interest: '0.000000', principal: '47996.575343' });
  expect(await h.call(endpoints.borrowAddCollateral, { id: loan.id, amount: '0' }, { token: ann })).toEqual({
    type: 'error',
    message: 'Please enter a collateral amount more than 0 with at most 8 decimals.',
  });
  const done = await ok(h.call(endpoints.borrowRepay, { id: loan.id, amount: '47996.575343' }, { token: ann }));
  expect(done).toMatchObject({ status: 'repaid', debt: '0.000000' });
  expect(await btc()).toMatchObject({ available: '1.00000000', locked: '0.00000000' });
  expect((await usdt()).available).toBe('93.424657');
});

test('a crash: a margin call at 70 %, then the first trade at 83 % liquidates at its price and returns the surplus', async () => {
  const loan = await ok(borrow('1', '48000'));
  // Nothing left to pledge: the top-up is refused and the loan stands on 1 BTC.
  expect(await h.call(endpoints.borrowAddCollateral, { id: loan.id, amount: '0.5' }, { token: ann })).toEqual({ type: 'error', message: 'Insufficient balance.' });
  expect((await ok(h.call(endpoints.borrowLoans, {}, { token: ann }))).data[0]).toMatchObject({ collateral: '1.00000000', margin_call_price: '68571.43', liquidation_price: '57831.33' });

  await tradeAt(h, BTC_MARKET, 70_000);
  expect((await ok(h.call(endpoints.borrowLoans, {}, { token: ann }))).data[0]).toMatchObject({ status: 'open', margin_called_at: null });
  await tradeAt(h, BTC_MARKET, 68_000);
  const called = (await ok(h.call(endpoints.borrowLoans, {}, { token: ann }))).data[0];
  expect(called?.margin_called_at).toBe(h.ctx.now());
  const usdtBefore = (await usdt()).available;
  await tradeAt(h, BTC_MARKET, 57_500);
  const [closed] = (await ok(h.call(endpoints.borrowLoans, { status: 'closed' }, { token: ann }))).data;
  expect(closed?.status).toBe('liquidated');
  const price = new Money(closed?.close_tick?.price ?? '0');
  expect(new Money(48000).div(price).gte('0.83')).toBe(true);
  // Worked independently: 1 BTC at the liquidating trade's price, less the 48,000 owed.
  const surplus = price.minus(48000).toDecimalPlaces(6, Money.ROUND_DOWN);
  expect(closed?.surplus).toBe(surplus.toFixed(6));
  expect((await usdt()).available).toBe(new Money(usdtBefore).plus(surplus).toFixed(6));
  expect(await btc()).toMatchObject({ available: '0.00000000', locked: '0.00000000' });
  expect(await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'loan-liquidate').execute()).toEqual([{ ref_id: String(loan.id) }]);
  // Closed: no more repayments.
  expect(await h.call(endpoints.borrowRepay, { id: loan.id, amount: '1' }, { token: ann })).toEqual({ type: 'error', message: 'There is no such open loan of yours.' });
});

test('a margin call ends when more collateral brings the LTV back under 70 %', async () => {
  const loan = await ok(borrow('1', '48000'));
  await tradeAt(h, BTC_MARKET, 68_000);
  expect((await ok(h.call(endpoints.borrowLoans, {}, { token: ann }))).data[0]?.margin_called_at).not.toBeNull();
  await fund(h, await uidOf(h, ann), 'BTC', '0.5');
  const topped = await ok(h.call(endpoints.borrowAddCollateral, { id: loan.id, amount: '0.5' }, { token: ann }));
  expect(topped).toMatchObject({ collateral: '1.50000000', margin_called_at: null });
  expect(Number(topped.ltv)).toBeLessThan(0.5);
});
