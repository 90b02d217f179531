import { ensureSetting } from '../common/settings';
import type { ServerConfig } from '../config';
import { hashPassword } from '../security/passwords';
import { newSecret } from '../security/tokens';
import { createUser } from '../user/users';
import type { Db } from './database';

/** The demo account of the paper-trading configuration (README lists it). */
export const DEMO_ACCOUNT = { email: 'demo@kestrel.local', password: 'kestrel-demo' } as const;

export interface Seeded {
  codeSecret: string;
}

/**
 * First-start content: site settings, the secret for code hashes and, in the demo
 * configuration, a demo account. Safe to run at every start: nothing is overwritten.
 */
export async function seed(db: Db, config: ServerConfig, now: number): Promise<Seeded> {
  await ensureSetting(db, 'site_name', 'Kestrel', true);
  await ensureSetting(db, 'site_logo', '/h5/logo.svg', true);
  const codeSecret = await ensureSetting(db, 'code_secret', newSecret(), false);
  if (config.demo) {
    const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_ACCOUNT.email).executeTakeFirst();
    if (!existing) {
      const passwordHash = await hashPassword(DEMO_ACCOUNT.password);
      await createUser(db, { ref: { kind: 'email', email: DEMO_ACCOUNT.email }, passwordHash, invitedBy: null, now });
    }
  }
  return { codeSecret };
}
