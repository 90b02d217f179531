import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';
import { LISTED_FIRST_ID, runIeo, seedDemoProjects } from './ieo';

/**
 * IEO subscriptions through the API: projects an operator offers, subscriptions frozen
 * in the coin account up to a cap, the allocation once the window ends (pro rata when
 * oversubscribed, worked here by hand), the lock and its release, and the token's
 * listing as a market of its own; each job once, across a restart too.
 */
const USDT = 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
let ann: string;
let bob: string;
let cat: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  bob = await h.registerUser('bob@example.com');
  cat = await h.registerUser('cat@example.com');
  for (const token of [ann, bob, cat]) await fund(h, await uidOf(h, token), 'USDT', '10000', 'change');
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Project = InputOf<typeof endpoints.createProject>;
const project = (overrides: Partial<Project> = {}, server = h): Project => ({
  name: 'Kestrel Token',
  token: 'KEST',
  token_name: 'Kestrel',
  token_precision: 4,
  pay_currency_id: USDT,
  issue_price: '0.05',
  total_issuance: '100000',
  max_per_user: '80000',
  lock_days: 7,
  start_at: server.ctx.now(),
  end_at: server.ctx.now() + DAY,
  list_at: server.ctx.now() + DAY + HOUR,
  white_paper: 'https://example.com/kest.pdf',
  website: 'https://example.com/kest',
  intro: 'A token.',
  ...overrides,
});
const create = async (overrides: Partial<Project> = {}, server = h) => (await ok(server.call(endpoints.createProject, project(overrides, server), { operator: true }))).id;
const subscribe = (token: string, project_id: number, amount: string, extra: Record<string, unknown> = {}, server = h) =>
  server.call(endpoints.ieoSubscribe, { project_id, amount, pay_currency: USDT, price: '0.05', ...extra }, { token });
const detail = async (id: number) => ok(h.call(endpoints.ieoProject, { project_id: id }, {}));
const usdt = (token: string) => balance(h, token, USDT, 'change');
const jobs = () => runIeo(h.ctx);

describe('projects', () => {
  test('an operator offers a project: its token is a new coin, its state follows the clock', async () => {
    const id = await create({ start_at: h.ctx.now() + HOUR });
    const token = h.ctx.catalogue.currencyByCodeOf('KEST');
    expect(token).toMatchObject({ id: LISTED_FIRST_ID, precision: 4, kind: 'crypto' });
    expect(await detail(id)).toMatchObject({
      name: 'Kestrel Token',
      token: 'KEST',
      pay_code: 'USDT',
      issue_price: '0.05',
      total_issuance: '100000',
      remaining: '100000',
      subscribed: '0',
      progress: '0',
      status: 'warmup',
      applications: 0,
      passes: 0,
      market_id: null,
    });
    h.advance(HOUR);
    expect((await detail(id)).status).toBe('progress');
    h.advance(DAY);
    expect((await detail(id)).status).toBe('ended');
    expect((await ok(h.call(endpoints.ieoProjects, {}, {}))).data.map((row) => row.id)).toEqual([id]);
  });

  test('bad offers are refused with a reason and create nothing', async () => {
    const refusals: [Partial<Project>, string][] = [
      [{ token: 'BTC' }, 'A coin named BTC exists already.'],
      [{ pay_currency_id: 1 }, 'IEO subscriptions are paid in USDT, the market the token lists against.'],
      [{ issue_price: '0.00005' }, 'The issue price must be more than 0 with at most 2 decimals.'],
      [{ token_precision: 7 }, 'The token may have at most 6 decimals.'],
      [{ max_per_user: '200000' }, 'The total issuance and the cap per user must be more than 0 with at most 4 decimals, the cap no more than the total.'],
      [{ total_issuance: '1.00001' }, 'The total issuance and the cap per user must be more than 0 with at most 4 decimals, the cap no more than the total.'],
      [{ end_at: h.ctx.now() - 1 }, 'The subscription must end in the future, after it starts, and no later than the time to market.'],
      [{ list_at: h.ctx.now() + HOUR }, 'The subscription must end in the future, after it starts, and no later than the time to market.'],
      [{ token: 'kest' }, 'The token code is 2 to 10 capital letters or digits, starting with a letter.'],
      [{ white_paper: 'javascript:alert(1)' }, 'Please enter an https:// link.'],
    ];
    for (const [overrides, message] of refusals) expect(await h.call(endpoints.createProject, project(overrides), { operator: true })).toEqual({ type: 'error', message });
    expect(await h.ctx.db.selectFrom('ieo_projects').select('id').execute()).toEqual([]);
    expect(h.ctx.catalogue.currencies.some((currency) => currency.code === 'KEST')).toBe(false);
    // Nobody but an operator offers one.
    expect((await h.call(endpoints.createProject, project(), { token: ann })).type).not.toBe('ok');
  });
});

describe('subscribing', () => {
  test('the payment is frozen; bad subscriptions are refused and change nothing', async () => {
    const id = await create();
    const order = await ok(subscribe(ann, id, '1000'));
    expect(order).toMatchObject({ amount: '1000.0000', price: '0.05', paid: '50.000000', status: 'pending', allocated: null, project: { subscribed: '1000', applications: 1 } });
    expect(await usdt(ann)).toMatchObject({ available: '9950.000000', frozen: '50.000000' });

    const before = await usdt(ann);
    const refusals: [string, Record<string, unknown>, string][] = [
      ['0', {}, 'Please enter an amount more than 0 with at most 4 decimals.'],
      ['1.00001', {}, 'Please enter an amount more than 0 with at most 4 decimals.'],
      ['79001', {}, 'You can subscribe to at most 79,000 KEST more.'],
      ['10', { price: '0.04' }, 'The issue price is 0.05 USDT. Please check and try again.'],
      ['10', { pay_currency: 1 }, 'This project is paid in USDT.'],
      ['10', { project_id: 999 }, 'This project is not open for subscription.'],
      ['-5', {}, 'Please enter a correct amount.'],
    ];
    for (const [amount, extra, message] of refusals) expect(await subscribe(ann, id, amount, extra)).toEqual({ type: 'error', message });
    expect(await usdt(ann)).toEqual(before);
    const poor = await h.registerUser('poor@example.com');
    expect(await subscribe(poor, id, '10')).toEqual({ type: 'error', message: 'Insufficient balance.' });

    // Warm-up and after the end: closed.
    const later = await create({ token: 'LATE', start_at: h.ctx.now() + HOUR });
    expect(await subscribe(ann, later, '10')).toEqual({ type: 'error', message: 'This project is not open for subscription.' });
    h.advance(DAY);
    expect(await subscribe(ann, id, '10')).toEqual({ type: 'error', message: 'This project is not open for subscription.' });
    expect((await ok(h.call(endpoints.ieoOrders, {}, { token: ann }))).data.map((row) => row.id)).toEqual([order.id]);
  });

  test('the cap holds when the same subscription is sent 200 times at once; a request id makes one', async () => {
    const id = await create({ max_per_user: '1000' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => subscribe(ann, id, '300')));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(3);
    expect(new Set(answers.filter((answer) => answer.type !== 'ok').map((answer) => answer.message))).toEqual(new Set(['You can subscribe to at most 100 KEST more.']));
    expect(await usdt(ann)).toMatchObject({ available: '9955.000000', frozen: '45.000000' });

    const twice = await Promise.all(Array.from({ length: 20 }, () => subscribe(bob, id, '10', { request_id: 'ieo-request-0001' })));
    expect(new Set(twice.map((answer) => (answer.type === 'ok' ? answer.message.id : answer.message))).size).toBe(1);
    expect(await usdt(bob)).toMatchObject({ frozen: '0.500000' });
  });
});

describe('allocation', () => {
  test('oversubscribed: pro rata rounded down, the rest of each payment returned, tokens locked; once', async () => {
    const id = await create({ total_issuance: '100000', max_per_user: '100000' });
    // 150,000 asked for 100,000: two thirds each, rounded down to 4 decimals.
    const a = await ok(subscribe(ann, id, '100000'));
    const b = await ok(subscribe(bob, id, '33333.3333'));
    const c = await ok(subscribe(cat, id, '16666.6667'));
    expect(await detail(id)).toMatchObject({ subscribed: '150000', remaining: '0', progress: '1.5', applications: 3 });
    expect(await jobs()).toEqual({ allocated: 0, listed: 0, released: 0 });

    h.advance(DAY);
    expect(await jobs()).toMatchObject({ allocated: 1 });
    expect(await jobs()).toEqual({ allocated: 0, listed: 0, released: 0 });
    // By hand: 100000 x 100000 / 150000 = 66666.66666... -> 66666.6666 (cost 3333.33333, returned 1666.66667);
    // 33333.3333 x 2/3 = 22222.2222 (cost 1111.11111); 16666.6667 x 2/3 = 11111.11113333... -> 11111.1111 (cost 555.555555).
    const expected = [
      { order: a, token: ann, allocated: '66666.6666', cost: '3333.333330', refund: '1666.666670' },
      { order: b, token: bob, allocated: '22222.2222', cost: '1111.111110', refund: '555.555555' },
      { order: c, token: cat, allocated: '11111.1111', cost: '555.555555', refund: '277.777780' },
    ];
    const kest = h.ctx.catalogue.currencyByCodeOf('KEST').id;
    for (const row of expected) {
      const [mine] = (await ok(h.call(endpoints.ieoOrders, { project_id: id }, { token: row.token }))).data;
      expect(mine).toMatchObject({ id: row.order.id, status: 'allocated', allocated: row.allocated, cost: row.cost, refund: row.refund, release_at: h.ctx.now() + 7 * DAY });
      expect(new Money(row.cost).plus(row.refund).toFixed(6)).toBe(row.order.paid);
      expect(await usdt(row.token)).toMatchObject({ available: new Money(10000).minus(row.cost).toFixed(6), frozen: '0.000000' });
      expect(await balance(h, row.token, kest, 'change')).toMatchObject({ available: '0.0000', locked: row.allocated });
    }
    // What rounding leaves, 0.0001 KEST, stays with the house: 99999.9999 issued.
    const issued = expected.reduce((total, row) => total.plus(row.allocated), new Money(0));
    expect(issued.toFixed()).toBe('99999.9999');
    expect(await detail(id)).toMatchObject({ passes: 3, applications: 3 });
    expect(await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'ieo-allocate').orderBy('ref_id').execute()).toHaveLength(3);

    // The lock ends after 7 days: the tokens are free, once.
    h.advance(7 * DAY);
    expect(await jobs()).toMatchObject({ released: 3 });
    expect(await jobs()).toMatchObject({ released: 0 });
    expect(await balance(h, ann, kest, 'change')).toMatchObject({ available: '66666.6666', locked: '0.0000' });
    expect((await ok(h.call(endpoints.ieoOrders, {}, { token: ann }))).data[0]).toMatchObject({ status: 'released' });
  });

  test('undersubscribed: everyone gets what was asked; the rest is never issued', async () => {
    const id = await create({ lock_days: 0 });
    await ok(subscribe(ann, id, '2000'));
    await ok(subscribe(ann, id, '500.5'));
    h.advance(DAY);
    await jobs();
    const kest = h.ctx.catalogue.currencyByCodeOf('KEST').id;
    // No lock: free at once.
    expect(await balance(h, ann, kest, 'change')).toMatchObject({ available: '2500.5000', locked: '0.0000' });
    expect(await usdt(ann)).toMatchObject({ available: '9874.975000', frozen: '0.000000' });
    expect(await detail(id)).toMatchObject({ remaining: '97499.5', passes: 2 });
  });
});

describe('listing', () => {
  test('at time to market the token trades against USDT, opening at the issue price, and survives a restart', async () => {
    await h.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-ieo-'));
    try {
      h = await createHarness({}, { persist: dir });
      ann = await h.registerUser('ann@example.com');
      await fund(h, await uidOf(h, ann), 'USDT', '1000', 'change');
      const id = await create({ lock_days: 0 });
      await ok(subscribe(ann, id, '4000'));
      h.advance(DAY);
      expect(await jobs()).toMatchObject({ allocated: 1, listed: 0 });
      expect((await detail(id)).market_id).toBeNull();
      // Without a market the token has no price: it cannot be converted yet.
      const convertible = async () => (await ok(h.call(endpoints.exchangeList, {}, { token: ann }))).map((coin) => coin.code);
      expect(await convertible()).not.toContain('KEST');
      h.advance(HOUR);
      expect(await jobs()).toMatchObject({ listed: 1 });
      expect(await jobs()).toMatchObject({ listed: 0 });

      const listed = await detail(id);
      expect(listed).toMatchObject({ market_id: LISTED_FIRST_ID, symbol: 'KEST/USDT', listed_at: h.ctx.now() });
      const quotes = await ok(h.call(endpoints.quotations, {}, {}));
      const row = quotes.groups.flatMap((group) => group.markets).find((market) => market.symbol === 'KEST/USDT');
      expect(row).toMatchObject({ id: LISTED_FIRST_ID, last: 0.05, contract: false, price_precision: 6, qty_precision: 0 });
      expect(await convertible()).toContain('KEST');
      // Ann sells her tokens on the new market.
      await tradeAt(h, LISTED_FIRST_ID, 0.051);
      const sold = await ok(h.call(endpoints.spotTrade, { currency_id: LISTED_FIRST_ID, legal_id: USDT, type: 'sell', amount: '1000' }, { token: ann }));
      expect(sold).toMatchObject({ amount: '1000', filled: '1000', status: 'filled' });
      const kest = h.ctx.catalogue.currencyByCodeOf('KEST').id;
      expect((await balance(h, ann, kest, 'change')).available).toBe('3000.0000');
      await h.close();

      // After a restart the market runs again at its last price, and nothing is allocated or listed twice.
      h = await createHarness({}, { persist: dir, start: h.ctx.now() + HOUR });
      expect(h.ctx.market.engine.has(LISTED_FIRST_ID)).toBe(true);
      expect(h.ctx.catalogue.market(LISTED_FIRST_ID).symbol).toBe('KEST/USDT');
      expect(await jobs()).toEqual({ allocated: 0, listed: 0, released: 0 });
      expect(await h.ctx.db.selectFrom('markets').select('id').where('symbol', '=', 'KEST/USDT').execute()).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the demo seeds one project in progress and one warming up, once', async () => {
    expect(await seedDemoProjects(h.ctx)).toBe(2);
    expect(await seedDemoProjects(h.ctx)).toBe(0);
    const list = (await ok(h.call(endpoints.ieoProjects, {}, {}))).data;
    expect(list.map((row) => [row.token, row.status])).toEqual([
      ['KEST', 'progress'],
      ['HBR', 'warmup'],
    ]);
  });
});
