import type { Kysely } from 'kysely';

/**
 * An account frozen by an operator (issue 24, the console's Users screen): since when, why
 * and by whom, on the user's own row, so every process's authentication reads it with the
 * session it already joins (server/auth/sessions.ts). Null while the account is not frozen;
 * the history of freezes and unfreezes is the audit (operator_actions).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('frozen_at', 'integer').execute();
  await db.schema.alterTable('users').addColumn('frozen_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('frozen_by', 'text').execute();
  await db.schema.createIndex('users_frozen').on('users').column('frozen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_frozen').execute();
  await db.schema.alterTable('users').dropColumn('frozen_by').execute();
  await db.schema.alterTable('users').dropColumn('frozen_reason').execute();
  await db.schema.alterTable('users').dropColumn('frozen_at').execute();
}
