/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { CoreApi } from '../contract/worker-api';
import { openCache } from './cache';
import { Core } from './core';
import { socketLink } from './socket';

/**
 * The worker's entry: builds the core with the browser's socket, cache and frame
 * clock, and exposes it to the app through Comlink.
 */
declare const self: DedicatedWorkerGlobalScope;

/** requestAnimationFrame exists in dedicated workers in Chromium; elsewhere a 16 ms timer. */
const schedule = (frame: () => void): void => {
  if (typeof self.requestAnimationFrame === 'function') self.requestAnimationFrame(() => frame());
  else setTimeout(frame, 16);
};

/** Calls made before start() has finished wait for the core, in the order they came. */
let started = false;
let resolveCore: (core: Core) => void = () => undefined;
const ready = new Promise<Core>((resolve) => {
  resolveCore = resolve;
});

const api: CoreApi = {
  async start(config, patches, fetcher) {
    if (started) return;
    started = true;
    const cache = await openCache().catch(() => null);
    const core = new Core({
      link: (events) => socketLink(config.origin, events),
      cache,
      schedule,
      post: (patch, buffers) => patches.postMessage(patch, buffers),
      setTimer: (callback, ms) => void setTimeout(callback, ms),
      now: Date.now,
    });
    await core.begin(config, fetcher);
    resolveCore(core);
  },
  // Calls that come before start() has finished wait for the core, in order.
  setToken: (token) => void ready.then((core) => core.setToken(token)),
  setNetwork: (online) => void ready.then((core) => core.setNetwork(online)),
  watchTickers: (watching) => void ready.then((core) => core.watchTickers(watching)),
  watchMarket: (marketId, watching) => void ready.then((core) => core.watchMarket(marketId, watching)),
  showChart: (chart) => void ready.then((core) => core.showChart(chart)),
  watchAccount: (watching) => void ready.then((core) => core.watchAccount(watching)),
  watchAuction: (saleId, watching) => void ready.then((core) => core.watchAuction(saleId, watching)),
  watchChat: (room, watching) => void ready.then((core) => core.watchChat(room, watching)),
};

expose(api satisfies CoreApi);
