import type { Kysely } from 'kysely';

/**
 * Coupons granted by operators (issue 24, the console's Products screen): who granted one
 * (null: the welcome coupons every new account gets), and a revoked state for one taken
 * back while still available (status 'revoked', when and by whom). A grant sent twice
 * (a double click, a retry) is one coupon through request_ids, kind 'coupon'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('granted_by', 'text').execute();
  await db.schema.alterTable('coupons').addColumn('revoked_at', 'integer').execute();
  await db.schema.alterTable('coupons').addColumn('revoked_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('revoked_by').execute();
  await db.schema.alterTable('coupons').dropColumn('revoked_at').execute();
  await db.schema.alterTable('coupons').dropColumn('granted_by').execute();
}
