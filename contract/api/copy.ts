import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { IdField, LimitField, PageField } from './fields';
import { Position } from './trade';
import { paged } from './wallet';

/**
 * Copy trading (spec 1, 2 "copytrade" and "follow", 3, 5, 7 "Follow", 9): traders whose
 * contract positions are mirrored, at the same trade, into their followers' contract
 * accounts. A follower copies by a fixed multiple of the trader's lots or a fixed number
 * of lots, with an optional cap on the margin the copies may hold and a stop date. A
 * copy closed in profit while linked pays the trader a share of its net profit.
 * Statistics are computed from the positions themselves, at most an hour old.
 */
const Amount = Type.String({ description: 'decimal text' });
const NullableAmount = Type.Union([Amount, Type.Null()]);

/** Fixed multiple of the trader's lots, or a fixed number of lots per copy. */
export const FollowMode = Type.Union([Type.Literal('multiple'), Type.Literal('lots')], { errorKey: 'copy_mode_invalid' });

/** A multiple, 0.01 to 100 (two decimals at most), or a number of lots, 1 to 1000. */
export const FollowNumberField = Type.String({ minLength: 1, maxLength: 12, pattern: '^(0|[1-9][0-9]{0,5})(\\.[0-9]{1,2})?$', errorKey: 'copy_number_invalid' });
const CapField = Type.String({ minLength: 1, maxLength: 24, pattern: '^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,6})?$', errorKey: 'copy_cap_invalid' });

/** What a follow is made or changed with: the trader, mode, number, optional cap and stop date (ms). */
const FollowTerms = Type.Object({
  trader_user_id: IdField,
  type: FollowMode,
  number: FollowNumberField,
  max_margin: Type.Optional(CapField),
  end_time: Type.Optional(Type.Integer({ minimum: 0, errorKey: 'copy_end_invalid' })),
});

export const TraderStats = Type.Object({
  /** the trader's own closed positions: net profit, USDT */
  total_profit: Amount,
  /** profitable / orders, a fraction (0.625 is 62.5 %); null before the first closed order */
  win_rate: NullableAmount,
  /** notional of the open positions at the last trade, USDT */
  position_value: Amount,
  followers: Type.Integer(),
  orders: Type.Integer(),
  profitable_orders: Type.Integer(),
  long_orders: Type.Integer(),
  long_wins: Type.Integer(),
  short_orders: Type.Integer(),
  short_wins: Type.Integer(),
  /** followers' net profit on closed copies of this trader, USDT */
  followers_profit: Amount,
  /** cumulative net profit at the end of each of the last 30 days (UTC), oldest first */
  curve: Type.Array(Amount),
  /** when these figures were computed (ms); null until the first computation */
  computed_at: Type.Union([Type.Integer(), Type.Null()]),
});

export const TraderCard = Type.Object({
  user_id: Type.Integer(),
  nickname: Type.String(),
  head_portrait: Type.String(),
  signature: Type.String(),
  /** a strategy bot run by the exchange, trading on the simulated market like anyone */
  bot: Type.Boolean(),
  /** when the trader was approved */
  since: Type.Integer(),
  visibility: Type.Union([Type.Literal('live'), Type.Literal('delayed')]),
  stats: TraderStats,
});

export const Follow = Type.Object({
  id: Type.Integer(),
  trader_user_id: Type.Integer(),
  nickname: Type.String(),
  head_portrait: Type.String(),
  bot: Type.Boolean(),
  mode: FollowMode,
  number: Amount,
  max_margin: NullableAmount,
  end_time: Type.Union([Type.Integer(), Type.Null()]),
  status: Type.Union([Type.Literal('active'), Type.Literal('cancelled'), Type.Literal('ended')]),
  created_at: Type.Integer(),
  closed_at: Type.Union([Type.Integer(), Type.Null()]),
  /** net profit of this follow's closed copies (after fees and the profit share), USDT */
  earnings: Amount,
  /** profit shares paid to the trader, USDT */
  shared: Amount,
  open_copies: Type.Integer(),
  /** margin held by the open copies, USDT */
  margin_used: Amount,
});

export const CopySkip = Type.Object({
  id: Type.Integer(),
  trader_user_id: Type.Integer(),
  nickname: Type.String(),
  /** the trader's position that was not copied */
  source_position_id: Type.Integer(),
  symbol: Type.String(),
  direction: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  reason: Type.Union([Type.Literal('margin'), Type.Literal('cap'), Type.Literal('ended'), Type.Literal('too_small'), Type.Literal('rules'), Type.Literal('frozen'), Type.Literal('trader_frozen')]),
  /** the reason in the reader's language */
  message: Type.String(),
  created_at: Type.Integer(),
});

export const CopyPosition = Type.Object({
  position: Position,
  trader_user_id: Type.Integer(),
  nickname: Type.String(),
});

export const TraderApplication = Type.Object({
  /** the caller's user id: their trader page is /follow/traderDetail of it */
  user_id: Type.Integer(),
  status: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]),
  reason: Type.String(),
  applied_at: Type.Union([Type.Integer(), Type.Null()]),
  /** what applying needs, and whether the caller has it */
  needs: Type.Object({ identity: Type.Boolean(), balance: Type.Boolean(), min_balance: Amount }),
  visibility: Type.Union([Type.Literal('live'), Type.Literal('delayed')]),
});

export const CopyRules = Type.Object({
  multiple_min: Amount,
  multiple_max: Amount,
  lots_min: Type.Integer(),
  lots_max: Type.Integer(),
  /** share of a profitable copy's net profit paid to the trader, a fraction */
  profit_share: Amount,
  /** minutes a delayed trader's new positions stay hidden */
  delay_minutes: Type.Integer(),
  trader_min_balance: Amount,
});

export const traderList = endpoint({
  method: 'GET',
  path: '/follow/index',
  access: 'public',
  tag: 'copy',
  summary: 'Approved traders with their statistics, sorted by total profit (default), win rate or followers; bots included',
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    sort: Type.Optional(Type.Union([Type.Literal('profit'), Type.Literal('win_rate'), Type.Literal('followers')], { errorKey: 'sort_invalid' })),
    /** only people, or only bots */
    kind: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('people'), Type.Literal('bots')], { errorKey: 'sort_invalid' })),
  }),
  output: Type.Intersect([paged(TraderCard), Type.Object({ rules: CopyRules })]),
});

export const traderDetail = endpoint({
  method: 'GET',
  path: '/follow/traderDetail',
  access: 'public',
  tag: 'copy',
  summary: "A trader's card, open positions (live, or older than the delay), latest closed positions, and the caller's follow if any",
  input: Type.Object({ trader_user_id: IdField }),
  output: Type.Object({
    trader: TraderCard,
    positions: Type.Array(Position),
    /** open positions newer than the delay, not shown */
    hidden_positions: Type.Integer(),
    history: Type.Array(Position),
    follow: Type.Union([Follow, Type.Null()]),
    /** the caller is this trader (who cannot follow themselves) */
    self: Type.Boolean(),
    rules: CopyRules,
  }),
});

export const follow = endpoint({
  method: 'POST',
  path: '/follow/follow',
  access: 'user',
  tag: 'copy',
  summary: 'Follow a trader: mode, number, optional margin cap and stop date (ms); answers the follow',
  input: FollowTerms,
  output: Follow,
});

export const editFollow = endpoint({
  method: 'POST',
  path: '/follow/edit',
  access: 'user',
  tag: 'copy',
  summary: "Change the caller's active follow of a trader in place (mode, number, cap, stop date; a field left out is cleared): its open copies stay with it and count toward the new cap",
  input: FollowTerms,
  output: Follow,
});

export const copyRules = endpoint({
  method: 'GET',
  path: '/follow/rules',
  access: 'public',
  tag: 'copy',
  summary: 'The copy-trading rules: multiple and lots ranges, the profit share, the delay of delayed traders, what a trader needs',
  input: Type.Object({}),
  output: CopyRules,
});

export const unfollow = endpoint({
  method: 'POST',
  path: '/follow/cancel',
  access: 'user',
  tag: 'copy',
  summary: 'Stop following a trader: no new copies; open copies stay linked and close with the trader unless self-held',
  input: Type.Object({ follow_user_id: IdField }),
  output: Follow,
});

export const selfHold = endpoint({
  method: 'POST',
  path: '/follow/selfHolding',
  access: 'user',
  tag: 'copy',
  summary: "Detach one of the caller's copied positions: from now on only the caller closes it, and no profit share is due",
  input: Type.Object({ transaction_id: IdField }),
  output: CopyPosition,
});

export const copyHistory = endpoint({
  method: 'GET',
  path: '/follow/historyTrade',
  access: 'user',
  tag: 'copy',
  summary: "The caller's copied positions, current (waiting or open) or history (closed), newest first; of one trader when given",
  input: Type.Object({
    page: Type.Optional(PageField),
    limit: Type.Optional(LimitField),
    status: Type.Optional(Type.Union([Type.Literal('current'), Type.Literal('history')], { errorKey: 'sort_invalid' })),
    trader_user_id: Type.Optional(IdField),
  }),
  output: paged(CopyPosition),
});

export const myFollows = endpoint({
  method: 'GET',
  path: '/follow/my',
  access: 'user',
  tag: 'copy',
  summary: 'The traders the caller follows and followed, with earnings per trader, and the latest skipped copies with their reasons',
  input: Type.Object({}),
  output: Type.Object({ follows: Type.Array(Follow), skips: Type.Array(CopySkip) }),
});

export const traderApplication = endpoint({
  method: 'GET',
  path: '/follow/application',
  access: 'user',
  tag: 'copy',
  summary: "The caller's trader status and what applying needs",
  input: Type.Object({}),
  output: TraderApplication,
});

export const traderApply = endpoint({
  method: 'POST',
  path: '/follow/apply',
  access: 'user',
  tag: 'copy',
  summary: 'Apply to become a trader (level-1 identity and a futures balance needed); also changes an approved trader’s visibility',
  input: Type.Object({ visibility: Type.Union([Type.Literal('live'), Type.Literal('delayed')], { errorKey: 'visibility_invalid' }) }),
  output: TraderApplication,
});
