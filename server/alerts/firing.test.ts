import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { USER_EVENTS } from '../../contract/realtime';
import { checkLedger } from '../ledger/check';
import type { Trade } from '../market/engine';
import { readRecording, Replay } from '../market/replay';
import { pushUserEvents } from '../realtime/socket';
import { createHarness, flush, ok, type Harness } from '../testing/harness';
import { fund, replayPrices, tradeAt, uidOf } from '../testing/market';
import { userIdOf } from '../testing/wallet';
import { readTick } from '../trading/market';
import { AlertDesk, type AlertFiringRow } from './desk';

/**
 * Alerts fired by the market's trades, from recorded feeds: each crossing fires once, at
 * the trade that made it, which the firing records; a one-time alert fires once, a
 * repeating one again only after the price went back past its level; a batch settled
 * again fires nothing, because the store refuses a crossing already taken.
 */
const BTC_MARKET = 1;
const fixture = path.resolve(import.meta.dirname, '../../tests/fixtures/feed.ndjson.gz');

let h: Harness;
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

/** Every firing committed, as the bus published them. */
function firings(server: Harness): AlertFiringRow[] {
  const seen: AlertFiringRow[] = [];
  server.ctx.exchange.bus.subscribe('alertFired', ({ firing }) => void seen.push(firing));
  return seen;
}

type Create = { kind: 'price' | 'change' | 'risk'; market_id?: number; level: string; direction?: 'up' | 'down'; repeat?: 0 | 1; email?: 0 | 1 };
const create = (token: string, input: Create, lang?: string) => ok(h.call(endpoints.alertCreate, input, { token, ...(lang ? { lang } : {}) }));
/** The sequence of the trade a firing recorded. */
const seqOf = (firing: AlertFiringRow) => readTick(firing.tick)?.seq;
const tick = (trade: Trade, decimals = 2) => ({ market_id: BTC_MARKET, seq: trade.seq, price: new Money(trade.price).toFixed(decimals), time: trade.time });

describe('price crossing a level', () => {
  test('an alert above the price fires once, at the first trade at or above it, recording that trade; it reaches the socket and the inbox', async () => {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await tradeAt(h, BTC_MARKET, 96_000);
    const seen = firings(h);
    const pushed: { userId: number; event: string; payload: unknown }[] = [];
    pushUserEvents(h.ctx, (userId, event, payload) => pushed.push({ userId, event, payload }));
    const alert = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '96500' });
    expect(alert).toMatchObject({ kind: 'price', symbol: 'BTC/USDT', direction: 'up', level: '96500.00', reference: '96019.20', status: 'active', armed: true, crossings: 0, repeat: false });

    const trades = await replayPrices(h, BTC_MARKET, [96_300, 96_600, 96_400, 96_700]);
    expect(trades.map((trade) => trade.price >= 96_500)).toEqual([false, true, false, true]);
    expect(seen).toHaveLength(1);
    const inbox = await ok(h.call(endpoints.alertInbox, {}, { token: ann }));
    expect(inbox.unread).toBe(1);
    expect(inbox.data).toEqual([
      expect.objectContaining({
        alert_id: alert.id,
        crossing: 1,
        kind: 'price',
        direction: 'up',
        level: '96500.00',
        value: tick(trades[1]!).price,
        symbol: 'BTC/USDT',
        tick: tick(trades[1]!),
        read: false,
      }),
    ]);
    const socket = pushed.filter((push) => push.event === USER_EVENTS.alert);
    expect(socket).toEqual([{ userId: await userIdOf(h, 'ann@example.com'), event: 'price_alert', payload: inbox.data[0] }]);
    const [listed] = (await ok(h.call(endpoints.alertList, {}, { token: ann }))).data;
    expect(listed).toMatchObject({ id: alert.id, status: 'fired', crossings: 1, fired_at: trades[1]!.time });

    // Read: the badge's count goes down; someone else's reading changes nothing of Ann's.
    const bob = await h.registerUser('bob@example.com');
    expect(await ok(h.call(endpoints.alertRead, { id: inbox.data[0]!.id }, { token: bob }))).toEqual({ unread: 0 });
    expect(await ok(h.call(endpoints.alertUnread, {}, { token: ann }))).toEqual({ unread: 1 });
    expect(await ok(h.call(endpoints.alertRead, { id: inbox.data[0]!.id }, { token: ann }))).toEqual({ unread: 0 });
  });

  test('once against repeat: the price crosses, comes back a little (not re-armed), goes back further (re-armed) and crosses again', async () => {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await tradeAt(h, BTC_MARKET, 96_000);
    const seen = firings(h);
    const once = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '96500' });
    const repeat = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '96500', repeat: 1 });
    // 96,500 less 0.1 %: the repeating alert re-arms at a trade at or below 96,403.50.
    const trades = await replayPrices(h, BTC_MARKET, [96_600, 96_450, 96_600, 96_300, 96_700, 96_800]);
    const where = (price: number) => (price >= 96_500 ? 'past' : price > 96_403.5 ? 'near' : 'back');
    expect(trades.map((trade) => where(trade.price))).toEqual(['past', 'near', 'past', 'back', 'past', 'past']);
    expect(seen.map((firing) => [firing.alert_id, firing.crossing, seqOf(firing)])).toEqual([
      [once.id, 1, trades[0]!.seq],
      [repeat.id, 1, trades[0]!.seq],
      [repeat.id, 2, trades[4]!.seq],
    ]);
    const stored = await h.ctx.db.selectFrom('price_alerts').select(['id', 'status', 'crossings', 'armed']).orderBy('id').execute();
    expect(stored).toEqual([
      { id: once.id, status: 'fired', crossings: 1, armed: 1 },
      { id: repeat.id, status: 'active', crossings: 2, armed: 0 },
    ]);
  });

  test('an alert below the price fires at the first trade at or below it; paused it does not fire, and it cannot resume past its level', async () => {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await tradeAt(h, BTC_MARKET, 96_000);
    const seen = firings(h);
    const down = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '95500' });
    const paused = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '95600' });
    expect(down.direction).toBe('down');
    await ok(h.call(endpoints.alertPause, { id: paused.id }, { token: ann }));
    const trades = await replayPrices(h, BTC_MARKET, [95_800, 95_400]);
    const last = tick(trades[1]!).price;
    expect(seen.map((firing) => [firing.alert_id, firing.value, seqOf(firing)])).toEqual([[down.id, last, trades[1]!.seq]]);
    expect(await h.call(endpoints.alertResume, { id: paused.id }, { token: ann })).toEqual({
      type: 'error',
      message: `The price (${Number(last).toLocaleString('en', { minimumFractionDigits: 2 })}) passed this alert’s level (95,600.00) while it was paused: edit the level to set it again.`,
    });
    // Edited to a level on the other side: its direction is taken from the price again.
    const edited = await ok(h.call(endpoints.alertUpdate, { id: paused.id, level: '96000' }, { token: ann }));
    expect(edited).toMatchObject({ direction: 'up', status: 'paused', level: '96000.00', reference: last });
    await ok(h.call(endpoints.alertResume, { id: paused.id }, { token: ann }));
    const more = await replayPrices(h, BTC_MARKET, [96_100]);
    expect(seen.map((firing) => [firing.alert_id, seqOf(firing)])).toEqual([
      [down.id, trades[1]!.seq],
      [paused.id, more[0]!.seq],
    ]);
  });
});

describe('24h change', () => {
  test('an alert on the 24h change fires when the change reaches its percentage, up or down, recording the change at the trade', async () => {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await tradeAt(h, BTC_MARKET, 96_000);
    const seen = firings(h);
    const open = h.ctx.market.engine.ticker(BTC_MARKET).open;
    const change = (price: number) => new Money(price).minus(open).div(open).times(100);
    const now = change(h.ctx.market.engine.lastPrice(BTC_MARKET));
    // A rise to half a percent above the change now, a fall to half a percent below it.
    const rise = Money.max(now, 0).plus('0.5').toDecimalPlaces(2);
    const fall = Money.max(now.negated(), 0).plus('0.5').toDecimalPlaces(2);
    const up = await create(ann, { kind: 'change', market_id: BTC_MARKET, level: rise.toFixed(2), direction: 'up' });
    const down = await create(ann, { kind: 'change', market_id: BTC_MARKET, level: fall.toFixed(2), direction: 'down' });
    expect(up).toMatchObject({ kind: 'change', direction: 'up', level: rise.toFixed(), reference: now.toDecimalPlaces(2).toFixed(2) });
    expect(down).toMatchObject({ kind: 'change', direction: 'down', level: fall.toFixed() });
    const target = (percent: Money) => open * (1 + percent.toNumber() / 100);
    const trades = await replayPrices(h, BTC_MARKET, [target(rise.minus('0.2')), target(rise.plus('0.1')), target(fall.minus('0.2').negated()), target(fall.plus('0.1').negated())]);
    const reached = trades.map((trade) => change(trade.price));
    expect(reached.map((value, i) => (i < 2 ? value.gte(rise) : value.lte(fall.negated())))).toEqual([false, true, false, true]);
    expect(seen.map((firing) => [firing.alert_id, firing.value, seqOf(firing)])).toEqual([
      [up.id, reached[1]!.toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2), trades[1]!.seq],
      [down.id, reached[3]!.toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2), trades[3]!.seq],
    ]);
  });
});

describe("the futures account's risk rate", () => {
  /** Ann long 0.1 BTC at 100x with `funds` USDT in her futures account. */
  async function longPosition(funds = '1000') {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await fund(h, await uidOf(h, ann), 'USDT', funds, 'lever');
    await tradeAt(h, BTC_MARKET, 96_000);
    const position = await ok(h.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 10, multiple: 100 }, { token: ann }));
    const { account } = await ok(h.call(endpoints.leverPositions, {}, { token: ann }));
    const open = position.price ?? '';
    // (balance + margin + (price - open) x 0.1) / margin, in percent
    const riskAt = (price: number) => new Money(account.balance).plus(position.margin).plus(new Money(price).minus(open).times('0.1')).div(position.margin).times(100);
    return { ann, riskAt };
  }

  test('an alert fires at the trade that brings the risk rate down to its level, with the rate at that trade', async () => {
    const { ann, riskAt } = await longPosition();
    const seen = firings(h);
    const alert = await create(ann, { kind: 'risk', level: '500' });
    expect(alert).toMatchObject({ kind: 'risk', market_id: null, direction: 'down', level: '500', reference: riskAt(h.ctx.market.engine.lastPrice(BTC_MARKET)).toFixed(2) });
    const trades = await replayPrices(h, BTC_MARKET, [94_000, 92_000, 90_500, 90_000]);
    const rates = trades.map((trade) => riskAt(trade.price));
    expect(rates.map((rate) => rate.lte(500))).toEqual([false, false, true, true]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ alert_id: alert.id, kind: 'risk', market_id: BTC_MARKET, value: rates[2]!.toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2) });
    expect(readTick(seen[0]!.tick)).toEqual(tick(trades[2]!));
  });

  test('a price that gaps past liquidation still fires the alert at that trade, before the position is liquidated at it', async () => {
    const { ann } = await longPosition();
    const seen = firings(h);
    const alert = await create(ann, { kind: 'risk', level: '300', repeat: 1 });
    const [gap] = await replayPrices(h, BTC_MARKET, [80_000]);
    expect(seen.map((firing) => [firing.alert_id, seqOf(firing)])).toEqual([[alert.id, gap!.seq]]);
    const closed = await ok(h.call(endpoints.leverHistory, { status: 'closed' }, { token: ann }));
    expect(closed.data[0]).toMatchObject({ close_reason: 'liquidation', close_tick: expect.objectContaining({ seq: gap!.seq }) });
  });

  test('bad levels: at or below liquidation, above the cap, or already reached', async () => {
    const { ann, riskAt } = await longPosition('200');
    const refused = async (level: string) => (await h.call(endpoints.alertCreate, { kind: 'risk', level }, { token: ann })).message;
    expect(await refused('20')).toBe('The risk rate level must be above 20 % (liquidation) and at most 1000 %, with at most 2 decimals.');
    expect(await refused('1000.5')).toBe('The risk rate level must be above 20 % (liquidation) and at most 1000 %, with at most 2 decimals.');
    expect(await refused('50.123')).toBe('The risk rate level must be above 20 % (liquidation) and at most 1000 %, with at most 2 decimals.');
    const now = riskAt(h.ctx.market.engine.lastPrice(BTC_MARKET)).toFixed(2);
    expect(await refused('500')).toBe(`Your risk rate is ${now} % already: set a level below it.`);
    expect((await ok(h.call(endpoints.alertList, {}, { token: ann }))).data).toEqual([]);
  });
});

describe('exactly once, by the store', () => {
  test('the same crossing settled again by a desk whose memory is behind the store fires nothing', async () => {
    h = await createHarness();
    const ann = await h.registerUser('ann@example.com');
    await tradeAt(h, BTC_MARKET, 96_000);
    const seen = firings(h);
    const alert = await create(ann, { kind: 'price', market_id: BTC_MARKET, level: '96500', repeat: 1 });
    // Another process's memory, read before the crossing: it still has the alert armed at 0 crossings.
    const behind = new AlertDesk({ db: h.ctx.db, exchange: h.ctx.exchange, catalogue: h.ctx.catalogue, contracts: h.ctx.trading.contracts, now: h.ctx.now, cluster: false, handlers: false });
    expect(await behind.restore()).toBe(1);
    const trades = await replayPrices(h, BTC_MARKET, [96_600]);
    expect(seen).toHaveLength(1);
    // The same batch settled again (a re-run step, a replayed feed): the crossing is taken.
    await h.ctx.exchange.run((step) => behind.settle(step, [{ marketId: BTC_MARKET, trades }]));
    await h.ctx.exchange.run((step) => h.ctx.alerts.settle(step, [{ marketId: BTC_MARKET, trades }]));
    expect(seen).toHaveLength(1);
    expect(await h.ctx.db.selectFrom('alert_firings').select(['alert_id', 'crossing']).execute()).toEqual([{ alert_id: alert.id, crossing: 1 }]);
    // And a second row for that crossing is refused by the store itself, whoever writes it.
    const [row] = await h.ctx.db.selectFrom('alert_firings').selectAll().execute();
    const { id: _id, ...twin } = row!;
    await expect(h.ctx.db.insertInto('alert_firings').values(twin).execute()).rejects.toThrow(/unique|UNIQUE/);
    // The lagging desk learnt the store's state: the alert waits to re-arm, and fires crossing 2 after going back and across.
    await replayPrices(h, BTC_MARKET, [96_300]);
    const again = await replayPrices(h, BTC_MARKET, [96_700]);
    await h.ctx.exchange.run((step) => behind.settle(step, [{ marketId: BTC_MARKET, trades: again }]));
    expect(seen.map((firing) => firing.crossing)).toEqual([1, 2]);
  });
});

describe('from the recorded feed (tests/fixtures/feed.ndjson.gz)', () => {
  /**
   * The reference: each alert's crossings found by a plain scan of every trade the replay
   * printed, by the rule (fire at or past the level while armed; a repeating alert re-arms
   * at or back past the level by 0.1 %).
   */
  function expected(trades: readonly Trade[], level: number, direction: 1 | -1, repeat: boolean): number[] {
    const rearm = direction === 1 ? Math.floor(level * 0.999 * 100) / 100 : Math.ceil(level * 1.001 * 100) / 100;
    const fired: number[] = [];
    let armed = true;
    for (const trade of trades) {
      if (armed && (direction === 1 ? trade.price >= level : trade.price <= level)) {
        fired.push(trade.seq);
        armed = false;
        if (!repeat) break;
      } else if (!armed && (direction === 1 ? trade.price <= rearm : trade.price >= rearm)) armed = true;
    }
    return fired;
  }

  test('replayed in uneven steps, every alert fires exactly at the crossings a plain scan of the recorded trades finds, once each', async () => {
    const recording = readRecording(fixture);
    h = await createHarness({ MARKET: 'replay', REPLAY_FILE: fixture }, { start: recording.header.start });
    const ann = await h.registerUser('ann@example.com');
    const seen = firings(h);
    const replay = h.ctx.market.source as Replay;
    const printed: Trade[] = [];
    h.ctx.market.engine.listen({ trades: (marketId, trades) => void (marketId === BTC_MARKET && printed.push(...trades)) });
    const start = h.ctx.market.engine.lastPrice(BTC_MARKET);
    // Levels the recorded BTC/USDT crosses (it ranges about 95,919 to 96,201 over its five minutes).
    const levels = [
      { level: 96_150, repeat: 0 as const },
      { level: 96_150, repeat: 1 as const },
      { level: 96_100, repeat: 1 as const },
      { level: 95_990, repeat: 1 as const },
      { level: 95_950, repeat: 0 as const },
      { level: 96_195, repeat: 1 as const },
    ].filter(({ level }) => level !== start);
    const alerts = [];
    for (const { level, repeat } of levels) alerts.push(await create(ann, { kind: 'price', market_id: BTC_MARKET, level: String(level), repeat }));

    let step = 37;
    while (!replay.finished) {
      h.advance(step);
      step = ((step * 7) % 1000) + 13;
      const events = replay.take(h.ctx.now());
      if (events.length > 0) await h.ctx.exchange.process(events);
    }
    expect(printed.length).toBeGreaterThan(1000);
    let total = 0;
    for (const alert of alerts) {
      const want = expected(printed, Number(alert.level), alert.direction === 'up' ? 1 : -1, alert.repeat);
      const got = seen.filter((firing) => firing.alert_id === alert.id);
      expect(
        got.map((firing) => seqOf(firing)),
        `${alert.direction} ${alert.level} ${alert.repeat ? 'repeat' : 'once'}`,
      ).toEqual(want);
      expect(got.map((firing) => firing.crossing)).toEqual(want.map((_, i) => i + 1));
      total += want.length;
    }
    // The feed really crosses: several alerts fire more than once.
    expect(total).toBeGreaterThan(alerts.length + 3);
    expect(
      await h.ctx.db
        .selectFrom('alert_firings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: total });
    await flush();
  }, 180_000);
});
