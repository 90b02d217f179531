import type { Money } from '../../contract/money';
import type { Db } from '../db/database';
import type { MarketService } from '../market/service';

/** What the trading desks are built from. */
export interface TradingDeps {
  db: Db;
  market: MarketService;
  now: () => number;
  /** the share of an invitee's fee paid to the inviter (REBATE_RATE, config.ts) */
  rebateRate: Money;
  /** Sends a private event to one user's sockets (contract/realtime.ts USER_EVENTS). */
  publish: (userId: number, event: string, payload: unknown) => void;
}
