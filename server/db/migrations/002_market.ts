import type { Kysely } from 'kysely';
import { withoutRowid } from '../dialect';

/** Currencies, markets, candles of every period, favourites, and views for hot search. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('precision', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('markets')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('base_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('quote_currency_id', 'integer', (c) => c.notNull().references('currencies.id'))
    .addColumn('symbol', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('price_precision', 'integer', (c) => c.notNull())
    .addColumn('qty_precision', 'integer', (c) => c.notNull())
    .addColumn('contract', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('klines')
    .addColumn('market_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('time', 'integer', (c) => c.notNull())
    .addColumn('open', 'real', (c) => c.notNull())
    .addColumn('high', 'real', (c) => c.notNull())
    .addColumn('low', 'real', (c) => c.notNull())
    .addColumn('close', 'real', (c) => c.notNull())
    .addColumn('volume', 'real', (c) => c.notNull())
    .addColumn('amount', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('klines_pk', ['market_id', 'period', 'time'])
    .modifyEnd(withoutRowid(db))
    .execute();

  await db.schema
    .createTable('favourites')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['user_id', 'market_id'])
    .execute();

  await db.schema
    .createTable('market_views')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('market_id', 'integer', (c) => c.notNull().references('markets.id'))
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('market_views_viewer').on('market_views').columns(['market_id', 'viewer', 'at']).execute();
  await db.schema.createIndex('market_views_at').on('market_views').column('at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['market_views', 'favourites', 'klines', 'markets', 'currencies']) await db.schema.dropTable(table).execute();
}
