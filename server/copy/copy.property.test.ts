import fc from 'fast-check';
import { expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { userIdOf } from '../testing/wallet';
import { copyLots, netProfit } from './desk';

/**
 * Copy trading under random use: two traders open (market and limit), change stops,
 * close and close all while the price moves; three followers with random balances
 * follow by multiple or lots, with or without a margin cap, self-hold copies and stop
 * following. After every action:
 * - every linked open copy mirrors its trader's position: market, direction, leverage,
 *   and lots as its follow sizes them; its trader's position is open (or was liquidated,
 *   which is the trader's alone);
 * - every position a trader opened while a follow was active has, for that follow, a
 *   copy or a recorded skip;
 * - the profit share was paid exactly once for each linked copy closed with a net
 *   profit, and never otherwise;
 * - the ledger check passes.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

type Action =
  | { kind: 'open'; trader: number; direction: 'buy' | 'sell'; share: number; multiple: number; limit: boolean; stops: boolean }
  | { kind: 'stops'; trader: number; pick: number; wide: boolean }
  | { kind: 'close'; trader: number; pick: number }
  | { kind: 'closeAll'; trader: number }
  | { kind: 'price'; move: number }
  | { kind: 'selfHold'; follower: number; pick: number }
  | { kind: 'unfollow'; follower: number; trader: number }
  | { kind: 'follow'; follower: number; trader: number; mode: 'multiple' | 'lots'; number: string; cap: string | null };

const traderIndex = fc.integer({ min: 0, max: 1 });
const followerIndex = fc.integer({ min: 0, max: 2 });
const followSpec = fc.record({
  mode: fc.constantFrom<'multiple' | 'lots'>('multiple', 'lots'),
  multiple: fc.constantFrom('0.3', '0.5', '1', '1.5', '2.25', '3'),
  lots: fc.integer({ min: 1, max: 6 }),
  cap: fc.option(fc.constantFrom('300', '800', '2000'), { nil: null }),
});
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      trader: traderIndex,
      direction: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
      share: fc.integer({ min: 1, max: 5 }),
      multiple: fc.constantFrom(10, 20),
      limit: fc.boolean(),
      stops: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('stops' as const), trader: traderIndex, pick: fc.nat(), wide: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('close' as const), trader: traderIndex, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('closeAll' as const), trader: traderIndex }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('price' as const), move: fc.integer({ min: -1500, max: 1500 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('selfHold' as const), follower: followerIndex, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unfollow' as const), follower: followerIndex, trader: traderIndex }) },
  {
    weight: 1,
    arbitrary: fc.record({ follower: followerIndex, trader: traderIndex, spec: followSpec }).map(({ follower, trader, spec }) => ({
      kind: 'follow' as const,
      follower,
      trader,
      mode: spec.mode,
      number: spec.mode === 'lots' ? String(spec.lots) : spec.multiple,
      cap: spec.cap,
    })),
  },
);

const scenario = fc.record({
  balances: fc.tuple(fc.constantFrom('200', '1500', '20000'), fc.constantFrom('200', '1500', '20000'), fc.constantFrom('200', '1500', '20000')),
  follows: fc.array(fc.record({ follower: followerIndex, trader: traderIndex, spec: followSpec }), { minLength: 2, maxLength: 5 }),
  actions: fc.array(action, { minLength: 5, maxLength: 22 }),
});

test('copies mirror their traders, skips are recorded, the profit share is paid once, the ledger balances', { timeout: 240_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ balances, follows, actions }) => {
      const h = await createHarness({ AUTO_APPROVE: 'trader' });
      try {
        await run(h, balances, follows, actions);
      } finally {
        await h.close();
      }
    }),
    { numRuns: Number(process.env['COPY_PROPERTY_RUNS'] ?? 12), seed: process.env['COPY_PROPERTY_SEED'] ? Number(process.env['COPY_PROPERTY_SEED']) : undefined },
  );
});

interface FollowSeed {
  follower: number;
  trader: number;
  spec: { mode: 'multiple' | 'lots'; multiple: string; lots: number; cap: string | null };
}

async function run(h: Harness, balances: readonly string[], initial: readonly FollowSeed[], actions: readonly Action[]): Promise<void> {
  const traders: { token: string; id: number }[] = [];
  for (const name of ['t0', 't1']) {
    const token = await h.registerUser(`${name}@example.com`);
    const id = await userIdOf(h, `${name}@example.com`);
    await fund(h, await uidOf(h, token), 'USDT', '20000', 'lever');
    await h.ctx.db.updateTable('users').set({ real_level: 1 }).where('id', '=', id).execute();
    await ok(h.call(endpoints.traderApply, { visibility: 'live' }, { token }));
    traders.push({ token, id });
  }
  const followers: { token: string; id: number }[] = [];
  for (const [i, amount] of balances.entries()) {
    const token = await h.registerUser(`f${i}@example.com`);
    await fund(h, await uidOf(h, token), 'USDT', amount, 'lever');
    followers.push({ token, id: await userIdOf(h, `f${i}@example.com`) });
  }
  let price = 96_000;
  await tradeAt(h, BTC_MARKET, price);

  const all: Action[] = [
    ...initial.map(({ follower, trader, spec }) => ({ kind: 'follow' as const, follower, trader, mode: spec.mode, number: spec.mode === 'lots' ? String(spec.lots) : spec.multiple, cap: spec.cap })),
    ...actions,
  ];
  const seen = new Set<number>();
  for (const step of all) {
    // The follows active before the action: a trader's position opening in it is copied or skipped for each.
    const activeBefore = await h.ctx.db.selectFrom('follows').selectAll().where('status', '=', 'active').execute();
    await perform(h, step, traders, followers, price, (next) => (price = next));
    const positions = await h.ctx.db.selectFrom('lever_positions').selectAll().orderBy('id').execute();
    const byId = new Map(positions.map((row) => [row.id, row]));
    const follows = new Map((await h.ctx.db.selectFrom('follows').selectAll().execute()).map((row) => [row.id, row]));
    const skips = await h.ctx.db.selectFrom('copy_skips').selectAll().execute();

    for (const copy of positions.filter((row) => row.copy_source_id !== null)) {
      const source = byId.get(copy.copy_source_id ?? 0);
      const follow = follows.get(copy.copy_follow_id ?? 0);
      expect(source && follow, 'a copy names its trader’s position and its follow').toBeTruthy();
      if (!source || !follow) continue;
      expect([copy.market_id, copy.direction, copy.multiple, copy.share, copy.copy_trader_id]).toEqual([
        source.market_id,
        source.direction,
        source.multiple,
        copyLots(follow, source.share),
        source.user_id,
      ]);
      expect(copy.open_tick).toBe(source.open_tick);
      if (copy.copy_linked === 1 && copy.status === 'open') expect(source.status === 'open' || source.close_reason === 'liquidation', `linked copy ${copy.id} of closed ${source.id}`).toBe(true);
      const net = netProfit(copy);
      const due = copy.status === 'closed' && copy.copy_linked === 1 && copy.close_reason !== 'liquidation' && net.gt(0) ? net.times('0.1').toDecimalPlaces(6, Money.ROUND_DOWN) : new Money(0);
      expect(copy.copy_share).toBe(due.toFixed());
    }
    for (const source of positions.filter((row) => row.copy_source_id === null && row.opened_at !== null && !seen.has(row.id))) {
      seen.add(source.id);
      for (const follow of activeBefore.filter((row) => row.trader_id === source.user_id)) {
        const copied = positions.some((row) => row.copy_source_id === source.id && row.copy_follow_id === follow.id);
        const skipped = skips.some((row) => row.source_position_id === source.id && row.follow_id === follow.id);
        expect(copied !== skipped, `position ${source.id} for follow ${follow.id}: copied ${copied}, skipped ${skipped}`).toBe(true);
      }
    }
    const shares = await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'copy-share').execute();
    expect(shares.map((row) => Number(row.ref_id)).sort((a, b) => a - b)).toEqual(positions.filter((row) => new Money(row.copy_share).gt(0)).map((row) => row.id));
  }
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
}

async function perform(
  h: Harness,
  action: Action,
  traders: readonly { token: string; id: number }[],
  followers: readonly { token: string; id: number }[],
  price: number,
  setPrice: (price: number) => void,
): Promise<void> {
  const live = async (userId: number, status: 'open' | 'pending' | 'any' = 'open') =>
    (await h.ctx.db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).orderBy('id').execute()).filter((row) =>
      status === 'any' ? row.status === 'open' || row.status === 'pending' : row.status === status,
    );
  const pick = <T>(rows: readonly T[], n: number): T | undefined => (rows.length === 0 ? undefined : rows[n % rows.length]);
  // Refusals (too little margin for the trader, a level on the wrong side) are part of random use: they must change nothing, which the checks cover.
  switch (action.kind) {
    case 'open': {
      const trader = traders[action.trader]!;
      const sign = action.direction === 'buy' ? 1 : -1;
      const level = (fraction: number) => (price * (1 + fraction)).toFixed(2);
      await h.call(
        endpoints.leverSubmit,
        {
          currency_id: BTC,
          legal_id: USDT,
          direction: action.direction,
          share: action.share,
          multiple: action.multiple,
          ...(action.limit ? { type: 'limit', price: level(-sign * 0.004) } : {}),
          ...(action.stops ? { target_profit_price: level(sign * 0.012), stop_loss_price: level(-sign * 0.012) } : {}),
        },
        { token: trader.token },
      );
      return;
    }
    case 'stops': {
      const trader = traders[action.trader]!;
      const row = pick(await live(trader.id), action.pick);
      if (!row) return;
      const sign = row.direction;
      const level = (fraction: number) => (price * (1 + fraction)).toFixed(2);
      const width = action.wide ? 0.02 : 0.006;
      await h.call(endpoints.leverSetStop, { id: row.id, target_profit_price: level(sign * width), stop_loss_price: level(-sign * width) }, { token: trader.token });
      return;
    }
    case 'close': {
      const trader = traders[action.trader]!;
      const row = pick(await live(trader.id, 'any'), action.pick);
      if (!row) return;
      if (row.status === 'open') await ok(h.call(endpoints.leverClose, { id: row.id }, { token: trader.token }));
      else await ok(h.call(endpoints.leverCancel, { id: row.id }, { token: trader.token }));
      return;
    }
    case 'closeAll':
      await ok(h.call(endpoints.leverBatchClose, { type: 'all' }, { token: traders[action.trader]!.token }));
      return;
    case 'price': {
      const next = Math.max(90_000, Math.min(102_000, price + action.move));
      setPrice(next);
      await tradeAt(h, BTC_MARKET, next);
      return;
    }
    case 'selfHold': {
      const follower = followers[action.follower]!;
      const row = pick(
        (await live(follower.id)).filter((copy) => copy.copy_linked === 1),
        action.pick,
      );
      if (row) await ok(h.call(endpoints.selfHold, { transaction_id: row.id }, { token: follower.token }));
      return;
    }
    case 'unfollow':
      await h.call(endpoints.unfollow, { follow_user_id: traders[action.trader]!.id }, { token: followers[action.follower]!.token });
      return;
    case 'follow':
      await h.call(
        endpoints.follow,
        { trader_user_id: traders[action.trader]!.id, type: action.mode, number: action.number, ...(action.cap ? { max_margin: action.cap } : {}) },
        { token: followers[action.follower]!.token },
      );
      return;
  }
}
