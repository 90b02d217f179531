import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { balance, userIdOf, verifyIdentity } from '../testing/wallet';
import { readTick } from '../trading/market';
import { computeTraderStats } from './stats';

/**
 * Copy trading end to end through the API: following, mirrored openings at the trader's
 * trade, propagation of stops and closes, skips, self-hold, the profit share, statistics
 * and trader applications. BTC: a lot is 0.01 BTC, opening fee 0.05 %.
 */
const BTC = 1;
const USDT = 3;
const BTC_MARKET = 1;

let h: Harness;
let trader: string;
let traderId: number;
let follower: string;
let followerId: number;

async function makeTrader(email: string, stake = '5000'): Promise<{ token: string; id: number }> {
  const token = await h.registerUser(email);
  const id = await userIdOf(h, email);
  await fund(h, await uidOf(h, token), 'USDT', stake, 'lever');
  await h.ctx.db.updateTable('users').set({ real_level: 1 }).where('id', '=', id).execute();
  const application = await ok(h.call(endpoints.traderApply, { visibility: 'live' }, { token }));
  expect(application.status).toBe('approved');
  return { token, id };
}

beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'trader' });
  ({ token: trader, id: traderId } = await makeTrader('trader@example.com'));
  follower = await h.registerUser('follower@example.com');
  followerId = await userIdOf(h, 'follower@example.com');
  await fund(h, await uidOf(h, follower), 'USDT', '5000', 'lever');
  await tradeAt(h, BTC_MARKET, 96_000);
});
afterEach(async () => {
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  await h.close();
});

type Submit = { direction: 'buy' | 'sell'; share: number; multiple: number; type?: 'market' | 'limit'; price?: string; target_profit_price?: string; stop_loss_price?: string };
const open = (token: string, input: Submit) => ok(h.call(endpoints.leverSubmit, { currency_id: BTC, legal_id: USDT, ...input }, { token }));
const followTrader = (input: { type: 'multiple' | 'lots'; number: string; max_margin?: string; end_time?: number }, token = follower, traderUserId = traderId) =>
  h.call(endpoints.follow, { trader_user_id: traderUserId, ...input }, { token });
const positionsOf = (userId: number) => h.ctx.db.selectFrom('lever_positions').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const lever = (token: string) => balance(h, token, USDT, 'lever');

describe('following', () => {
  test('bad follows are refused with their own words and change nothing', async () => {
    const other = await h.registerUser('other@example.com');
    const otherId = await userIdOf(h, 'other@example.com');
    const refusals: [Promise<{ type: string; message: unknown }>, string][] = [
      [followTrader({ type: 'multiple', number: '1' }, trader), 'You cannot follow yourself.'],
      [followTrader({ type: 'multiple', number: '1' }, follower, otherId), 'This user is not a trader you can follow.'],
      [followTrader({ type: 'multiple', number: '0' }), 'The multiple must be from 0.01 to 100.'],
      [followTrader({ type: 'multiple', number: '100.5' }), 'The multiple must be from 0.01 to 100.'],
      [followTrader({ type: 'lots', number: '1.5' }), 'The number of lots must be a whole number from 1 to 1000.'],
      [followTrader({ type: 'lots', number: '1001' }), 'The number of lots must be a whole number from 1 to 1000.'],
      [followTrader({ type: 'lots', number: '2', max_margin: '0' }), 'The margin cap must be more than 0.'],
      [followTrader({ type: 'lots', number: '2', end_time: h.ctx.now() - 1 }), 'The stop date must be in the future.'],
      [followTrader({ type: 'multiple', number: '1.234' }), 'Please enter a correct multiple or number of lots.'],
    ];
    for (const [answer, message] of refusals) expect(await answer).toEqual({ type: 'error', message });
    expect(await h.call(endpoints.follow, { trader_user_id: traderId, type: 'double', number: '1' }, { token: follower })).toMatchObject({ type: 'error' });
    expect(await h.call(endpoints.unfollow, { follow_user_id: traderId }, { token: follower })).toEqual({ type: 'error', message: 'You do not follow this trader.' });
    expect(await h.ctx.db.selectFrom('follows').selectAll().execute()).toEqual([]);
    void other;
  });

  test('the same follow sent 40 times at once makes one', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => followTrader({ type: 'lots', number: '2' })));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.type === 'error').map((answer) => answer.message))).toEqual(new Set(['You already follow this trader.']));
    expect(await h.ctx.db.selectFrom('follows').selectAll().where('status', '=', 'active').execute()).toHaveLength(1);
  });

  test('cancelled, a trader can be followed again; a follow is listed with its figures', async () => {
    await ok(followTrader({ type: 'multiple', number: '2' }));
    const cancelled = await ok(h.call(endpoints.unfollow, { follow_user_id: traderId }, { token: follower }));
    expect(cancelled).toMatchObject({ status: 'cancelled', trader_user_id: traderId, mode: 'multiple', number: '2' });
    const again = await ok(followTrader({ type: 'lots', number: '3', max_margin: '500' }));
    expect(again).toMatchObject({ status: 'active', mode: 'lots', number: '3', max_margin: '500', earnings: '0.000000', open_copies: 0 });
    const mine = await ok(h.call(endpoints.myFollows, {}, { token: follower }));
    expect(mine.follows.map((row) => row.status)).toEqual(['active', 'cancelled']);
  });
});

test('a follow is changed in place: its open copies stay with it and count toward the new cap; bad terms change nothing', async () => {
  const first = await ok(followTrader({ type: 'lots', number: '2' }));
  await open(trader, { direction: 'buy', share: 1, multiple: 10 });
  const edit = (input: { type: 'multiple' | 'lots'; number: string; max_margin?: string }) => h.call(endpoints.editFollow, { trader_user_id: traderId, ...input }, { token: follower });
  expect(await edit({ type: 'lots', number: '0' })).toEqual({ type: 'error', message: 'The number of lots must be a whole number from 1 to 1000.' });
  const changed = await ok(edit({ type: 'lots', number: '3', max_margin: '300' }));
  expect(changed).toMatchObject({ id: first.id, mode: 'lots', number: '3', max_margin: '300', open_copies: 1 });
  // The open copy (2 lots, ~192 USDT margin) and a new one of 3 (~288) would pass 300: skipped.
  await open(trader, { direction: 'buy', share: 1, multiple: 10 });
  expect((await ok(h.call(endpoints.myFollows, {}, { token: follower }))).skips.map((skip) => skip.reason)).toEqual(['cap']);
  const stranger = await h.registerUser('stranger@example.com');
  expect(await h.call(endpoints.editFollow, { trader_user_id: traderId, type: 'lots', number: '1' }, { token: stranger })).toEqual({ type: 'error', message: 'You do not follow this trader.' });
  expect(await ok(h.call(endpoints.copyRules, {}, {}))).toMatchObject({ multiple_min: '0.01', multiple_max: '100', lots_min: 1, lots_max: 1000, profit_share: '0.1', delay_minutes: 10 });
  expect((await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, { token: trader }))).self).toBe(true);
  expect((await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, { token: follower }))).self).toBe(false);
  expect((await ok(h.call(endpoints.traderApplication, {}, { token: trader }))).user_id).toBe(traderId);
});

describe('mirroring', () => {
  test('a market order: the copy opens at the very trade, sized by the multiple rounded down, with the trader’s leverage and stops', async () => {
    await ok(followTrader({ type: 'multiple', number: '1.5' }));
    const source = await open(trader, { direction: 'buy', share: 3, multiple: 20, target_profit_price: '99000.00', stop_loss_price: '90000.00' });
    const [copy] = await positionsOf(followerId);
    expect(copy).toMatchObject({
      status: 'open',
      direction: 1,
      share: 4, // 3 x 1.5 = 4.5, rounded down
      multiple: 20,
      price: source.price,
      target_profit_price: '99000.00',
      stop_loss_price: '90000.00',
      copy_source_id: source.id,
      copy_trader_id: traderId,
      copy_linked: 1,
    });
    expect(readTick(copy?.open_tick ?? null)).toEqual(source.open_tick);
    const live = await ok(h.call(endpoints.leverPositions, {}, { token: follower }));
    expect(live.positions[0]?.copy).toEqual({ trader_user_id: traderId, linked: true, profit_share: '0' });
  });

  test('a limit order opens its copies when a trade reaches it, at that trade', async () => {
    await ok(followTrader({ type: 'lots', number: '2' }));
    const waiting = await open(trader, { direction: 'buy', type: 'limit', price: '95000.00', share: 5, multiple: 10 });
    expect(await positionsOf(followerId)).toEqual([]);
    await tradeAt(h, BTC_MARKET, 94_900);
    const [source] = await positionsOf(traderId);
    const [copy] = await positionsOf(followerId);
    expect(source).toMatchObject({ id: waiting.id, status: 'open' });
    expect(copy).toMatchObject({ status: 'open', share: 2, multiple: 10, price: source?.price, open_tick: source?.open_tick });
  });

  test('a limit order a gap opens past its own stop-loss: the copy opens without that level and closes with the trader at the next trade', async () => {
    await ok(followTrader({ type: 'lots', number: '1' }));
    const waiting = await open(trader, { direction: 'sell', type: 'limit', price: '96300.00', share: 2, multiple: 10, stop_loss_price: '97000.00' });
    await tradeAt(h, BTC_MARKET, 97_200); // the short opens at ~97,200, above its stop-loss
    const [source] = await positionsOf(traderId);
    const [copy] = await positionsOf(followerId);
    expect(source).toMatchObject({ id: waiting.id, status: 'open', stop_loss_price: '97000.00' });
    expect(new Money(source?.price ?? 0).gt('97000')).toBe(true);
    expect(copy).toMatchObject({ status: 'open', price: source?.price, stop_loss_price: null });
    await tradeAt(h, BTC_MARKET, 97_250);
    const [closedSource] = await positionsOf(traderId);
    const [closedCopy] = await positionsOf(followerId);
    expect(closedSource).toMatchObject({ status: 'closed', close_reason: 'stop_loss' });
    expect(closedCopy).toMatchObject({ status: 'closed', close_reason: 'copy', close_price: closedSource?.close_price });
  });

  test('stops the trader changes and closes the trader makes reach the linked copies, at the same trade', async () => {
    await ok(followTrader({ type: 'lots', number: '2' }));
    const source = await open(trader, { direction: 'sell', share: 2, multiple: 10 });
    await ok(h.call(endpoints.leverSetStop, { id: source.id, target_profit_price: '90000.00', stop_loss_price: '99000.00' }, { token: trader }));
    const [copy] = await positionsOf(followerId);
    expect(copy).toMatchObject({ target_profit_price: '90000.00', stop_loss_price: '99000.00' });
    await tradeAt(h, BTC_MARKET, 96_500);
    const closed = await ok(h.call(endpoints.leverClose, { id: source.id }, { token: trader }));
    const [after] = await positionsOf(followerId);
    expect(after).toMatchObject({ status: 'closed', close_reason: 'copy', close_price: closed.close_price, closed_at: closed.closed_at });
    expect(readTick(after?.close_tick ?? null)).toEqual(closed.close_tick);
  });

  test('close-all and take-profit reach the copies; a trader’s liquidation does not', async () => {
    await ok(followTrader({ type: 'lots', number: '1' }));
    const first = await open(trader, { direction: 'buy', share: 1, multiple: 10 });
    const second = await open(trader, { direction: 'buy', share: 1, multiple: 10, target_profit_price: '97000.00' });
    await ok(h.call(endpoints.leverBatchClose, { type: 'all' }, { token: trader }));
    expect((await positionsOf(followerId)).map((row) => [row.copy_source_id, row.status, row.close_reason])).toEqual([
      [first.id, 'closed', 'copy'],
      [second.id, 'closed', 'copy'],
    ]);

    // A trader with little margin at high leverage is liquidated by a fall; the copy, backed by the follower's account, stays.
    const { token: thin, id: thinId } = await makeTrader('thin@example.com', '100');
    await ok(followTrader({ type: 'lots', number: '1' }, follower, thinId));
    const risky = await open(thin, { direction: 'buy', share: 9, multiple: 100 });
    await tradeAt(h, BTC_MARKET, 95_000);
    expect((await positionsOf(thinId)).find((row) => row.id === risky.id)).toMatchObject({ status: 'closed', close_reason: 'liquidation' });
    expect((await positionsOf(followerId)).find((row) => row.copy_source_id === risky.id)).toMatchObject({ status: 'open', copy_linked: 1 });
  });

  test('skips are recorded with their reasons: short of margin, over the cap, past the stop date, under one lot', async () => {
    const poor = await h.registerUser('poor@example.com');
    await fund(h, await uidOf(h, poor), 'USDT', '10', 'lever');
    const capped = await h.registerUser('capped@example.com');
    await fund(h, await uidOf(h, capped), 'USDT', '5000', 'lever');
    const late = await h.registerUser('late@example.com');
    await fund(h, await uidOf(h, late), 'USDT', '5000', 'lever');
    const small = await h.registerUser('small@example.com');
    await fund(h, await uidOf(h, small), 'USDT', '5000', 'lever');
    await ok(followTrader({ type: 'lots', number: '5' }, poor));
    await ok(followTrader({ type: 'lots', number: '5', max_margin: '700' }, capped));
    await ok(followTrader({ type: 'lots', number: '1', end_time: h.ctx.now() + 1000 }, late));
    await ok(followTrader({ type: 'multiple', number: '0.1' }, small));
    h.advance(2000);
    await open(trader, { direction: 'buy', share: 5, multiple: 10 }); // a copy of 5 lots needs ~480 USDT margin
    await open(trader, { direction: 'buy', share: 5, multiple: 10 });
    const reasons = async (token: string) => (await ok(h.call(endpoints.myFollows, {}, { token }))).skips.map((skip) => skip.reason);
    expect(await reasons(poor)).toEqual(['margin', 'margin']);
    expect(await reasons(capped)).toEqual(['cap']); // the first copy fits under 700, the second would not
    expect(await reasons(late)).toEqual(['ended']); // ended at the first; the second finds no follow
    expect(await reasons(small)).toEqual(['too_small', 'too_small']);
    const [skip] = (await ok(h.call(endpoints.myFollows, {}, { token: poor }))).skips;
    expect(skip).toMatchObject({ trader_user_id: traderId, symbol: 'BTC/USDT', direction: 'buy', message: 'Not copied: your futures account did not have enough available margin.' });
    expect((await ok(h.call(endpoints.myFollows, {}, { token: late }))).follows[0]?.status).toBe('ended');
  });
});

test('no copy is made for a frozen follower or from a frozen trader; each skip says so, and copying resumes once unfrozen', async () => {
  const operator = { headers: { 'x-operator-token': (await ok(h.call(endpoints.addOperator, { name: 'alice' }, { operator: true }))).token } };
  const other = await h.registerUser('other@example.com');
  const otherId = await userIdOf(h, 'other@example.com');
  await fund(h, await uidOf(h, other), 'USDT', '5000', 'lever');
  await ok(followTrader({ type: 'lots', number: '1' }));
  await ok(followTrader({ type: 'lots', number: '1' }, other));
  const followerUid = await uidOf(h, follower);
  const traderUid = await uidOf(h, trader);
  await ok(h.call(endpoints.freezeUser, { uid: followerUid, reason: 'Reported stolen by its owner.' }, operator));

  // The follower's account is frozen: the other follower is copied, the frozen one is not.
  await open(trader, { direction: 'buy', share: 5, multiple: 10 });
  expect(await positionsOf(followerId)).toEqual([]);
  expect(await positionsOf(otherId)).toHaveLength(1);

  // The trader's account is frozen: a limit order it left in the book still opens its position, but nobody copies it.
  await ok(h.call(endpoints.unfreezeUser, { uid: followerUid, reason: 'The owner proved who they are.' }, operator));
  await open(trader, { direction: 'buy', type: 'limit', price: '95000.00', share: 5, multiple: 10 });
  await ok(h.call(endpoints.freezeUser, { uid: traderUid, reason: 'Under review.' }, operator));
  await tradeAt(h, BTC_MARKET, 94_900);
  expect(await positionsOf(traderId)).toHaveLength(2);
  expect(await positionsOf(followerId)).toEqual([]);
  expect(await positionsOf(otherId)).toHaveLength(1);

  const relogged = await ok(h.call(endpoints.login, { user_string: 'follower@example.com', password: 'secret-pass' }));
  if (typeof relogged !== 'string') throw new Error('no session');
  const skips = (await ok(h.call(endpoints.myFollows, {}, { token: relogged }))).skips;
  expect(skips.map((skip) => [skip.reason, skip.message])).toEqual([
    ['trader_frozen', "Not copied: the trader's account was frozen at the time."],
    ['frozen', 'Not copied: your account was frozen at the time.'],
  ]);
  expect((await ok(h.call(endpoints.myFollows, {}, { token: other }))).skips.map((skip) => skip.reason)).toEqual(['trader_frozen']);

  // Unfrozen, the trader is copied again.
  await ok(h.call(endpoints.unfreezeUser, { uid: traderUid, reason: 'Cleared.' }, operator));
  const relogTrader = await ok(h.call(endpoints.login, { user_string: 'trader@example.com', password: 'secret-pass' }));
  if (typeof relogTrader !== 'string') throw new Error('no session');
  await open(relogTrader, { direction: 'buy', share: 5, multiple: 10 });
  expect(await positionsOf(followerId)).toHaveLength(1);
});

describe('self-hold', () => {
  test('a self-held copy stays open when the trader closes, and only its owner can self-hold a linked copy', async () => {
    await ok(followTrader({ type: 'lots', number: '1' }));
    const source = await open(trader, { direction: 'buy', share: 1, multiple: 10 });
    const [copy] = await positionsOf(followerId);
    const own = await open(follower, { direction: 'buy', share: 1, multiple: 10 });
    const stranger = await h.registerUser('stranger@example.com');
    const notYours = 'This is not one of your linked copied positions.';
    expect(await h.call(endpoints.selfHold, { transaction_id: copy!.id }, { token: stranger })).toEqual({ type: 'error', message: notYours });
    expect(await h.call(endpoints.selfHold, { transaction_id: own.id }, { token: follower })).toEqual({ type: 'error', message: notYours });
    const held = await ok(h.call(endpoints.selfHold, { transaction_id: copy!.id }, { token: follower }));
    expect(held).toMatchObject({ trader_user_id: traderId, position: { id: copy!.id, copy: { trader_user_id: traderId, linked: false } } });
    expect(await h.call(endpoints.selfHold, { transaction_id: copy!.id }, { token: follower })).toEqual({ type: 'error', message: notYours });
    await ok(h.call(endpoints.leverClose, { id: source.id }, { token: trader }));
    expect((await positionsOf(followerId)).find((row) => row.id === copy!.id)).toMatchObject({ status: 'open', copy_linked: 0 });
    // Closed by its owner in profit later: no share, it is theirs alone.
    await tradeAt(h, BTC_MARKET, 98_000);
    await ok(h.call(endpoints.leverClose, { id: copy!.id }, { token: follower }));
    expect((await positionsOf(followerId)).find((row) => row.id === copy!.id)?.copy_share).toBe('0');
  });
});

describe('profit share', () => {
  test('a copy closed in profit pays the trader the share of its net profit, once; a loss pays nothing', async () => {
    await ok(followTrader({ type: 'lots', number: '2' }));
    const winner = await open(trader, { direction: 'buy', share: 2, multiple: 10 });
    const before = { trader: await lever(trader), follower: await lever(follower) };
    await tradeAt(h, BTC_MARKET, 97_000);
    await ok(h.call(endpoints.leverClose, { id: winner.id }, { token: trader }));
    const copy = (await positionsOf(followerId)).find((row) => row.copy_source_id === winner.id);
    const net = new Money(copy?.profit ?? 0).minus(copy?.fee ?? 0);
    expect(net.gt(0)).toBe(true);
    const share = net.times('0.1').toDecimalPlaces(6, Money.ROUND_DOWN);
    expect(copy?.copy_share).toBe(share.toFixed());
    const shares = await h.ctx.db.selectFrom('ledger_transactions').selectAll().where('ref_kind', '=', 'copy-share').execute();
    expect(shares.map((row) => [row.ref_id, row.reason])).toEqual([[String(copy?.id), 'copy_profit_share']]);
    // The trader's account: the own position's result plus the share.
    const traderOwn = (await positionsOf(traderId)).find((row) => row.id === winner.id);
    expect(new Money((await lever(trader)).available).minus(before.trader.available).toFixed(6)).toBe(
      new Money(traderOwn?.profit ?? 0)
        .plus(traderOwn?.margin ?? 0)
        .plus(share)
        .toFixed(6),
    );

    const loser = await open(trader, { direction: 'buy', share: 2, multiple: 10 });
    await tradeAt(h, BTC_MARKET, 96_000);
    await ok(h.call(endpoints.leverClose, { id: loser.id }, { token: trader }));
    expect(await h.ctx.db.selectFrom('ledger_transactions').selectAll().where('ref_kind', '=', 'copy-share').execute()).toHaveLength(1);
    const [follow] = (await ok(h.call(endpoints.myFollows, {}, { token: follower }))).follows;
    const copies = (await positionsOf(followerId)).filter((row) => row.status === 'closed');
    const earnings = copies.reduce(
      (sum, row) =>
        sum
          .plus(row.profit ?? 0)
          .minus(row.fee)
          .minus(row.copy_share),
      new Money(0),
    );
    expect(follow).toMatchObject({ earnings: earnings.toFixed(6), shared: share.toFixed(6), open_copies: 0 });
    void before.follower;
  });
});

describe('statistics', () => {
  test('computed from the rows: orders, wins, sides, followers and their profit; a new trader shows zeros', async () => {
    await computeTraderStats(h.ctx, traderId);
    let detail = await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, {}));
    expect(detail.trader.stats).toMatchObject({ total_profit: '0.000000', win_rate: null, orders: 0, followers: 0 });
    expect(detail.trader.stats.curve).toHaveLength(30);

    await ok(followTrader({ type: 'lots', number: '1' }));
    const long = await open(trader, { direction: 'buy', share: 2, multiple: 10 });
    const short = await open(trader, { direction: 'sell', share: 1, multiple: 10 });
    await tradeAt(h, BTC_MARKET, 97_000);
    await ok(h.call(endpoints.leverClose, { id: long.id }, { token: trader }));
    await ok(h.call(endpoints.leverClose, { id: short.id }, { token: trader }));
    const still = await open(trader, { direction: 'buy', share: 1, multiple: 10 });
    await computeTraderStats(h.ctx, traderId);
    detail = await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, { token: follower }));
    const own = (await positionsOf(traderId)).filter((row) => row.status === 'closed');
    const total = own.reduce((sum, row) => sum.plus(row.profit ?? 0).minus(row.fee), new Money(0));
    expect(detail.trader.stats).toMatchObject({
      total_profit: total.toFixed(6),
      win_rate: '0.5',
      orders: 2,
      profitable_orders: 1,
      long_orders: 1,
      long_wins: 1,
      short_orders: 1,
      short_wins: 0,
      followers: 1,
    });
    expect(detail.trader.stats.curve.at(-1)).toBe(total.toFixed(2));
    expect(detail.positions.map((row) => row.id)).toEqual([still.id]);
    expect(detail.history.map((row) => row.id).sort()).toEqual([long.id, short.id].sort());
    expect(detail.follow).toMatchObject({ trader_user_id: traderId, status: 'active', open_copies: 1 });
    const copies = (await positionsOf(followerId)).filter((row) => row.status === 'closed');
    expect(detail.trader.stats.followers_profit).toBe(
      copies
        .reduce(
          (sum, row) =>
            sum
              .plus(row.profit ?? 0)
              .minus(row.fee)
              .minus(row.copy_share),
          new Money(0),
        )
        .toFixed(6),
    );
    const list = await ok(h.call(endpoints.traderList, { sort: 'followers' }, {}));
    expect(list.data.map((card) => card.user_id)).toEqual([traderId]);
  });

  test('a delayed trader’s newest positions are hidden until they are ten minutes old', async () => {
    await ok(h.call(endpoints.traderApply, { visibility: 'delayed' }, { token: trader }));
    await open(trader, { direction: 'buy', share: 1, multiple: 10 });
    let detail = await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, {}));
    expect([detail.positions.length, detail.hidden_positions]).toEqual([0, 1]);
    h.advance(10 * 60_000);
    detail = await ok(h.call(endpoints.traderDetail, { trader_user_id: traderId }, {}));
    expect([detail.positions.length, detail.hidden_positions]).toEqual([1, 0]);
  });
});

describe('becoming a trader', () => {
  test('needs level-1 identity and a futures balance; waits for the operator unless AUTO_APPROVE says trader', async () => {
    await h.close();
    h = await createHarness({ AUTO_APPROVE: 'identity' });
    const ann = await h.registerUser('ann@example.com');
    const annId = await userIdOf(h, 'ann@example.com');
    expect(await h.call(endpoints.traderApply, { visibility: 'live' }, { token: ann })).toEqual({ type: 'error', message: 'Verify your identity (level 1) before you apply.' });
    await verifyIdentity(h, ann);
    expect(await h.call(endpoints.traderApply, { visibility: 'live' }, { token: ann })).toEqual({ type: 'error', message: 'Your futures account needs at least 100 USDT before you apply.' });
    await fund(h, await uidOf(h, ann), 'USDT', '100', 'lever');
    expect(await ok(h.call(endpoints.traderApply, { visibility: 'delayed' }, { token: ann }))).toMatchObject({ status: 'pending', visibility: 'delayed', needs: { identity: true, balance: true } });
    expect(await h.call(endpoints.traderApply, { visibility: 'live' }, { token: ann })).toEqual({ type: 'error', message: 'Your application is being reviewed.' });
    const bob = await h.registerUser('bob@example.com');
    expect(await h.call(endpoints.follow, { trader_user_id: annId, type: 'lots', number: '1' }, { token: bob })).toEqual({ type: 'error', message: 'This user is not a trader you can follow.' });
    const pending = await ok(h.call(endpoints.operatorPending, {}, { operator: true }));
    expect(pending.traders.map((row) => row.id)).toEqual([annId]);
    await ok(h.call(endpoints.approveTrader, { id: annId }, { operator: true }));
    expect(await h.call(endpoints.approveTrader, { id: annId }, { operator: true })).toEqual({ type: 'error', message: 'This application is not waiting for review.' });
    expect((await ok(h.call(endpoints.traderApplication, {}, { token: ann }))).status).toBe('approved');
    expect(await ok(h.call(endpoints.follow, { trader_user_id: annId, type: 'lots', number: '1' }, { token: bob }))).toMatchObject({ status: 'active' });
  });
});
