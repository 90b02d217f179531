import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { maskedContact } from '../../contract/mask';
import { floor, Money, sum } from '../../contract/money';
import { AlreadyRecorded } from '../ledger/ledger';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, take, tradeAt, uidOf } from '../testing/market';
import { balance, userIdOf } from '../testing/wallet';
import { readConfig } from '../config';
import { payRebate } from '../ledger/fees';

/**
 * Invitations and rebates. Ann invites Bob and Carol; Dave registers on his own. A fifth
 * (REBATE_RATE, 0.2 unless configured) of every trading fee an invitee pays — spot fees in the currency taken,
 * contract opening fees, option fees — goes to Ann's coin account from the house fees
 * account, cut down to the currency's decimals, once per fee, in the fee's transaction.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let ann: string;
let annCode: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  annCode = (await ok(h.call(endpoints.userInfo, {}, { token: ann }))).invite_code;
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const info = (token: string) => ok(h.call(endpoints.inviteInfo, {}, { token }));
const list = (token: string, input: { page?: number; limit?: number } = {}) => ok(h.call(endpoints.inviteList, input, { token }));
const rebates = (token: string, input: { page?: number; limit?: number } = {}) => ok(h.call(endpoints.rebateList, input, { token }));
const rebateOf = (fee: string, decimals: number) => floor(new Money(fee).times(h.ctx.config.rebateRate), decimals);

describe('invitations', () => {
  test('a new user has a code, a link to the register screen with it, no invitees and no rebates', async () => {
    expect(annCode).toMatch(/^[A-Z0-9]{4,16}$/);
    expect(await info(ann)).toEqual({ invite_code: annCode, path: `/h5/#/pages/common/register?invite=${annCode}`, invitees: 0, rebate_rate: '0.2', rebates: [] });
    expect(await list(ann)).toEqual({ data: [], page: 1, limit: 10, more: false });
    expect(await rebates(ann)).toEqual({ data: [], page: 1, limit: 10, more: false });
  });

  test('users registered with the code are listed newest first, their contacts partly hidden; each user sees only their own', async () => {
    const bob = await h.registerUser('bob@example.com', undefined, { invite: annCode });
    h.advance(1000);
    const carol = await h.registerUser('carol@example.com', undefined, { invite: annCode.toLowerCase() });
    const dave = await h.registerUser('dave@example.com');
    const [bobUid, carolUid] = [await uidOf(h, bob), await uidOf(h, carol)];

    expect(await list(ann)).toEqual({
      data: [
        { uid: carolUid, account: 'ca***@example.com', level: 0, created_at: h.ctx.now() },
        { uid: bobUid, account: 'bo***@example.com', level: 0, created_at: h.ctx.now() - 1000 },
      ],
      page: 1,
      limit: 10,
      more: false,
    });
    expect(await info(ann)).toMatchObject({ invitees: 2 });
    expect(await list(ann, { limit: 1 })).toMatchObject({ data: [{ uid: carolUid }], more: true });
    expect(await list(ann, { page: 2, limit: 1 })).toMatchObject({ data: [{ uid: bobUid }], more: false });
    expect(await list(ann, { page: 3, limit: 1 })).toMatchObject({ data: [], more: false });

    // Nobody else sees Ann's invitees, whatever they send.
    const annId = await userIdOf(h, 'ann@example.com');
    for (const token of [bob, carol, dave]) {
      expect(await ok(h.call(endpoints.inviteList, { uid: await uidOf(h, ann), user_id: annId }, { token }))).toEqual({ data: [], page: 1, limit: 10, more: false });
      expect(await info(token)).toMatchObject({ invitees: 0, rebates: [] });
    }
    const bobInfo = await info(bob);
    expect(bobInfo.invite_code).not.toBe(annCode);
    expect(bobInfo.path).toBe(`/h5/#/pages/common/register?invite=${bobInfo.invite_code}`);
  });

  test('an unknown code is refused at registration and links nobody', async () => {
    await expect(h.registerUser('eve@example.com', undefined, { invite: 'NOSUCHCODE' })).rejects.toThrow('This invite code does not exist.');
    expect(await info(ann)).toMatchObject({ invitees: 0 });
  });

  test('bad paging is refused with a message, never a 500; no session is 999', async () => {
    expect(await h.call(endpoints.inviteList, { page: 0 }, { token: ann })).toEqual({ type: 'error', message: 'Page is not valid.' });
    expect(await h.call(endpoints.inviteList, { limit: 'ten' }, { token: ann })).toEqual({ type: 'error', message: 'Page size is not valid.' });
    expect(await h.call(endpoints.rebateList, { limit: 51 }, { token: ann })).toEqual({ type: 'error', message: 'Page size is not valid.' });
    expect(await h.call(endpoints.rebateList, { page: '1.5' }, { token: ann })).toEqual({ type: 'error', message: 'Page is not valid.' });
    expect((await h.call(endpoints.inviteInfo, {})).type).toBe('999');
    expect((await h.call(endpoints.inviteList, {})).type).toBe('999');
    expect((await h.call(endpoints.rebateList, {}, { token: 'nope' })).type).toBe('999');
  });

  test('masking shows a mobile number in part', () => {
    expect(maskedContact({ email: null, mobile: '13800008000', area_code: '86' })).toBe('+86 138****8000');
    expect(maskedContact({ email: 'x@example.com', mobile: '13800008000', area_code: '86' })).toBe('x***@example.com');
  });
});

describe('rebates', () => {
  let bob: string;
  let carol: string;
  let dave: string;
  let bobUid: number;
  beforeEach(async () => {
    bob = await h.registerUser('bob@example.com', undefined, { invite: annCode });
    carol = await h.registerUser('carol@example.com', undefined, { invite: annCode });
    dave = await h.registerUser('dave@example.com');
    bobUid = await uidOf(h, bob);
    await tradeAt(h, BTC_MARKET, 96_000); // last trade 96,019.20
  });

  const houseFees = async (currency: number) =>
    new Money((await h.ctx.db.selectFrom('ledger_accounts').select('balance').where('owner', '=', 'house:fees').where('currency_id', '=', currency).executeTakeFirst())?.balance ?? 0);
  const rebateTransactions = () => h.ctx.db.selectFrom('ledger_transactions').select(['ref_kind', 'ref_id', 'user_id']).where('reason', '=', 'invite_rebate').orderBy('id').execute();

  test("a spot buy: a fifth of the BTC fee goes to the inviter's coin account, once", async () => {
    await fund(h, bobUid, 'USDT', '30000');
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.2' }, { token: bob }));
    expect(order.fee).toBe('0.00020000');
    const detail = await ok(h.call(endpoints.spotDetail, { id: order.id }, { token: bob }));
    // Each fill's fee shares on its own, cut down to satoshis: at most a fifth of the whole fee, less a satoshi a fill at worst.
    const expected = sum(detail.fills.map((fill) => rebateOf(fill.fee, 8)));
    expect(expected.lte('0.00004')).toBe(true);
    expect(expected.gte(new Money('0.00004').minus(new Money('0.00000001').times(detail.fills.length)))).toBe(true);
    expect(await balance(h, ann, BTC)).toMatchObject({ available: expected.toFixed(8) });
    expect((await houseFees(BTC)).toFixed(8)).toBe(new Money('0.0002').minus(expected).toFixed(8));

    const paid = await rebates(ann);
    expect(paid.data.map((r) => ({ ...r, id: 0, created_at: 0 }))).toEqual(
      detail.fills
        .filter((fill) => rebateOf(fill.fee, 8).gt(0))
        .reverse()
        .map((fill) => ({ id: 0, from_uid: bobUid, source: 'spot', fee: fill.fee, amount: rebateOf(fill.fee, 8).toFixed(8), code: 'BTC', created_at: 0 })),
    );
    expect(await info(ann)).toMatchObject({ rebates: [{ code: 'BTC', amount: expected.toFixed(8) }] });
    // One ledger transaction per fee, each under its own reference, to Ann.
    const annId = await userIdOf(h, 'ann@example.com');
    const transactions = await rebateTransactions();
    expect(transactions).toHaveLength(paid.data.length);
    expect(new Set(transactions.map((t) => t.ref_id)).size).toBe(transactions.length);
    expect(transactions.every((t) => t.ref_kind === 'rebate' && /^spot-fill:\d+:buyer$/.test(t.ref_id) && t.user_id === annId)).toBe(true);
    // The rebate appears in Ann's bills under its own reason.
    const bills = await ok(h.call(endpoints.bills, { currency: BTC }, { token: ann }));
    expect(bills.data[0]).toMatchObject({ reason: 'invite_rebate', kind: 'change', part: 'available' });
  });

  test('a spot sell: the fee is taken in USDT and shares in USDT', async () => {
    await fund(h, bobUid, 'BTC', '1');
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'sell', amount: '0.1' }, { token: bob }));
    const detail = await ok(h.call(endpoints.spotDetail, { id: order.id }, { token: bob }));
    const expected = sum(detail.fills.map((fill) => rebateOf(fill.fee, 6)));
    expect(expected.gt(0)).toBe(true);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: expected.toFixed(6) });
    expect(await info(ann)).toMatchObject({ rebates: [{ code: 'USDT', amount: expected.toFixed(6) }] });
    expect((await houseFees(USDT)).toFixed(6)).toBe(new Money(order.fee).minus(expected).toFixed(6));
  });

  test('two invitees trade with each other: both fees of the one fill share, each once', async () => {
    await fund(h, await uidOf(h, carol), 'BTC', '1');
    await fund(h, bobUid, 'USDT', '20000');
    const ask = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'sell', amount: '0.1', target_price: '96001' }, { token: carol }));
    expect(await rebateTransactions()).toEqual([]); // resting: no fee yet
    await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.1' }, { token: bob }));
    // Bob pays 0.0001 BTC, Carol 9.6001 USDT (0.1 % of 9,600.10).
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00002000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '1.920020' });
    const sellerRow = (await ok(h.call(endpoints.spotDetail, { id: ask.id }, { token: carol }))).order;
    expect(sellerRow).toMatchObject({ status: 'filled', fee: '9.600100' });
    const transactions = await rebateTransactions();
    expect(transactions.map((t) => t.ref_id.replace(/\d+/, 'N'))).toEqual(['spot-fill:N:buyer', 'spot-fill:N:seller']);
    expect((await rebates(ann)).data.map((r) => [r.source, r.code, r.fee, r.amount])).toEqual([
      ['spot', 'USDT', '9.600100', '1.920020'],
      ['spot', 'BTC', '0.00010000', '0.00002000'],
    ]);
  });

  test("a resting order filled later by the market's flow shares its fee when it fills", async () => {
    await fund(h, bobUid, 'USDT', '10000');
    const placed = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.05', target_price: '96000' }, { token: bob }));
    expect(await rebateTransactions()).toEqual([]);
    await take(h, BTC_MARKET, -1, 5_000); // sells 0.05 BTC into Bob's bid first
    const done = await ok(h.call(endpoints.spotDetail, { id: placed.id }, { token: bob }));
    expect(done.order).toMatchObject({ status: 'filled', fee: '0.00005000' });
    expect(await balance(h, ann, BTC)).toMatchObject({ available: '0.00001000' });
  });

  test('a rebate that floors to zero is not paid', async () => {
    await fund(h, bobUid, 'USDT', '100');
    // 0.00002 BTC: the fee is 0.00000002 BTC, a fifth of which is below one satoshi.
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.00002' }, { token: bob }));
    expect(order.fee).toBe('0.00000002');
    expect(await rebateTransactions()).toEqual([]);
    expect(await rebates(ann)).toMatchObject({ data: [] });
    expect((await houseFees(BTC)).toFixed(8)).toBe('0.00000002');
  });

  test('a contract opening fee shares at once; a limit order shares when it opens, not when placed', async () => {
    await fund(h, bobUid, 'USDT', '5000', 'lever');
    const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: bob }));
    expect(position.fee).toBe('4.800960');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.960192' });
    expect((await houseFees(USDT)).toFixed(6)).toBe('3.840768');

    const limit = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10, type: 'limit', price: '95000' }, { token: bob }));
    expect(limit).toMatchObject({ status: 'pending', fee: '4.750000' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.960192' });
    await tradeAt(h, BTC_MARKET, 94_000); // trades at 94,018.80: crosses 95,000 and opens there, at the trade's price
    const opened = (await ok(h.call(endpoints.leverPositions, {}, { token: bob }))).positions.find((p) => p.id === limit.id);
    expect(opened).toMatchObject({ status: 'open', price: '94018.80', fee: '4.700940' });
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '1.900380' }); // + 0.940188
    expect((await rebates(ann)).data.map((r) => [r.source, r.fee, r.amount, r.code, r.from_uid])).toEqual([
      ['contract', '4.700940', '0.940188', 'USDT', bobUid],
      ['contract', '4.800960', '0.960192', 'USDT', bobUid],
    ]);
    expect((await rebateTransactions()).map((t) => t.ref_id)).toEqual([`lever-open:${position.id}`, `lever-open:${limit.id}`]);
    // Closing charges no opening fee again: nothing more shares.
    await ok(h.call(endpoints.leverClose, { id: position.id }, { token: bob }));
    expect(await rebateTransactions()).toHaveLength(2);
  });

  test('an option fee shares at purchase', async () => {
    await fund(h, bobUid, 'USDT', '1000', 'micro');
    const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: bob }));
    expect(option.fee).toBe('0.100000');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.020000' });
    expect((await rebates(ann)).data).toEqual([expect.objectContaining({ from_uid: bobUid, source: 'option', fee: '0.100000', amount: '0.020000', code: 'USDT' })]);
    expect((await rebateTransactions()).map((t) => t.ref_id)).toEqual([`option:${option.id}`]);
    // Another invitee's option adds up in the totals.
    await fund(h, await uidOf(h, carol), 'USDT', '1000', 'micro');
    await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'down', seconds: 60, number: '55.5' }, { token: carol }));
    expect(await info(ann)).toMatchObject({ invitees: 2, rebates: [{ code: 'USDT', amount: '0.031100' }] }); // 0.02 + 0.0111
  });

  test('a user nobody invited pays no rebate; invitees and strangers see no rebates of their own', async () => {
    const daveUid = await uidOf(h, dave);
    await fund(h, daveUid, 'USDT', '30000');
    await fund(h, daveUid, 'USDT', '5000', 'lever');
    await fund(h, daveUid, 'USDT', '1000', 'micro');
    await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.1' }, { token: dave }));
    await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', share: 5, multiple: 20 }, { token: dave }));
    await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: dave }));
    expect(await rebateTransactions()).toEqual([]);
    expect(await h.ctx.db.selectFrom('invite_rebates').selectAll().execute()).toEqual([]);
    // Bob's fees pay Ann, never Bob, Carol or Dave.
    await fund(h, bobUid, 'USDT', '1000', 'micro');
    await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: bob }));
    expect((await rebates(ann)).data).toHaveLength(1);
    for (const token of [bob, carol, dave]) {
      expect(await rebates(token)).toEqual({ data: [], page: 1, limit: 10, more: false });
      expect(await info(token)).toMatchObject({ rebates: [] });
    }
  });

  test('a fee shares exactly once: recording its rebate again is refused and changes nothing', async () => {
    await fund(h, bobUid, 'USDT', '1000', 'micro');
    const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: bob }));
    const bobId = await userIdOf(h, 'bob@example.com');
    await expect(
      h.ctx.exchange.run((step) =>
        payRebate(step, { rate: new Money('0.2'), payer: bobId, source: 'option', currency: USDT, fee: new Money('0.1'), feeRef: { kind: 'option', id: option.id }, memo: '', at: h.ctx.now() }),
      ),
    ).rejects.toBeInstanceOf(AlreadyRecorded);
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.020000' });
    expect(await h.ctx.db.selectFrom('invite_rebates').selectAll().execute()).toHaveLength(1);
  });
});

describe('the rebate rate is a setting (REBATE_RATE)', () => {
  const houseFees = async (currency: number) =>
    new Money((await h.ctx.db.selectFrom('ledger_accounts').select('balance').where('owner', '=', 'house:fees').where('currency_id', '=', currency).executeTakeFirst())?.balance ?? 0);

  test('REBATE_RATE=0.1: the inviter receives exactly a tenth of each fee, and the invite screen says 0.1', async () => {
    await h.close();
    h = await createHarness({ REBATE_RATE: '0.1' });
    ann = await h.registerUser('ann@example.com');
    annCode = (await ok(h.call(endpoints.userInfo, {}, { token: ann }))).invite_code;
    expect(await info(ann)).toMatchObject({ rebate_rate: '0.1', rebates: [] });
    const bob = await h.registerUser('bob@example.com', undefined, { invite: annCode });
    const bobUid = await uidOf(h, bob);
    await tradeAt(h, BTC_MARKET, 96_000);

    await fund(h, bobUid, 'USDT', '1000', 'micro');
    const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: bob }));
    expect(option.fee).toBe('0.100000');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: '0.010000' });

    await fund(h, bobUid, 'USDT', '5000', 'lever');
    const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: bob }));
    const tenth = new Money(position.fee).div(10);
    expect(tenth.decimalPlaces()).toBeLessThanOrEqual(6); // a tenth of this fee needs no rounding
    expect((await rebates(ann)).data.map((r) => [r.source, r.fee, r.amount])).toEqual([
      ['contract', position.fee, tenth.toFixed(6)],
      ['option', '0.100000', '0.010000'],
    ]);
    const paid = tenth.plus('0.01');
    expect(await balance(h, ann, USDT)).toMatchObject({ available: paid.toFixed(6) });
    expect(await info(ann)).toMatchObject({ rebate_rate: '0.1', rebates: [{ code: 'USDT', amount: paid.toFixed(6) }] });
    // The house keeps the other nine tenths.
    expect((await houseFees(USDT)).toFixed(6)).toBe(new Money(position.fee).plus('0.1').minus(paid).toFixed(6));
  });

  test('unset it is 0.2; 0 and 1 are allowed', () => {
    expect(readConfig({}).rebateRate).toBe('0.2');
    expect(readConfig({ REBATE_RATE: '' }).rebateRate).toBe('0.2');
    expect(readConfig({ REBATE_RATE: '0' }).rebateRate).toBe('0');
    expect(readConfig({ REBATE_RATE: '1' }).rebateRate).toBe('1');
    expect(readConfig({ REBATE_RATE: '0.25' }).rebateRate).toBe('0.25');
  });

  test.each(['1.5', '2', '-0.1', '20%', 'abc', '0.123456789', '.2', '0,2', ' 0.2'])('REBATE_RATE=%j stops the server at start with a message naming it', (value) => {
    expect(() => readConfig({ REBATE_RATE: value })).toThrow(`REBATE_RATE must be a fraction from 0 to 1 with at most 8 decimals, such as 0.2 for a fifth of each fee, got ${value}`);
  });
});
