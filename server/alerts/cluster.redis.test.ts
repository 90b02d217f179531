import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import type { AlertFiringRow } from './desk';
import { clusterTest } from '../testing/cluster';
import { until } from '../testing/until';
import { ok } from '../testing/harness';
import { replayPrices, tradeAt } from '../testing/market';
import { readTick } from '../trading/market';

/**
 * PostgreSQL and Redis: with CLUSTER=true an alert is made through either process and
 * watched by the one that runs its market (the request is carried there); when that
 * process leaves, the one that claims the market loads its alerts from the store and the
 * next crossing fires there, numbered after the ones the first fired.
 */
const BTC_MARKET = 1;

const { twoMembers } = clusterTest('alerts-cluster');

test("an alert made through the process that does not run its market fires on the owner's trades; after a takeover, on the new owner's, crossing 2", async () => {
  const { a, b } = await twoMembers();
  const [owner, other] = a.ctx.market.engine.has(BTC_MARKET) ? [a, b] : [b, a];
  const fired: AlertFiringRow[] = [];
  for (const server of [a, b]) server.ctx.exchange.bus.subscribe('alertFired', ({ firing }) => void fired.push(firing));
  const ann = await other.registerUser('ann@example.com');
  await tradeAt(owner, BTC_MARKET, 96_000);
  for (const server of [a, b]) {
    server.ctx.exchange.start();
    // The market moves by the prices played here alone: the simulator, trading at its own
    // price between two of them, would cross the level when the test does not.
    server.ctx.market.source.stop();
  }
  await until(() => other.ctx.market.knows(BTC_MARKET), 5_000);

  // Made through the other process: carried to the owner, whose book watches it.
  const alert = await ok(other.call(endpoints.alertCreate, { kind: 'price', market_id: BTC_MARKET, level: '96500', repeat: 1 }, { token: ann }));
  expect(alert).toMatchObject({ direction: 'up', status: 'active' });
  const [first] = await replayPrices(owner, BTC_MARKET, [96_600]);
  await until(() => fired.length === 1, 5_000);
  expect(readTick(fired[0]!.tick)?.seq).toBe(first!.seq);

  // The owner leaves: the other claims the market, loads the alert as the store has it (fired once, waiting to re-arm).
  await owner.ctx.claims?.stop();
  await until(() => other.ctx.market.engine.has(BTC_MARKET), 5_000);
  const trades = await replayPrices(other, BTC_MARKET, [96_300, 96_700]);
  await until(() => fired.length === 2, 5_000);
  expect(fired.map((firing) => [firing.crossing, readTick(firing.tick)?.seq])).toEqual([
    [1, first!.seq],
    [2, trades[1]!.seq],
  ]);
  const inbox = await ok(other.call(endpoints.alertInbox, {}, { token: ann }));
  expect(inbox.data.map((firing) => firing.crossing)).toEqual([2, 1]);
}, 60_000);
