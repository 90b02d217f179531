import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { Money } from '../../contract/money';
import { runIeo } from '../finance/ieo';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';
import { balance } from '../testing/wallet';

/**
 * The operator API under the console's dual investment and IEO tabs: every product of
 * every state with what its records hold (shares sold, orders, buyers, the amount
 * subscribed, the trade a settled one used), every project with its stage, subscribers
 * and the amount raised; filters and pages; offers, withdrawals and projects audited
 * in the step that makes them (a refused one leaves no entry); a product whose holding
 * period has started cannot be withdrawn (the market settles it), and a withdrawal sent
 * ten times at once refunds once.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;
const ETH_MARKET = 2;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let h: Harness;
let ann: string;
let bob: string;
let alice: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  bob = await h.registerUser('bob@example.com');
  for (const token of [ann, bob]) {
    await fund(h, await uidOf(h, token), 'BTC', '1', 'change');
    await fund(h, await uidOf(h, token), 'USDT', '10000', 'change');
  }
  alice = (await ok(h.call(endpoints.addOperator, { name: 'alice' }, { operator: true }))).token;
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const asAlice = () => ({ headers: { 'x-operator-token': alice } });
type Offer = InputOf<typeof endpoints.createDual>;
const offer = async (input: Partial<Offer> = {}) =>
  (
    await ok(
      h.call(
        endpoints.createDual,
        { market_id: BTC_MARKET, type: 'call', unit_price: '0.01', apr: '0.365', linked_price: '100000', days: 7, subscribe_until: h.ctx.now() + HOUR, total_shares: 100, ...input },
        asAlice(),
      ),
    )
  ).id;
const products = async (input: InputOf<typeof endpoints.operatorDualProducts> = {}) => ok(h.call(endpoints.operatorDualProducts, input, asAlice()));
const auditOf = async (target: string) => (await ok(h.call(endpoints.auditLog, { target }, { operator: true }))).data;

describe('dual products', () => {
  test('every state with shares sold, orders, buyers and the amount subscribed; a settled one with the trade it used; filters and pages', async () => {
    const settles = await offer({ days: 1, linked_price: '97000' });
    const closes = await offer({ type: 'put', unit_price: '100', linked_price: '90000' });
    await ok(h.call(endpoints.dualBuy, { id: settles, num: 3 }, { token: ann }));
    await ok(h.call(endpoints.dualBuy, { id: settles, num: 2 }, { token: bob }));
    await ok(h.call(endpoints.dualBuy, { id: settles, num: 1 }, { token: ann }));
    await ok(h.call(endpoints.dualBuy, { id: closes, num: 4 }, { token: bob }));
    await ok(h.call(endpoints.closeDual, { id: closes }, asAlice()));
    h.advance(HOUR + DAY);
    await replayPrices(h, BTC_MARKET, [96_500], 1000);
    // Offered after the first two: one holding (its purchases closed), one open.
    const holds = await offer({ subscribe_until: h.ctx.now() + 1000 });
    const open = await offer({ market_id: ETH_MARKET, unit_price: '0.1', linked_price: '4000' });
    h.advance(2000);

    const all = await products();
    expect(all.data.map((product) => [product.id, product.status])).toEqual([
      [open, 'open'],
      [holds, 'holding'],
      [closes, 'closed'],
      [settles, 'settled'],
    ]);
    const byId = new Map(all.data.map((product) => [product.id, product]));
    expect(byId.get(settles)).toMatchObject({
      symbol: 'BTC/USDT',
      type: 'call',
      total_shares: 100,
      sold_shares: 6,
      remaining_shares: 94,
      orders: 3,
      buyers: 2,
      subscribed: '0.06000000',
      invest_code: 'BTC',
    });
    expect(byId.get(closes)).toMatchObject({ type: 'put', sold_shares: 4, orders: 1, buyers: 1, subscribed: '400.000000', invest_code: 'USDT', settle_tick: null });
    expect(byId.get(closes)?.settled_at).toEqual(expect.any(Number));
    expect(byId.get(open)).toMatchObject({ symbol: 'ETH/USDT', sold_shares: 0, orders: 0, buyers: 0, subscribed: '0.00000000', settle_tick: null, settled_at: null });

    // The settled one names the trade its settlement stored: the one the buyers were paid at.
    const tick = byId.get(settles)?.settle_tick;
    const stored = await h.ctx.db.selectFrom('dual_products').select(['settle_tick', 'settled_at']).where('id', '=', settles).executeTakeFirstOrThrow();
    expect(tick).toEqual(JSON.parse(stored.settle_tick ?? 'null'));
    expect(tick).toEqual({ market_id: BTC_MARKET, seq: expect.any(Number), price: expect.any(String), time: stored.settled_at });
    const [annOrder] = (await ok(h.call(endpoints.dualOrders, { status: 'closed' }, { token: ann }))).data;
    expect(annOrder?.settle_tick).toEqual(tick);

    for (const [status, ids] of [
      ['open', [open]],
      ['holding', [holds]],
      ['settling', []],
      ['settled', [settles]],
      ['closed', [closes]],
    ] as const) {
      expect(
        (await products({ status })).data.map((product) => product.id),
        status,
      ).toEqual(ids);
    }
    const first = await products({ limit: 3 });
    expect([first.data.length, first.more]).toEqual([3, true]);
    const second = await products({ limit: 3, page: 2 });
    expect([second.data.map((product) => product.id), second.more]).toEqual([[settles], false]);

    // The markets a product may be offered on, from the catalogue, with the feed's last price.
    const btc = all.markets.find((market) => market.id === BTC_MARKET);
    expect(btc).toEqual({
      id: BTC_MARKET,
      symbol: 'BTC/USDT',
      base: 'BTC',
      quote: 'USDT',
      base_precision: 8,
      quote_precision: 6,
      price_precision: 2,
      last: new Money(h.ctx.market.view.lastPrice(BTC_MARKET)).toFixed(2),
    });
    expect(all.markets).toHaveLength(h.ctx.catalogue.markets.length);
  });

  test('a settling product (maturity reached, no trade yet) is its own state', async () => {
    const id = await offer({ days: 1 });
    h.advance(HOUR + DAY);
    expect((await products({ status: 'settling' })).data.map((product) => [product.id, product.status])).toEqual([[id, 'settling']]);
  });

  test('offers and withdrawals are audited under the operator who made them, with the change; a refused one leaves no entry', async () => {
    const id = await offer();
    await ok(h.call(endpoints.dualBuy, { id, num: 2 }, { token: ann }));
    await ok(h.call(endpoints.closeDual, { id }, asAlice()));
    const entries = await auditOf(`dual:${id}`);
    expect(entries.map((entry) => [entry.operator, entry.action])).toEqual([
      ['alice', 'close-dual'],
      ['alice', 'create-dual'],
    ]);
    expect(entries[0]?.detail).toBe('refunded=1');
    expect(JSON.parse(entries[1]?.detail ?? '{}')).toMatchObject({ market_id: BTC_MARKET, type: 'call', unit_price: '0.01', total_shares: 100 });

    const before = await h.ctx.db.selectFrom('operator_actions').select('id').execute();
    const refused = await h.call(
      endpoints.createDual,
      { market_id: BTC_MARKET, type: 'call', unit_price: '0.000000001', apr: '0.1', linked_price: '1', days: 1, subscribe_until: h.ctx.now() + HOUR, total_shares: 1 },
      asAlice(),
    );
    expect(refused).toEqual({ type: 'error', message: 'The unit price must be more than 0 with at most 8 decimals.' });
    expect(await h.call(endpoints.closeDual, { id: 999_999 }, asAlice())).toEqual({ type: 'error', message: 'This product is no longer open for purchase.' });
    expect(await h.ctx.db.selectFrom('operator_actions').select('id').execute()).toEqual(before);
  });

  test('once the holding period starts a product cannot be withdrawn: it stays for the market to settle, the orders locked', async () => {
    const id = await offer();
    await ok(h.call(endpoints.dualBuy, { id, num: 5 }, { token: ann }));
    h.advance(HOUR);
    const before = await balance(h, ann, BTC, 'change');
    expect(await h.call(endpoints.closeDual, { id }, asAlice())).toEqual({
      type: 'error',
      message: "Only a product still open for purchase can be withdrawn: once its holding period starts, the market's price at maturity settles it.",
    });
    expect(await balance(h, ann, BTC, 'change')).toEqual(before);
    expect(before.locked).toBe('0.05000000');
    expect((await products()).data[0]).toMatchObject({ id, status: 'holding', sold_shares: 5 });
    expect(await auditOf(`dual:${id}`)).toHaveLength(1);
  });

  test('a withdrawal sent ten times at once refunds once and is audited once', async () => {
    const id = await offer();
    await ok(h.call(endpoints.dualBuy, { id, num: 10 }, { token: ann }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => h.call(endpoints.closeDual, { id }, asAlice())));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(await balance(h, ann, BTC, 'change')).toMatchObject({ available: '1.00000000', locked: '0.00000000' });
    expect(await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'dual-refund').execute()).toHaveLength(1);
    expect((await auditOf(`dual:${id}`)).map((entry) => entry.action)).toEqual(['close-dual', 'create-dual']);
  });

  test('a state that is not one is refused in the operator language', async () => {
    expect(await h.call(endpoints.operatorDualProducts, { status: 'won' }, asAlice())).toEqual({ type: 'error', message: 'Please choose a listed option.' });
    expect(await h.call(endpoints.operatorDualProducts, {}, { token: ann })).toMatchObject({ type: '999' });
  });
});

describe('IEO projects', () => {
  type Project = InputOf<typeof endpoints.createProject>;
  const create = async (overrides: Partial<Project>) =>
    (
      await ok(
        h.call(
          endpoints.createProject,
          {
            name: 'Harbor Network',
            token: 'HBR',
            token_name: 'Harbor',
            token_precision: 2,
            pay_currency_id: USDT,
            issue_price: '0.5',
            total_issuance: '1000',
            max_per_user: '800',
            lock_days: 1,
            start_at: h.ctx.now(),
            end_at: h.ctx.now() + DAY,
            list_at: h.ctx.now() + DAY + HOUR,
            white_paper: 'https://example.com/hbr.pdf',
            website: 'https://example.com/hbr',
            intro: 'A token.',
            ...overrides,
          },
          asAlice(),
        ),
      )
    ).id;
  const projects = async (input: InputOf<typeof endpoints.operatorIeoProjects> = {}) => ok(h.call(endpoints.operatorIeoProjects, input, asAlice()));
  const subscribe = (token: string, project_id: number, amount: string) =>
    ok(h.call(endpoints.ieoSubscribe, { project_id, amount, pay_currency: USDT, price: '0.5', request_id: crypto.randomUUID().replace(/-/g, '') }, { token }));

  test('each stage of the lifecycle with subscriptions, subscribers, tokens asked and allocated and the amount raised; filters and pages', async () => {
    const sold = await create({});
    const later = await create({ token: 'LTR', name: 'Later', start_at: h.ctx.now() + 2 * DAY, end_at: h.ctx.now() + 3 * DAY, list_at: h.ctx.now() + 4 * DAY });
    await subscribe(ann, sold, '700');
    await subscribe(ann, sold, '100');
    await subscribe(bob, sold, '800');

    let listed = await projects();
    expect(listed.pay_currencies).toEqual([{ id: USDT, code: 'USDT', precision: 6 }]);
    expect(listed.data.map((project) => [project.id, project.stage])).toEqual([
      [later, 'upcoming'],
      [sold, 'subscribing'],
    ]);
    // Before the allocation: the payments frozen, 1,600 tokens x 0.5.
    expect(listed.data[1]).toMatchObject({
      token: 'HBR',
      token_name: 'Harbor',
      subscribed: '1600',
      applications: 3,
      subscribers: 2,
      passes: 0,
      raised: '800.000000',
      allocated_at: null,
      symbol: null,
    });

    h.advance(DAY);
    expect((await projects({ stage: 'allocating' })).data.map((project) => project.id)).toEqual([sold]);
    await runIeo(h.ctx);
    // Oversubscribed 1,600 for 1,000: ann 500 (437.5 + 62.5), bob 500; what they cost is what was raised.
    listed = await projects({ stage: 'allocated' });
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: sold, stage: 'allocated', passes: 3, subscribers: 2, raised: '500.000000', allocated_at: expect.any(Number) });
    const costs = await h.ctx.db.selectFrom('ieo_orders').select('cost').where('project_id', '=', sold).execute();
    expect(
      costs
        .map((row) => row.cost)
        .reduce((total, cost) => total.plus(cost ?? '0'), new Money(0))
        .toFixed(6),
    ).toBe('500.000000');

    h.advance(HOUR);
    await runIeo(h.ctx);
    expect((await projects({ stage: 'listed' })).data[0]).toMatchObject({ id: sold, stage: 'listed', symbol: 'HBR/USDT', listed_at: expect.any(Number), market_id: expect.any(Number) });
    for (const [stage, ids] of [
      ['upcoming', [later]],
      ['subscribing', []],
      ['allocating', []],
      ['allocated', []],
      ['listed', [sold]],
    ] as const) {
      expect(
        (await projects({ stage })).data.map((project) => project.id),
        stage,
      ).toEqual(ids);
    }
    const page = await projects({ limit: 1 });
    expect([page.data.map((project) => project.id), page.more]).toEqual([[later], true]);
    expect(await projects({ limit: 1, page: 2 })).toMatchObject({ more: false, data: [{ id: sold }] });
    expect((await balance(h, ann, USDT, 'change')).frozen).toBe('0.000000');
  });

  test('a project is audited under its operator in its step; a refused one leaves no entry and no coin', async () => {
    const id = await create({});
    const [entry] = await auditOf(`ieo:${id}`);
    expect(entry).toMatchObject({ operator: 'alice', action: 'create-ieo' });
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({ token: 'HBR', issue_price: '0.5' });
    const before = await h.ctx.db.selectFrom('operator_actions').select('id').execute();
    const answer = await h.call(
      endpoints.createProject,
      {
        name: 'Late',
        token: 'LATE',
        token_name: 'Late',
        token_precision: 2,
        pay_currency_id: USDT,
        issue_price: '0.5',
        total_issuance: '1000',
        max_per_user: '800',
        lock_days: 1,
        start_at: h.ctx.now() - 2 * DAY,
        end_at: h.ctx.now() - DAY,
        list_at: h.ctx.now(),
        white_paper: 'https://example.com/late.pdf',
        website: 'https://example.com/late',
        intro: 'Too late.',
      },
      asAlice(),
    );
    expect(answer).toEqual({ type: 'error', message: 'The subscription must end in the future, after it starts, and no later than the time to market.' });
    expect(await h.ctx.db.selectFrom('operator_actions').select('id').execute()).toEqual(before);
    expect(await h.ctx.db.selectFrom('currencies').select('id').where('code', '=', 'LATE').execute()).toEqual([]);
    expect(await h.call(endpoints.operatorIeoProjects, { stage: 'cancelled' }, asAlice())).toEqual({ type: 'error', message: 'Please choose a listed option.' });
  });
});
