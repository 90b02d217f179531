import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';

/**
 * OTC through the API: advertisements, orders whose coins wait in the seller's escrow,
 * and every ending (released, cancelled, expired, appealed and decided either way), the
 * per-order limit of the verification level, who may do what; the ledger check after each.
 */
const USDT = 3;
const BTC = 1;
const card = { real_name: 'Ann Tester', bank_name: 'Bank of Kestrel', bank_account: '6222 0200 1234 5678', phone: '+86 138 0000 8000', bank_network: 'Harbour Road branch', bank_dizhi: 'Hong Kong' };

let h: Harness;
let ann: string;
let bob: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  bob = await h.registerUser('bob@example.com');
  for (const [token, email] of [
    [ann, 'ann@example.com'],
    [bob, 'bob@example.com'],
  ] as const) {
    await verifyIdentity(h, token, 1);
    await setPayPassword(h, token, email);
    await ok(h.call(endpoints.cashSave, card, { token }));
  }
  await fund(h, await uidOf(h, ann), 'USDT', '5000');
  await tradeAt(h, 1, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** Ann sells USDT for CNY at 7.20, 100 to 1,000 CNY an order. */
const sellAd = async (extra: Record<string, unknown> = {}) =>
  ok(
    h.call(
      endpoints.otcAdCreate,
      { side: 'sell', currency_id: USDT, fiat: 'CNY', price_type: 'fixed', price: '7.2', min_fiat: '100', max_fiat: '1000', amount: '500', payments: 'domestic', ...extra },
      { token: ann },
    ),
  );
const take = (ad: number, fiat: string, token = bob) => h.call(endpoints.otcOrderCreate, { ad_id: ad, fiat_amount: fiat }, { token });
const usdt = (token: string) => balance(h, token, USDT, 'change');

test('a buyer takes an advertisement, pays, and the seller releases the escrowed coins', async () => {
  const ad = await sellAd();
  expect((await ok(h.call(endpoints.otcAds, { side: 'buy', currency_id: USDT, fiat: 'CNY' }, {}))).data.map((row) => [row.id, row.price, row.advertiser.completion_rate])).toEqual([
    [ad.id, '7.20', null],
  ]);
  const order = await ok(take(ad.id, '720'));
  expect(order).toMatchObject({ role: 'buyer', amount: '100.000000', fiat_amount: '720.00', price: '7.20', status: 'pending', payment_details: [{ kind: 'domestic', bank_name: 'Bank of Kestrel' }] });
  expect(await usdt(ann)).toMatchObject({ available: '4900.000000', frozen: '100.000000' });
  expect((await ok(h.call(endpoints.otcMyAds, {}, { token: ann }))).data[0]?.remaining).toBe('400.000000');

  expect(await h.call(endpoints.otcRelease, { id: order.id, pay_password: '246810' }, { token: bob })).toEqual({ type: 'error', message: 'Only the seller can release the coins.' });
  expect(await h.call(endpoints.otcPaid, { id: order.id }, { token: ann })).toEqual({ type: 'error', message: 'Only the buyer can do this.' });
  const paid = await ok(h.call(endpoints.otcPaid, { id: order.id, proof: undefined }, { token: bob }));
  expect(paid.status).toBe('paid');
  expect(await h.call(endpoints.otcCancel, { id: order.id }, { token: bob })).toEqual({ type: 'error', message: 'The buyer has already said they paid: this cannot be done now.' });
  expect(await h.call(endpoints.otcRelease, { id: order.id, pay_password: '135790' }, { token: ann })).toMatchObject({ type: 'error' });
  h.advance(90_000);
  const released = await ok(h.call(endpoints.otcRelease, { id: order.id, pay_password: '246810' }, { token: ann }));
  expect(released).toMatchObject({ status: 'released', role: 'seller' });
  expect(await usdt(ann)).toMatchObject({ available: '4900.000000', frozen: '0.000000' });
  expect((await usdt(bob)).available).toBe('100.000000');
  const [listed] = (await ok(h.call(endpoints.otcAds, { side: 'buy', currency_id: USDT, fiat: 'CNY' }, {}))).data;
  expect(listed?.advertiser).toMatchObject({ orders_30d: 1, completion_rate: '1', avg_release_seconds: 90 });
  // The advertiser's profile, for anyone: the same record, both sides' completed trades counted, the online advertisements.
  const profile = await ok(h.call(endpoints.otcAdvertiserProfile, { uid: await uidOf(h, ann) }, {}));
  expect(profile).toMatchObject({ advertiser: { orders_30d: 1, completion_rate: '1', avg_release_seconds: 90 }, verified: true, completed_total: 1 });
  expect(profile.ads.map((row) => [row.id, row.remaining])).toEqual([[ad.id, '400.000000']]);
  expect(profile.joined_at).toBeLessThanOrEqual(h.ctx.now());
  expect(await ok(h.call(endpoints.otcAdvertiserProfile, { uid: await uidOf(h, bob) }, {}))).toMatchObject({ completed_total: 1, ads: [], advertiser: { orders_30d: 0, completion_rate: null } });
  expect(await h.call(endpoints.otcAdvertiserProfile, { uid: 99_999_999 }, {})).toMatchObject({ type: 'error' });
});

test('cancelled by the buyer or expired after the window: the coins return and are offered again', async () => {
  const ad = await sellAd({ window_minutes: 15 });
  const first = await ok(take(ad.id, '360'));
  expect((await ok(h.call(endpoints.otcCancel, { id: first.id }, { token: bob }))).status).toBe('cancelled');
  const second = await ok(take(ad.id, '720'));
  h.advance(15 * 60_000 + 1);
  expect(await h.call(endpoints.otcPaid, { id: second.id }, { token: bob })).toEqual({ type: 'error', message: 'The time to pay this order is over.' });
  expect(await h.ctx.exchange.run((step) => h.ctx.otc.expireDue(step))).toBe(1);
  expect(await h.ctx.exchange.run((step) => h.ctx.otc.expireDue(step))).toBe(0);
  expect((await ok(h.call(endpoints.otcOrder, { id: second.id }, { token: bob }))).status).toBe('expired');
  expect(await usdt(ann)).toMatchObject({ available: '5000.000000', frozen: '0.000000' });
  expect((await ok(h.call(endpoints.otcMyAds, {}, { token: ann }))).data[0]?.remaining).toBe('500.000000');
});

describe('appeals', () => {
  for (const decision of ['release', 'return'] as const) {
    test(`either side appeals once paid; the operator decides: ${decision}`, async () => {
      const ad = await sellAd();
      const order = await ok(take(ad.id, '720'));
      expect(await h.call(endpoints.otcAppeal, { id: order.id, reason: 'no money yet' }, { token: ann })).toEqual({
        type: 'error',
        message: 'An order can be appealed once the buyer has said it paid.',
      });
      await ok(h.call(endpoints.otcPaid, { id: order.id }, { token: bob }));
      await ok(h.call(endpoints.otcAppeal, { id: order.id, reason: 'I have not received the payment.' }, { token: ann }));
      expect((await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).otc_appeals).toMatchObject([
        { id: order.id, code: 'USDT', amount: '100.000000', appeal_reason: 'I have not received the payment.' },
      ]);
      // Under appeal the seller cannot release on its own; the coins stay in escrow.
      expect(await h.call(endpoints.otcRelease, { id: order.id, pay_password: '246810' }, { token: ann })).toEqual({
        type: 'error',
        message: 'This order is under appeal: an operator will decide it.',
      });
      await ok(h.call(endpoints.otcDecide, { id: order.id, decision, reason: 'Checked the statements.' }, { operator: true }));
      expect((await ok(h.call(endpoints.otcOrder, { id: order.id }, { token: bob }))).status).toBe(decision === 'release' ? 'released' : 'returned');
      expect((await usdt(bob)).available).toBe(decision === 'release' ? '100.000000' : '0.000000');
      expect(await usdt(ann)).toMatchObject({ available: decision === 'release' ? '4900.000000' : '5000.000000', frozen: '0.000000' });
      expect(await h.call(endpoints.otcDecide, { id: order.id, decision, reason: 'again' }, { operator: true })).toEqual({ type: 'error', message: 'This order is not under appeal.' });
      const actions = await h.ctx.db.selectFrom('operator_actions').select(['action', 'target']).where('target', '=', `otc:${order.id}`).execute();
      expect(actions).toEqual([{ action: `otc-${decision}`, target: `otc:${order.id}` }]);
    });
  }
});

test('limits: the level’s per-order limit, the advertisement’s range and amount, identity and cards, the other party only', async () => {
  const ad = await sellAd({ price: '1', min_fiat: '10', max_fiat: '100000', amount: '4000' });
  expect(await take(ad.id, '9.99')).toEqual({ type: 'error', message: 'This advertisement takes 10.00 to 100,000.00 CNY per order.' });
  expect(await take(ad.id, '2000.01')).toEqual({ type: 'error', message: 'At verification level 1 an order can be worth at most 2,000 USDT.' });
  expect(await take(ad.id, '100', ann)).toEqual({ type: 'error', message: 'You cannot take your own advertisement.' });
  const carl = await h.registerUser('carl@example.com');
  expect(await take(ad.id, '100', carl)).toEqual({ type: 'error', message: 'OTC trading needs identity verification level 1.' });
  expect(
    await h.call(
      endpoints.otcAdCreate,
      { side: 'sell', currency_id: USDT, fiat: 'CNY', price_type: 'fixed', price: '7', min_fiat: '1', max_fiat: '2', amount: '1', payments: 'international' },
      { token: ann },
    ),
  ).toEqual({
    type: 'error',
    message: 'Add a bank card of the payment kind first.',
  });
  const order = await ok(take(ad.id, '2000'));
  const carlToken = carl;
  expect(await h.call(endpoints.otcOrder, { id: order.id }, { token: carlToken })).toEqual({ type: 'error', message: 'There is no such order of yours.' });
  // Twenty orders at once for what is left: the escrow and the amount hold.
  const answers = await Promise.all(Array.from({ length: 20 }, () => take(ad.id, '1000')));
  expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(2);
  expect(await usdt(ann)).toMatchObject({ available: '1000.000000', frozen: '4000.000000' });
  // A sell advertisement reserves nothing: an order its advertiser cannot cover is refused as theirs, and nothing moves.
  const other = await sellAd({ price: '1', min_fiat: '10', max_fiat: '2000', amount: '1500' });
  expect(await take(other.id, '1200')).toEqual({ type: 'error', message: 'The advertiser does not have enough coins for this order right now. Try a smaller amount or another advertisement.' });
  expect(await usdt(ann)).toMatchObject({ available: '1000.000000', frozen: '4000.000000' });
  await ok(take(other.id, '1000'));
});

test('a floating price follows the live price in the fiat, and a buy advertisement escrows the taker’s coins', async () => {
  await fund(h, await uidOf(h, bob), 'BTC', '1');
  const ad = await ok(
    h.call(
      endpoints.otcAdCreate,
      { side: 'buy', currency_id: BTC, fiat: 'USD', price_type: 'floating', margin: '0.99', min_fiat: '100', max_fiat: '10000', amount: '1', payments: 'domestic' },
      { token: ann },
    ),
  );
  const live = h.ctx.market.engine.lastPrice(1);
  expect(Number(ad.price)).toBeCloseTo(live * 0.99, 1);
  const order = await ok(take(ad.id, '950.4'));
  expect(order).toMatchObject({ role: 'seller' });
  expect(await balance(h, bob, BTC, 'change')).toMatchObject({ frozen: order.amount });
  const tick = await h.ctx.db.selectFrom('otc_orders').select('price_tick').where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(JSON.parse(tick.price_tick ?? '{}')).toMatchObject({ market_id: 1 });
  await ok(h.call(endpoints.otcPaid, { id: order.id }, { token: ann }));
  await ok(h.call(endpoints.otcRelease, { id: order.id, pay_password: '246810' }, { token: bob }));
  expect((await balance(h, ann, BTC, 'change')).available).toBe(order.amount);
});
