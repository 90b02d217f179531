import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../contract/api';
import type { ApiInput, ApiOutput, Endpoint } from '../contract/api';
import { CHANNELS, SOCKET_EVENTS, TICKER_WIDTH, USER_EVENTS, type DepthMessage, type TickerBatch, type TradeBatch } from '../contract/realtime';
import { CANDLE_WIDTH, type AlertFiringView, type ChatMessageView, type ConnectionStatus, type Fetcher, type Patch, type SnapshotRoute } from '../contract/worker-api';
import { INSTRUMENTS } from '../server/market/instruments';
import { Simulator } from '../server/market/simulator';
import { runIeo } from '../server/finance/ieo';
import { pushUserEvents } from '../server/realtime/socket';
import { tradeAt } from '../server/testing/market';
import { createHarness, type Harness } from '../server/testing/harness';
import { Core, type Link, type LinkEvents } from './core';
import { DEFAULT_CHART_SETTINGS, indicatorColumns, indicatorsKey, type ChartIndicators } from '../contract/chart-settings';
import { MACD, RSI, SMA } from 'technicalindicators';

/** A chart without indicators. */
const NONE: ChartIndicators = { overlays: [], panes: [], params: DEFAULT_CHART_SETTINGS.params };

/**
 * The worker core against the real server in this process: snapshots through the real
 * endpoints, channel messages from the real feed, delivered by a fake socket that can
 * lose messages and drop the connection.
 */
let h: Harness;
let simulator: Simulator;
let events: LinkEvents;
let rooms: Set<string>;
let connected: boolean;
let lose: (event: string, payload: unknown) => boolean;
let patches: Patch[];
let frames: (() => void)[];
let core: Core;
/** how far behind the exchange the device's clock is */
let deviceLag: number;

const byRoute: Record<SnapshotRoute, Endpoint> = {
  'GET /currency/quotation_new': endpoints.quotations,
  'GET /currency/new_timeshar': endpoints.klines,
  'GET /market/depth': endpoints.depth,
  'GET /market/trades': endpoints.recentTrades,
  'POST /lever/dealall': endpoints.leverPositions,
  'GET /microtrade/lists': endpoints.optionList,
};
/** The logged-in user of the app, whose token the app's HTTP client would send. */
let token: string | undefined;

/** While set, candle snapshots wait for it (a slow answer). */
let candlesHeld: Promise<void> | null = null;

const fetcher: Fetcher = async <R extends SnapshotRoute>(route: R, input: ApiInput<R>): Promise<ApiOutput<R>> => {
  const endpoint: Endpoint = byRoute[route];
  if (route === 'GET /currency/new_timeshar' && candlesHeld) await candlesHeld;
  const answer = await h.call(endpoint, input, token ? { token } : {});
  if (answer.type !== 'ok') throw new Error(String(answer.message));
  return answer.message as ApiOutput<R>;
};

beforeEach(async () => {
  h = await createHarness();
  const engine = h.ctx.market.engine;
  simulator = new Simulator({
    instruments: INSTRUMENTS,
    startPrices: new Map(INSTRUMENTS.map((def) => [def.id, engine.lastTicks(def.id)])),
    startTime: h.ctx.now(),
    seed: 12,
    tradesPerSecond: 300,
    now: () => h.ctx.now(),
  });
  rooms = new Set();
  token = undefined;
  candlesHeld = null;
  connected = false;
  lose = () => false;
  patches = [];
  frames = [];
  deviceLag = 0;
  h.ctx.market.connect(
    (channel, event, payload) => {
      if (connected && rooms.has(channel) && !lose(event, payload)) {
        if (event === SOCKET_EVENTS.tickers) events.tickers(payload as TickerBatch);
        if (event === SOCKET_EVENTS.trades) events.trades(payload as TradeBatch);
        if (event === SOCKET_EVENTS.depth) events.depth(payload as DepthMessage);
      }
    },
    (channel) => connected && rooms.has(channel),
  );
  core = new Core({
    link: (e): Link => {
      events = e;
      return {
        open: () => undefined,
        setToken: () => undefined,
        pause: () => undefined,
        resume: () => undefined,
        subscribe: (channels) => channels.forEach((c) => rooms.add(c)),
        unsubscribe: (channels) => channels.forEach((c) => rooms.delete(c)),
      };
    },
    cache: null,
    schedule: (frame) => frames.push(frame),
    post: (patch) => patches.push(patch),
    setTimer: (callback, ms) => void setTimeout(callback, ms),
    now: () => h.ctx.now() - deviceLag,
  });
  await core.begin({ origin: '', token: null }, fetcher);
});

afterEach(async () => {
  await h.close();
});

function setStatus(status: ConnectionStatus): void {
  connected = status === 'open';
  if (!connected) rooms.clear();
  events.status(status);
}

/** Market time passes: the feed flushes as its timers would. */
async function run(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 100) {
    h.advance(100);
    await h.ctx.exchange.process(simulator.runUntil(h.ctx.now()));
    h.ctx.market.feed.flushTrades();
    if (t % 500 === 0) h.ctx.market.feed.flushTickers();
    if (t % 300 === 0) h.ctx.market.feed.flushDepth();
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

function drawFrames(): void {
  const pending = frames.splice(0);
  for (const frame of pending) frame();
}

/** The chart as the app would hold it after applying every patch. */
function chartRows(): number[][] {
  const rows = new Map<number, number[]>();
  for (const patch of patches) {
    if (!patch.chart) continue;
    if (patch.chart.reset) rows.clear();
    for (let i = 0; i < patch.chart.candles.length; i += CANDLE_WIDTH) {
      const row = Array.from(patch.chart.candles.subarray(i, i + CANDLE_WIDTH));
      rows.set(row[0]!, row);
    }
  }
  return [...rows.values()].sort((a, b) => a[0]! - b[0]!);
}

async function serverCandles(period: '1min' | '5min') {
  await h.ctx.market.flush();
  const answer = await h.call(endpoints.klines, { symbol: 'BTC/USDT', period });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message.data.map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume, c.amount]);
}

function sameCandles(app: number[][], server: number[][]): void {
  const tail = app.slice(-server.length);
  expect(tail.map((r) => r.slice(0, 5))).toEqual(server.map((r) => r.slice(0, 5)));
  tail.forEach((row, i) => expect(row[5]).toBeCloseTo(server[i]![5]!, 5));
  for (let i = 1; i < app.length; i++) expect(app[i]![0]).toBeGreaterThan(app[i - 1]![0]!);
}

describe('the worker core', () => {
  test('a first screen that shows quotes: the market list is fetched as the core begins, before any screen watches', async () => {
    // The core of beforeEach began without quotesFirst: it has asked for nothing.
    await settle();
    drawFrames();
    expect(patches.some((p) => p.markets)).toBe(false);

    const asked: SnapshotRoute[] = [];
    const first = new Core({
      link: () => ({ open: () => undefined, setToken: () => undefined, pause: () => undefined, resume: () => undefined, subscribe: () => undefined, unsubscribe: () => undefined }),
      cache: null,
      schedule: (frame) => frames.push(frame),
      post: (patch) => patches.push(patch),
      setTimer: (callback, ms) => void setTimeout(callback, ms),
      now: () => h.ctx.now(),
    });
    await first.begin({ origin: '', token: null, quotesFirst: true }, (route, input) => {
      asked.push(route);
      return fetcher(route, input);
    });
    await settle();
    drawFrames();
    expect(asked).toEqual(['GET /currency/quotation_new']);
    const listed = patches.find((p) => p.markets);
    expect(listed?.markets).toHaveLength(32);
    const rows = listed?.tickers ?? new Float64Array();
    expect(rows.length).toBe(32 * TICKER_WIDTH);
    expect(rows[1]).toBe(h.ctx.market.engine.lastPrice(rows[0]!));
    // The screen then watching the tickers while the socket opens does not ask again.
    first.watchTickers(true);
    await settle();
    expect(asked).toEqual(['GET /currency/quotation_new']);
  });

  test('tickers: a snapshot, then numbered batches; a lost batch brings a new snapshot', async () => {
    core.watchTickers(true);
    setStatus('open');
    await settle();
    await run(1500);
    drawFrames();
    const first = patches.find((p) => p.markets);
    expect(first?.markets).toHaveLength(32);
    expect(patches.some((p) => p.tickers && p.tickers.length % TICKER_WIDTH === 0)).toBe(true);
    // Lose one ticker batch: the next one reveals the gap and the core asks again.
    let lost = 0;
    lose = (event) => event === SOCKET_EVENTS.tickers && lost++ === 0;
    await run(1500);
    await settle();
    await run(600);
    drawFrames();
    const snapshotsBefore = patches.filter((p) => p.markets).length;
    expect(snapshotsBefore).toBeGreaterThanOrEqual(2);
    const last = new Map<number, number>();
    for (const patch of patches) {
      if (!patch.tickers) continue;
      for (let i = 0; i < patch.tickers.length; i += TICKER_WIDTH) last.set(patch.tickers[i]!, patch.tickers[i + 1]!);
    }
    for (const def of INSTRUMENTS) expect(last.get(def.id), def.base).toBe(h.ctx.market.engine.lastPrice(def.id));
  });

  test('a market listed while the app runs (an IEO token) joins the list at its first ticker', async () => {
    core.watchTickers(true);
    setStatus('open');
    await settle();
    await run(600);
    const now = h.ctx.now();
    const created = await h.call(
      endpoints.createProject,
      {
        name: 'Token',
        token: 'TOK',
        token_name: 'Token',
        token_precision: 4,
        pay_currency_id: 3,
        issue_price: '0.05',
        total_issuance: '1000',
        max_per_user: '1000',
        lock_days: 0,
        start_at: now,
        end_at: now + 1000,
        list_at: now + 1000,
        white_paper: 'https://example.com/w',
        website: 'https://example.com',
        intro: 'A token.',
      },
      { operator: true },
    );
    expect(created.type).toBe('ok');
    h.advance(2000);
    expect(await runIeo(h.ctx)).toMatchObject({ listed: 1 });
    const listed = h.ctx.catalogue.bySymbol('TOK/USDT').id;
    await tradeAt(h, listed, 0.051);
    h.ctx.market.feed.flushTickers();
    await settle();
    drawFrames();
    const markets = patches.filter((p) => p.markets).at(-1)?.markets ?? [];
    expect(markets.map((market) => market.symbol)).toContain('TOK/USDT');
    expect(markets).toHaveLength(33);
  });

  test('the chart stays equal to the server through lost trade batches and a dropped connection: no gap, no double', async () => {
    core.showChart({ marketId: 1, period: '1min', indicators: NONE });
    setStatus('open');
    await settle();
    await run(2000);
    await settle();
    drawFrames();
    expect(patches.find((p) => p.chart)?.chart?.reset).toBe(true);

    // A lost batch of trades.
    let dropped = false;
    lose = (event) => {
      if (event !== SOCKET_EVENTS.trades || dropped) return false;
      dropped = true;
      return true;
    };
    await run(1500);
    await settle();
    await run(500);
    await settle();
    drawFrames();
    sameCandles(chartRows(), await serverCandles('1min'));

    // The connection drops for 70 seconds of market time, across a minute boundary.
    setStatus('reconnecting');
    await run(70_000);
    setStatus('open');
    await settle();
    await run(1000);
    await settle();
    drawFrames();
    expect(rooms.has(CHANNELS.trades(1))).toBe(true);
    sameCandles(chartRows(), await serverCandles('1min'));

    // Switching period and back keeps every loaded period current.
    core.showChart({ marketId: 1, period: '5min', indicators: NONE });
    await settle();
    await run(3000);
    await settle();
    drawFrames();
    sameCandles(chartRows(), await serverCandles('5min'));
    core.showChart({ marketId: 1, period: '1min', indicators: NONE });
    await run(500);
    drawFrames();
    sameCandles(chartRows(), await serverCandles('1min'));
  });

  test('a chart waits for its candles: trades before they come make no lone candle, and are in the candles when they come', async () => {
    let answer = () => undefined as void;
    candlesHeld = new Promise((resolve) => (answer = resolve));
    core.showChart({ marketId: 1, period: '1min', indicators: NONE });
    setStatus('open');
    await settle();
    await run(2000);
    await settle();
    drawFrames();
    expect(
      patches.some((p) => p.trades),
      'the trades have come',
    ).toBe(true);
    expect(patches.filter((p) => p.chart)).toEqual([]);

    answer();
    await settle();
    await run(500);
    await settle();
    drawFrames();
    const charted = patches.filter((p) => p.chart);
    expect(charted[0]?.chart?.reset, 'the first candles are the whole series').toBe(true);
    sameCandles(chartRows(), await serverCandles('1min'));
  });

  test("the chart's indicators come from the worker with its candles: every row on a reset or other parameters, then the open candle's per frame, equal to the reference over the server's candles", async () => {
    const shown: ChartIndicators = { overlays: ['ma'], panes: ['macd', 'rsi'], params: { ...DEFAULT_CHART_SETTINGS.params, ma: [5, 10, null] } };
    core.showChart({ marketId: 1, period: '1min', indicators: shown });
    setStatus('open');
    await settle();
    await run(2000);
    await settle();
    drawFrames();
    // Two minutes and a half of market, a frame every half second: candles close and open.
    for (let i = 0; i < 300; i++) {
      await run(500);
      if (i % 20 === 0) await settle();
      drawFrames();
    }
    await settle();
    drawFrames();
    const candles = chartRows();
    sameCandles(candles, await serverCandles('1min'));

    const sent = patches.flatMap((patch) => (patch.chart?.indicators ? [patch.chart.indicators] : []));
    const width = 1 + indicatorColumns(shown).length;
    expect(sent.every((values) => values.key === indicatorsKey(shown))).toBe(true);
    // The whole series once the snapshot is in (300 candles)...
    const lastReset = sent.findLastIndex((values) => values.reset);
    expect(sent[lastReset]!.rows.length / width).toBeGreaterThanOrEqual(300);
    // ...then per frame the open candle's row, and the one that just closed.
    const live = sent.slice(lastReset + 1);
    expect(live.length).toBeGreaterThan(100);
    expect(live.every((values) => !values.reset && values.rows.length / width <= 2)).toBe(true);

    const byTime = new Map<number, number[]>();
    for (const values of sent.slice(lastReset)) {
      for (let i = 0; i < values.rows.length; i += width) byTime.set(values.rows[i]!, Array.from(values.rows.subarray(i + 1, i + width)));
    }
    const closes = candles.map((row) => row[4]!);
    const pad = (values: readonly (number | undefined)[]) => [...Array<number>(closes.length - values.length).fill(Number.NaN), ...values.map((value) => value ?? Number.NaN)];
    const macd = MACD.calculate({ fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, values: closes, SimpleMAOscillator: false, SimpleMASignal: false });
    const reference = [
      pad(SMA.calculate({ period: 5, values: closes })),
      pad(SMA.calculate({ period: 10, values: closes })),
      pad(macd.map((m) => m.MACD)),
      pad(macd.map((m) => m.signal)),
      pad(macd.map((m) => m.histogram)),
      ...[6, 12, 24].map((period) => pad(RSI.calculate({ period, values: closes }))),
    ];
    candles.forEach((row, i) => {
      const values = byTime.get(row[0]!);
      expect(values, `candle ${i}`).toBeDefined();
      reference.forEach((column, c) => {
        const expected = column[i]!;
        if (Number.isNaN(expected)) expect(values![c]).toBeNaN();
        else expect(Math.abs(values![c]! - expected), `column ${c} at candle ${i}`).toBeLessThanOrEqual(c >= 5 ? 0.005 + 1e-9 : 1e-6 * Math.abs(expected) + 1e-9);
      });
    });

    // Other parameters for the same candles: the indicators again, whole, and no candles.
    const before = patches.length;
    const changed: ChartIndicators = { ...shown, panes: ['kdj'] };
    core.showChart({ marketId: 1, period: '1min', indicators: changed });
    await settle();
    drawFrames();
    const next = patches.slice(before).find((patch) => patch.chart?.indicators)?.chart;
    expect(next?.reset).toBe(false);
    expect(next?.indicators).toMatchObject({ key: indicatorsKey(changed), reset: true });
    expect(next!.indicators!.rows.length).toBe(chartRows().length * (1 + indicatorColumns(changed).length));
    expect(patches.slice(before).some((patch) => patch.chart?.reset)).toBe(false);
  });

  test('many events between two frames make one patch; statuses and staleness are reported', async () => {
    core.watchTickers(true);
    core.watchMarket(2, true);
    setStatus('open');
    await settle();
    await run(3000);
    const before = patches.length;
    drawFrames();
    expect(patches.length - before).toBe(1);
    const patch = patches.at(-1)!;
    expect(patch.depth?.[0]?.marketId).toBe(2);
    expect(patch.trades?.[0]?.marketId).toBe(2);
    expect(patches.some((p) => p.status === 'open')).toBe(true);
    expect(patches.some((p) => p.stale === false)).toBe(true);
    setStatus('reconnecting');
    drawFrames();
    expect(patches.at(-1)).toMatchObject({ status: 'reconnecting', stale: true });
  });

  test("chat: a public room's channel while its screen is open, an order's messages from the private events; other rooms' are not passed on", async () => {
    const message = (id: number, room: string): ChatMessageView => ({
      id,
      room,
      author: { uid: 1, name: 'A***', avatar: '' },
      mine: false,
      body: `m${id}`,
      image: null,
      removed: false,
      created_at: id,
    });
    setStatus('open');
    core.watchChat('lang:en', true);
    core.watchChat('lang:en', true);
    core.watchChat('otc:5', true);
    expect([...rooms]).toEqual([CHANNELS.chat('en')]);
    events.chat(message(1, 'lang:en'));
    events.chat(message(2, 'lang:fra'));
    events.user(USER_EVENTS.otcChat, message(3, 'otc:5'));
    events.user(USER_EVENTS.otcChat, message(4, 'otc:6'));
    drawFrames();
    expect(patches.flatMap((p) => p.chat ?? []).map((m) => m.id)).toEqual([1, 3]);

    // A reconnected socket joins the room again; the last screen to close it leaves it.
    setStatus('reconnecting');
    setStatus('open');
    expect(rooms.has(CHANNELS.chat('en'))).toBe(true);
    core.watchChat('lang:en', false);
    expect(rooms.has(CHANNELS.chat('en'))).toBe(true);
    core.watchChat('lang:en', false);
    core.watchChat('otc:5', false);
    expect(rooms.has(CHANNELS.chat('en'))).toBe(false);
    events.chat(message(5, 'lang:en'));
    events.user(USER_EVENTS.otcChat, message(6, 'otc:5'));
    drawFrames();
    expect(patches.flatMap((p) => p.chat ?? []).map((m) => m.id)).toEqual([1, 3]);
  });

  test("price alerts: each fired alert the socket brings goes to the app once, in the next frame; none of the last user's after a new session", () => {
    const firing = (id: number): AlertFiringView => ({
      id,
      alert_id: 1,
      crossing: id,
      kind: 'price',
      market_id: 1,
      symbol: 'BTC/USDT',
      precision: 2,
      direction: 'up',
      level: '96500.00',
      value: '96510.00',
      tick: { market_id: 1, seq: id, price: '96510.00', time: id },
      fired_at: id,
      read: false,
    });
    setStatus('open');
    events.user(USER_EVENTS.alert, firing(1));
    events.user(USER_EVENTS.alert, firing(2));
    drawFrames();
    events.user(USER_EVENTS.alert, firing(3));
    core.setToken(null);
    drawFrames();
    expect(patches.flatMap((p) => p.alerts ?? []).map((f) => f.id)).toEqual([1, 2]);
  });

  test("the account: each position valued at the latest price with the server's arithmetic, the risk rate, option countdowns; events keep it current", async () => {
    token = await h.registerUser('acct@example.com');
    const info = await h.call(endpoints.userInfo, {}, { token });
    if (info.type !== 'ok') throw new Error(info.message);
    for (const account of ['lever', 'micro'] as const) await h.call(endpoints.adjust, { uid: info.message.uid, currency: 'USDT', amount: '5000', account, reason: 'test' }, { operator: true });
    pushUserEvents(h.ctx, (_user, event, payload) => connected && events.user(event, payload));
    // As the contract screen does: tickers for every market, trades of the one on screen.
    core.watchTickers(true);
    core.watchMarket(1, true);
    core.watchAccount(true);
    // This phone's clock is 90 s behind; the socket tells the core so (worker/socket.ts).
    deviceLag = 90_000;
    setStatus('open');
    events.clock(90_000);
    await settle();
    await run(1000);
    const opened = await h.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 10, multiple: 20 }, { token });
    const option = await h.call(endpoints.optionSubmit, { match_id: 1, currency_id: 3, type: 'up', seconds: 30, number: '100' }, { token });
    if (opened.type !== 'ok' || option.type !== 'ok') throw new Error('refused');
    const account = () => {
      const merged: NonNullable<Patch['account']> = {};
      for (const patch of patches) Object.assign(merged, patch.account ?? {});
      return merged;
    };
    // The account is fetched again after the events (the balance after the margin and the
    // stake), and its arithmetic loads with the first snapshot (worker/account-channel.ts):
    // waited for, not a guessed pause.
    const before = await h.call(endpoints.leverPositions, {}, { token });
    if (before.type !== 'ok') throw new Error(before.message);
    const fetched = () => account().options?.length === 1 && account().summary?.balance === Number(before.message.account.balance);
    for (const end = Date.now() + 10_000; !fetched() && Date.now() < end;) {
      await settle();
      drawFrames();
    }
    await run(2000);
    drawFrames();
    expect(account().positions?.map((p) => p.id)).toEqual([opened.message.id]);
    const figures = account().figures!;
    expect(figures[0]).toBe(opened.message.id);
    const last = h.ctx.market.engine.lastPrice(1);
    expect(figures[1]).toBe(last);
    expect(figures[2]).toBeCloseTo((last - Number(opened.message.price)) * 0.1, 6);
    // The server values the same account at the same price the same way.
    const server = await h.call(endpoints.leverPositions, {}, { token });
    if (server.type !== 'ok') throw new Error(server.message);
    expect(account().summary?.risk).toBeCloseTo(Number(server.message.account.risk_rate), 3);
    expect(figures[3]).toBeCloseTo(Number(server.message.liquidation[String(opened.message.id)]), 1);
    expect(account().options?.map((o) => o.id)).toEqual([option.message.id]);
    const secondsLeft = Math.ceil((option.message.expires_at - h.ctx.now()) / 1000);
    expect(Array.from(account().countdown ?? [])).toEqual([option.message.id, secondsLeft]);
    // The offset reaches the app too, for the countdowns it runs itself (the mini game's rounds).
    expect(patches.filter((patch) => patch.clock !== undefined).map((patch) => patch.clock)).toEqual([90_000]);

    // Closing and expiry come as events: the lists follow and the option's result arrives.
    await h.call(endpoints.leverClose, { id: opened.message.id }, { token });
    await run(30_000);
    await settle();
    drawFrames();
    expect(account().positions).toEqual([]);
    expect(account().options).toEqual([]);
    const settled = patches.flatMap((p) => p.account?.settled ?? []);
    expect(settled).toEqual([expect.objectContaining({ id: option.message.id, status: 'settled', result: expect.stringMatching(/^(win|tie|loss)$/) })]);
  });
});
