import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { Money } from '../../contract/money';
import { createSession } from '../auth/sessions';
import { checkLedger } from '../ledger/check';
import { attachRealtime } from '../realtime/socket';
import { createHarness, ok, type Answer, type Harness } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { bindMobile, setPayPassword, userIdOf, verifyIdentity } from '../testing/wallet';

/**
 * The operator API under the console's Users screen: a support desk finds a user by UID,
 * e-mail, mobile or nickname; reads the profile, the balances and ledger as the ledger
 * holds them, the orders and positions, the sessions; ends sessions; freezes and
 * unfreezes the account. A frozen account is refused everywhere: its old tokens, its
 * sockets, a login (with the password, or at the authenticator's step), a password
 * reset; its orders and positions stay. Every action is audited under the operator's
 * name; bad input and a repeated action change nothing.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const PASSWORD = 'secret-pass';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

let h: Harness;
/** A second operator's token: each action is audited under the name of who did it. */
let alice = '';
let port = 0;
let users = 0;
let ips = 0;

beforeAll(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  alice = (await ok(h.call(endpoints.addOperator, { name: 'alice' }, { operator: true }))).token;
  await tradeAt(h, BTC_MARKET, 96_000);
  attachRealtime(h.app.server, h.ctx);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** A source address of its own for each request that spends a per-address budget. */
const ip = () => `10.7.${Math.floor(++ips / 250)}.${ips % 250}`;
const asAlice = () => ({ headers: { 'x-operator-token': alice } });

interface User {
  email: string;
  token: string;
  uid: number;
  id: number;
}

async function newUser(label: string, options: { invite?: string } = {}): Promise<User> {
  const email = `${label}${++users}@example.com`;
  const token = await h.registerUser(email, PASSWORD, options.invite === undefined ? {} : { invite: options.invite });
  return { email, token, uid: await uidOf(h, token), id: await userIdOf(h, email) };
}

function login(user: Pick<User, 'email'>, options: { password?: string; agent?: string; lang?: string } = {}) {
  return h.call(
    endpoints.login,
    { user_string: user.email, password: options.password ?? PASSWORD },
    { ip: ip(), headers: { 'user-agent': options.agent ?? ANDROID }, ...(options.lang ? { lang: options.lang } : {}) },
  );
}

async function session(user: Pick<User, 'email'>, agent = ANDROID): Promise<string> {
  const answer = await ok(login(user, { agent }));
  if (typeof answer !== 'string') throw new Error('no session');
  return answer;
}

const works = async (token: string) => (await h.call(endpoints.userInfo, {}, { token })).type;

async function auditOf(user: Pick<User, 'uid'>) {
  return (await ok(h.call(endpoints.auditLog, { target: `uid:${user.uid}`, limit: 50 }, { operator: true }))).data.filter((entry) => entry.action !== 'adjust');
}

const freeze = (user: Pick<User, 'uid'>, reason = 'Reported stolen by its owner on the phone.') => h.call(endpoints.freezeUser, { uid: user.uid, reason }, asAlice());
const unfreeze = (user: Pick<User, 'uid'>, reason = 'The owner proved who they are.') => h.call(endpoints.unfreezeUser, { uid: user.uid, reason }, asAlice());

/** A user's USDT coin account, its available and frozen parts, as the ledger holds them. */
async function usdtParts(user: Pick<User, 'id'>): Promise<{ available: string; frozen: string }> {
  const rows = await h.ctx.db.selectFrom('ledger_accounts').select(['part', 'balance']).where('user_id', '=', user.id).where('currency_id', '=', USDT).where('kind', '=', 'change').execute();
  const part = (name: string) => new Money(rows.find((row) => row.part === name)?.balance ?? 0).toFixed();
  return { available: part('available'), frozen: part('frozen') };
}

const times = <T>(n: number, make: (i: number) => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, (_, i) => make(i)));
const messages = (answers: readonly Answer<unknown>[]) => answers.map((answer) => String(answer.message)).sort();

describe('search', () => {
  let ann: User;
  let bob: User;
  let dan: User;
  beforeAll(async () => {
    bob = await newUser('bob');
    ann = await newUser('ann');
    dan = await newUser('dan_x');
    await bindMobile(h, ann.token, '13712345678');
    await ok(h.call(endpoints.editNickname, { nickname: 'Annabel' }, { token: ann.token }));
  });
  const search = async (input: Partial<InputOf<typeof endpoints.searchUsers>>) => ok(h.call(endpoints.searchUsers, input, asAlice()));

  test('by UID (that user first), part of an e-mail or a nickname in any case, digits of a mobile with or without its area code', async () => {
    expect((await search({ query: String(ann.uid) })).data[0]).toEqual({
      uid: ann.uid,
      nickname: 'Annabel',
      email: ann.email,
      mobile: '+86 13712345678',
      real_level: 0,
      created_at: expect.any(Number),
      frozen_at: null,
    });
    expect((await search({ query: ` ${ann.email.toUpperCase()} ` })).data.map((row) => row.uid)).toEqual([ann.uid]);
    expect((await search({ query: 'nnab' })).data.map((row) => row.uid)).toEqual([ann.uid]);
    expect((await search({ query: '3712345' })).data.map((row) => row.uid)).toEqual([ann.uid]);
    expect((await search({ query: '+86 137-1234-5678' })).data.map((row) => row.uid)).toEqual([ann.uid]);
    expect((await search({ query: 'nobody-like-this' })).data).toEqual([]);
  });

  test('% and _ are letters, not patterns', async () => {
    expect((await search({ query: '_x' })).data.map((row) => row.uid)).toEqual([dan.uid]);
    expect((await search({ query: '%' })).data).toEqual([]);
  });

  test('without a query every user, newest first, a page at a time', async () => {
    const first = await search({ limit: 2 });
    expect(first).toMatchObject({ page: 1, limit: 2, more: true });
    expect(first.data.slice(0, 2).map((row) => row.uid)).toEqual([dan.uid, ann.uid]);
    const second = await search({ limit: 2, page: 2 });
    expect(second.data[0]?.uid).toBe(bob.uid);
    const all = await search({ limit: 50 });
    expect(all.data.map((row) => row.uid).filter((uid) => [ann.uid, bob.uid, dan.uid].includes(uid))).toEqual([dan.uid, ann.uid, bob.uid]);
  });

  test('bad input is refused in the operator’s language', async () => {
    expect(await h.call(endpoints.searchUsers, { query: 'x'.repeat(61) }, asAlice())).toEqual({ type: 'error', message: 'Search is too long (at most 60 characters).' });
    expect(await h.call(endpoints.searchUsers, { query: '<script>' }, asAlice())).toEqual({ type: 'error', message: 'Search cannot contain <, > or control characters.' });
    expect((await h.call(endpoints.searchUsers, { page: 0 }, asAlice())).type).toBe('error');
    expect((await h.call(endpoints.searchUsers, { frozen: 'yes' }, asAlice())).type).toBe('error');
    expect(await h.call(endpoints.userProfile, { uid: 'abc' }, { operator: true, lang: 'fra' })).toEqual({
      type: 'error',
      message: expect.stringMatching(/^Numéro d’utilisateur\s:\svaleur non valide\.$/u),
    });
  });
});

describe("a user's page", () => {
  let ann: User;
  let bob: User;
  beforeAll(async () => {
    bob = await newUser('inviter');
    const invite = (await ok(h.call(endpoints.userInfo, {}, { token: bob.token }))).invite_code;
    ann = await newUser('trader', { invite });
    await bindMobile(h, ann.token, '13800001111');
    await ok(h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Ann Tester', card_id: 'P7654321' }, { token: ann.token }));
    await fund(h, ann.uid, 'USDT', '10000');
    await fund(h, ann.uid, 'USDT', '5000', 'lever');
    await fund(h, ann.uid, 'USDT', '1000', 'micro');
  });

  test('the profile: contacts, invite code and inviter, verification level and the latest submission', async () => {
    const profile = await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()));
    const info = await ok(h.call(endpoints.userInfo, {}, { token: ann.token }));
    expect(profile).toEqual({
      uid: ann.uid,
      nickname: info.nickname,
      email: ann.email,
      mobile: '+86 13800001111',
      invite_code: info.invite_code,
      inviter: { uid: bob.uid, nickname: expect.any(String) },
      invitees: 0,
      created_at: expect.any(Number),
      real_level: 0,
      identity: { id: expect.any(Number), level: 1, status: 'pending', reason: '', created_at: expect.any(Number), reviewed_at: null, reviewed_by: null },
      totp: false,
      passkeys: 0,
      pay_password: false,
      frozen: null,
    });
    expect((await ok(h.call(endpoints.userProfile, { uid: bob.uid }, asAlice()))).invitees).toBe(1);
    const submission = profile.identity?.id ?? 0;
    await ok(h.call(endpoints.rejectIdentity, { id: submission, reason: 'The name does not match.' }, asAlice()));
    expect((await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()))).identity).toMatchObject({ status: 'rejected', reason: 'The name does not match.', reviewed_by: 'alice' });
    expect(await h.call(endpoints.userProfile, { uid: 999_999_999 }, asAlice())).toEqual({ type: 'error', message: 'There is no user with this number.' });
  });

  test('the balances are the ones the user sees, per account and currency, as the ledger holds them', async () => {
    await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '60000' }, { token: ann.token }));
    const seen = await ok(h.call(endpoints.walletList, {}, { token: ann.token }));
    const balances = await ok(h.call(endpoints.userBalances, { uid: ann.uid }, asAlice()));
    expect(balances).toEqual(seen);
    const usdt = balances.accounts.find((account) => account.kind === 'change')?.currencies.find((currency) => currency.code === 'USDT');
    expect(usdt).toMatchObject({ available: '9400.000000', frozen: '600.000000', locked: '0.000000' });
  });

  test('the ledger: newest first with reason and reference, a page before the last entry seen, by currency or account', async () => {
    const bills = await ok(h.call(endpoints.bills, { limit: 50 }, { token: ann.token }));
    const first = await ok(h.call(endpoints.userLedger, { uid: ann.uid, limit: 3 }, asAlice()));
    expect(first.more).toBe(true);
    expect(first.data.map((line) => line.id)).toEqual(bills.data.slice(0, 3).map((bill) => bill.id));
    expect(first.data[0]).toMatchObject({ reason: 'spot_freeze', ref: expect.stringMatching(/^spot-freeze:\d+$/), code: 'USDT', kind: 'change', part: 'frozen', amount: '600.000000' });
    const rest = await ok(h.call(endpoints.userLedger, { uid: ann.uid, before: first.data[2]?.id ?? 0, limit: 50 }, asAlice()));
    expect([...first.data, ...rest.data].map((line) => line.id)).toEqual(bills.data.map((bill) => bill.id));
    expect(rest.more).toBe(false);
    const adjustments = [...first.data, ...rest.data].filter((line) => line.reason === 'adjustment');
    expect(adjustments.map((line) => [line.kind, line.amount])).toEqual([
      ['micro', '1000.000000'],
      ['lever', '5000.000000'],
      ['change', '10000.000000'],
    ]);
    for (const line of adjustments) expect(line.ref).toMatch(/^adjustment:\d+$/);
    const lever = await ok(h.call(endpoints.userLedger, { uid: ann.uid, account: 'lever' }, asAlice()));
    expect(lever.data.map((line) => line.kind)).toEqual(['lever']);
    expect((await ok(h.call(endpoints.userLedger, { uid: ann.uid, currency: BTC }, asAlice()))).data).toEqual([]);
    expect(await h.call(endpoints.userLedger, { uid: ann.uid, currency: 9999 }, asAlice())).toEqual({ type: 'error', message: 'This currency is not available.' });
    expect(await h.call(endpoints.userLedger, { uid: ann.uid, account: 'savings' }, asAlice())).toEqual({ type: 'error', message: 'Please choose an account.' });
  });

  test('the orders: open ones then finished ones of each kind, read only', async () => {
    const market = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.001' }, { token: ann.token }));
    const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10 }, { token: ann.token }));
    const option = await ok(h.call(endpoints.optionSubmit, { match_id: BTC_MARKET, currency_id: USDT, type: 'up', seconds: 60, number: '20' }, { token: ann.token }));
    const orders = await ok(h.call(endpoints.userOrders, { uid: ann.uid }, asAlice()));
    expect(orders.spot.map((order) => [order.status, order.type])).toEqual([
      ['open', 'limit'],
      ['filled', 'market'],
    ]);
    expect(orders.spot[1]).toEqual(market);
    expect(orders.positions).toEqual([position]);
    expect(orders.options).toEqual([option]);
    expect(orders.close_orders).toEqual([]);
    // Another user's page shows none of them.
    expect(await ok(h.call(endpoints.userOrders, { uid: bob.uid }, asAlice()))).toEqual({ spot: [], positions: [], close_orders: [], options: [] });
  });
});

describe('sessions', () => {
  test('listed active first with their device; one ended by the operator stops working at once, audited under its name', async () => {
    const ann = await newUser('sessions');
    h.advance(60_000);
    const laptop = await session(ann, WINDOWS);
    h.advance(60_000);
    const phone = await session(ann, ANDROID);
    const list = await ok(h.call(endpoints.userSessions, { uid: ann.uid }, asAlice()));
    expect(list.map((row) => [row.device, row.active])).toEqual([
      ['Chrome 120 · Android 14', true],
      ['Firefox 121 · Windows 10', true],
      ['', true],
    ]);
    const laptopRow = list[1];
    if (!laptopRow) throw new Error('no laptop session');
    expect(laptopRow).toMatchObject({ user_agent: WINDOWS, revoked_at: null, expires_at: laptopRow.created_at + 30 * 24 * 3_600_000 });

    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: laptop } });
    const closed = new Promise<string>((done) => socket.on('disconnect', (reason) => done(reason)));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));

    // Twenty at once: one ends it, the others are told it has ended; one audit entry.
    const answers = await times(20, () => h.call(endpoints.revokeUserSession, { uid: ann.uid, id: laptopRow.id }, asAlice()));
    expect(messages(answers)).toEqual(['The session has been ended on that device.', ...Array<string>(19).fill('This session has already ended.')].sort());
    expect(answers.filter((answer) => answer.type === 'ok')).toEqual([{ type: 'ok', message: 'The session has been ended on that device.' }]);
    expect(await closed).toBe('io server disconnect');
    expect(await works(laptop)).toBe('999');
    expect(await works(phone)).toBe('ok');
    expect(await auditOf(ann)).toMatchObject([{ operator: 'alice', action: 'revoke-session', target: `uid:${ann.uid}`, detail: `session:${laptopRow.id}` }]);
    const after = await ok(h.call(endpoints.userSessions, { uid: ann.uid }, asAlice()));
    expect(after.map((row) => row.active)).toEqual([true, true, false]);
    expect(after[2]).toMatchObject({ id: laptopRow.id, revoked_at: h.ctx.now() });
  });

  test("another user's session cannot be ended through this user's page; ending all ends every one, then there is none", async () => {
    const ann = await newUser('all');
    const bob = await newUser('other');
    const [bobSession] = await ok(h.call(endpoints.userSessions, { uid: bob.uid }, asAlice()));
    expect(await h.call(endpoints.revokeUserSession, { uid: ann.uid, id: bobSession?.id ?? 0 }, asAlice())).toEqual({ type: 'error', message: 'This session has already ended.' });
    expect(await works(bob.token)).toBe('ok');
    expect(await h.call(endpoints.revokeUserSession, { uid: ann.uid, id: 0 }, asAlice())).toEqual({ type: 'error', message: 'This record does not exist.' });

    const tokens = [ann.token, await session(ann), await session(ann, WINDOWS)];
    expect(await h.call(endpoints.revokeUserSessions, { uid: ann.uid }, asAlice())).toEqual({ type: 'ok', message: 'Sessions ended: 3.' });
    for (const token of tokens) expect(await works(token)).toBe('999');
    expect(await works(bob.token)).toBe('ok');
    expect(await h.call(endpoints.revokeUserSessions, { uid: ann.uid }, asAlice())).toEqual({ type: 'error', message: 'This user has no active session.' });
    const entries = await auditOf(ann);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operator: 'alice', action: 'revoke-sessions' });
    expect(entries[0]?.detail.split(' ')).toHaveLength(3);
    // The user logs in again as usual.
    expect(await works(await session(ann))).toBe('ok');
  });
});

describe('freezing an account', () => {
  test('ends its sessions and sockets at once, refuses its login in the user’s language and keeps its money, orders and positions', async () => {
    const ann = await newUser('frozen');
    await fund(h, ann.uid, 'USDT', '5000', 'lever');
    await fund(h, ann.uid, 'USDT', '1000');
    const order = await ok(h.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '60000' }, { token: ann.token }));
    const position = await ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, direction: 'buy', share: 1, multiple: 10 }, { token: ann.token }));
    await ok(h.call(endpoints.leverSetStop, { id: position.id, stop_loss_price: '95000' }, { token: ann.token }));
    const laptop = await session(ann, WINDOWS);
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: laptop } });
    const closed = new Promise<string>((done) => socket.on('disconnect', (reason) => done(reason)));
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const balances = await ok(h.call(endpoints.userBalances, { uid: ann.uid }, asAlice()));
    const orders = await ok(h.call(endpoints.userOrders, { uid: ann.uid }, asAlice()));

    const at = h.ctx.now();
    expect(await freeze(ann)).toEqual({ type: 'ok', message: 'The account is frozen: every session has ended and it cannot log in.' });
    expect(await closed).toBe('io server disconnect');
    for (const token of [ann.token, laptop]) expect(await works(token)).toBe('999');
    expect(await login(ann)).toEqual({ type: 'error', message: 'This account is frozen. Please contact customer service.' });
    expect(await login(ann, { lang: 'fra' })).toEqual({ type: 'error', message: 'Ce compte est gelé. Veuillez contacter le service client.' });
    // A wrong password says only that: the account's state is told to whoever holds its password.
    expect(await login(ann, { password: 'wrong-password' })).toEqual({ type: 'error', message: 'The account or password is incorrect.' });

    expect((await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()))).frozen).toEqual({ at, reason: 'Reported stolen by its owner on the phone.', by: 'alice' });
    expect(await ok(h.call(endpoints.userBalances, { uid: ann.uid }, asAlice()))).toEqual(balances);
    expect(await ok(h.call(endpoints.userOrders, { uid: ann.uid }, asAlice()))).toEqual(orders);
    expect(orders.spot[0]).toMatchObject({ id: order.id, status: 'open' });
    expect(orders.positions[0]).toMatchObject({ id: position.id, status: 'open' });
    // The open position still follows the market: the first trade through its stop closes it, frozen owner or not.
    await tradeAt(h, BTC_MARKET, 94_000);
    const closedPosition = (await ok(h.call(endpoints.userOrders, { uid: ann.uid }, asAlice()))).positions[0];
    expect(closedPosition).toMatchObject({ id: position.id, status: 'closed', close_reason: 'stop_loss' });
    expect((await ok(h.call(endpoints.searchUsers, { frozen: '1', query: ann.email }, asAlice()))).data).toMatchObject([{ uid: ann.uid, frozen_at: at }]);
    expect(await auditOf(ann)).toMatchObject([{ operator: 'alice', action: 'freeze-user', target: `uid:${ann.uid}`, detail: 'Reported stolen by its owner on the phone.', at }]);

    // Unfrozen, the user logs in again; the sessions the freeze ended stay ended.
    expect(await unfreeze(ann)).toEqual({ type: 'ok', message: 'The account is unfrozen: the user can log in again.' });
    expect(await works(laptop)).toBe('999');
    expect(await works(await session(ann))).toBe('ok');
    expect((await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()))).frozen).toBeNull();
    expect((await auditOf(ann)).map((entry) => `${entry.operator} ${entry.action} ${entry.detail}`)).toEqual([
      'alice unfreeze-user The owner proved who they are.',
      'alice freeze-user Reported stolen by its owner on the phone.',
    ]);
  });

  test('a withdrawal asked before the freeze is not sent while frozen: refused, still pending with its amount held; rejected, the amount returns', async () => {
    const ann = await newUser('payout');
    await fund(h, ann.uid, 'USDT', '500');
    await setPayPassword(h, ann.token, ann.email);
    await verifyIdentity(h, ann.token);
    await ok(h.call(endpoints.withdraw, { currency: USDT, network: 'TRC20', address: TRON, amount: '200', pay_password: '246810' }, { token: ann.token }));
    const withdrawal = await h.ctx.db.selectFrom('withdrawals').select(['id', 'status']).where('user_id', '=', ann.id).executeTakeFirstOrThrow();
    const queued = async () => (await ok(h.call(endpoints.operatorPending, {}, asAlice()))).withdrawals.find((row) => row.id === withdrawal.id);
    expect(await queued()).toMatchObject({ uid: ann.uid, frozen: false });
    await ok(freeze(ann));
    // The queue says so before anyone presses approve.
    expect(await queued()).toMatchObject({ uid: ann.uid, frozen: true });

    const refused = await times(5, () => h.call(endpoints.approveWithdrawal, { id: withdrawal.id, txid: 'tx-frozen' }, asAlice()));
    expect(refused.map((answer) => answer.type)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(refused[0]?.message).toBe('This account is frozen, so its withdrawal cannot be sent: reject it (the amount returns to the account) or unfreeze the account first.');
    expect(await h.ctx.db.selectFrom('withdrawals').select('status').where('id', '=', withdrawal.id).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });
    expect(await usdtParts(ann)).toEqual({ available: '300', frozen: '200' });

    expect(await h.call(endpoints.rejectWithdrawal, { id: withdrawal.id, reason: 'The account is frozen.' }, asAlice())).toMatchObject({ type: 'ok' });
    expect(await usdtParts(ann)).toEqual({ available: '500', frozen: '0' });
  });

  test('a token made before the freeze by a login that had just checked the account opens nothing', async () => {
    const ann = await newUser('late');
    await ok(freeze(ann));
    // As a login that checked the account a moment before the freeze committed would have left it.
    const token = await h.ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ frozen_at: null }).where('id', '=', ann.id).execute();
      const made = await createSession(h.ctx, ann.id, '10.0.0.1', ANDROID, trx);
      await trx.updateTable('users').set({ frozen_at: h.ctx.now() }).where('id', '=', ann.id).execute();
      return made;
    });
    expect(await works(token)).toBe('999');
    expect(await h.call(endpoints.sessions, {}, { token })).toEqual({ type: '999', message: 'Your session has ended. Please log in again.' });
  });

  test('a password reset is refused and its code stays unused until the account is unfrozen', async () => {
    const ann = await newUser('reset');
    await ok(freeze(ann));
    await ok(h.call(endpoints.sendCode, { user_string: ann.email, scene: 'forget' }, { ip: ip() }));
    const code = await h.codeFor(ann.email);
    const reset = { account: ann.email, code, password: 'another-pass', repassword: 'another-pass' };
    expect(await h.call(endpoints.forgotPassword, reset)).toEqual({ type: 'error', message: 'This account is frozen. Please contact customer service.' });
    expect(await login(ann, { password: 'another-pass' })).toEqual({ type: 'error', message: 'The account or password is incorrect.' });
    await ok(unfreeze(ann));
    expect((await h.call(endpoints.forgotPassword, reset)).type).toBe('ok');
    expect(await login(ann)).toEqual({ type: 'error', message: 'The account or password is incorrect.' });
    expect((await login(ann, { password: 'another-pass' })).type).toBe('ok');
  });

  test('with the authenticator app on: refused at the password, and a code step begun before the freeze makes no session', async () => {
    const ann = await newUser('totp');
    const { secret } = await ok(h.call(endpoints.totpSetup, {}, { token: ann.token }));
    const codeAt = (at: number) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
    await ok(h.call(endpoints.totpEnable, { current_password: PASSWORD, totp_code: codeAt(h.ctx.now()) }, { token: ann.token }));
    h.advance(30_000);
    const step = await ok(login(ann));
    if (typeof step === 'string') throw new Error('no code step');
    await ok(freeze(ann));
    const code = codeAt(h.ctx.now());
    expect(await h.call(endpoints.loginTotp, { challenge: step.challenge, totp_code: code }, { ip: ip() })).toEqual({
      type: 'error',
      message: 'This account is frozen. Please contact customer service.',
    });
    expect(await login(ann)).toEqual({ type: 'error', message: 'This account is frozen. Please contact customer service.' });
    // Nothing was used up: unfrozen, the same challenge and code log in.
    await ok(unfreeze(ann));
    const token = await ok(h.call(endpoints.loginTotp, { challenge: step.challenge, totp_code: code }, { ip: ip() }));
    expect(await works(token)).toBe('ok');
  });

  test('twice at once: one freezes, the others are told it is frozen already; one audit entry; the same for unfreezing', async () => {
    const ann = await newUser('twice');
    const frozen = await times(20, (i) => freeze(ann, `Reason number ${i}.`));
    expect(messages(frozen)).toEqual(['The account is frozen: every session has ended and it cannot log in.', ...Array<string>(19).fill('This account is already frozen.')].sort());
    const entries = await auditOf(ann);
    expect(entries).toHaveLength(1);
    const winner = frozen.findIndex((answer) => answer.type === 'ok');
    expect(entries[0]).toMatchObject({ action: 'freeze-user', detail: `Reason number ${winner}.` });
    expect((await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()))).frozen?.reason).toBe(`Reason number ${winner}.`);

    const unfrozen = await times(20, () => unfreeze(ann));
    expect(messages(unfrozen)).toEqual(['The account is unfrozen: the user can log in again.', ...Array<string>(19).fill('This account is not frozen.')].sort());
    expect((await auditOf(ann)).map((entry) => entry.action)).toEqual(['unfreeze-user', 'freeze-user']);
  });

  test('bad input changes nothing: no reason, markup, an unknown user, unfreezing what is not frozen', async () => {
    const ann = await newUser('bad');
    expect(await h.call(endpoints.freezeUser, { uid: ann.uid }, asAlice())).toEqual({ type: 'error', message: 'Reason is required.' });
    expect(await h.call(endpoints.freezeUser, { uid: ann.uid, reason: '   ' }, asAlice())).toEqual({ type: 'error', message: 'Reason is required.' });
    expect(await h.call(endpoints.freezeUser, { uid: ann.uid, reason: '<b>stolen</b>' }, asAlice())).toEqual({ type: 'error', message: 'Reason cannot contain <, > or control characters.' });
    expect(await h.call(endpoints.freezeUser, { uid: 999_999_999, reason: 'Stolen.' }, asAlice())).toEqual({ type: 'error', message: 'There is no user with this number.' });
    expect(await h.call(endpoints.freezeUser, { uid: -4, reason: 'Stolen.' }, asAlice())).toMatchObject({ type: 'error' });
    expect(await unfreeze(ann)).toEqual({ type: 'error', message: 'This account is not frozen.' });
    expect(await h.call(endpoints.unfreezeUser, { uid: ann.uid }, asAlice())).toEqual({ type: 'error', message: 'Reason is required.' });
    expect(await works(ann.token)).toBe('ok');
    expect((await ok(h.call(endpoints.userProfile, { uid: ann.uid }, asAlice()))).frozen).toBeNull();
    expect(await auditOf(ann)).toEqual([]);
  });

  test("a user's token gets nothing from these endpoints, whatever header carries it", async () => {
    const ann = await newUser('nosy');
    const carriers: Record<string, string>[] = [{ 'x-operator-token': ann.token }, { authorization: ann.token }];
    for (const endpoint of [endpoints.searchUsers, endpoints.userProfile, endpoints.userLedger, endpoints.userSessions, endpoints.freezeUser, endpoints.revokeUserSessions]) {
      for (const headers of carriers) {
        expect(await h.call(endpoint, { uid: ann.uid, reason: 'mine' }, { headers })).toEqual({ type: '999', message: 'This needs an operator.' });
      }
    }
    expect(await works(ann.token)).toBe('ok');
    expect(await auditOf(ann)).toEqual([]);
  });
});
