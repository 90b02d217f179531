import { api } from '../api';
import type { QueueName } from './queues';

/**
 * A decision on one item of a queue, through the operator endpoints the command line
 * uses too; the server audits it under the signed-in operator's name. Answers the
 * server's words ("Done.").
 */
export type Decision = { approve: true } | { approve: false; reason: string };

export async function decide(queue: QueueName, id: number, decision: Decision): Promise<string> {
  switch (queue) {
    case 'identities':
      return decision.approve ? api('POST /operator/identity/approve', { id }) : api('POST /operator/identity/reject', { id, reason: decision.reason });
    case 'recharges':
      return decision.approve ? api('POST /operator/recharge/approve', { id }) : api('POST /operator/recharge/reject', { id, reason: decision.reason });
    case 'withdrawals':
      return decision.approve ? api('POST /operator/withdrawal/approve', { id }) : api('POST /operator/withdrawal/reject', { id, reason: decision.reason });
  }
}
