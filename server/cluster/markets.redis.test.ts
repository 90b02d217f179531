import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { SEQ_PER_EPOCH } from '../market/engine';
import { checkLedger } from '../ledger/check';
import { createHarness, ok, type Harness } from '../testing/harness';
import { tradeAt } from '../testing/market';
import { storeOf } from '../testing/store';
import { balance } from '../testing/wallet';
import { raiseEpoch } from './claims';

/**
 * PostgreSQL and Redis (the second pass of npm test): servers started with CLUSTER=true on
 * one database run only the markets they claim (server/cluster/claims.ts). A market given
 * back is run by the other from the stored state (its resting orders, sequences above the
 * old run's), the one that let it go refuses to touch it, and a step of a process whose
 * claim was taken over is refused whole.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let dir: string;
const servers: Harness[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-markets-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function member(name: string): Promise<Harness> {
  const { env } = await storeOf(dir);
  const server = await createHarness({ ...env, REDIS_URL: process.env['KESTREL_TEST_REDIS'] ?? '', CLUSTER: 'true', SIGNUP_GIFT: '10000' }, { persist: dir, processName: name });
  servers.push(server);
  return server;
}

const until = async (condition: () => boolean, timeoutMs: number): Promise<number> => {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
};

const claimsOf = (server: Harness) => server.ctx.claims?.claims ?? new Map<number, number>();
/** The markets a member's engine runs (a claim is made, then its engine started). */
const running = (server: Harness) => server.ctx.market.owned.length;

test('two members split the markets; a market given back runs on the other from the stored state, and the first one refuses it', async () => {
  const a = await member('member-a');
  const markets = a.ctx.market.instruments.length;
  await a.ctx.claims?.start();
  expect(claimsOf(a).size).toBe(markets);
  expect(a.ctx.market.engine.has(BTC_MARKET)).toBe(true);

  const ann = await a.registerUser('ann@example.com');
  await tradeAt(a, BTC_MARKET, 96_000);
  const oldSeq = a.ctx.market.engine.lastSeq(BTC_MARKET);
  const placed = await ok(a.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01', target_price: '95000' }, { token: ann }));
  expect(a.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);

  // A second member joins: the first gives back what is over its half.
  const b = await member('member-b');
  await b.ctx.claims?.start();
  await until(() => running(a) === Math.ceil(markets / 2) && running(a) + running(b) === markets, 10_000);
  for (const [market] of claimsOf(b)) {
    expect(a.ctx.market.engine.has(market)).toBe(false);
    expect(b.ctx.market.engine.has(market)).toBe(true);
  }

  // The first member leaves: the second runs every market within 2 s.
  const epochBefore = claimsOf(a).get(BTC_MARKET) ?? claimsOf(b).get(BTC_MARKET) ?? 0;
  const leftAt = Date.now();
  await a.ctx.claims?.stop();
  await until(() => running(b) === markets, 5_000);
  expect(Date.now() - leftAt).toBeLessThan(2_000);
  expect(a.ctx.market.owned).toEqual([]);

  // The resting order is back in the new owner's book, its sequences above the old run's.
  const epoch = claimsOf(b).get(BTC_MARKET) ?? 0;
  expect(epoch).toBeGreaterThanOrEqual(epochBefore);
  expect(b.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(1000);
  expect(b.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(epoch * SEQ_PER_EPOCH);
  expect(b.ctx.market.engine.lastSeq(BTC_MARKET)).toBeGreaterThan(oldSeq);

  // The member that let it go refuses the market, and changes nothing.
  expect(await a.call(endpoints.spotCancel, { id: placed.id }, { token: ann })).toEqual({
    type: 'error',
    message: 'This market is moving to another server of the exchange. Nothing was changed; please try again in a moment.',
  });
  expect(await balance(b, ann, USDT)).toMatchObject({ available: '9050.000000', frozen: '950.000000' });

  // Its owner takes the order out of its book and returns the USDT.
  expect((await ok(b.call(endpoints.spotCancel, { id: placed.id }, { token: ann }))).status).toBe('cancelled');
  expect(b.ctx.market.engine.resting(BTC_MARKET, placed.id)).toBe(0);
  expect(await balance(b, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  expect((await checkLedger(b.ctx.db)).violations).toEqual([]);
});

test('a step of a process whose claim was taken over is refused whole: no order, no trade, no money moved', async () => {
  const a = await member('member-a');
  await a.ctx.claims?.start();
  const ann = await a.registerUser('ann@example.com');
  await tradeAt(a, BTC_MARKET, 96_000);
  // Another process claims the market before this one has noticed (its session still looks fine).
  await raiseEpoch(a.ctx.db, BTC_MARKET, 'intruder', Date.now());

  const before = a.ctx.market.engine.lastSeq(BTC_MARKET);
  const refused = await a.call(endpoints.spotTrade, { currency_id: BTC, legal_id: USDT, type: 'buy', amount: '0.01' }, { token: ann });
  expect(refused).toEqual({ type: 'error', message: 'This market is moving to another server of the exchange. Nothing was changed; please try again in a moment.' });
  expect(await balance(a, ann, USDT)).toMatchObject({ available: '10000.000000', frozen: '0.000000' });
  expect(await a.ctx.db.selectFrom('spot_orders').select('id').execute()).toEqual([]);
  expect(a.ctx.market.engine.lastSeq(BTC_MARKET)).toBe(before);
  // The market's own flow is refused too.
  await expect(tradeAt(a, BTC_MARKET, 96_000)).rejects.toThrow(/taken over/);
  expect((await checkLedger(a.ctx.db)).violations).toEqual([]);
});
