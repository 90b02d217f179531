import type { FeePath } from '../ledger/fees';
import type { Db } from '../db/database';
import type { Catalogue } from '../exchange/catalogue';
import type { Exchange } from '../exchange/exchange';

/** What the trading desks are built from. */
export interface TradingDeps {
  /** for reads outside a step (lists, views); writes go through the step a desk is given */
  db: Db;
  exchange: Exchange;
  catalogue: Catalogue;
  /** the wall clock, for figures shown outside a step */
  now: () => number;
  /** the one fee path, with the rebate share in force (REBATE_RATE) */
  fees: FeePath;
}
