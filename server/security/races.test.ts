import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Answer, type Harness } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance, setPayPassword, uploadImage, userIdOf, verifyIdentity } from '../testing/wallet';
import { grantWelcomeCoupons } from '../wallet/coupons';

/**
 * Parallel attacks on money: every endpoint that spends a balance is sent the user's
 * whole balance many times at once (the requests of a script, not of the app). At most
 * the balance is spent (here: each request spends all of it, so exactly one goes
 * through), no part of an account goes below zero, and the ledger check finds nothing.
 * An operation that settles something once (a coupon, a redemption, a close, a cancel) is
 * sent many times at once and settles once; so is an operator's decision. A request id
 * sent many times at once acts once, and every answer is the first one's. Guesses of a
 * secret that several endpoints compare, sent through all of them at once, share one budget.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Requests in each race. */
const RACE = 50;

// One server for the file (a test server costs a second or more to start on PostgreSQL);
// each test has a new user of its own, and the ledger check covers everyone's.
let h: Harness;
let racer: string;
let email: string;
let uid: number;
let users = 0;
beforeAll(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  await tradeAt(h, BTC_MARKET, 96_000); // the market maker quotes around 96,000
});
beforeEach(async () => {
  email = `racer${++users}@example.com`;
  racer = await h.registerUser(email);
  uid = await uidOf(h, racer);
});
/** What the ledger check found after the test before (a failure is its own test's: the next one reports only what is new). */
let found: string[] = [];
afterEach(async () => {
  const { violations } = await checkLedger(h.ctx.db);
  const fresh = violations.filter((violation) => !found.includes(violation));
  found = violations;
  expect(fresh).toEqual([]);
});
afterAll(async () => {
  await h.close();
});

const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const oks = <T>(answers: readonly Answer<T>[]) => answers.filter((answer): answer is { type: 'ok'; message: T } => answer.type === 'ok');
const count = async (table: 'withdrawals' | 'account_transfers' | 'exchanges' | 'spot_orders' | 'lever_positions' | 'micro_orders' | 'lockup_orders') =>
  (
    await h.ctx.db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', await userIdOf(h, email))
      .execute()
  ).length;

/** Every part of every account of the user, by "currency/kind/part": none below zero. */
async function parts(): Promise<Record<string, string>> {
  const userId = await userIdOf(h, email);
  const rows = await h.ctx.db.selectFrom('ledger_accounts').select(['currency_id', 'kind', 'part', 'balance']).where('user_id', '=', userId).execute();
  const all: Record<string, string> = {};
  for (const row of rows) {
    expect(new Money(row.balance).gte(0), `${row.currency_id}/${row.kind}/${row.part} = ${row.balance}`).toBe(true);
    all[`${row.currency_id}/${row.kind}/${row.part}`] = new Money(row.balance).toFixed();
  }
  return all;
}

/** Each refusal is an answer for the balance (never an error of the store, never a 500: h.call throws on those). */
function refusedForBalance(answers: readonly Answer<unknown>[]): void {
  for (const answer of answers.filter((a) => a.type !== 'ok')) {
    expect(answer.type).toBe('error');
    expect(String(answer.message)).toMatch(/^(Insufficient balance\.|Only 0 USDT is available; .* is held by open orders, pending withdrawals or lock-ups\.|Only 0 BTC is available; .*)$/);
  }
}

describe('the whole balance spent many times at once', () => {
  test('moves between accounts: one moves, and what moved is what left', async () => {
    await fund(h, uid, 'USDT', '1000');
    const answers = await times(RACE, (i) =>
      h.call(endpoints.moveFunds, { currency_id: USDT, number: '1000', from_field: 'change', to_field: (['lever', 'micro', 'legal'] as const)[i % 3] }, { token: racer }),
    );
    expect(oks(answers)).toHaveLength(1);
    refusedForBalance(answers);
    expect(await count('account_transfers')).toBe(1);
    const after = await parts();
    const total = ['change', 'lever', 'micro', 'legal'].reduce((sum, kind) => sum.plus(after[`${USDT}/${kind}/available`] ?? 0), new Money(0));
    expect(total.toFixed()).toBe('1000');
    expect(after[`${USDT}/change/available`]).toBe('0');
  });

  test('conversions: one converts the whole balance, at one price', async () => {
    await fund(h, uid, 'USDT', '1000');
    const answers = await times(RACE, () => h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: racer }));
    const done = oks(answers);
    expect(done).toHaveLength(1);
    refusedForBalance(answers);
    expect(await count('exchanges')).toBe(1);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '0.000000', frozen: '0.000000' });
    expect((await balance(h, racer, BTC)).available).toBe(done[0]?.message.received);
    await parts();
  });

  test('spot orders: one limit buy freezes the whole quote balance, one limit sell the whole base balance', async () => {
    await fund(h, uid, 'USDT', '600');
    await fund(h, uid, 'BTC', '0.01');
    const answers = await Promise.all([
      ...Array.from({ length: RACE / 2 }, () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '60000' }, { token: racer })),
      ...Array.from({ length: RACE / 2 }, () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'sell', amount: '0.01', target_price: '120000' }, { token: racer })),
    ]);
    const placed = oks(answers);
    expect(placed.map((answer) => answer.message.side).sort()).toEqual(['buy', 'sell']);
    for (const order of placed) expect(order.message.status).toBe('open');
    refusedForBalance(answers);
    expect(await count('spot_orders')).toBe(2);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '0.000000', frozen: '600.000000' });
    expect(await balance(h, racer, BTC)).toMatchObject({ available: '0.00000000', frozen: '0.01000000' });
    await parts();
  });

  test('spot market buys of the whole balance: one spends it, none spends more', async () => {
    await fund(h, uid, 'USDT', '500');
    const answers = await times(RACE, () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', total: '500' }, { token: racer }));
    const filled = oks(answers).filter((answer) => new Money(answer.message.filled).gt(0));
    expect(filled).toHaveLength(1);
    const usdt = await balance(h, racer, USDT);
    expect(new Money(usdt.available).lte(500)).toBe(true);
    expect(usdt.frozen).toBe('0.000000');
    await parts();
  });

  test('contract positions: one limit order freezes the whole contract balance (margin and fee)', async () => {
    // 0.1 BTC at 90,000 with 10x: margin 900, fee 0.05 % of 9,000 = 4.5.
    await fund(h, uid, 'USDT', '904.5', 'lever');
    const answers = await times(RACE, () =>
      h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', type: 'limit', price: '90000', share: 10, multiple: 10 }, { token: racer }),
    );
    expect(oks(answers)).toHaveLength(1);
    refusedForBalance(answers);
    expect(await count('lever_positions')).toBe(1);
    expect(await balance(h, racer, USDT, 'lever')).toMatchObject({ available: '0.000000', frozen: '904.500000' });
    await parts();
  });

  test('contract positions at the market price: however many are sent, the margins and fees never pass the balance', async () => {
    await fund(h, uid, 'USDT', '1000', 'lever');
    const answers = await times(RACE, () => h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 10, multiple: 10 }, { token: racer }));
    // About 965 each (margin 960.19 and fee 4.80): one fits in 1,000, two do not.
    expect(oks(answers)).toHaveLength(1);
    refusedForBalance(answers);
    const lever = await balance(h, racer, USDT, 'lever');
    expect(new Money(lever.available).gte(0)).toBe(true);
    await parts();
  });

  test('seconds options: one stake of the whole options balance (stake and fee), and never more than five open', async () => {
    // 100 staked and its 0.1 % fee.
    await fund(h, uid, 'USDT', '100.1', 'micro');
    const whole = await times(RACE, () => h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100' }, { token: racer }));
    expect(oks(whole)).toHaveLength(1);
    refusedForBalance(whole);
    expect((await balance(h, racer, USDT, 'micro')).available).toBe('0.000000');
    // With enough for all of them, the cap of five open options holds at once too.
    await fund(h, uid, 'USDT', '10000', 'micro');
    const small = await times(RACE, () => h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'down', seconds: 30, number: '10' }, { token: racer }));
    expect(oks(small)).toHaveLength(4);
    expect(await count('micro_orders')).toBe(5);
    await parts();
  });

  test('lock-ups: one locks the whole balance', async () => {
    await fund(h, uid, 'USDT', '1000');
    const answers = await times(RACE, () => h.call(endpoints.lockupBuy, { config_id: 1, amount: '1000' }, { token: racer }));
    expect(oks(answers)).toHaveLength(1);
    refusedForBalance(answers);
    expect(await count('lockup_orders')).toBe(1);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '0.000000', locked: '1000.000000' });
    await parts();
  });

  // Withdrawals alone: server/wallet/wallet.test.ts ("50 withdrawals of the whole balance at once").
  test('every spending endpoint at once on one balance (20 withdrawals, moves, conversions, orders, lock-ups each): one of them spends it', async () => {
    await fund(h, uid, 'USDT', '1000');
    await setPayPassword(h, racer, email);
    await verifyIdentity(h, racer);
    const spenders: (() => Promise<Answer<unknown>>)[] = [
      () => h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '1000', pay_password: '246810' }, { token: racer }),
      () => h.call(endpoints.moveFunds, { currency_id: USDT, number: '1000', from_field: 'change', to_field: 'lever' }, { token: racer }),
      () => h.call(endpoints.exchange, { number: '1000', from_currency_id: USDT, to_currency_id: BTC }, { token: racer }),
      () => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.02', target_price: '50000' }, { token: racer }),
      () => h.call(endpoints.lockupBuy, { config_id: 1, amount: '1000' }, { token: racer }),
    ];
    const answers = await times(100, (i) => spenders[i % spenders.length]!());
    expect(oks(answers)).toHaveLength(1);
    refusedForBalance(answers);
    const made = (await count('withdrawals')) + (await count('account_transfers')) + (await count('exchanges')) + (await count('spot_orders')) + (await count('lockup_orders'));
    expect(made).toBe(1);
    expect((await balance(h, racer, USDT)).available).toBe('0.000000');
    await parts();
  });

  test('moving the margin out while positions open: the contract balance is spent once', async () => {
    await fund(h, uid, 'USDT', '904.5', 'lever');
    const answers: Answer<unknown>[] = await times(RACE, (i) =>
      i % 2 === 0
        ? (h.call(endpoints.moveFunds, { currency_id: USDT, number: '904.5', from_field: 'lever', to_field: 'change' }, { token: racer }) as Promise<Answer<unknown>>)
        : h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', type: 'limit', price: '90000', share: 10, multiple: 10 }, { token: racer }),
    );
    expect(oks(answers)).toHaveLength(1);
    expect((await count('account_transfers')) + (await count('lever_positions'))).toBe(1);
    expect((await balance(h, racer, USDT, 'lever')).available).toBe('0.000000');
    await parts();
  });
});

describe('what settles once, sent many times at once', () => {
  test('a bonus coupon is credited once', async () => {
    const userId = await userIdOf(h, email);
    await h.ctx.exchange.run((step) => grantWelcomeCoupons(step, userId));
    const coupons = await ok(h.call(endpoints.couponList, { status: 'available' }, { token: racer }));
    const bonus = coupons.find((coupon) => coupon.kind === 'bonus');
    if (!bonus) throw new Error('no bonus coupon');
    const answers = await times(RACE, () => h.call(endpoints.couponUse, { id: bonus.id }, { token: racer }));
    expect(oks(answers)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.type !== 'ok')) expect(refused).toEqual({ type: 'error', message: 'This coupon cannot be used.' });
    expect((await balance(h, racer, USDT)).available).toBe('20.000000');
    await parts();
  });

  test('a lock-up is redeemed once', async () => {
    await fund(h, uid, 'USDT', '1000');
    const order = await ok(h.call(endpoints.lockupBuy, { config_id: 1, amount: '1000' }, { token: racer }));
    const answers = await times(RACE, () => h.call(endpoints.lockupRedeem, { id: order.id }, { token: racer }));
    expect(oks(answers)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.type !== 'ok')) expect(refused).toEqual({ type: 'error', message: 'This lock-up order has already ended.' });
    // 1,000 back less the penalty of 5 days left at 0.4 % a day (20), once.
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '980.000000', locked: '0.000000' });
    await parts();
  });

  test('a position is closed once, a waiting one cancelled once, and closing all at once closes each once', async () => {
    await fund(h, uid, 'USDT', '5000', 'lever');
    const open = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10 }, { token: racer }));
    const closes = await times(RACE, () => h.call(endpoints.leverClose, { id: open.id }, { token: racer }));
    expect(oks(closes)).toHaveLength(1);
    for (const refused of closes.filter((answer) => answer.type !== 'ok')) expect(refused).toEqual({ type: 'error', message: 'This position is no longer open.' });

    const waiting = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', type: 'limit', price: '90000', share: 1, multiple: 10 }, { token: racer }));
    const cancels = await times(RACE, () => h.call(endpoints.leverCancel, { id: waiting.id }, { token: racer }));
    expect(oks(cancels)).toHaveLength(1);
    for (const refused of cancels.filter((answer) => answer.type !== 'ok')) expect(refused.type).toBe('error');

    for (let i = 0; i < 3; i++) await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'sell', share: 1, multiple: 10 }, { token: racer }));
    const batches = await times(RACE / 4, () => h.call(endpoints.leverBatchClose, { type: 'all' }, { token: racer }));
    expect(oks(batches).reduce((sum, answer) => sum + answer.message.closed, 0)).toBe(3);
    const bills = await h.ctx.db.selectFrom('ledger_transactions').select(['reason', 'ref_kind', 'ref_id']).where('reason', 'in', ['lever_close', 'lever_cancel']).execute();
    expect(new Set(bills.map((bill) => `${bill.ref_kind}:${bill.ref_id}`)).size).toBe(bills.length);
    expect(await balance(h, racer, USDT, 'lever')).toMatchObject({ frozen: '0.000000' });
    await parts();
  });

  test('a spot order is cancelled once: its frozen funds come back once', async () => {
    await fund(h, uid, 'USDT', '600');
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '60000' }, { token: racer }));
    const answers = await times(RACE, () => h.call(endpoints.spotCancel, { id: order.id }, { token: racer }));
    expect(oks(answers)).toHaveLength(1);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '600.000000', frozen: '0.000000' });
    await parts();
  });
});

describe("an operator's decisions, many at once", () => {
  test('a recharge and a withdrawal are settled once, however many approvals and refusals arrive together', async () => {
    await fund(h, uid, 'USDT', '1000');
    await setPayPassword(h, racer, email);
    await verifyIdentity(h, racer);
    await ok(h.call(endpoints.rechargeRequest, { currency: USDT, network: 'TRC20', amount: '300', voucher: await uploadImage(h, racer) }, { token: racer }));
    await ok(h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '1000', pay_password: '246810' }, { token: racer }));
    const userId = await userIdOf(h, email);
    const recharge = (await h.ctx.db.selectFrom('recharges').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const withdrawal = (await h.ctx.db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).executeTakeFirstOrThrow()).id;
    const operator = { operator: true };
    const recharges = await times(RACE, (i) =>
      i % 2 === 0 ? h.call(endpoints.approveRecharge, { id: recharge }, operator) : h.call(endpoints.rejectRecharge, { id: recharge, reason: 'no payment' }, operator),
    );
    const withdrawals = await times(RACE, (i) =>
      i % 2 === 0 ? h.call(endpoints.approveWithdrawal, { id: withdrawal, txid: 'tx-1' }, operator) : h.call(endpoints.rejectWithdrawal, { id: withdrawal, reason: 'no' }, operator),
    );
    expect(oks(recharges)).toHaveLength(1);
    expect(oks(withdrawals)).toHaveLength(1);
    // Whichever came first decided: 300 credited or not, 1,000 sent or returned, once.
    const usdt = await balance(h, racer, USDT);
    expect(usdt.frozen).toBe('0.000000');
    expect(['0.000000', '300.000000', '1000.000000', '1300.000000']).toContain(usdt.available);
    await parts();
  });

  test('debits of the whole balance by adjustment: one goes through', async () => {
    await fund(h, uid, 'USDT', '1000');
    const answers = await times(RACE, () => h.call(endpoints.adjust, { uid, currency: 'USDT', amount: '-1000', account: 'change', reason: 'correction' }, { operator: true }));
    expect(oks(answers)).toHaveLength(1);
    expect((await balance(h, racer, USDT)).available).toBe('0.000000');
    await parts();
  });
});

describe('one request id sent 50 times at once', () => {
  const SAME = 50;
  const same = async <T>(send: () => Promise<Answer<T>>) => {
    const answers = await times(SAME, send);
    expect(answers[0]?.type).toBe('ok');
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    return answers[0];
  };

  test('a withdrawal, a move and a conversion act once', async () => {
    await fund(h, uid, 'USDT', '1000');
    await setPayPassword(h, racer, email);
    await verifyIdentity(h, racer);
    await same(() => h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '246810', request_id: 'race-withdraw-1' }, { token: racer }));
    await same(() => h.call(endpoints.moveFunds, { currency_id: USDT, number: '100', from_field: 'change', to_field: 'lever', request_id: 'race-move-0001' }, { token: racer }));
    await same(() => h.call(endpoints.exchange, { number: '100', from_currency_id: USDT, to_currency_id: BTC, request_id: 'race-convert-1' }, { token: racer }));
    expect([await count('withdrawals'), await count('account_transfers'), await count('exchanges')]).toEqual([1, 1, 1]);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '700.000000', frozen: '100.000000' });
    expect((await balance(h, racer, USDT, 'lever')).available).toBe('100.000000');
    await parts();
  });

  test('an order, a position and an option are placed once', async () => {
    await fund(h, uid, 'USDT', '1000');
    await fund(h, uid, 'USDT', '1000', 'lever');
    await fund(h, uid, 'USDT', '1000', 'micro');
    await same(() => h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '60000', request_id: 'race-order-1' }, { token: racer }));
    await same(() => h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10, request_id: 'race-position-1' }, { token: racer }));
    await same(() => h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 30, number: '100', request_id: 'race-option-1' }, { token: racer }));
    expect([await count('spot_orders'), await count('lever_positions'), await count('micro_orders')]).toEqual([1, 1, 1]);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '400.000000', frozen: '600.000000' });
    expect((await balance(h, racer, USDT, 'micro')).available).toBe('899.900000');
    await parts();
  });
});

/**
 * Guesses at once of a secret that more than one endpoint compares. One endpoint's guesses
 * at once are covered where it is: login (server/auth/auth.test.ts), codes (auth.test.ts),
 * withdrawals' pay password (server/wallet/wallet.test.ts), the budget itself
 * (rate-limit.test.ts). Here the endpoints that share a secret are guessed through together:
 * their budget is one, not one each.
 */
describe('guesses at once, through every endpoint that compares the same secret', () => {
  const someIp = () => `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  /** A code sent to the user's e-mail for `scene` (or to `to` for a new address). */
  const codeFor = async (scene: 'pay_password' | 'update_password' | 'change_email' | 'bind_email', to = email) => {
    h.advance(61_000);
    await ok(h.call(endpoints.sendCode, { scene, ...(scene === 'bind_email' ? { user_string: to } : {}) }, { token: racer, ip: someIp() }));
    return h.codeFor(to);
  };
  const WRONG_PAY = 'The pay password is wrong.';
  const WRONG_LOGIN = 'The current login password is wrong.';

  test('the pay password: of 60 guesses through withdrawals and pay-password changes together, 5 are compared; nothing moves or changes', async () => {
    await fund(h, uid, 'USDT', '1000');
    await setPayPassword(h, racer, email);
    await verifyIdentity(h, racer);
    const code = await codeFor('pay_password');
    const answers = await times(60, (i) =>
      i % 2 === 0
        ? h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: String(100_000 + i) }, { token: racer })
        : h.call(endpoints.setPayPassword, { pay_password: '135790', re_pay_password: '135790', code, current_pay_password: String(100_000 + i) }, { token: racer }),
    );
    expect(answers.filter((answer) => answer.message === WRONG_PAY)).toHaveLength(5);
    expect(oks(answers)).toEqual([]);
    expect(await balance(h, racer, USDT)).toMatchObject({ available: '1000.000000', frozen: '0.000000' });
    // The pay password is the one set: once the lock is over it pays, and the guessed one does not exist.
    h.advance(15 * 60_000 + 1);
    expect((await h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '135790' }, { token: racer })).message).toBe(WRONG_PAY);
    expect((await h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '100', pay_password: '246810' }, { token: racer })).type).toBe('ok');
  });

  test('the login password: of 60 guesses through password, e-mail and first pay-password changes together, 5 are compared; nothing changes', async () => {
    const newAddress = `new.${email}`;
    const passwordCode = await codeFor('update_password');
    const contactCode = await codeFor('change_email');
    const addressCode = await codeFor('bind_email', newAddress);
    const payCode = await codeFor('pay_password');
    const answers = await times(60, (i) => {
      const current_password = `wrong-${i}-pass`;
      if (i % 3 === 0) return h.call(endpoints.updatePassword, { password: 'taken-over-1', re_password: 'taken-over-1', code: passwordCode, current_password }, { token: racer });
      if (i % 3 === 1) return h.call(endpoints.bindEmail, { email: newAddress, code: addressCode, contact_code: contactCode, current_password }, { token: racer });
      return h.call(endpoints.setPayPassword, { pay_password: '135790', re_pay_password: '135790', code: payCode, current_password }, { token: racer });
    });
    expect(answers.filter((answer) => answer.message === WRONG_LOGIN)).toHaveLength(5);
    expect(answers.filter((answer) => answer.type === 'ok')).toEqual([]);
    expect(await ok(h.call(endpoints.userInfo, {}, { token: racer }))).toMatchObject({ email, has_pay_password: false, withdraw_hold_until: null });
    expect((await h.call(endpoints.login, { user_string: email, password: 'secret-pass' }, { ip: someIp() })).type).toBe('ok');
  });
});
