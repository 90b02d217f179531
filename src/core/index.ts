import { effect } from '@preact/signals-react';
import { proxy, wrap, type Remote } from 'comlink';
import type { ApiInput, ApiOutput } from '../../contract/api';
import type { CoreApi, Fetcher, SnapshotRoute } from '../../contract/worker-api';
import { request } from '../api/client';
import { token } from '../app/session';
import { applyPatch } from './patch';

/**
 * The one bridge to the realtime worker. The worker starts the first time a screen
 * needs market data, and lives for the rest of the visit.
 */
let core: Remote<CoreApi> | null = null;

const fetcher: Fetcher = <R extends SnapshotRoute>(route: R, input: ApiInput<R>): Promise<ApiOutput<R>> => request(route, input, { silent: true });

export function ensureCore(): Remote<CoreApi> {
  if (core) return core;
  const worker = new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'kestrel-core' });
  const remote = wrap<CoreApi>(worker);
  core = remote;
  void remote.start({ origin: window.location.origin, token: token.value }, proxy(applyPatch), proxy(fetcher));
  effect(() => {
    void remote.setToken(token.value);
  });
  window.addEventListener('online', () => void remote.setNetwork(true));
  window.addEventListener('offline', () => void remote.setNetwork(false));
  return remote;
}
