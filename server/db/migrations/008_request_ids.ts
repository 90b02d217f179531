import type { Kysely } from 'kysely';

/**
 * What a request id (request_id, chosen by the app per submission) already did: a
 * withdrawal, move, conversion, order, position or option sent again with the same id
 * answers what the first did instead of doing it twice. Written in the operation's own
 * transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_ids')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_ids_pk', ['user_id', 'request_id'])
    .execute();
}
