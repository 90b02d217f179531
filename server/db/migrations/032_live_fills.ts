import type { Kysely } from 'kysely';

/**
 * Paper fills on a market that follows a public exchange (MARKET=live, issue 25) record what
 * they went by there: `exchange_ref` is `<exchange>:trade:<trade id>` for a resting order a
 * real trade went through, `<exchange>:book:<update id>` for an order that walked the
 * exchange's book as it stood after that update; `exchange_time` is that trade's or update's
 * time on the exchange; `exchange_price` that trade's price (the order filled at its own, which the
 * trade went through). All null on a simulated market.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spot_fills').addColumn('exchange_ref', 'text').execute();
  await db.schema.alterTable('spot_fills').addColumn('exchange_time', 'integer').execute();
  await db.schema.alterTable('spot_fills').addColumn('exchange_price', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spot_fills').dropColumn('exchange_price').execute();
  await db.schema.alterTable('spot_fills').dropColumn('exchange_time').execute();
  await db.schema.alterTable('spot_fills').dropColumn('exchange_ref').execute();
}
