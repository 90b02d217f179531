import type { Static } from '@sinclair/typebox';
import type { Alert, AlertFiring } from '../../contract/api';
import type { Catalogue } from '../exchange/catalogue';
import { readTick } from '../trading/market';
import type { AlertFiringRow, AlertRow } from './desk';

/** A percentage's decimals (change and risk levels, contract/alerts.ts ALERT_RULES.percentDecimals). */
const PERCENT_DECIMALS = 2;

function marketOf(catalogue: Catalogue, marketId: number | null): { symbol: string | null; precision: number } {
  if (marketId === null) return { symbol: null, precision: PERCENT_DECIMALS };
  const market = catalogue.market(marketId);
  return { symbol: market.symbol, precision: market.pricePrecision };
}

/** An alert as the app lists it. */
export function alertView(catalogue: Catalogue, row: AlertRow): Static<typeof Alert> {
  const { symbol, precision } = marketOf(catalogue, row.market_id);
  if (row.status === 'deleted') throw new Error(`alert ${row.id} is deleted`);
  return {
    id: row.id,
    kind: row.kind,
    market_id: row.market_id,
    symbol,
    precision: row.kind === 'price' ? precision : PERCENT_DECIMALS,
    direction: row.direction === 1 ? 'up' : 'down',
    level: row.level,
    reference: row.reference,
    repeat: row.repeat === 1,
    email: row.email === 1,
    status: row.status,
    armed: row.armed === 1,
    crossings: row.crossings,
    created_at: row.created_at,
    updated_at: row.updated_at,
    fired_at: row.fired_at,
  };
}

/** A firing as the inbox and the socket show it, with the trade that made it. */
export function firingView(catalogue: Catalogue, row: AlertFiringRow): Static<typeof AlertFiring> {
  const { symbol, precision } = marketOf(catalogue, row.market_id);
  const tick = readTick(row.tick);
  if (!tick) throw new Error(`firing ${row.id} has no trade`);
  return {
    id: row.id,
    alert_id: row.alert_id,
    crossing: row.crossing,
    kind: row.kind,
    market_id: row.market_id,
    symbol,
    precision: row.kind === 'price' ? precision : PERCENT_DECIMALS,
    direction: row.direction === 1 ? 'up' : 'down',
    level: row.level,
    value: row.value,
    tick,
    fired_at: row.fired_at,
    read: row.read_at !== null,
  };
}
