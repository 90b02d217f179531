import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { makePrivateDir } from '../data-dir';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { newToken, tokenHash } from '../security/tokens';

/**
 * Operators are not users: they act through the operator API with their own token.
 * The first operator, "local", gets its token in DATA_DIR/operator.token (readable by
 * the server's owner only), which `npm run operator` reads on the same machine.
 */
/** The first operator, whose token the server writes to DATA_DIR; it adds and removes the others. */
export const LOCAL_OPERATOR = 'local';

export function operatorTokenFile(dataDir: string): string {
  return path.join(dataDir, 'operator.token');
}

export async function ensureLocalOperator(db: Db, dataDir: string, now: number): Promise<void> {
  const file = operatorTokenFile(dataDir);
  const existing = await db.selectFrom('operators').select(['id', 'token_hash']).where('name', '=', LOCAL_OPERATOR).executeTakeFirst();
  if (existing && fs.existsSync(file) && tokenHash(fs.readFileSync(file, 'utf8').trim()) === existing.token_hash) return;
  const token = newToken();
  if (existing)
    await db
      .updateTable('operators')
      .set({ token_hash: tokenHash(token) })
      .where('id', '=', existing.id)
      .execute();
  else
    await db
      .insertInto('operators')
      .values({ name: LOCAL_OPERATOR, token_hash: tokenHash(token), created_at: now })
      .execute();
  makePrivateDir(dataDir);
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
}

export async function operatorOf(ctx: AppContext, header: string | string[] | undefined): Promise<string | null> {
  if (typeof header !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(header)) return null;
  const row = await ctx.db.selectFrom('operators').select('name').where('token_hash', '=', tokenHash(header)).executeTakeFirst();
  return row?.name ?? null;
}

/** Every operator decision is kept: inside the decision's own transaction when `db` is one, so both happen or neither. */
export async function audit(ctx: AppContext, operator: string, action: string, target: string, detail: string, db: Kysely<Database> = ctx.db): Promise<void> {
  await db.insertInto('operator_actions').values({ operator, action, target, detail, at: ctx.now() }).execute();
}
