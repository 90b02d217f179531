import type { Db } from '../db/database';

export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes a setting only when it is not there yet, so a restart keeps what operators set. */
export async function ensureSetting(db: Db, key: string, value: string, isPublic: boolean): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key, value, public: isPublic ? 1 : 0 })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key)) ?? value;
}
