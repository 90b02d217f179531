import { sql, type Kysely } from 'kysely';
import { storeOf } from '../dialect';

/**
 * Lock-up products (issue 24): operators run them from the console instead of a list in
 * the code. An order keeps the terms it was bought on (lockup_orders holds its rate,
 * days and penalty), so a product's terms change only what is bought next. The four
 * products the code held are written with their ids, which the orders already name. The
 * currency is its code: the catalogue's currencies are written after the migrations on
 * a new database, and a code is what the products were defined by.
 */
const PRODUCTS = [
  { id: 1, currency: 'USDT', days: 5, min_amount: '100', rate_min: '0.003', rate_max: '0.004', full_rate_amount: '10000', penalty_rate: '0.004' },
  { id: 2, currency: 'USDT', days: 30, min_amount: '500', rate_min: '0.004', rate_max: '0.0055', full_rate_amount: '50000', penalty_rate: '0.005' },
  { id: 3, currency: 'BTC', days: 15, min_amount: '0.01', rate_min: '0.001', rate_max: '0.0015', full_rate_amount: '1', penalty_rate: '0.002' },
  { id: 4, currency: 'ETH', days: 10, min_amount: '0.1', rate_min: '0.0012', rate_max: '0.0018', full_rate_amount: '10', penalty_rate: '0.003' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lockup_products')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'numeric', (c) => c.notNull())
    .addColumn('rate_min', 'numeric', (c) => c.notNull())
    .addColumn('rate_max', 'numeric', (c) => c.notNull())
    .addColumn('full_rate_amount', 'numeric', (c) => c.notNull())
    .addColumn('penalty_rate', 'numeric', (c) => c.notNull())
    // open: offered and bought; paused: out of the app's list, purchases refused
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lockup_products_list').on('lockup_products').columns(['status', 'sort', 'id']).execute();
  const now = Date.now();
  await db
    .withTables<{ lockup_products: Record<string, unknown> }>()
    .insertInto('lockup_products')
    .values(PRODUCTS.map((product) => ({ ...product, status: 'open', sort: product.id, created_at: now, updated_at: now })))
    .execute();
  // The ids were given: PostgreSQL's sequence moves past them, so the next product is 5.
  if (storeOf(db) === 'postgres') await sql`select setval(pg_get_serial_sequence('lockup_products', 'id'), (select max(id) from lockup_products))`.execute(db);
  await db.schema.createIndex('lockup_orders_product').on('lockup_orders').columns(['product_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('lockup_orders_product').execute();
  await db.schema.dropTable('lockup_products').execute();
}
