import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/database';
import { seed } from './db/seed';
import { loadServerI18n } from './i18n';
import { createMessenger, type Messenger } from './mail/outbox';
import { createLimits } from './security/rate-limit';

/** Opens the database, runs migrations and the seed, and wires the services. */
export async function createContext(
  config: ServerConfig,
  overrides: { database?: ':memory:'; now?: () => number; messenger?: Messenger } = {},
): Promise<AppContext> {
  const now = overrides.now ?? Date.now;
  const db = await openDatabase(overrides.database ?? config.dataDir);
  const { codeSecret } = await seed(db, config, now());
  return {
    config,
    db,
    i18n: loadServerI18n(),
    messenger: overrides.messenger ?? createMessenger(config),
    limits: createLimits(),
    now,
    codeSecret,
  };
}
