import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database, RequestIdsTable } from '../db/schema';
import { ApiError } from './errors';

/**
 * Request ids: a money form's submission sent twice (the answer lost on a bad network,
 * a second tap) does its work once. The app sends a request_id per submission; the first
 * request stores what it made (the withdrawal, move, conversion, order, position or
 * option) in its own database
 * transaction, and a later one with the same id answers what the first made without
 * doing anything, whatever the balance or the price is now. Without an id every request
 * is a new one.
 */
export type RequestKind = RequestIdsTable['kind'];

/** Stores, inside the operation's transaction, what this request made. */
export type Remember = (trx: Kysely<Database>, refId: number) => Promise<void>;

/** For an operation run without a request id. */
export const noRequestId: Remember = async () => undefined;

async function prior(ctx: AppContext, userId: number, requestId: string, kind: RequestKind): Promise<number | null> {
  const row = await ctx.db.selectFrom('request_ids').select(['kind', 'ref_id']).where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
  if (!row) return null;
  if (row.kind !== kind) throw new ApiError('server:errors.request_id_reused');
  return row.ref_id;
}

const isDuplicate = (error: unknown) => error instanceof Error && 'code' in error && (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === '23505') && /request_ids/.test(error.message);

/**
 * Runs `run` once per request id: `run` calls `remember(trx, id)` in its step with what
 * it made; a request whose id already did its work gets `replay(id)`.
 */
export async function once<T>(
  ctx: AppContext,
  request: { userId: number; requestId: string | undefined; kind: RequestKind },
  run: (remember: Remember) => Promise<T>,
  replay: (refId: number) => Promise<T>,
): Promise<T> {
  const { userId, requestId, kind } = request;
  if (requestId === undefined) return run(noRequestId);
  const done = await prior(ctx, userId, requestId, kind);
  if (done !== null) return replay(done);
  try {
    return await run(async (trx, refId) => {
      await trx.insertInto('request_ids').values({ user_id: userId, request_id: requestId, kind, ref_id: refId, created_at: ctx.now() }).execute();
    });
  } catch (error) {
    // A twin sent at the same moment stored its work first: this one's rolled back.
    if (!isDuplicate(error)) throw error;
    const twin = await prior(ctx, userId, requestId, kind);
    if (twin === null) throw error;
    return replay(twin);
  }
}
