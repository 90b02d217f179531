import type { Db } from '../db/database';

/** Deletes login challenges and passkey ceremonies that ended over an hour ago (the security-challenges-prune job). */
export async function pruneChallenges(db: Db, now: number): Promise<number> {
  const before = now - 60 * 60_000;
  const logins = await db.deleteFrom('login_challenges').where('expires_at', '<', before).executeTakeFirst();
  const ceremonies = await db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).executeTakeFirst();
  return Number(logins.numDeletedRows) + Number(ceremonies.numDeletedRows);
}
