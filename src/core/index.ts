import { effect } from '@preact/signals-react';
import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { ApiInput, ApiOutput } from '../../contract/api';
import type { CoreApi, Fetcher, Patch, SnapshotRoute } from '../../contract/worker-api';
import { request } from '../api/client';
import { token } from '../app/session';
import { applyPatch } from './patch';

/**
 * The one bridge to the realtime worker. The worker starts the first time a screen
 * needs market data, and lives for the rest of the visit.
 */
let core: Remote<CoreApi> | null = null;

declare global {
  interface Window {
    /** The realtime worker, started by index.html's boot script before any module loaded. */
    kestrelWorker?: Worker | undefined;
  }
}

const fetcher: Fetcher = <R extends SnapshotRoute>(route: R, input: ApiInput<R>): Promise<ApiOutput<R>> => request(route, input, { silent: true });

export function ensureCore(): Remote<CoreApi> {
  if (core) return core;
  // index.html's boot script may have started it already, on a tab that shows quotes.
  const started = window.kestrelWorker;
  window.kestrelWorker = undefined;
  const worker = started ?? new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'kestrel-core' });
  const remote = wrap<CoreApi>(worker);
  core = remote;
  // Patches come one way on their own channel: applying one answers nothing.
  const patches = new MessageChannel();
  patches.port1.onmessage = (event: MessageEvent<Patch>) => applyPatch(event.data);
  void remote.start({ origin: window.location.origin, token: token.value }, transfer(patches.port2, [patches.port2]), proxy(fetcher));
  effect(() => {
    void remote.setToken(token.value);
  });
  window.addEventListener('online', () => void remote.setNetwork(true));
  window.addEventListener('offline', () => void remote.setNetwork(false));
  return remote;
}
