import type { Kysely } from 'kysely';

/**
 * Copy trading (server/copy/): traders (applications, approval, the visibility of their
 * positions), their statistics as last computed, follows, and the copies a follow skipped
 * with why. A copy is a contract position like any other; what makes it one lives on its
 * row: the follow and the trader's position it copies, whether it is still linked (a
 * self-held copy is not), and the profit share it paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lever_positions').addColumn('copy_follow_id', 'integer').execute();
  await db.schema.alterTable('lever_positions').addColumn('copy_source_id', 'integer').execute();
  await db.schema.alterTable('lever_positions').addColumn('copy_trader_id', 'integer').execute();
  await db.schema
    .alterTable('lever_positions')
    .addColumn('copy_linked', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('lever_positions')
    .addColumn('copy_share', 'numeric', (c) => c.notNull().defaultTo('0'))
    .execute();
  await db.schema.createIndex('lever_positions_copy_follow').on('lever_positions').columns(['copy_follow_id', 'status']).execute();
  await db.schema.createIndex('lever_positions_copy_trader').on('lever_positions').columns(['copy_trader_id', 'status']).execute();
  await db.schema.createIndex('lever_positions_user_status').on('lever_positions').columns(['user_id', 'status', 'closed_at']).execute();

  await db.schema
    .createTable('traders')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('live'))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('applied_at', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'integer')
    .execute();
  await db.schema.createIndex('traders_status').on('traders').columns(['status', 'reviewed_at']).execute();

  await db.schema
    .createTable('trader_stats')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('total_profit', 'numeric', (c) => c.notNull())
    .addColumn('win_rate', 'numeric')
    .addColumn('position_value', 'numeric', (c) => c.notNull())
    .addColumn('followers', 'integer', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('profitable_orders', 'integer', (c) => c.notNull())
    .addColumn('long_orders', 'integer', (c) => c.notNull())
    .addColumn('long_wins', 'integer', (c) => c.notNull())
    .addColumn('short_orders', 'integer', (c) => c.notNull())
    .addColumn('short_wins', 'integer', (c) => c.notNull())
    .addColumn('followers_profit', 'numeric', (c) => c.notNull())
    .addColumn('curve', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('trader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('number', 'numeric', (c) => c.notNull())
    .addColumn('max_margin', 'numeric')
    .addColumn('end_time', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    // 'follower:trader' while active, null after: one active follow per pair, held by the database too.
    .addColumn('active_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('closed_at', 'integer')
    .execute();
  await db.schema.createIndex('follows_trader').on('follows').columns(['trader_id', 'status']).execute();
  await db.schema.createIndex('follows_follower').on('follows').columns(['follower_id', 'id']).execute();

  await db.schema
    .createTable('copy_skips')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('follow_id', 'integer', (c) => c.notNull().references('follows.id'))
    .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('trader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('source_position_id', 'integer', (c) => c.notNull())
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('copy_skips_follower').on('copy_skips').columns(['follower_id', 'id']).execute();
  await db.schema.createIndex('copy_skips_source').on('copy_skips').columns(['source_position_id', 'follow_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('copy_skips').execute();
  await db.schema.dropTable('follows').execute();
  await db.schema.dropTable('trader_stats').execute();
  await db.schema.dropTable('traders').execute();
  for (const index of ['lever_positions_copy_follow', 'lever_positions_copy_trader', 'lever_positions_user_status']) await db.schema.dropIndex(index).execute();
  for (const column of ['copy_follow_id', 'copy_source_id', 'copy_trader_id', 'copy_linked', 'copy_share']) await db.schema.alterTable('lever_positions').dropColumn(column).execute();
}
