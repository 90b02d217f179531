import type { Static } from '@sinclair/typebox';
import type { CopyRules, CopySkip, Follow, TraderCard, TraderStats } from '../../contract/api';
import { Money, ZERO } from '../../contract/money';
import type { AppContext } from '../context';
import type { Translate } from '../i18n';
import { positionView } from '../trading/views';
import { COPY_RULES, netProfit, type FollowRow } from './desk';

/**
 * What the copy-trading screens read: the trader list and detail, the caller's follows
 * with their earnings, skipped copies, copied positions. Reads outside any step.
 */
type Card = Static<typeof TraderCard>;
type Stats = Static<typeof TraderStats>;

export function copyRules(ctx: AppContext): Static<typeof CopyRules> {
  return {
    multiple_min: COPY_RULES.multipleMin.toFixed(),
    multiple_max: COPY_RULES.multipleMax.toFixed(),
    lots_min: COPY_RULES.lotsMin,
    lots_max: COPY_RULES.lotsMax,
    profit_share: ctx.config.copyProfitShare,
    delay_minutes: COPY_RULES.delayMinutes,
    trader_min_balance: COPY_RULES.traderMinBalance.toFixed(),
  };
}

const NO_STATS: Stats = {
  total_profit: '0',
  win_rate: null,
  position_value: '0',
  followers: 0,
  orders: 0,
  profitable_orders: 0,
  long_orders: 0,
  long_wins: 0,
  short_orders: 0,
  short_wins: 0,
  followers_profit: '0',
  curve: [],
  computed_at: null,
};

function traderQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('traders')
    .innerJoin('users', 'users.id', 'traders.user_id')
    .leftJoin('trader_stats', 'trader_stats.user_id', 'traders.user_id')
    .select([
      'traders.user_id',
      'traders.bot',
      'traders.visibility',
      'traders.reviewed_at',
      'traders.applied_at',
      'users.nickname',
      'users.head_portrait',
      'users.signature',
      'trader_stats.total_profit',
      'trader_stats.win_rate',
      'trader_stats.position_value',
      'trader_stats.followers',
      'trader_stats.orders',
      'trader_stats.profitable_orders',
      'trader_stats.long_orders',
      'trader_stats.long_wins',
      'trader_stats.short_orders',
      'trader_stats.short_wins',
      'trader_stats.followers_profit',
      'trader_stats.curve',
      'trader_stats.computed_at',
    ])
    .where('traders.status', '=', 'approved');
}

type TraderRow = Awaited<ReturnType<ReturnType<typeof traderQuery>['execute']>>[number];

function cardOf(row: TraderRow): Card {
  const stats: Stats =
    row.computed_at === null
      ? NO_STATS
      : {
          total_profit: String(row.total_profit),
          win_rate: row.win_rate === null ? null : String(row.win_rate),
          position_value: String(row.position_value),
          followers: Number(row.followers),
          orders: Number(row.orders),
          profitable_orders: Number(row.profitable_orders),
          long_orders: Number(row.long_orders),
          long_wins: Number(row.long_wins),
          short_orders: Number(row.short_orders),
          short_wins: Number(row.short_wins),
          followers_profit: String(row.followers_profit),
          curve: JSON.parse(row.curve ?? '[]') as string[],
          computed_at: Number(row.computed_at),
        };
  return {
    user_id: row.user_id,
    nickname: row.nickname,
    head_portrait: row.head_portrait,
    signature: row.signature,
    bot: row.bot === 1,
    since: row.reviewed_at ?? row.applied_at,
    visibility: row.visibility,
    stats,
  };
}

export async function traderList(ctx: AppContext, input: { page?: number; limit?: number; sort?: 'profit' | 'win_rate' | 'followers'; kind?: 'all' | 'people' | 'bots' }) {
  const page = input.page ?? 1;
  const limit = input.limit ?? 10;
  let query = traderQuery(ctx);
  if (input.kind === 'people') query = query.where('traders.bot', '=', 0);
  if (input.kind === 'bots') query = query.where('traders.bot', '=', 1);
  // Numeric text sorts as a number in both databases once cast; ties by who became a trader first.
  const sort = input.sort ?? 'profit';
  const rows = await query.execute();
  const cards = rows.map(cardOf);
  const key = (card: Card) => (sort === 'followers' ? new Money(card.stats.followers) : sort === 'win_rate' ? new Money(card.stats.win_rate ?? -1) : new Money(card.stats.total_profit));
  cards.sort((a, b) => key(b).comparedTo(key(a)) || a.since - b.since || a.user_id - b.user_id);
  const data = cards.slice((page - 1) * limit, page * limit);
  return { data, page, limit, more: cards.length > page * limit, rules: copyRules(ctx) };
}

export async function traderCard(ctx: AppContext, userId: number): Promise<Card | null> {
  const row = await traderQuery(ctx).where('traders.user_id', '=', userId).executeTakeFirst();
  return row ? cardOf(row) : null;
}

export async function followViews(ctx: AppContext, rows: readonly FollowRow[]): Promise<Static<typeof Follow>[]> {
  if (rows.length === 0) return [];
  const traders = await ctx.db
    .selectFrom('users')
    .leftJoin('traders', 'traders.user_id', 'users.id')
    .select(['users.id', 'users.nickname', 'users.head_portrait', 'traders.bot'])
    .where(
      'users.id',
      'in',
      rows.map((row) => row.trader_id),
    )
    .execute();
  const byId = new Map(traders.map((row) => [row.id, row]));
  const closed = await ctx.db
    .selectFrom('lever_positions')
    .select(['copy_follow_id', 'profit', 'fee', 'copy_share'])
    .where(
      'copy_follow_id',
      'in',
      rows.map((row) => row.id),
    )
    .where('status', '=', 'closed')
    .execute();
  return rows.map((row) => {
    const trader = byId.get(row.trader_id);
    const own = closed.filter((copy) => copy.copy_follow_id === row.id);
    const open = ctx.trading.contracts.liveWhere((copy) => copy.copy_follow_id === row.id && copy.status === 'open');
    return {
      id: row.id,
      trader_user_id: row.trader_id,
      nickname: trader?.nickname ?? '',
      head_portrait: trader?.head_portrait ?? '',
      bot: trader?.bot === 1,
      mode: row.mode,
      number: row.number,
      max_margin: row.max_margin,
      end_time: row.end_time,
      status: row.status,
      created_at: row.created_at,
      closed_at: row.closed_at,
      earnings: own.reduce((sum, copy) => sum.plus(netProfit(copy)).minus(copy.copy_share), ZERO).toFixed(6),
      shared: own.reduce((sum, copy) => sum.plus(copy.copy_share), ZERO).toFixed(6),
      open_copies: open.length,
      margin_used: open.reduce((sum, copy) => sum.plus(copy.margin), ZERO).toFixed(6),
    };
  });
}

const SKIPS_SHOWN = 20;

export async function skipViews(ctx: AppContext, followerId: number, t: Translate): Promise<Static<typeof CopySkip>[]> {
  const rows = await ctx.db
    .selectFrom('copy_skips')
    .innerJoin('users', 'users.id', 'copy_skips.trader_id')
    .select(['copy_skips.id', 'copy_skips.trader_id', 'users.nickname', 'copy_skips.source_position_id', 'copy_skips.market_id', 'copy_skips.direction', 'copy_skips.reason', 'copy_skips.created_at'])
    .where('copy_skips.follower_id', '=', followerId)
    .orderBy('copy_skips.id', 'desc')
    .limit(SKIPS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    trader_user_id: row.trader_id,
    nickname: row.nickname,
    source_position_id: row.source_position_id,
    symbol: ctx.catalogue.market(row.market_id).symbol,
    direction: row.direction === 1 ? 'buy' : 'sell',
    reason: row.reason,
    message: t(`server:copy.skips.${row.reason}`),
    created_at: row.created_at,
  }));
}

/** The trader's own open positions shown on their page: all when live; when delayed, those older than the delay. */
export function traderPositions(ctx: AppContext, userId: number, visibility: 'live' | 'delayed') {
  const rows = ctx.trading.contracts.liveWhere((row) => row.user_id === userId && row.status === 'open' && row.copy_trader_id === null).sort((a, b) => b.id - a.id);
  const before = ctx.now() - COPY_RULES.delayMinutes * 60_000;
  const shown = visibility === 'live' ? rows : rows.filter((row) => (row.opened_at ?? row.created_at) <= before);
  return { positions: shown.map((row) => positionView(ctx.catalogue, row)), hidden: rows.length - shown.length };
}

const HISTORY_SHOWN = 20;

export async function traderHistory(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .selectFrom('lever_positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'closed')
    .where('copy_trader_id', 'is', null)
    .orderBy('closed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HISTORY_SHOWN)
    .execute();
  return rows.map((row) => positionView(ctx.catalogue, row));
}

export async function copyHistory(ctx: AppContext, followerId: number, input: { page?: number; limit?: number; status?: 'current' | 'history'; trader_user_id?: number }) {
  const page = input.page ?? 1;
  const limit = input.limit ?? 10;
  let query = ctx.db
    .selectFrom('lever_positions')
    .innerJoin('users', 'users.id', 'lever_positions.copy_trader_id')
    .selectAll('lever_positions')
    .select('users.nickname')
    .where('lever_positions.user_id', '=', followerId);
  query = input.status === 'history' ? query.where('lever_positions.status', '=', 'closed') : query.where('lever_positions.status', 'in', ['pending', 'open']);
  if (input.trader_user_id !== undefined) query = query.where('lever_positions.copy_trader_id', '=', input.trader_user_id);
  const rows = await query
    .orderBy('lever_positions.id', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  const data = rows.slice(0, limit).map(({ nickname, ...row }) => ({ position: positionView(ctx.catalogue, row), trader_user_id: row.copy_trader_id ?? 0, nickname }));
  return { data, page, limit, more: rows.length > limit };
}
