import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { ApiError } from '../http/errors';
import type { ServerKey } from '../i18n';

/**
 * Attempt budgets, kept in the database so that every server process on it shares them
 * (the `attempts` table, one row per key). An attempt is reserved before the password or
 * code is compared: the reservation locks the key's row (an upsert, which PostgreSQL
 * locks until the commit; SQLite's transactions take the write lock at their start),
 * counts the attempts still in the window and records this one only while the budget
 * allows it. However many requests arrive at once, no more are compared than the budget
 * holds; a refused request records nothing.
 *
 * A reserved attempt is pending until its request says how it went: settled, it counts
 * (a wrong password); refunded, it is given back (a right one is not a wrong guess);
 * cleared, the key forgets every attempt. While pending it counts as if wrong, and a
 * request that only pending attempts keep out waits for them to settle instead of being
 * refused: the owner's own requests sent at once all get their turn. A pending attempt
 * whose request never settled it (the process stopped) counts as wrong after a minute.
 */
export interface Budget {
  /** the keys' prefix */
  name: string;
  /** how long an attempt counts */
  windowMs: number;
  /** at most this many attempts in any window */
  limit: number;
  /** after `free` attempts in the window, each further one waits `firstMs` after the one before, doubling up to `maxMs` */
  backoff?: { free: number; firstMs: number; maxMs: number };
}

/** A budget and whose attempts it counts: an account, an IP, a user... */
export interface BudgetKey {
  budget: Budget;
  subject: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Enough for any form of the app (identity takes three photos) many times over. */
export const UPLOADS_PER_HOUR = 60;

export const BUDGETS = {
  /**
   * Wrong passwords for one account from one source (IP): five at once, then 2, 4, 8,
   * then 15 minutes between tries. A guesser's source slows down; the owner's own source
   * keeps its own budget, so a guesser cannot lock the owner out.
   */
  loginPerSource: { name: 'login-source', windowMs: HOUR, limit: 20, backoff: { free: 5, firstMs: 2 * MINUTE, maxMs: 15 * MINUTE } },
  /**
   * Wrong passwords for one account from all sources together: the ceiling on guesses
   * however many sources share them. One source alone never reaches it (its delays allow
   * at most 11 in an hour).
   */
  loginPerAccount: { name: 'login-account', windowMs: HOUR, limit: 30 },
  /** login attempts (right or wrong) from one IP, whatever the account */
  loginPerIp: { name: 'login-ip', windowMs: 15 * MINUTE, limit: 30 },
  /** wrong pay passwords per user (only the user's session can make them) */
  payPassword: { name: 'pay', windowMs: 15 * MINUTE, limit: 5 },
  /** wrong current login passwords per user, asked before a change of its protection (server/auth/protection.ts) */
  currentPassword: { name: 'current-password', windowMs: 15 * MINUTE, limit: 5 },
  /**
   * Wrong authenticator (TOTP) or recovery codes per user at the login's second step (only
   * someone with the password reaches it), and apart from them those confirming a change
   * or a withdrawal (only the user's session makes them): a thief holding a session cannot
   * lock the owner out of logging in.
   */
  totpLogin: { name: 'totp-login', windowMs: 15 * MINUTE, limit: 5 },
  totpConfirm: { name: 'totp-confirm', windowMs: 15 * MINUTE, limit: 5 },
  /** verification codes asked for from one IP */
  codesPerIp: { name: 'codes-ip', windowMs: HOUR, limit: 20 },
  /** unknown invite codes given at sign-up from one IP */
  invitesPerIp: { name: 'invites-ip', windowMs: HOUR, limit: 10 },
  /** files uploaded per user, refused ones included: reading an image is the costly part */
  uploadsPerUser: { name: 'uploads', windowMs: HOUR, limit: UPLOADS_PER_HOUR },
  /** chat messages per user: a burst, and an hour's worth (server/chat/service.ts) */
  chatBurst: { name: 'chat-burst', windowMs: 10_000, limit: 5 },
  chatHour: { name: 'chat-hour', windowMs: HOUR, limit: 300 },
} as const satisfies Record<string, Budget>;

/** How long a row can matter: rows whose newest attempt is older are pruned. */
const LONGEST_WINDOW = Math.max(...Object.values(BUDGETS).map((budget) => budget.windowMs));
/** A pending attempt older than this was never settled (its request died): it counts as wrong. */
const PENDING_MS = MINUTE;
/** How long a request waits (real time) for pending attempts to settle: by then they count as wrong anyway. */
const WAIT_FOR_PENDING_MS = PENDING_MS;

/**
 * Milliseconds until the budget allows one more attempt after those at `times` (oldest
 * first); 0 when it allows one now.
 */
export function waitFor(budget: Budget, times: readonly number[], now: number): number {
  const recent = times.filter((at) => at > now - budget.windowMs);
  let wait = 0;
  if (recent.length >= budget.limit) wait = (recent[recent.length - budget.limit] ?? now) + budget.windowMs - now;
  const backoff = budget.backoff;
  if (backoff && recent.length >= backoff.free) {
    const delay = Math.min(backoff.firstMs * 2 ** (recent.length - backoff.free), backoff.maxMs);
    wait = Math.max(wait, (recent.at(-1) ?? now) + delay - now);
  }
  return wait > 0 ? Math.max(1, wait) : 0;
}

/** One attempt in a key's row: when, and while its request has not said how it went, the reservation's id. */
interface Entry {
  at: number;
  pending?: string;
}

const timesOf = (entries: readonly Entry[]): number[] => entries.map((entry) => entry.at);
const keyOf = ({ budget, subject }: BudgetKey): string => `${budget.name}:${subject}`;
const byKey = (a: BudgetKey, b: BudgetKey): number => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0);

function parseEntries(text: string): Entry[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): Entry[] => {
    if (typeof item !== 'object' || item === null || !('at' in item) || typeof item.at !== 'number') return [];
    return [{ at: item.at, ...('pending' in item && typeof item.pending === 'string' ? { pending: item.pending } : {}) }];
  });
}

/** The key's attempts, its row locked until the transaction ends (created empty if it has none). */
async function lockKey(trx: Db, key: string, now: number): Promise<Entry[]> {
  const row = await trx
    .insertInto('attempts')
    .values({ key, entries: '[]', updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ updated_at: eb.ref('attempts.updated_at') })))
    .returning('entries')
    .executeTakeFirstOrThrow();
  return parseEntries(row.entries);
}

async function storeEntries(trx: Db, key: string, entries: readonly Entry[]): Promise<void> {
  await trx
    .updateTable('attempts')
    .set({ entries: JSON.stringify(entries), updated_at: Math.max(0, ...entries.map((entry) => entry.at)) })
    .where('key', '=', key)
    .execute();
}

/** An attempt reserved under some keys, pending until its request settles, refunds or clears it under each. */
export class Attempt {
  private readonly open: BudgetKey[];

  constructor(
    private readonly db: Db,
    private readonly id: string,
    keys: readonly BudgetKey[],
  ) {
    this.open = [...keys].sort(byKey);
  }

  private take(key: BudgetKey): boolean {
    const index = this.open.findIndex((open) => keyOf(open) === keyOf(key));
    if (index >= 0) this.open.splice(index, 1);
    return index >= 0;
  }

  /** Counts it under every key not refunded or cleared (a wrong password, or a request that counts whatever it answers). */
  async settle(): Promise<void> {
    const keys = this.open.splice(0);
    if (keys.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const key of keys) {
        const entries = await lockKey(trx, keyOf(key), 0);
        await storeEntries(
          trx,
          keyOf(key),
          entries.map((entry) => (entry.pending === this.id ? { at: entry.at } : entry)),
        );
      }
    });
  }

  /** Gives it back under `key`. */
  async refund(key: BudgetKey): Promise<void> {
    if (!this.take(key)) return;
    await this.db.transaction().execute(async (trx) => {
      const entries = await lockKey(trx, keyOf(key), 0);
      await storeEntries(
        trx,
        keyOf(key),
        entries.filter((entry) => entry.pending !== this.id),
      );
    });
  }

  /** Forgets every attempt under `key`, this one included. */
  async clear(key: BudgetKey): Promise<void> {
    this.take(key);
    await this.db.deleteFrom('attempts').where('key', '=', keyOf(key)).execute();
  }
}

export type Reservation = { attempt: Attempt; waitMs: 0 } | { attempt: null; waitMs: number };

/**
 * Reserves one attempt at `clock()` under every key, or none: answers the attempt, or
 * the milliseconds until all the budgets allow one (nothing recorded). When only pending
 * attempts stand in the way, it waits for them to settle (at most a minute, when they
 * would count as wrong anyway) and tries again.
 */
export async function reserveAttempt(db: Db, clock: () => number, keys: readonly BudgetKey[]): Promise<Reservation> {
  const id = randomUUID();
  const sorted = [...keys].sort(byKey);
  const deadline = performance.now() + WAIT_FOR_PENDING_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const outcome = await db.transaction().execute(async (trx) => {
      // Locked in one order (by key), so that two reservations never wait for each other.
      const locked: { entry: BudgetKey; key: string; entries: Entry[] }[] = [];
      for (const entry of sorted) locked.push({ entry, key: keyOf(entry), entries: await lockKey(trx, keyOf(entry), clock()) });
      // The clock is read once every key is held: an attempt recorded by a reservation this
      // one waited for is in its past, never a moment in its future (a wait told too long).
      const now = clock();
      const held: { key: string; live: Entry[] }[] = [];
      let wait = 0;
      let waitSettled = 0;
      for (const { entry, key, entries } of locked) {
        const live = entries.filter((attempt) => attempt.at > now - entry.budget.windowMs);
        held.push({ key, live });
        const settled = live.filter((attempt) => attempt.pending === undefined || attempt.at <= now - PENDING_MS);
        wait = Math.max(wait, waitFor(entry.budget, timesOf(live), now));
        waitSettled = Math.max(waitSettled, waitFor(entry.budget, timesOf(settled), now));
      }
      if (wait > 0) return { wait, onlyPending: waitSettled === 0 };
      for (const { key, live } of held) await storeEntries(trx, key, [...live, { at: now, pending: id }]);
      return { wait: 0, onlyPending: false };
    });
    if (outcome.wait === 0) return { attempt: new Attempt(db, id, sorted), waitMs: 0 };
    if (!outcome.onlyPending || performance.now() + pause > deadline) return { attempt: null, waitMs: outcome.wait };
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * One guess under one budget: the try is reserved before `guess` runs; a right guess
 * (one that answers a value) gives it back, a wrong one (null) counts and is refused with
 * `wrong`. A budget spent refuses with `locked` and its minutes, before anything is compared.
 */
export async function guessWithin<T>(db: Db, clock: () => number, key: BudgetKey, refusals: { locked: ServerKey; wrong: ServerKey }, guess: () => Promise<T | null>): Promise<T> {
  const { attempt, waitMs } = await reserveAttempt(db, clock, [key]);
  if (!attempt) throw new ApiError(refusals.locked, { minutes: Math.ceil(waitMs / 60_000) });
  try {
    const right = await guess();
    if (right === null) throw new ApiError(refusals.wrong);
    await attempt.refund(key);
    return right;
  } finally {
    await attempt.settle();
  }
}

/** Deletes the rows no budget looks at any more (the attempts-prune job). */
export async function pruneAttempts(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('attempts')
    .where('updated_at', '<=', now - LONGEST_WINDOW)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
