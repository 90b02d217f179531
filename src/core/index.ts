import { effect } from '@preact/signals-react';
import { proxy, transfer, wrap, type Remote } from 'comlink';
import type { ApiInput, ApiOutput } from '../../contract/api';
import type { CoreApi, Fetcher, Patch, SnapshotRoute } from '../../contract/worker-api';
import { request } from '../api/client';
import { token } from '../app/session';
import { applyPatch } from './patch';
import { markets } from './store';

/**
 * The one bridge to the realtime worker. The worker starts the first time a screen
 * needs market data, and lives for the rest of the visit.
 */
let core: Remote<CoreApi> | null = null;
/** The first screen shows quotes: index.html's boot script started the worker for it, and the worker fetches them at once. */
let quotesFirst = false;

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
  quotesFirst = started !== undefined;
  const worker = started ?? new Worker(new URL('../../worker/index.ts', import.meta.url), { type: 'module', name: 'kestrel-core' });
  const remote = wrap<CoreApi>(worker);
  core = remote;
  // Patches come one way on their own channel: applying one answers nothing.
  const patches = new MessageChannel();
  patches.port1.onmessage = (event: MessageEvent<Patch>) => applyPatch(event.data);
  void remote.start({ origin: window.location.origin, token: token.value, quotesFirst }, transfer(patches.port2, [patches.port2]), proxy(fetcher));
  effect(() => {
    void remote.setToken(token.value);
  });
  window.addEventListener('online', () => void remote.setNetwork(true));
  window.addEventListener('offline', () => void remote.setNetwork(false));
  return remote;
}

/**
 * On a first screen that shows quotes, resolves once the market list is in, or after
 * `maxMs`; elsewhere at once. The start renders after it: the list is moments away (the
 * worker asked for it as it started), and a screen rendered with its prices is cheaper
 * on a slow phone than one rendered empty and again when they land mid-render.
 */
export function firstQuotes(maxMs: number): Promise<void> {
  if (!quotesFirst) return Promise.resolve();
  return new Promise((resolve) => {
    let stop = (): void => undefined;
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    // An effect runs once at once: the list may already be in.
    stop = effect(() => {
      if (markets.value.length > 0) queueMicrotask(done);
    });
  });
}
