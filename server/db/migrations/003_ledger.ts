import type { Kysely } from 'kysely';

/**
 * The double-entry ledger (accounts, transactions, entries) and what moves money
 * through it: recharges, withdrawals, moves between accounts, exchanges, coupons;
 * the address book; fiat rates; operators; identity verification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('balance', 'numeric', (c) => c.notNull().defaultTo('0'))
    .addUniqueConstraint('ledger_accounts_key', ['owner', 'currency_id', 'kind', 'part'])
    .execute();
  await db.schema.createIndex('ledger_accounts_user').on('ledger_accounts').column('user_id').execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('memo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addUniqueConstraint('ledger_transactions_ref', ['ref_kind', 'ref_id'])
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('balance_after', 'numeric', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();

  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('deposit_addresses_pk', ['user_id', 'network'])
    .execute();

  await db.schema
    .createTable('recharges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('voucher', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'integer')
    .addColumn('reviewed_by', 'text')
    .execute();
  await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('net', 'numeric', (c) => c.notNull())
    .addColumn('btc_value', 'numeric', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('txid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'integer')
    .addColumn('reviewed_by', 'text')
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('account_transfers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('from_kind', 'text', (c) => c.notNull())
    .addColumn('to_kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_transfers_user').on('account_transfers').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('exchanges')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('from_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('to_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('amount', 'numeric', (c) => c.notNull())
    .addColumn('received', 'numeric', (c) => c.notNull())
    .addColumn('fee', 'numeric', (c) => c.notNull())
    .addColumn('fee_rate', 'numeric', (c) => c.notNull())
    .addColumn('coupon_id', 'integer')
    .addColumn('ticks', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_wallets')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('qrcode', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'numeric', (c) => c.notNull())
    .addColumn('currency_id', 'integer', (c) => c.references('currencies.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'integer')
    .addColumn('used_ref', 'text')
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupons_user').on('coupons').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('fiat_rates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_submissions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('id_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('card_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('front_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reverse_pic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'integer')
    .addColumn('reviewed_by', 'text')
    .execute();
  await db.schema.createIndex('identity_user').on('identity_submissions').columns(['user_id', 'id']).execute();

  await db.schema
    .alterTable('users')
    .addColumn('real_level', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('real_level').execute();
  for (const table of [
    'identity_submissions',
    'operator_actions',
    'operators',
    'fiat_rates',
    'coupons',
    'user_wallets',
    'exchanges',
    'account_transfers',
    'withdrawals',
    'recharges',
    'deposit_addresses',
    'ledger_entries',
    'ledger_transactions',
    'ledger_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
