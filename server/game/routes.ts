import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { once } from '../http/request-ids';
import { route } from '../http/route';
import { maskName } from '../nft/views';
import { GAME_RULES } from './desk';

const WEEK = 7 * 86_400_000;

/** The mini game: rules and points, the daily allowance, playing, the caller's rounds, the leaderboard. */
export function gameRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { game } = ctx;

  route(app, ctx, endpoints.gameInfo, async ({ auth }) => {
    const wallet = await game.points(ctx.db, auth.user.id);
    const today = new Date(ctx.exchange.time()).toISOString().slice(0, 10);
    return {
      markets: game.markets().map((market) => ({ market_id: market.id, symbol: market.symbol, price_precision: market.pricePrecision })),
      seconds: GAME_RULES.seconds,
      daily_points: GAME_RULES.dailyPoints,
      min_stake: GAME_RULES.minStake,
      max_open: GAME_RULES.maxOpen,
      points: wallet.points,
      can_claim: wallet.claimed_on === null || wallet.claimed_on < today,
    };
  });

  route(app, ctx, endpoints.gameClaim, async ({ auth }) => ({ points: await ctx.exchange.run((step) => game.claim(step, auth.user.id)) }));

  route(
    app,
    ctx,
    endpoints.gamePlay,
    async ({ input, auth }) =>
      game.view(
        await once(
          ctx,
          { userId: auth.user.id, requestId: input.request_id, kind: 'game' },
          (remember) => ctx.exchange.run((step) => game.play(step, auth.user.id, input, remember)),
          (id) => ctx.db.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        ),
      ),
    // Several processes: a round is settled by its market's trades, where the market runs.
    { market: ({ input }) => (ctx.catalogue.markets.some((market) => market.id === input.market_id) ? input.market_id : null) },
  );

  route(app, ctx, endpoints.gameRounds, async ({ input, auth }) => {
    const page = input.page ?? 1;
    const limit = input.limit ?? 10;
    const rows = await ctx.db
      .selectFrom('game_rounds')
      .selectAll()
      .where('user_id', '=', auth.user.id)
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .offset((page - 1) * limit)
      .execute();
    return { data: rows.slice(0, limit).map((row) => game.view(row)), page, limit, more: rows.length > limit };
  });

  route(app, ctx, endpoints.gameLeaderboard, async ({ input }) => {
    const rows = await ctx.db
      .selectFrom('game_rounds')
      .innerJoin('users', 'users.id', 'game_rounds.user_id')
      .select(['game_rounds.user_id', 'users.nickname', 'game_rounds.stake', 'game_rounds.payout', 'game_rounds.status'])
      .where('game_rounds.status', '!=', 'open')
      .where('game_rounds.settled_at', '>=', ctx.exchange.time() - WEEK)
      .execute();
    const players = new Map<number, { player: string; net: number; rounds: number; won: number }>();
    for (const row of rows) {
      const entry = players.get(row.user_id) ?? { player: maskName(row.nickname), net: 0, rounds: 0, won: 0 };
      entry.net += (row.payout ?? 0) - row.stake;
      entry.rounds++;
      if (row.status === 'won') entry.won++;
      players.set(row.user_id, entry);
    }
    return [...players.entries()]
      .sort(([a, x], [b, y]) => y.net - x.net || y.won - x.won || a - b)
      .slice(0, input.limit ?? 10)
      .map(([, entry], index) => ({ rank: index + 1, ...entry }));
  });
}
