import type { Kysely } from 'kysely';

/**
 * People: each user's bank cards (one domestic, one international; saving again replaces
 * it) and the rebates inviters receive from their invitees' trading fees. A rebate names
 * the ledger reference that paid it, which is unique, so each fee shares once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank_cards')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('aba_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('swift_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('holder_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_cards_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('invite_rebates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('ledger_ref', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invite_rebates_user').on('invite_rebates').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invite_rebates').execute();
  await db.schema.dropTable('bank_cards').execute();
}
