import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Moving money out of the futures (lever) account while positions are open: the
 * available balance backs them (risk rate = (balance + margins + unrealised profit) /
 * margins), so the money that covers their current loss stays; the rest moves. BTC: a
 * lot is 0.01 BTC, fee 0.05 % on opening.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
let uid: number;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  uid = await uidOf(h, ann);
  await fund(h, uid, 'USDT', '2000', 'lever');
  await fund(h, uid, 'USDT', '500', 'change');
  await tradeAt(h, BTC_MARKET, 96_000); // last trade 96,019.20
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const move = (number: string, from_field = 'lever', to_field = 'change') => h.call(endpoints.moveFunds, { currency_id: USDT, number, from_field, to_field }, { token: ann });
const lever = () => balance(h, ann, USDT, 'lever');
const written = async () => ({
  transfers: (await h.ctx.db.selectFrom('account_transfers').select('id').execute()).length,
  transactions: (await h.ctx.db.selectFrom('ledger_transactions').select('id').execute()).length,
});
/** What the transfer screen offers to move out of each account, for USDT. */
const movableUsdt = async () => (await ok(h.call(endpoints.movableCurrencies, {}, { token: ann }))).find((c) => c.code === 'USDT')?.available;
const limitMessage = (amount: string) => `Your open futures positions need this money. You can move at most ${amount} USDT out of the futures account now.`;

/** A long of 10 lots at 10x opened at 96,019.20 (margin 960.192, fee 4.80096), then a trade at 95,019.00: a loss of 100.02. */
async function losingLong() {
  const p = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: ann }));
  expect(p).toMatchObject({ status: 'open', price: '96019.20', margin: '960.192000' });
  const [trade] = await replayPrices(h, BTC_MARKET, [95_000]);
  expect(trade!.price).toBe(95_019);
  expect(await lever()).toMatchObject({ available: '1035.007040', frozen: '960.192000' });
  return p;
}

describe('moving out of the futures account with open positions', () => {
  test('the part of the balance that covers the current loss cannot move out: clear message, nothing written', async () => {
    await losingLong();
    const before = { lever: await lever(), change: await balance(h, ann, USDT), ...(await written()) };
    // 1,035.00704 available less the loss of 100.02 = 934.98704 may move; not a millionth more.
    // The transfer screen offers exactly that much (its Max), not the whole available balance.
    expect(await movableUsdt()).toMatchObject({ lever: '934.987040', change: '500.000000' });
    expect(await move('934.987041')).toEqual({ type: 'error', message: limitMessage('934.98704') });
    expect(await move('1035.00704')).toEqual({ type: 'error', message: limitMessage('934.98704') });
    expect(await move('1035.00704', 'lever', 'micro')).toEqual({ type: 'error', message: limitMessage('934.98704') });
    expect({ lever: await lever(), change: await balance(h, ann, USDT), ...(await written()) }).toEqual(before);
    // The message is in the caller's language.
    expect(await h.call(endpoints.moveFunds, { currency_id: USDT, number: '1000', from_field: 'lever', to_field: 'change' }, { token: ann, lang: 'zh-cn' })).toEqual({
      type: 'error',
      message: '您的合约持仓需要这笔资金。目前最多可从合约账户转出934.98704 USDT。',
    });
  });

  test('the rest moves out, and what stays still pays the loss in full', async () => {
    const p = await losingLong();
    expect(await move('934.98704')).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await lever()).toMatchObject({ available: '100.020000', frozen: '960.192000' });
    expect((await balance(h, ann, USDT)).available).toBe('1434.987040');
    expect(await move('0.000001')).toEqual({ type: 'error', message: limitMessage('0.00') });
    // Risk rate (100.02 + 960.192 - 100.02) / 960.192 = 100 %: far from liquidation.
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    expect(live.account).toMatchObject({ profit: '-100.020000', risk_rate: '1.0000' });
    // Closed at that price the loss is paid from the account: the house bears nothing.
    const closed = await ok(h.call(endpoints.leverClose, { id: p.id }, { token: ann }));
    expect(closed).toMatchObject({ close_price: '95019.00', profit: '-100.020000', shortfall: '0.000000' });
    expect(await lever()).toMatchObject({ available: '960.192000', frozen: '0.000000' });
    // With nothing open, all of it moves.
    expect(await move('960.192')).toEqual({ type: 'ok', message: 'Transfer complete.' });
  });

  test('an unrealised profit is not money yet: at most the available balance moves', async () => {
    await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: ann }));
    await replayPrices(h, BTC_MARKET, [97_000]); // a profit of about 98
    expect(await movableUsdt()).toMatchObject({ lever: '1035.007040' });
    expect(await move('1035.007041')).toEqual({ type: 'error', message: limitMessage('1,035.00704') });
    expect(await move('1035.00704')).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await lever()).toMatchObject({ available: '0.000000', frozen: '960.192000' });
  });

  test('with no open position the whole available balance moves, also beside a waiting limit order', async () => {
    const waiting = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10, type: 'limit', price: '90000' }, { token: ann }));
    expect(waiting.status).toBe('pending');
    const { available } = await lever();
    expect(available).toBe(new Money(2000).minus('90').minus('0.45').toFixed(6));
    expect(await movableUsdt()).toMatchObject({ lever: available });
    expect(await move(new Money(available).plus('0.000001').toFixed(6))).toEqual({
      type: 'error',
      message: 'Only 1,909.55 USDT is available; 90.45 USDT is held by open orders, pending withdrawals or lock-ups.',
    });
    expect(await move(available)).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await lever()).toMatchObject({ available: '0.000000', frozen: '90.450000' });
  });

  test('moving into the futures account is not limited by a losing position', async () => {
    await losingLong();
    expect(await move('500', 'change', 'lever')).toEqual({ type: 'ok', message: 'Transfer complete.' });
    expect(await lever()).toMatchObject({ available: '1535.007040', frozen: '960.192000' });
    expect((await balance(h, ann, USDT)).available).toBe('0.000000');
  });

  test('an operator debit of the futures account cannot take what the open positions need either', async () => {
    await losingLong();
    const debit = (amount: string) => h.call(endpoints.adjust, { uid, currency: 'USDT', amount, account: 'lever', reason: 'correction' }, { operator: true });
    const before = { lever: await lever(), ...(await written()) };
    expect(await debit('-934.987041')).toEqual({ type: 'error', message: "This user's open futures positions need this money. At most 934.98704 USDT can be taken from the futures account now." });
    expect({ lever: await lever(), ...(await written()) }).toEqual(before);
    expect(await debit('-934.98704')).toEqual({ type: 'ok', message: 'Done.' });
    expect(await lever()).toMatchObject({ available: '100.020000', frozen: '960.192000' });
    // Credits are not limited.
    expect(await debit('50')).toEqual({ type: 'ok', message: 'Done.' });
    expect((await lever()).available).toBe('150.020000');
  });
});
