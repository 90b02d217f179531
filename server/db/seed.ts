import { ensureSetting } from '../common/settings';
import { seedContent } from '../content/seed';
import type { ServerConfig } from '../config';
import { seedCatalog } from '../market/store';
import { marketCatalog } from '../market/instruments';
import { ensureLocalOperator } from '../operator/auth';
import { hashPassword } from '../security/passwords';
import { newSecret } from '../security/tokens';
import { createUser } from '../user/users';
import { welcome } from '../wallet/gifts';
import { seedRates } from '../wallet/rates';
import type { Exchange } from '../exchange/exchange';
import type { Db } from './database';

/** The demo account of the paper-trading configuration (README lists it). */
export const DEMO_ACCOUNT = { email: 'demo@kestrel.local', password: 'kestrel-demo' } as const;

export interface Seeded {
  codeSecret: string;
}

/**
 * First-start content: site settings, the secret for code and address derivation, the
 * catalogue (currencies, markets, networks), fiat reference rates, the local operator's
 * token, the content (news, banners, the pop-up notice, FAQ and pages in the eight
 * languages) and, in the demo configuration, the customer service link. Safe to run at
 * every start: nothing is overwritten. The demo account comes once the exchange runs
 * (seedDemoAccount).
 */
export async function seed(db: Db, config: ServerConfig, now: number): Promise<Seeded> {
  await ensureSetting(db, 'site_name', 'Kestrel', true);
  await ensureSetting(db, 'site_logo', '/h5/logo.svg', true);
  const codeSecret = await ensureSetting(db, 'code_secret', newSecret(), false);
  await seedCatalog(db, marketCatalog(config.market.markets));
  await seedRates(db, now);
  await ensureLocalOperator(db, config.dataDir, now);
  await seedContent(db, config, now);
  return { codeSecret };
}

/** In the demo configuration, the demo account with its paper-trading gift, once (a step of the exchange: the gift moves money). */
export async function seedDemoAccount(db: Db, exchange: Exchange, config: ServerConfig): Promise<void> {
  if (!config.demo) return;
  const seeded = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirst();
  if (seeded) return;
  const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
  await exchange.run(async (step) => {
    const existing = await step.trx.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirst();
    if (existing) return;
    const user = await createUser(step.trx, { ref: { kind: 'email', email: DEMO_ACCOUNT.email }, passwordHash, invitedBy: null, now: step.time });
    await welcome(step, config, user.id);
  });
}
