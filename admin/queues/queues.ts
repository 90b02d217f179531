import type { ApiOutput } from '../../contract/api';

/**
 * The review queues of this slice and the pure parts of working through them: counts,
 * moving the selection, what is selected once a decided item leaves.
 */
export type PendingWork = ApiOutput<'GET /operator/pending'>;

/** Identity reviews, deposit vouchers (recharges), withdrawals: the order of the tabs. */
export const QUEUES = ['identities', 'recharges', 'withdrawals'] as const;
export type QueueName = (typeof QUEUES)[number];
export type QueueItem<Q extends QueueName> = PendingWork[Q][number];

export function isQueue(value: unknown): value is QueueName {
  return typeof value === 'string' && (QUEUES as readonly string[]).includes(value);
}

/** How many items wait in each queue. */
export function counts(work: PendingWork): Record<QueueName, number> {
  return { identities: work.identities.length, recharges: work.recharges.length, withdrawals: work.withdrawals.length };
}

/** Everything that waits in the console's queues. */
export function total(work: PendingWork): number {
  return QUEUES.reduce((sum, queue) => sum + work[queue].length, 0);
}

/**
 * The item `delta` away from the selected one (j: 1, k: -1), staying at the ends; with
 * none selected, the first (or the last, going up). Null for an empty queue.
 */
export function moved(ids: readonly number[], selected: number | null, delta: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = selected === null ? -1 : ids.indexOf(selected);
  if (at === -1) return (delta === 1 ? ids[0] : ids[ids.length - 1]) ?? null;
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))] ?? null;
}

/** Once `removed` leaves the list: the item that takes its place, else the one before it, else none. */
export function afterRemoval(ids: readonly number[], removed: number): number | null {
  const at = ids.indexOf(removed);
  const rest = ids.filter((id) => id !== removed);
  if (at === -1) return rest[0] ?? null;
  return rest[Math.min(at, rest.length - 1)] ?? null;
}

/** The work without one decided item: its row leaves at once and the counts follow. */
export function without(work: PendingWork, queue: QueueName, id: number): PendingWork {
  return { ...work, [queue]: work[queue].filter((item) => item.id !== id) };
}
