import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { floor, Money } from '../../contract/money';
import { checkLedger } from './check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { take, tradeAt } from '../testing/market';
import { balance, grantFeeCoupon, userIdOf } from '../testing/wallet';

/**
 * The one fee path, end to end: a conversion, a spot fill and a contract opening each
 * charge the fee their rules give (a fee coupon halving the first it applies to), move it
 * to the house, and share a fifth of a trading fee with the payer's inviter (none for a
 * conversion). The figures are pinned: they are the ones the desks charged before the fee
 * path was written once (checked against that code), so the refactoring changed no fee,
 * coupon or rebate. In the paper-trading demo each account has a 50 % coupon off
 * conversion fees; a fee coupon discounts only the product it names.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
let bob: string;
let annId: number;
let bobId: number;
beforeEach(async () => {
  h = await createHarness({ DEMO: 'true', SIGNUP_GIFT: '10000' });
  ann = await h.registerUser('ann@example.com');
  annId = await userIdOf(h, 'ann@example.com');
  const code = (await h.ctx.db.selectFrom('users').select('invite_code').where('id', '=', annId).executeTakeFirstOrThrow()).invite_code;
  bob = await h.registerUser('bob@example.com', 'secret-pass', { invite: code });
  bobId = await userIdOf(h, 'bob@example.com');
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** What each ledger transaction of this reference moved to the house fees account. */
async function houseFees(refKind: string, refId: string | number): Promise<string[]> {
  const rows = await h.ctx.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_entries.account_id')
    .select('ledger_entries.amount')
    .where('ledger_transactions.ref_kind', '=', refKind)
    .where('ledger_transactions.ref_id', '=', String(refId))
    .where('ledger_accounts.owner', '=', 'house:fees')
    .execute();
  return rows.map((row) => row.amount);
}

const rebates = () => h.ctx.db.selectFrom('invite_rebates').select(['user_id', 'from_user_id', 'source', 'currency_id', 'fee', 'amount', 'ledger_ref']).orderBy('id').execute();
const coupon = (scope: 'conversion' | 'spot' = 'conversion') =>
  h.ctx.db.selectFrom('coupons').select(['status', 'used_ref']).where('user_id', '=', bobId).where('kind', '=', 'fee_discount').where('scope', '=', scope).executeTakeFirstOrThrow();
const grantSpotCoupon = () => grantFeeCoupon(h, bobId, 'spot');

test('a conversion with the coupon, then a spot fill and a contract opening at the full fee: the same fees, coupon and rebates as before the fee path', async () => {
  // Conversion: 1,000 USDT to BTC at the last trade, 0.2 % fee halved by the coupon, no rebate.
  const last = h.ctx.market.engine.lastPrice(BTC_MARKET);
  expect(last).toBe(96_019.2);
  const converted = await ok(h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: bob }));
  const gross = floor(new Money(1000).div(last), 8);
  const conversionFee = floor(gross.times('0.001'), 8);
  expect(converted).toMatchObject({ fee: conversionFee.toFixed(8), received: gross.minus(conversionFee).toFixed(8) });
  expect(converted).toMatchObject({ fee: '0.00001041', received: '0.01040417' });
  const exchangeRow = await h.ctx.db.selectFrom('exchanges').select(['id', 'fee_rate']).executeTakeFirstOrThrow();
  expect(exchangeRow.fee_rate).toBe('0.001');
  expect(await houseFees('exchange', exchangeRow.id)).toEqual(['0.00001041']);
  expect(await coupon()).toEqual({ status: 'used', used_ref: `exchange:${exchangeRow.id}` });

  // Spot: a market buy of 0.01 BTC; the coupon is spent, so the full 0.1 % of what it receives.
  const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: bob }));
  const fills = await h.ctx.db.selectFrom('spot_fills').select(['id', 'amount', 'taker_fee']).where('taker_order_id', '=', order.id).orderBy('id').execute();
  expect(fills.map((fill) => fill.taker_fee)).toEqual(fills.map((fill) => floor(new Money(fill.amount).times('0.001'), 8).toFixed()));
  expect(fills.map((fill) => [fill.amount, fill.taker_fee])).toEqual([['0.01000', '0.00001']]);
  const fill = fills[0]!;
  expect(await houseFees('spot-fill', fill.id)).toEqual(['0.00001']);
  expect(order.fee).toBe('0.00001000');

  // Contract: one lot (0.01 BTC) at 10x at the last trade; 0.05 % of the value, in USDT.
  await ok(h.call(endpoints.moveFunds, { currency_id: USDT, number: '1000', from_field: 'change', to_field: 'lever' }, { token: bob }));
  const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10 }, { token: bob }));
  const contractFee = floor(new Money(position.price ?? '0').times('0.01').times('0.0005'), 6);
  expect(position.fee).toBe(contractFee.toFixed(6));
  expect(position).toMatchObject({ price: '96019.20', fee: '0.480096' });
  expect(await houseFees('lever-open', position.id)).toEqual(['0.480096']);

  // Rebates: a fifth of each trading fee, cut to the currency's decimals; none for the conversion.
  expect(await rebates()).toEqual([
    { user_id: annId, from_user_id: bobId, source: 'spot', currency_id: BTC, fee: '0.00001000', amount: '0.00000200', ledger_ref: `rebate:spot-fill:${fill.id}:buyer` },
    { user_id: annId, from_user_id: bobId, source: 'contract', currency_id: USDT, fee: '0.480096', amount: '0.096019', ledger_ref: `rebate:lever-open:${position.id}` },
  ]);
  expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00000200' });
  expect(await balance(h, ann, USDT)).toMatchObject({ available: '10000.096019' });
});

test('a spot fill with a spot coupon: half the fee, the coupon spent by that fill, a fifth of the halved fee to the inviter', async () => {
  await grantSpotCoupon();
  const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: bob }));
  const fills = await h.ctx.db.selectFrom('spot_fills').select(['id', 'taker_fee']).where('taker_order_id', '=', order.id).execute();
  expect(fills.map((fill) => fill.taker_fee)).toEqual(['0.000005']);
  expect(await houseFees('spot-fill', fills[0]!.id)).toEqual(['0.000005']);
  expect(await coupon('spot')).toEqual({ status: 'used', used_ref: `spot:${order.id}` });
  // The welcome coupon names conversions: the spot order left it alone.
  expect(await coupon('conversion')).toEqual({ status: 'available', used_ref: null });
  expect(await rebates()).toEqual([
    { user_id: annId, from_user_id: bobId, source: 'spot', currency_id: BTC, fee: '0.00000500', amount: '0.00000100', ledger_ref: `rebate:spot-fill:${fills[0]!.id}:buyer` },
  ]);
  expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00000100' });
});

test('the welcome coupon is off conversion fees only: a spot trade pays the full fee and leaves it available; the next conversion uses it, once', async () => {
  const listed = await ok(h.call(endpoints.couponList, { status: 'available' }, { token: bob }));
  expect(listed.filter((c) => c.kind === 'fee_discount').map((c) => [c.value, c.scope])).toEqual([['0.5', 'conversion']]);
  expect(listed.find((c) => c.kind === 'bonus')?.scope).toBeNull();
  // The spot form offers no discount, and the order pays the whole 0.1 % of what it receives.
  expect(await ok(h.call(endpoints.spotInfo, { currency_id: BTC, legal_id: USDT }, { token: bob }))).toMatchObject({ fee_rate: '0.001', fee_discount: '0' });
  const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: bob }));
  const fills = await h.ctx.db.selectFrom('spot_fills').select(['id', 'taker_fee']).where('taker_order_id', '=', order.id).execute();
  expect(fills.map((fill) => fill.taker_fee)).toEqual(['0.00001']);
  expect(await houseFees('spot-fill', fills[0]!.id)).toEqual(['0.00001']);
  expect(await h.ctx.db.selectFrom('spot_orders').select(['fee_rate', 'coupon_id']).where('id', '=', order.id).executeTakeFirstOrThrow()).toEqual({ fee_rate: '0.001', coupon_id: null });
  expect(await coupon()).toEqual({ status: 'available', used_ref: null });
  expect((await ok(h.call(endpoints.couponList, { status: 'used' }, { token: bob }))).length).toBe(0);

  // The conversion is what it names: quoted with the discount, charged half the 0.2 %, and it spends the coupon.
  expect(await ok(h.call(endpoints.exchangeQuote, { from_currency_id: USDT, to_currency_id: BTC }, { token: bob }))).toMatchObject({ fee_rate: '0.002', discount: '0.5' });
  const last = h.ctx.market.engine.lastPrice(BTC_MARKET);
  const gross = (amount: number) => floor(new Money(amount).div(last), 8);
  const first = await ok(h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: bob }));
  expect(first.fee).toBe(floor(gross(1000).times('0.001'), 8).toFixed(8));
  const firstRow = await h.ctx.db.selectFrom('exchanges').select(['id', 'fee_rate']).orderBy('id').executeTakeFirstOrThrow();
  expect(firstRow.fee_rate).toBe('0.001');
  expect(await coupon()).toEqual({ status: 'used', used_ref: `exchange:${firstRow.id}` });
  // Once: the next conversion pays the whole fee.
  const second = await ok(h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: bob }));
  expect(second.fee).toBe(floor(gross(1000).times('0.002'), 8).toFixed(8));
  const used = await ok(h.call(endpoints.couponList, { status: 'used' }, { token: bob }));
  expect(used.map((c) => [c.kind, c.scope])).toEqual([['fee_discount', 'conversion']]);
});

test('an order resting since before coupons had scopes, counting on the welcome coupon, fills at the full fee and leaves the coupon to a conversion', async () => {
  // Resting at the top of the bids (95,980.80 to 96,019.20), as it was placed then: at half the fee, counting on the coupon.
  const placed = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '96000' }, { token: bob }));
  expect(placed.status).toBe('open');
  const welcome = await h.ctx.db.selectFrom('coupons').select('id').where('user_id', '=', bobId).where('scope', '=', 'conversion').executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('spot_orders').set({ fee_rate: '0.0005', coupon_id: welcome.id }).where('id', '=', placed.id).execute();
  await take(h, BTC_MARKET, -1, 1_000); // sells 0.01 BTC into it
  const fills = await h.ctx.db.selectFrom('spot_fills').select(['id', 'maker_fee']).where('maker_order_id', '=', placed.id).execute();
  expect(fills.map((fill) => fill.maker_fee)).toEqual(['0.00001']);
  expect(await h.ctx.db.selectFrom('spot_orders').select(['status', 'fee_rate', 'coupon_id']).where('id', '=', placed.id).executeTakeFirstOrThrow()).toEqual({
    status: 'filled',
    fee_rate: '0.001',
    coupon_id: null,
  });
  expect(await coupon()).toEqual({ status: 'available', used_ref: null });
});
