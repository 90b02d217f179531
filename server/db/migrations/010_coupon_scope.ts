import { sql, type Kysely } from 'kysely';

/**
 * A fee coupon discounts one product's fee, the one it names: `scope` is 'conversion' or
 * 'spot' (null for a bonus, which discounts nothing). Every fee coupon given so far is the
 * welcome coupon, "off conversion fees", so the ones already stored discount conversions;
 * one that a spot order spent (which it should not have) is given back for a conversion.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('scope', 'text').execute();
  await sql`update coupons set scope = 'conversion' where kind = 'fee_discount'`.execute(db);
  await sql`update coupons set status = 'available', used_at = null, used_ref = null where scope = 'conversion' and status = 'used' and used_ref like 'spot:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('scope').execute();
}
