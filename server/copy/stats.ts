import { Money, ZERO } from '../../contract/money';
import type { AppContext } from '../context';
import { netProfit } from './desk';

const DAY = 86_400_000;
const CURVE_DAYS = 30;

/**
 * A trader's statistics, computed from the rows alone (spec 3 trader fields, spec 9: at
 * most an hour old): the trader's own closed positions (copies they hold as a follower
 * are not theirs) for profit, orders, wins and the long and short split; open ones for
 * the position value at the last trade; active follows; the followers' net profit on
 * closed copies of this trader (after fees and the profit share). Stamped with when.
 * Invented figures never: a new trader shows zeros and no win rate.
 */
export async function computeTraderStats(ctx: AppContext, userId: number, now = ctx.now()): Promise<void> {
  const closed = await ctx.db
    .selectFrom('lever_positions')
    .select(['direction', 'profit', 'fee', 'closed_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'closed')
    .where('copy_trader_id', 'is', null)
    .orderBy('closed_at')
    .execute();
  let total = ZERO;
  let profitable = 0;
  const sides = { long: { orders: 0, wins: 0 }, short: { orders: 0, wins: 0 } };
  const today = Math.floor(now / DAY) * DAY;
  const firstDay = today - (CURVE_DAYS - 1) * DAY;
  const curve: Money[] = [];
  let day = firstDay;
  for (const row of closed) {
    const at = row.closed_at ?? 0;
    // Each day's point is the cumulative profit at its end; days before the row's close are done.
    while (day <= today && at >= day + DAY) {
      curve.push(total);
      day += DAY;
    }
    const net = netProfit(row);
    total = total.plus(net);
    const side = row.direction === 1 ? sides.long : sides.short;
    side.orders += 1;
    if (net.gt(0)) {
      profitable += 1;
      side.wins += 1;
    }
  }
  while (day <= today) {
    curve.push(total);
    day += DAY;
  }
  let positionValue = ZERO;
  // From the store: with several processes this one holds live only the positions of the markets it runs.
  const open = await ctx.db.selectFrom('lever_positions').select(['quantity', 'market_id']).where('user_id', '=', userId).where('status', '=', 'open').where('copy_trader_id', 'is', null).execute();
  for (const row of open) {
    positionValue = positionValue.plus(new Money(row.quantity).times(ctx.market.view.lastPrice(row.market_id)));
  }
  const followers = await ctx.db
    .selectFrom('follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('trader_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  const copies = await ctx.db.selectFrom('lever_positions').select(['profit', 'fee', 'copy_share']).where('copy_trader_id', '=', userId).where('status', '=', 'closed').execute();
  const followersProfit = copies.reduce((sum, row) => sum.plus(netProfit(row)).minus(row.copy_share), ZERO);
  const orders = closed.length;
  const values = {
    total_profit: total.toFixed(6),
    win_rate: orders === 0 ? null : new Money(profitable).div(orders).toDecimalPlaces(4, Money.ROUND_DOWN).toFixed(),
    position_value: positionValue.toFixed(2),
    followers: Number(followers.n),
    orders,
    profitable_orders: profitable,
    long_orders: sides.long.orders,
    long_wins: sides.long.wins,
    short_orders: sides.short.orders,
    short_wins: sides.short.wins,
    followers_profit: followersProfit.toFixed(6),
    curve: JSON.stringify(curve.map((point) => point.toFixed(2))),
    computed_at: now,
  };
  await ctx.db
    .insertInto('trader_stats')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** Every approved trader's statistics (the copy-stats job, every ten minutes: spec 9 asks for hourly at least). */
export async function computeAllTraderStats(ctx: AppContext): Promise<number> {
  const traders = await ctx.db.selectFrom('traders').select('user_id').where('status', '=', 'approved').execute();
  for (const trader of traders) await computeTraderStats(ctx, trader.user_id);
  return traders.length;
}
