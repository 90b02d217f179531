import { Money } from '../contract/money';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, type Db as Database } from './db/database';
import { openMarket, replayStart } from './market/service';
import { seed } from './db/seed';
import { loadServerI18n } from './i18n';
import { createMessenger, type Messenger } from './mail/outbox';
import { createLimits } from './security/rate-limit';
import { Trading } from './trading/service';

/** Opens the database, runs migrations and the seed, and wires the services. */
/**
 * The server's clock. Replaying a recorded feed, it runs from the recording's start
 * (REPLAY_SPEED times as fast), so the replayed market is the recorded one, to the candle.
 */
export function serverClock(config: ServerConfig): () => number {
  if (config.market.source !== 'replay' || !config.market.replayFile) return Date.now;
  const start = replayStart(config.market.replayFile);
  const boot = Date.now();
  const speed = config.replaySpeed;
  return () => start + Math.floor((Date.now() - boot) * speed);
}

export async function createContext(
  config: ServerConfig,
  overrides: { database?: Database; now?: () => number; messenger?: Messenger } = {},
): Promise<AppContext> {
  const now = overrides.now ?? serverClock(config);
  const db = overrides.database ?? (await openDatabase(config.dataDir));
  const { codeSecret } = await seed(db, config, now());
  const market = await openMarket(db, config.market, now);
  const trading = new Trading({ db, market, now, rebateRate: new Money(config.rebateRate) });
  await trading.restore();
  return {
    config,
    db,
    i18n: loadServerI18n(),
    messenger: overrides.messenger ?? createMessenger(config),
    limits: createLimits(),
    now,
    codeSecret,
    market,
    trading,
  };
}
