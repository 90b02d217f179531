import { ensureSetting } from '../common/settings';
import { seedContent } from '../content/seed';
import type { ServerConfig } from '../config';
import { seedCatalog } from '../market/store';
import { ensureLocalOperator } from '../operator/auth';
import { hashPassword } from '../security/passwords';
import { newSecret } from '../security/tokens';
import { createUser } from '../user/users';
import { welcome } from '../wallet/gifts';
import { seedRates } from '../wallet/rates';
import type { Db } from './database';

/** The demo account of the paper-trading configuration (README lists it). */
export const DEMO_ACCOUNT = { email: 'demo@kestrel.local', password: 'kestrel-demo' } as const;

export interface Seeded {
  codeSecret: string;
}

/**
 * First-start content: site settings, the secret for code and address derivation, the
 * currencies and markets, fiat reference rates, the local operator's token, the content
 * (news, banners, the pop-up notice, FAQ and pages in the eight languages) and, in the
 * demo configuration, the customer service link and a demo account with its
 * paper-trading balance. Safe to run at
 * every start: nothing is overwritten.
 */
export async function seed(db: Db, config: ServerConfig, now: number): Promise<Seeded> {
  await ensureSetting(db, 'site_name', 'Kestrel', true);
  await ensureSetting(db, 'site_logo', '/h5/logo.svg', true);
  const codeSecret = await ensureSetting(db, 'code_secret', newSecret(), false);
  await seedCatalog(db);
  await seedRates(db, now);
  await ensureLocalOperator(db, config.dataDir, now);
  await seedContent(db, config, now);
  if (config.demo) {
    const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirst();
    if (!existing) {
      const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
      await db.transaction().execute(async (trx) => {
        const user = await createUser(trx, { ref: { kind: 'email', email: DEMO_ACCOUNT.email }, passwordHash, invitedBy: null, now });
        await welcome(trx, config, user.id, now);
      });
    }
  }
  return { codeSecret };
}
