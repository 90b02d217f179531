import type { Fetcher } from '../contract/worker-api';
import type { CoreCache } from './cache';
import type { SyncClock } from './channel-sync';

/** What each channel of the core needs of the core around it (worker/core.ts). */
export interface CoreHost extends SyncClock {
  /** the app's HTTP client, for REST snapshots */
  fetch: Fetcher;
  /** something changed: a patch goes out at the next frame */
  dirty(): void;
  cache: CoreCache | null;
}

/** A failed snapshot is asked again after this long. */
export const RETRY_MS = 2000;
