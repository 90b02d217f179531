import type { Kysely } from 'kysely';

/**
 * Chat (server/chat/service.ts): the public room of each language and the room of each
 * OTC order (its two sides; kept with the order for appeals). Messages an operator
 * removes stay, marked; reports; mutes with an end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // "lang:en" ... or "otc:<order id>"
    .addColumn('room', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('removed_at', 'integer')
    .addColumn('removed_by', 'text')
    .execute();
  await db.schema.createIndex('chat_messages_room').on('chat_messages').columns(['room', 'id']).execute();
  await db.schema
    .createTable('chat_reports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('message_id', 'integer', (c) => c.notNull().references('chat_messages.id'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('handled_at', 'integer')
    .addUniqueConstraint('chat_reports_once', ['message_id', 'reporter_id'])
    .execute();
  await db.schema
    .createTable('chat_mutes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('until', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('muted_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_mutes').execute();
  await db.schema.dropTable('chat_reports').execute();
  await db.schema.dropTable('chat_messages').execute();
}
