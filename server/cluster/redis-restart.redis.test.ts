import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { startRedis } from '../../scripts/redis.mjs';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { storeOf } from '../testing/store';
import { TRADES_STREAM } from './market-streams';

/**
 * PostgreSQL and Redis (the second pass of npm test): two CLUSTER servers on a Redis of
 * the test's own, which is killed and started afresh (empty) in the middle. The database
 * is the truth: no fill is lost, orders placed while Redis is down are filled where their
 * market runs, and once Redis is back the streams start again from the owners' engines
 * (the recent trades published again), requests reach the owners again, and the tickers'
 * numbers carry on above those seen before, never back.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

const servers: Harness[] = [];
const timers: ReturnType<typeof setInterval>[] = [];
const dirs: string[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const server of servers.splice(0)) {
    await server.ctx.exchange.stop();
    await server.close();
  }
  for (const stop of stops.splice(0)) stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const until = async (condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

test('Redis killed and started afresh in the middle: no fill lost, the streams start again from the engines, requests reach the owners again', async () => {
  const first = await startRedis();
  stops.push(first.stop);
  const port = Number(new URL(first.url).port);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-redis-restart-'));
  dirs.push(dir);
  const { env } = await storeOf(dir);
  const member = async (name: string) => {
    const server = await createHarness({ ...env, REDIS_URL: first.url, CLUSTER: 'true', SIGNUP_GIFT: '10000' }, { persist: dir, processName: name });
    servers.push(server);
    await server.ctx.claims?.start();
    return server;
  };
  const a = await member('member-a');
  const b = await member('member-b');
  const markets = a.ctx.market.instruments.length;
  await until(() => a.ctx.market.owned.length + b.ctx.market.owned.length === markets && b.ctx.market.owned.length > 0, 10_000, 'the markets split');
  for (const server of [a, b]) {
    server.ctx.exchange.start();
    timers.push(setInterval(() => server.advance(100), 100));
  }
  const [owner, other] = a.ctx.market.engine.has(BTC_MARKET) ? [a, b] : [b, a];
  await until(() => [a, b].every((server) => server.ctx.market.instruments.every((def) => server.ctx.market.knows(def.id))), 5_000, 'both see every market');
  const ann = await other.registerUser('ann@example.com');
  const buy = (server: Harness, requestId: string) => server.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.001', request_id: requestId }, { token: ann });

  // Before: a market buy through the process that does not run BTC/USDT.
  const before = await ok(buy(other, 'before-restart'));
  expect(before.status).toBe('filled');
  const tickersBefore = other.ctx.market.tickersSeq;
  const lastBefore = owner.ctx.market.engine.lastSeq(BTC_MARKET);

  // Redis dies: its owner still fills an order (the database is the truth).
  first.stop();
  const during = await ok(buy(owner, 'while-redis-is-down'));
  expect(during.status).toBe('filled');

  // Started afresh, empty, on the same port.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const second = await startRedis({ port });
  stops.push(second.stop);
  const redis = new Redis(second.url);
  try {
    // The owner's engine publishes BTC/USDT's recent trades again: the stream holds trades from before the restart.
    await until(
      async () => {
        const [entry] = await redis.xrange(TRADES_STREAM('kestrel', BTC_MARKET), '-', '+', 'COUNT', 1);
        return entry !== undefined && Number(entry[0].split('-')[0]) <= lastBefore;
      },
      10_000,
      "BTC/USDT's trades published again",
    );
    // Requests reach the owner again (the commands' groups made afresh).
    const answers: string[] = [];
    await until(
      async () => {
        const after = await buy(other, 'after-restart');
        answers.push(after.type === 'ok' ? after.message.status : after.message);
        return after.type === 'ok';
      },
      15_000,
      'a request through the other process',
    );
    expect(answers.at(-1)).toBe('filled');
    // The other process's mirror follows again: new trades, tickers numbered on from above the old ones.
    const seqNow = owner.ctx.market.engine.lastSeq(BTC_MARKET);
    await until(() => other.ctx.market.view.lastSeq(BTC_MARKET) >= seqNow, 10_000, 'the mirror follows the trades again');
    await until(() => other.ctx.market.tickersSeq > tickersBefore, 10_000, 'the tickers go on');
  } finally {
    await redis.quit();
  }

  // Every fill is in the store, each order filled once.
  const orders = await owner.ctx.db.selectFrom('spot_orders').select(['id', 'amount', 'filled', 'status']).orderBy('id').execute();
  expect(orders.map((order) => [order.status, Number(order.filled)])).toEqual([
    ['filled', 0.001],
    ['filled', 0.001],
    ['filled', 0.001],
  ]);
  for (const order of orders) {
    const fills = await owner.ctx.db.selectFrom('spot_fills').select('amount').where('taker_order_id', '=', order.id).execute();
    expect(fills.reduce((sum, fill) => sum + Math.round(Number(fill.amount) * 1e8), 0)).toBe(Math.round(Number(order.filled) * 1e8));
  }
  expect((await checkLedger(owner.ctx.db)).violations).toEqual([]);
}, 90_000);
