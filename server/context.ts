import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { ServerI18n } from './i18n';
import type { Messenger } from './mail/outbox';
import type { MarketService } from './market/service';
import type { Limits } from './security/rate-limit';
import type { Trading } from './trading/service';

/** What every domain's routes and services are built from. One per server process. */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  i18n: ServerI18n;
  messenger: Messenger;
  limits: Limits;
  /** Milliseconds since 1970; tests move it forward. */
  now: () => number;
  /** Secret for verification-code hashes, created by the seed. */
  codeSecret: string;
  market: MarketService;
  trading: Trading;
}
