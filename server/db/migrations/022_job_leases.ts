import type { Kysely } from 'kysely';

/**
 * Jobs run once across several processes (server/exchange/jobs.ts): a run holds its job's
 * lease (who, until when); another process's run of the same job waits for the next
 * interval, or for the lease to end when its holder died mid-run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('lease_until', 'integer').execute();
}
