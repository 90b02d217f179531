import { Type } from '@sinclair/typebox';
import { endpoint } from './define';
import { Tick } from './trade';
import { IdField, LimitField, PageField, RequestIdField } from './fields';
import { paged } from './wallet';

/**
 * The mini game (spec 1, 2 "game/game"): guess whether a market's price is higher or
 * lower after 60 seconds, with game points: a free daily allowance, never money and
 * never convertible. A round starts at the market's last trade and is settled by the
 * first trade at or after its expiry, as seconds options are: higher or lower than the
 * start wins twice the stake, the same price returns it, otherwise it is lost.
 */

export const GameRound = Type.Object({
  id: Type.Integer(),
  market_id: Type.Integer(),
  symbol: Type.String(),
  guess: Type.Union([Type.Literal('higher'), Type.Literal('lower')]),
  stake: Type.Integer(),
  start_tick: Tick,
  expires_at: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('won'), Type.Literal('lost'), Type.Literal('tie')]),
  settle_tick: Type.Union([Tick, Type.Null()]),
  payout: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.Integer(),
});

export const gameInfo = endpoint({
  method: 'GET',
  path: '/game/info',
  access: 'user',
  tag: 'game',
  summary: "The game's markets and rules, the caller's points and whether today's allowance is still to claim",
  input: Type.Object({}),
  output: Type.Object({
    markets: Type.Array(Type.Object({ market_id: Type.Integer(), symbol: Type.String(), price_precision: Type.Integer() })),
    seconds: Type.Integer(),
    daily_points: Type.Integer(),
    min_stake: Type.Integer(),
    max_open: Type.Integer(),
    points: Type.Integer(),
    can_claim: Type.Boolean(),
  }),
});

export const gameClaim = endpoint({
  method: 'POST',
  path: '/game/claim',
  access: 'user',
  tag: 'game',
  summary: "Takes today's free points (once a UTC day)",
  input: Type.Object({}),
  output: Type.Object({ points: Type.Integer() }),
});

export const gamePlay = endpoint({
  method: 'POST',
  path: '/game/play',
  access: 'user',
  tag: 'game',
  summary: 'Guesses higher or lower on a market for 60 seconds, staking game points',
  input: Type.Object({
    market_id: IdField,
    guess: Type.Union([Type.Literal('higher'), Type.Literal('lower')], { errorKey: 'game_guess_invalid' }),
    stake: Type.Integer({ minimum: 1, maximum: 1_000_000_000, errorKey: 'game_stake_invalid' }),
    request_id: RequestIdField,
  }),
  output: GameRound,
});

export const gameRounds = endpoint({
  method: 'GET',
  path: '/game/rounds',
  access: 'user',
  tag: 'game',
  summary: "The caller's rounds, newest first",
  input: Type.Object({ page: Type.Optional(PageField), limit: Type.Optional(LimitField) }),
  output: paged(GameRound),
});

export const gameLeaderboard = endpoint({
  method: 'GET',
  path: '/game/leaderboard',
  access: 'public',
  tag: 'game',
  summary: 'The players who won the most points net over the last 7 days, from their settled rounds (names shown in part)',
  input: Type.Object({ limit: Type.Optional(LimitField) }),
  output: Type.Array(Type.Object({ rank: Type.Integer(), player: Type.String(), net: Type.Integer(), rounds: Type.Integer(), won: Type.Integer() })),
});
