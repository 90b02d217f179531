import type { ApiOutput } from '../../contract/api';

/**
 * The review queues and the pure parts of working through them: what each queue's two
 * decisions are called and whether they ask a reason, counts, moving the selection, what
 * is selected once a decided item leaves.
 */
export type PendingWork = ApiOutput<'GET /operator/pending'>;

/** The order of the tabs: the user's own reviews first, then the markets' people and goods, then the chat. */
export const QUEUES = ['identities', 'recharges', 'withdrawals', 'traders', 'nft_sales', 'otc_appeals', 'chat_reports'] as const;
export type QueueName = (typeof QUEUES)[number];
export type QueueItem<Q extends QueueName> = PendingWork[Q][number];

export function isQueue(value: unknown): value is QueueName {
  return typeof value === 'string' && (QUEUES as readonly string[]).includes(value);
}

/**
 * A queue's two decisions, taken with a (the first) and r (the second): the words on
 * their buttons (`queues.decisions.<label>`) and whether the operator must give a reason
 * first. Reasons go to the users concerned (a refusal, an appeal's outcome); removing or
 * keeping a reported chat message tells the writer nothing, so it asks none.
 */
export interface DecisionSpec {
  label: 'approve' | 'reject' | 'release' | 'return' | 'remove' | 'dismiss';
  reason: boolean;
}
export const DECISIONS: Record<QueueName, readonly [DecisionSpec, DecisionSpec]> = {
  identities: [
    { label: 'approve', reason: false },
    { label: 'reject', reason: true },
  ],
  recharges: [
    { label: 'approve', reason: false },
    { label: 'reject', reason: true },
  ],
  withdrawals: [
    { label: 'approve', reason: false },
    { label: 'reject', reason: true },
  ],
  traders: [
    { label: 'approve', reason: false },
    { label: 'reject', reason: true },
  ],
  nft_sales: [
    { label: 'approve', reason: false },
    { label: 'reject', reason: true },
  ],
  // An appeal is decided either way with a reason both sides read.
  otc_appeals: [
    { label: 'release', reason: true },
    { label: 'return', reason: true },
  ],
  chat_reports: [
    { label: 'remove', reason: false },
    { label: 'dismiss', reason: false },
  ],
};

/** How many items wait in each queue. */
export function counts(work: PendingWork): Record<QueueName, number> {
  return Object.fromEntries(QUEUES.map((queue) => [queue, work[queue].length])) as Record<QueueName, number>;
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

/**
 * Once `removed` leaves the list (`before`), with `after` the items still there (a
 * reported message's other reports leave with it): the next item still there, else the
 * last one, else none.
 */
export function afterRemoval(before: readonly number[], removed: number, after: readonly number[]): number | null {
  const at = before.indexOf(removed);
  if (at === -1) return after[0] ?? null;
  return before.slice(at + 1).find((id) => after.includes(id)) ?? after.at(-1) ?? null;
}

/**
 * The work without one decided item: its row leaves at once and the counts follow. A
 * chat message is decided once for all its reports, so they all leave together.
 */
export function without(work: PendingWork, queue: QueueName, id: number): PendingWork {
  if (queue === 'chat_reports') {
    const message = work.chat_reports.find((report) => report.id === id)?.message_id;
    return { ...work, chat_reports: work.chat_reports.filter((report) => report.id !== id && report.message_id !== message) };
  }
  return { ...work, [queue]: work[queue].filter((item) => item.id !== id) };
}
