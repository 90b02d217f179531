import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context';
import { makePrivateDir } from '../data-dir';
import type { Db } from '../db/database';
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

/**
 * The operator a token belongs to: an operator's own token, or a console session of its
 * account (server/operator/accounts.ts) not revoked and not expired.
 */
export async function operatorOf(ctx: AppContext, header: string | string[] | undefined): Promise<string | null> {
  if (typeof header !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(header)) return null;
  const hash = tokenHash(header);
  const row = await ctx.db.selectFrom('operators').select('name').where('token_hash', '=', hash).executeTakeFirst();
  if (row) return row.name;
  const session = await ctx.db
    .selectFrom('operator_sessions')
    .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
    .select('operators.name')
    .where('operator_sessions.token_hash', '=', hash)
    .where('operator_sessions.revoked_at', 'is', null)
    .where('operator_sessions.expires_at', '>', ctx.now())
    .executeTakeFirst();
  return session?.name ?? null;
}

/**
 * Where a decision is kept: the server's database at its clock, or the transaction that
 * makes the change (an exchange step, a content write), so the entry commits with it.
 */
export type AuditInto = AppContext | { readonly trx: Db; readonly time: number };

/** Every operator decision is kept (the detail up to 500 characters: a reason, a title). */
export async function audit(into: AuditInto, operator: string, action: string, target: string, detail: string): Promise<void> {
  const [db, at] = 'trx' in into ? [into.trx, into.time] : [into.db, into.now()];
  await db
    .insertInto('operator_actions')
    .values({ operator, action, target, detail: detail.slice(0, 500), at })
    .execute();
}
