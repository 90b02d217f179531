import type { Kysely, Selectable } from 'kysely';
import { floor, Money, text } from '../../contract/money';
import { amountDecimals, stakeRange } from '../../contract/order-rules';
import { optionResultAt } from '../../contract/trading';
import type { Database, MicroOrdersTable } from '../db/schema';
import type { Step } from '../exchange/step';
import { ApiError, refusal } from '../http/errors';
import { noRequestId, type Remember } from '../http/request-ids';
import { house, userAccount } from '../ledger/accounts';
import type { EmptySettlements } from '../ledger/holds';
import { balanceOf, record } from '../ledger/ledger';
import type { Trade } from '../market/engine';
import { OPTION_CURRENCIES, OPTION_DURATIONS, OPTION_MAX_OPEN } from './config';
import type { TradingDeps } from './deps';
import { assertCurrent, tickOf } from './market';
import { optionView } from './views';

/**
 * Seconds options: a bet that a market is up (or down) after a number of seconds,
 * bought from the options account. It opens at the market's last trade when accepted;
 * the first trade at or after expiry decides it: a win pays stake x (1 + ratio), a tie
 * returns the stake, a loss pays nothing. Both trades are recorded; each option is
 * settled once, by the trades, so a restart in between changes nothing.
 */
export type OptionRow = Selectable<MicroOrdersTable>;

export class OptionDesk {
  /** Open options, by id. */
  private readonly open = new Map<number, OptionRow>();

  constructor(private readonly deps: TradingDeps) {}

  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('micro_orders').selectAll().where('status', '=', 'open').orderBy('id').execute();
    this.open.clear();
    for (const row of rows) this.open.set(row.id, row);
    return rows.length;
  }

  view(row: OptionRow) {
    return optionView(this.deps.catalogue, row);
  }

  async currencies(userId: number) {
    return Promise.all(
      OPTION_CURRENCIES.map(async (id) => {
        const currency = this.deps.catalogue.currency(id);
        const available = await balanceOf(this.deps.db, userAccount(userId, id, 'micro'));
        return { currency_id: id, code: currency.code, precision: currency.precision, available: text(available, currency.precision) };
      }),
    );
  }

  async submit(
    step: Step,
    userId: number,
    input: { match_id: number; currency_id: number; type: 'up' | 'down'; seconds: number; number: string },
    remember: Remember = noRequestId,
  ): Promise<OptionRow> {
    const market = this.deps.catalogue.market(input.match_id);
    const rule = OPTION_DURATIONS.find((duration) => duration.seconds === input.seconds);
    if (!rule) throw new ApiError('server:errors.option_duration_unknown');
    if (!OPTION_CURRENCIES.includes(input.currency_id)) throw new ApiError('server:errors.option_currency');
    const currency = this.deps.catalogue.currency(input.currency_id);
    const stake = new Money(input.number);
    const places = amountDecimals(stake, currency.precision, currency.code);
    if (!places.ok) throw refusal(places);
    const range = stakeRange(stake, rule.min, rule.max, currency.code);
    if (!range.ok) throw refusal(range);

    const mine = [...this.open.values()].filter((row) => row.user_id === userId).length;
    if (mine >= OPTION_MAX_OPEN) throw new ApiError('server:errors.option_too_many', { max: OPTION_MAX_OPEN });
    assertCurrent(this.deps.exchange.market.view, market);
    const trade = this.deps.exchange.market.view.recentTrades(market.id).at(-1);
    if (!trade) throw new ApiError('server:errors.no_price');
    const { trx, time } = step;
    const fee = floor(stake.times(rule.feeRate), currency.precision);
    const tick = tickOf(market, trade);
    const { id } = await trx
      .insertInto('micro_orders')
      .values({
        user_id: userId,
        market_id: market.id,
        currency_id: currency.id,
        direction: input.type === 'up' ? 1 : -1,
        seconds: rule.seconds,
        profit_ratio: rule.ratio.toFixed(),
        stake: text(stake, currency.precision),
        fee: text(fee, currency.precision),
        open_price: tick.price,
        open_tick: JSON.stringify(tick),
        expires_at: time + rule.seconds * 1000,
        status: 'open',
        result: null,
        close_price: null,
        close_tick: null,
        payout: '0',
        created_at: time,
        settled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await remember(trx, id);
    const available = userAccount(userId, currency.id, 'micro');
    await this.deps.fees.record(
      step,
      {
        reason: 'option_stake',
        ref: { kind: 'option', id },
        userId,
        memo: `${market.symbol} ${input.type === 'up' ? '↑' : '↓'} ${rule.seconds}s #${id}`,
        movements: [{ from: available, to: house('options', currency.id), amount: stake }],
        at: time,
      },
      [{ payer: userId, from: available, currency: currency.id, amount: fee, ref: { kind: 'option', id }, rebate: 'option', memo: `${market.symbol} #${id}` }],
    );
    const row = await optionRow(trx, id);
    step.keep(this.open, row.id, row);
    step.raise({ kind: 'option', option: row });
    return row;
  }

  /** Settles every open option of these markets that a trade at or after its expiry has decided. */
  async onTrades(step: Step, batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.open.size === 0) return;
    for (const { marketId, trades } of batches) {
      for (const row of [...this.open.values()]) {
        if (row.market_id !== marketId) continue;
        const decider = trades.find((trade) => trade.time >= row.expires_at);
        if (!decider) continue;
        const settled = await this.settle(step, row, decider);
        step.keep(this.open, row.id, undefined);
        step.raise({ kind: 'option', option: settled });
      }
    }
  }

  private async settle(step: Step, row: OptionRow, trade: Trade): Promise<OptionRow> {
    const market = this.deps.catalogue.market(row.market_id);
    const tick = tickOf(market, trade);
    const result = optionResultAt(row.direction, row.open_price, tick.price);
    const precision = this.deps.catalogue.currency(row.currency_id).precision;
    const stake = new Money(row.stake);
    const payout = result === 'win' ? floor(stake.times(new Money(1).plus(row.profit_ratio)), precision) : result === 'tie' ? stake : new Money(0);
    await record(step, {
      reason: 'option_settle',
      ref: { kind: 'option-settle', id: row.id },
      userId: row.user_id,
      memo: `${market.symbol} ${row.open_price} → ${tick.price} #${row.id}`,
      movements: payout.gt(0) ? [{ from: house('options', row.currency_id), to: userAccount(row.user_id, row.currency_id, 'micro'), amount: payout }] : [],
      at: trade.time,
    });
    await step.trx
      .updateTable('micro_orders')
      .set({ status: 'settled', result, close_price: tick.price, close_tick: JSON.stringify(tick), payout: text(payout, precision), settled_at: trade.time })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .execute();
    return optionRow(step.trx, row.id);
  }
}

async function optionRow(db: Kysely<Database>, id: number): Promise<OptionRow> {
  return db.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A lost option pays nothing (the stake went at the opening) but is recorded, to settle it once. */
export const lostOptions: EmptySettlements = {
  name: 'lost options',
  refs: async (db) =>
    (await db.selectFrom('micro_orders').select(['id', 'payout']).where('status', '=', 'settled').where('result', '=', 'loss').execute())
      .filter((row) => new Money(row.payout).isZero())
      .map((row) => `option-settle:${row.id}`),
};
