import type { Kysely, Selectable } from 'kysely';
import { lockupDailyRate } from '../../contract/lockup';
import type { Money } from '../../contract/money';
import type { Db } from '../db/database';
import { storeOf } from '../db/dialect';
import type { LockupProductsTable } from '../db/schema';

/**
 * The lock-up products, held in `lockup_products` and run by operators from the console
 * (server/finance/lockup-products.ts). They are read per request (a handful of rows), so
 * every process sees a change at once. The daily rate of an order grows with its amount,
 * from rate_min at min_amount to rate_max at full_rate_amount and above, and is fixed at
 * purchase: the range the list shows is a rule, not a lottery. Early redemption costs
 * penalty_rate x days left x amount (spec 4: 5 days, 0.4 %, 3 days left, 1000 gives 12).
 */
export type LockupProductRow = Selectable<LockupProductsTable>;

/** Every product, in the list's order; the open ones only when asked. */
export async function lockupProducts(db: Db, only?: 'open'): Promise<LockupProductRow[]> {
  let query = db.selectFrom('lockup_products').selectAll();
  if (only) query = query.where('status', '=', only);
  return query.orderBy('sort').orderBy('id').execute();
}

/**
 * One product read inside an exchange step. On PostgreSQL its row is locked for share
 * until the step commits: a pause (an UPDATE) waits for the purchases that read it open,
 * and a purchase that comes after the pause reads it paused. SQLite has one writer.
 */
export async function lockupProductForPurchase(trx: Db, id: number): Promise<LockupProductRow | undefined> {
  const query = trx.selectFrom('lockup_products').selectAll().where('id', '=', id);
  return (storeOf(trx as Kysely<unknown>) === 'postgres' ? query.forShare() : query).executeTakeFirst();
}

/** The daily rate an amount earns in a product. */
export function dailyRate(product: LockupProductRow, amount: Money): Money {
  return lockupDailyRate(product, amount);
}
