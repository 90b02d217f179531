import type { Kysely } from 'kysely';

/**
 * A user's chart settings (issue 23: the pair chart's period, indicators and their
 * parameters), one row per user, kept across devices: the JSON text checked by
 * contract/chart-settings.ts and written whole (server/chart/routes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chart_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chart_preferences').execute();
}
