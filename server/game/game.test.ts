import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { tradeAt } from '../testing/market';

/**
 * The mini game through the API: the daily allowance once a day (twenty twin requests
 * included), rounds settled by the first recorded trade at or after 60 s (won, lost,
 * tie), points that never touch the ledger, and a leaderboard from settled rounds.
 */
const BTC_MARKET = 1;
const ETH_MARKET = 2;

let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
  await tradeAt(h, BTC_MARKET, 96_000);
  await tradeAt(h, ETH_MARKET, 3_400);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

const play = (input: Record<string, unknown>, token = ann) => h.call(endpoints.gamePlay, { market_id: BTC_MARKET, guess: 'higher', stake: 100, ...input }, { token });
const info = (token = ann) => ok(h.call(endpoints.gameInfo, {}, { token }));

test('the daily points once a UTC day, whatever twins are sent', async () => {
  expect(await info()).toMatchObject({ points: 0, can_claim: true, seconds: 60, daily_points: 1000 });
  const claims = await Promise.all(Array.from({ length: 20 }, () => h.call(endpoints.gameClaim, {}, { token: ann })));
  expect(claims.filter((answer) => answer.type === 'ok')).toHaveLength(1);
  expect(new Set(claims.filter((answer) => answer.type !== 'ok').map((answer) => answer.message))).toEqual(new Set(["You have taken today's points already. Come back tomorrow."]));
  expect(await info()).toMatchObject({ points: 1000, can_claim: false });
  h.advance(24 * 3_600_000);
  expect(await ok(h.call(endpoints.gameClaim, {}, { token: ann }))).toEqual({ points: 2000 });
});

test('rounds settle on the first trade at or after 60 s: right pays twice, the same price returns the stake, wrong loses it', async () => {
  await ok(h.call(endpoints.gameClaim, {}, { token: ann }));
  const refusals: [Record<string, unknown>, string][] = [
    [{ stake: 5 }, 'Please stake at least 10 points.'],
    [{ stake: 1001 }, 'You have 1000 points: stake fewer.'],
    [{ market_id: 30 }, 'This market is not in the game.'],
    [{ guess: 'sideways' }, 'Please choose higher or lower.'],
    [{ stake: 1.5 }, 'Please enter a whole number of points.'],
  ];
  for (const [input, message] of refusals) expect(await play(input)).toEqual({ type: 'error', message });
  const up = await ok(play({ guess: 'higher', stake: 100 }));
  const down = await ok(play({ guess: 'lower', stake: 200 }));
  const flat = await ok(play({ market_id: ETH_MARKET, guess: 'lower', stake: 50 }));
  expect((await info()).points).toBe(650);
  expect(Number(up.start_tick.price)).toBe(h.ctx.market.engine.lastPrice(BTC_MARKET));

  // A trade before expiry settles nothing.
  h.advance(59_000);
  await tradeAt(h, BTC_MARKET, 97_000);
  expect((await info()).points).toBe(650);
  h.advance(1_000);
  await tradeAt(h, BTC_MARKET, 97_500);
  // The same quote, the same ask: a trade at the starting price.
  await tradeAt(h, ETH_MARKET, 3_400);
  const rounds = new Map((await ok(h.call(endpoints.gameRounds, {}, { token: ann }))).data.map((round) => [round.id, round]));
  expect(rounds.get(up.id)).toMatchObject({ status: 'won', payout: 200 });
  expect(rounds.get(down.id)).toMatchObject({ status: 'lost', payout: 0 });
  expect(rounds.get(flat.id)).toMatchObject({ status: 'tie', payout: 50 });
  expect(Number(rounds.get(up.id)?.settle_tick?.price)).toBeGreaterThan(Number(up.start_tick.price));
  expect((await info()).points).toBe(650 + 200 + 50);
  // Points never reach the ledger.
  expect(
    await h.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('user_id', '=', (await h.ctx.db.selectFrom('users').select('id').where('email', '=', 'ann@example.com').executeTakeFirstOrThrow()).id)
      .execute(),
  ).toEqual([]);

  const bob = await h.registerUser('bob@example.com');
  await ok(h.call(endpoints.gameClaim, {}, { token: bob }));
  await ok(play({ guess: 'lower', stake: 300 }, bob));
  h.advance(60_000);
  await tradeAt(h, BTC_MARKET, 98_000);
  const board = await ok(h.call(endpoints.gameLeaderboard, {}, {}));
  expect(board.map((row) => [row.rank, row.net, row.rounds, row.won])).toEqual([
    [1, -100, 3, 1],
    [2, -300, 1, 0],
  ]);
  expect(board[0]?.player).toMatch(/^.\*\*\*$/);
});

test('at most five rounds at once', async () => {
  await ok(h.call(endpoints.gameClaim, {}, { token: ann }));
  for (let i = 0; i < 5; i++) await ok(play({ stake: 10 }));
  expect(await play({ stake: 10 })).toEqual({ type: 'error', message: 'You can have at most 5 rounds running at once.' });
});
