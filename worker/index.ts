/// <reference lib="webworker" />
import { expose, transfer } from 'comlink';
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

let core: Core | null = null;

const api: CoreApi = {
  async start(config, onPatch, fetcher) {
    if (core) return;
    const cache = await openCache().catch(() => null);
    core = new Core({
      link: (events) => socketLink(config.origin, events),
      cache,
      schedule,
      post: (patch, buffers) => onPatch(transfer(patch, buffers)),
      setTimer: (callback, ms) => void setTimeout(callback, ms),
    });
    await core.begin(config, fetcher);
  },
  setToken: (token) => core?.setToken(token),
  setNetwork: (online) => core?.setNetwork(online),
  watchTickers: (watching) => core?.watchTickers(watching),
  watchMarket: (marketId, watching) => core?.watchMarket(marketId, watching),
  showChart: (chart) => core?.showChart(chart),
};

expose(api satisfies CoreApi);
