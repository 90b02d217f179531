import type { Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import type { GameRound } from '../../contract/api';
import { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { GameRoundsTable } from '../db/schema';
import type { Catalogue, Market } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';
import type { Step } from '../exchange/step';
import { ApiError } from '../http/errors';
import type { Remember } from '../http/request-ids';
import type { Trade } from '../market/engine';
import { assertCurrent, readTick, tickOf } from '../trading/market';

/**
 * The mini game: "higher or lower in 60 s" with game points. Points are not money: they
 * live in game_wallets, never in the ledger, and nothing converts them. A player takes a
 * free allowance once a UTC day; a round stakes points on a market at its last trade, and
 * the first trade at or after expiry settles it (the `game.rounds` handler, after the
 * options): the right guess pays twice the stake, the same price returns it, a wrong
 * guess loses it. Both trades are recorded on the round. The leaderboard sums settled
 * rounds, nothing else.
 */
export type GameRoundRow = Selectable<GameRoundsTable>;

export const GAME_RULES = { seconds: 60, dailyPoints: 1000, minStake: 10, maxOpen: 5, markets: ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'] } as const;

export interface GameDeps {
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  now: () => number;
}

export class GameDesk {
  private readonly open = new Map<number, GameRoundRow>();

  constructor(private readonly deps: GameDeps) {
    deps.exchange.on('trades', { name: 'game.rounds', order: 35, handle: (step, event) => this.onTrades(step, event.batches) });
  }

  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('game_rounds').selectAll().where('status', '=', 'open').execute();
    this.open.clear();
    for (const row of rows) this.open.set(row.id, row);
    return this.open.size;
  }

  markets(): Market[] {
    return GAME_RULES.markets.map((symbol) => this.deps.catalogue.bySymbol(symbol));
  }

  async points(db: Db | Step['trx'], userId: number): Promise<{ points: number; claimed_on: string | null }> {
    return (await db.selectFrom('game_wallets').select(['points', 'claimed_on']).where('user_id', '=', userId).executeTakeFirst()) ?? { points: 0, claimed_on: null };
  }

  /** Today's free points, once a UTC day: the guarded update lets one of twin requests through. */
  async claim(step: Step, userId: number): Promise<number> {
    const today = new Date(step.time).toISOString().slice(0, 10);
    await step.trx
      .insertInto('game_wallets')
      .values({ user_id: userId, points: 0, claimed_on: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const done = await step.trx
      .updateTable('game_wallets')
      .set((eb) => ({ points: eb('points', '+', GAME_RULES.dailyPoints), claimed_on: today }))
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('claimed_on', 'is', null), eb('claimed_on', '<', today)]))
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new ApiError('server:errors.game_claimed');
    return (await this.points(step.trx, userId)).points;
  }

  async play(step: Step, userId: number, input: { market_id: number; guess: 'higher' | 'lower'; stake: number }, remember: Remember): Promise<GameRoundRow> {
    const market = this.markets().find((candidate) => candidate.id === input.market_id);
    if (!market) throw new ApiError('server:errors.game_market_invalid');
    if (!Number.isInteger(input.stake) || input.stake < GAME_RULES.minStake) throw new ApiError('server:errors.game_stake_min', { min: GAME_RULES.minStake });
    const mine = [...this.open.values()].filter((round) => round.user_id === userId).length;
    if (mine >= GAME_RULES.maxOpen) throw new ApiError('server:errors.game_too_many', { max: GAME_RULES.maxOpen });
    const spent = await step.trx
      .updateTable('game_wallets')
      .set((eb) => ({ points: eb('points', '-', input.stake) }))
      .where('user_id', '=', userId)
      .where('points', '>=', input.stake)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw new ApiError('server:errors.game_points_short', { points: (await this.points(step.trx, userId)).points });
    const { view: engine } = this.deps.exchange.market;
    assertCurrent(engine, market);
    const trade = engine.recentTrades(market.id).at(-1) ?? { seq: engine.lastSeq(market.id), time: engine.time, price: engine.lastPrice(market.id) };
    const { id } = await step.trx
      .insertInto('game_rounds')
      .values({
        user_id: userId,
        market_id: market.id,
        guess: input.guess,
        stake: input.stake,
        start_tick: JSON.stringify(tickOf(market, trade)),
        expires_at: step.time + GAME_RULES.seconds * 1000,
        status: 'open',
        settle_tick: null,
        payout: null,
        created_at: step.time,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(step.trx, id);
    const row = await step.trx.selectFrom('game_rounds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    step.keep(this.open, id, row);
    return row;
  }

  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.open.size === 0) return;
    for (const { marketId, trades } of batches) {
      for (const round of [...this.open.values()]) {
        if (round.market_id !== marketId) continue;
        const decider = trades.find((trade) => trade.time >= round.expires_at);
        if (decider) await this.settle(step, round, decider);
      }
    }
  }

  private async settle(step: Step, round: GameRoundRow, trade: Trade): Promise<void> {
    const market = this.deps.catalogue.market(round.market_id);
    const tick = tickOf(market, trade);
    const start = readTick(round.start_tick);
    const moved = new Money(tick.price).cmp(start?.price ?? tick.price);
    const status = moved === 0 ? 'tie' : moved > 0 === (round.guess === 'higher') ? 'won' : 'lost';
    const payout = status === 'won' ? round.stake * 2 : status === 'tie' ? round.stake : 0;
    await step.trx
      .updateTable('game_rounds')
      .set({ status, settle_tick: JSON.stringify(tick), payout, settled_at: trade.time })
      .where('id', '=', round.id)
      .where('status', '=', 'open')
      .execute();
    if (payout > 0) {
      await step.trx
        .updateTable('game_wallets')
        .set((eb) => ({ points: eb('points', '+', payout) }))
        .where('user_id', '=', round.user_id)
        .execute();
    }
    step.keep(this.open, round.id, undefined);
  }

  view(row: GameRoundRow): Static<typeof GameRound> {
    const start = readTick(row.start_tick);
    if (!start) throw new Error(`game round ${row.id} has no starting trade`);
    return {
      id: row.id,
      market_id: row.market_id,
      symbol: this.deps.catalogue.market(row.market_id).symbol,
      guess: row.guess,
      stake: row.stake,
      start_tick: start,
      expires_at: row.expires_at,
      status: row.status,
      settle_tick: readTick(row.settle_tick),
      payout: row.payout,
      created_at: row.created_at,
    };
  }
}
