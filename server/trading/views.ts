import type { Selectable } from 'kysely';
import type { Static } from '@sinclair/typebox';
import type { CloseOrder, OptionOrder, Position, SpotOrder } from '../../contract/api';
import { Money } from '../../contract/money';
import { roeOf, trailingStopPrice } from '../../contract/trading';
import type { LeverCloseOrdersTable, LeverPositionsTable, MicroOrdersTable, SpotOrdersTable } from '../db/schema';
import type { Catalogue } from '../exchange/catalogue';
import { readTick } from './market';

/** Database rows as the API answers them (and the sockets push them). */
export type SpotOrderView = Static<typeof SpotOrder>;
export type PositionView = Static<typeof Position>;
export type OptionView = Static<typeof OptionOrder>;
export type CloseOrderView = Static<typeof CloseOrder>;

export function spotOrderView(catalogue: Catalogue, row: Selectable<SpotOrdersTable>): SpotOrderView {
  const market = catalogue.market(row.market_id);
  const filled = new Money(row.filled);
  return {
    id: row.id,
    market_id: row.market_id,
    symbol: market.symbol,
    side: row.side,
    type: row.type,
    price: row.price,
    trigger:
      row.trigger_price === null
        ? null
        : { price: row.trigger_price, limit: (row.type === 'oco' ? row.stop_price : row.price) ?? '', state: row.stop_state ?? 'waiting', tick: readTick(row.trigger_tick) },
    cancel_reason: row.cancel_reason,
    amount: row.amount,
    filled: filled.toFixed(market.qtyPrecision),
    average: filled.gt(0) ? new Money(row.quote_filled).div(filled).toFixed(market.pricePrecision) : null,
    quote_filled: new Money(row.quote_filled).toFixed(market.quote.precision),
    fee: new Money(row.fee).toFixed(row.side === 'buy' ? market.base.precision : market.quote.precision),
    fee_currency: row.side === 'buy' ? market.base.code : market.quote.code,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A position as answered. `live`: an open position's overnight fees owed and profit at
 * the snapshot's price (its ROE follows from them); a closed one's ROE is its realised
 * profit over its margin.
 */
export function positionView(catalogue: Catalogue, row: Selectable<LeverPositionsTable>, live?: { overnight: Money; profit: Money }): PositionView {
  const market = catalogue.market(row.market_id);
  const overnight = live?.overnight;
  const profit = live ? live.profit : row.status === 'closed' && row.profit !== null ? new Money(row.profit) : null;
  const roe = profit ? roeOf(profit, row.margin) : null;
  const callback = row.trail_rate !== null ? { rate: row.trail_rate } : row.trail_distance !== null ? { distance: row.trail_distance } : null;
  return {
    id: row.id,
    market_id: row.market_id,
    symbol: market.symbol,
    direction: row.direction === 1 ? 'buy' : 'sell',
    type: row.type,
    status: row.status,
    share: row.share,
    quantity: row.quantity,
    multiple: row.multiple,
    price: row.price,
    limit_price: row.limit_price,
    margin: row.margin,
    fee: row.fee,
    overnight_rate: row.overnight_rate,
    overnight: overnight ? overnight.toFixed(6) : row.overnight,
    target_profit_price: row.target_profit_price,
    stop_loss_price: row.stop_loss_price,
    close_price: row.close_price,
    close_reason: row.close_reason,
    profit: row.profit,
    shortfall: row.shortfall,
    open_tick: readTick(row.open_tick),
    close_tick: readTick(row.close_tick),
    created_at: row.created_at,
    opened_at: row.opened_at,
    closed_at: row.closed_at,
    copy: row.copy_trader_id === null ? null : { trader_user_id: row.copy_trader_id, linked: row.copy_linked === 1, profit_share: row.copy_share },
    parent_id: row.parent_id,
    roe: roe ? roe.toFixed(2) : null,
    trailing:
      callback && row.trail_best !== null
        ? {
            callback_rate: row.trail_rate,
            distance: row.trail_distance,
            best: row.trail_best,
            // In the market's ticks: the highest trade price that reaches a long's stop, the lowest a short's.
            stop: trailingStopPrice(row.direction, row.trail_best, callback).toFixed(market.pricePrecision, row.direction === 1 ? Money.ROUND_DOWN : Money.ROUND_UP),
            set_at: row.trail_set_at ?? row.opened_at ?? row.created_at,
          }
        : null,
  };
}

export function closeOrderView(catalogue: Catalogue, row: Selectable<LeverCloseOrdersTable>, direction: 1 | -1): CloseOrderView {
  return {
    id: row.id,
    position_id: row.position_id,
    market_id: row.market_id,
    symbol: catalogue.market(row.market_id).symbol,
    direction: direction === 1 ? 'buy' : 'sell',
    type: row.type,
    share: row.share,
    price: row.price,
    status: row.status,
    cancel_reason: row.cancel_reason,
    closed_share: row.closed_share,
    closed_position_id: row.closed_position_id,
    close_price: row.close_price,
    profit: row.profit,
    tick: readTick(row.tick),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function optionView(catalogue: Catalogue, row: Selectable<MicroOrdersTable>): OptionView {
  const market = catalogue.market(row.market_id);
  const currency = catalogue.currency(row.currency_id);
  const open = readTick(row.open_tick);
  if (!open) throw new Error(`option ${row.id} has no opening tick`);
  return {
    id: row.id,
    market_id: row.market_id,
    symbol: market.symbol,
    currency_id: row.currency_id,
    code: currency.code,
    direction: row.direction === 1 ? 'up' : 'down',
    seconds: row.seconds,
    profit_ratio: row.profit_ratio,
    stake: row.stake,
    fee: row.fee,
    open_price: row.open_price,
    open_tick: open,
    expires_at: row.expires_at,
    status: row.status,
    result: row.result,
    close_price: row.close_price,
    close_tick: readTick(row.close_tick),
    payout: row.payout,
    profit: row.status === 'settled' ? new Money(row.payout).minus(row.stake).minus(row.fee).toFixed(currency.precision) : null,
    created_at: row.created_at,
    settled_at: row.settled_at,
  };
}
