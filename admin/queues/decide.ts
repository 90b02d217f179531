import { api } from '../api';
import type { PendingWork, QueueName } from './queues';

/**
 * A decision on one item of a queue, through the operator endpoints the command line
 * uses too; the server audits it under the signed-in operator's name. `first` is the
 * queue's first decision (approve, release, remove), else its second (reject, return,
 * dismiss); `reason` is empty for a decision that asks none (queues.ts, DECISIONS).
 * Answers the server's words ("Done.").
 */
export interface Decision {
  first: boolean;
  reason: string;
}

export async function decide(work: PendingWork, queue: QueueName, id: number, { first, reason }: Decision): Promise<string> {
  switch (queue) {
    case 'identities':
      return first ? api('POST /operator/identity/approve', { id }) : api('POST /operator/identity/reject', { id, reason });
    case 'recharges':
      return first ? api('POST /operator/recharge/approve', { id }) : api('POST /operator/recharge/reject', { id, reason });
    case 'withdrawals':
      return first ? api('POST /operator/withdrawal/approve', { id }) : api('POST /operator/withdrawal/reject', { id, reason });
    case 'traders':
      return first ? api('POST /operator/trader/approve', { id }) : api('POST /operator/trader/reject', { id, reason });
    case 'nft_sales':
      return first ? api('POST /operator/nft/review', { id, approve: 1 }) : api('POST /operator/nft/review', { id, approve: 0, reason });
    case 'otc_appeals':
      return api('POST /operator/otc/decide', { id, decision: first ? 'release' : 'return', reason });
    case 'chat_reports': {
      // The queue lists reports; the decision is on the message they report.
      const report = work.chat_reports.find((item) => item.id === id);
      if (report === undefined) throw new Error(`chat report ${id} is not in the queue`);
      return first ? api('POST /operator/chat/remove', { id: report.message_id }) : api('POST /operator/chat/dismiss', { id: report.message_id });
    }
  }
}
