import type { Kysely, Selectable } from 'kysely';
import { floor, Money, text } from '../../contract/money';
import { USER_EVENTS } from '../../contract/realtime';
import type { Database, MicroOrdersTable } from '../db/schema';
import { amountDecimals, stakeRange } from '../../contract/order-rules';
import { ApiError, refusal } from '../http/errors';
import { house, userAccount } from '../ledger/accounts';
import { balanceOf, record } from '../ledger/ledger';
import { payRebate } from '../people/rebates';
import type { Trade } from '../market/engine';
import { CURRENCIES } from '../market/instruments';
import { OPTION_CURRENCIES, OPTION_DURATIONS, OPTION_MAX_OPEN } from './config';
import type { TradingDeps } from './deps';
import { marketById, symbolOf, tickOf } from './market';
import { optionView } from './views';
import { noRequestId, type Remember } from '../http/request-ids';

/**
 * Seconds options: a bet that a market is up (or down) after a number of seconds,
 * bought from the options account. It opens at the market's last trade when accepted;
 * the first trade at or after expiry decides it: a win pays stake x (1 + ratio), a tie
 * returns the stake, a loss pays nothing. Both trades are recorded; each option is
 * settled once, by the trades, so a restart in between changes nothing.
 */
export type OptionRow = Selectable<MicroOrdersTable>;

const currencyOf = (id: number) => CURRENCIES.find((currency) => currency.id === id) ?? { code: '', precision: 6 };

export class OptionDesk {
  /** Open options, by id. */
  private readonly open = new Map<number, OptionRow>();

  constructor(private readonly deps: TradingDeps) {}

  async restore(): Promise<number> {
    const rows = await this.deps.db.selectFrom('micro_orders').selectAll().where('status', '=', 'open').orderBy('id').execute();
    for (const row of rows) this.open.set(row.id, row);
    return rows.length;
  }

  view(row: OptionRow) {
    return optionView(row, currencyOf(row.currency_id));
  }

  async currencies(userId: number) {
    return Promise.all(
      OPTION_CURRENCIES.map(async (id) => {
        const currency = CURRENCIES.find((c) => c.id === id);
        if (!currency) throw new Error(`option currency ${id} is not a currency`);
        const available = await balanceOf(this.deps.db, userAccount(userId, id, 'micro'));
        return { currency_id: id, code: currency.code, precision: currency.precision, available: text(available, currency.precision) };
      }),
    );
  }

  submit(userId: number, input: { match_id: number; currency_id: number; type: 'up' | 'down'; seconds: number; number: string }, remember: Remember = noRequestId): Promise<OptionRow> {
    const market = marketById(input.match_id);
    const rule = OPTION_DURATIONS.find((duration) => duration.seconds === input.seconds);
    if (!rule) throw new ApiError('server:errors.option_duration_unknown');
    const currency = CURRENCIES.find((c) => c.id === input.currency_id);
    if (!currency || !OPTION_CURRENCIES.includes(currency.id)) throw new ApiError('server:errors.option_currency');
    const stake = new Money(input.number);
    const places = amountDecimals(stake, currency.precision, currency.code);
    if (!places.ok) throw refusal(places);
    const range = stakeRange(stake, rule.min, rule.max, currency.code);
    if (!range.ok) throw refusal(range);

    return this.deps.market.run(async () => {
      const mine = [...this.open.values()].filter((row) => row.user_id === userId).length;
      if (mine >= OPTION_MAX_OPEN) throw new ApiError('server:errors.option_too_many', { max: OPTION_MAX_OPEN });
      const { engine } = this.deps.market;
      const trade = engine.recentTrades(market.def.id).at(-1);
      if (!trade) throw new ApiError('server:errors.no_price');
      const time = this.deps.market.time(this.deps.now());
      const fee = floor(stake.times(rule.feeRate), currency.precision);
      const tick = tickOf(market, trade);
      const row = await this.deps.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('micro_orders')
          .values({
            user_id: userId,
            market_id: market.def.id,
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
        await record(trx, {
          reason: 'option_stake',
          ref: { kind: 'option', id },
          userId,
          memo: `${symbolOf(market)} ${input.type === 'up' ? '↑' : '↓'} ${rule.seconds}s #${id}`,
          movements: [{ from: available, to: house('options', currency.id), amount: stake }, ...(fee.gt(0) ? [{ from: available, to: house('fees', currency.id), amount: fee }] : [])],
          at: time,
        });
        await payRebate(trx, { rate: this.deps.rebateRate, payer: userId, source: 'option', currency: currency.id, fee, feeRef: `option:${id}`, memo: `${symbolOf(market)} #${id}`, at: time });
        return optionRow(trx, id);
      });
      this.open.set(row.id, row);
      this.deps.publish(userId, USER_EVENTS.option, this.view(row));
      return row;
    });
  }

  /** Settles every open option of these markets that a trade at or after its expiry has decided. */
  async onTrades(batches: readonly { marketId: number; trades: readonly Trade[] }[]): Promise<void> {
    if (this.open.size === 0) return;
    for (const { marketId, trades } of batches) {
      for (const row of [...this.open.values()]) {
        if (row.market_id !== marketId) continue;
        const decider = trades.find((trade) => trade.time >= row.expires_at);
        if (!decider) continue;
        const settled = await this.deps.db.transaction().execute((trx) => this.settle(trx, row, decider));
        this.open.delete(row.id);
        this.deps.publish(row.user_id, USER_EVENTS.option, this.view(settled));
      }
    }
  }

  private async settle(trx: Kysely<Database>, row: OptionRow, trade: Trade): Promise<OptionRow> {
    const market = marketById(row.market_id);
    const tick = tickOf(market, trade);
    const close = new Money(tick.price);
    const moved = close.minus(row.open_price).times(row.direction);
    const result = moved.gt(0) ? 'win' : moved.eq(0) ? 'tie' : 'loss';
    const precision = CURRENCIES.find((c) => c.id === row.currency_id)?.precision ?? 6;
    const stake = new Money(row.stake);
    const payout = result === 'win' ? floor(stake.times(new Money(1).plus(row.profit_ratio)), precision) : result === 'tie' ? stake : new Money(0);
    await record(trx, {
      reason: 'option_settle',
      ref: { kind: 'option-settle', id: row.id },
      userId: row.user_id,
      memo: `${symbolOf(market)} ${row.open_price} → ${tick.price} #${row.id}`,
      movements: payout.gt(0) ? [{ from: house('options', row.currency_id), to: userAccount(row.user_id, row.currency_id, 'micro'), amount: payout }] : [],
      at: trade.time,
    });
    await trx
      .updateTable('micro_orders')
      .set({ status: 'settled', result, close_price: tick.price, close_tick: JSON.stringify(tick), payout: text(payout, precision), settled_at: trade.time })
      .where('id', '=', row.id)
      .where('status', '=', 'open')
      .execute();
    return optionRow(trx, row.id);
  }
}

async function optionRow(db: Kysely<Database>, id: number): Promise<OptionRow> {
  return db.selectFrom('micro_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
