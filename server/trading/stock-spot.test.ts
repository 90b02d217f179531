import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * Stocks at spot (issue 21): a stock market (AAPL/USD) trades on the same book, desk and
 * fees as coins, against US dollars held in the coin account, which a user gets by
 * converting USDT at one dollar each (less the conversion fee).
 */
const USDT = 3;
const USD = 26;
const AAPL = 27;
const AAPL_MARKET = 25;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'USDT', '1000');
  await tradeAt(h, AAPL_MARKET, 230);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

test('USDT converts to USD in the coin account, and buys a stock at spot on its book', async () => {
  expect((await ok(h.call(endpoints.exchangeList, {}, { token: ann }))).map((coin) => coin.code)).toContain('USD');
  const converted = await ok(h.call(endpoints.exchange, { number: '500', from_currency_id: USDT, to_currency_id: USD }, { token: ann }));
  expect(converted).toMatchObject({ received: '499.00' });
  const usd = await balance(h, ann, USD, 'change');
  expect(Number(usd.available)).toBeCloseTo(499, 0);

  const info = await ok(h.call(endpoints.spotInfo, { currency_id: AAPL, legal_id: USD }, { token: ann }));
  expect(info).toMatchObject({ base: 'AAPL', quote: 'USD', quote_available: usd.available });
  const order = await ok(h.call(endpoints.spotTrade, { currency_id: AAPL, legal_id: USD, type: 'buy', amount: '1' }, { token: ann }));
  expect(order).toMatchObject({ status: 'filled', filled: '1.00' });
  const shares = await balance(h, ann, AAPL, 'change');
  // The fee comes out of what is received.
  expect(Number(shares.available)).toBeGreaterThan(0.99);
  expect(Number((await balance(h, ann, USD, 'change')).available)).toBeLessThan(Number(usd.available) - 229);
  const wallet = await ok(h.call(endpoints.walletList, {}, { token: ann }));
  expect(wallet.accounts.find((account) => account.kind === 'change')?.currencies.map((coin) => coin.code)).toEqual(expect.arrayContaining(['AAPL', 'USD']));
});
