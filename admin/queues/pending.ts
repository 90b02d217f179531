import { signal } from '@preact/signals-react';
import { api } from '../api';
import type { RequestOptions } from '../../src/api/transport';
import type { PendingWork } from './queues';

/** What waits for review (GET /operator/pending), shared by the queues screen and the sidebar's count. */
export const pendingWork = signal<PendingWork | null>(null);

export async function refreshPending(options: RequestOptions = {}): Promise<void> {
  pendingWork.value = await api('GET /operator/pending', {}, options);
}
