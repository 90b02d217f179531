import type { ApiInput, ApiOutput } from './api';
import type { Period } from './market';

/**
 * The realtime core runs in a Web Worker and is reached through Comlink. The app
 * wraps it as CoreApi (src/core/ is the only place that does); the worker implements
 * it (worker/core.ts). Changes come back at most once per animation frame as a Patch
 * of typed arrays, transferred, never one message per tick.
 */
export type ConnectionStatus = 'closed' | 'opening' | 'open' | 'reconnecting';

export interface MarketInfo {
  id: number;
  currencyId: number;
  legalId: number;
  symbol: string;
  base: string;
  quote: string;
  name: string;
  kind: 'crypto' | 'stock';
  contract: boolean;
  pricePrecision: number;
  qtyPrecision: number;
}

/** Rows of CANDLE_WIDTH numbers: time, open, high, low, close, volume, amount. */
export const CANDLE_WIDTH = 7;
/** Rows of DEPTH_WIDTH numbers: price, quantity. */
export const DEPTH_WIDTH = 2;
/** Rows of TRADE_ROW_WIDTH numbers: time, price, quantity, taker side. */
export const TRADE_ROW_WIDTH = 4;

export interface ChartPatch {
  marketId: number;
  period: Period;
  /** true: `candles` is the whole series; false: candles to update or append */
  reset: boolean;
  candles: Float64Array;
}

export interface DepthPatch {
  marketId: number;
  bids: Float64Array;
  asks: Float64Array;
}

export interface TradesPatch {
  marketId: number;
  /** true: `rows` is the whole list (oldest first); false: rows to add */
  reset: boolean;
  rows: Float64Array;
}

export interface Patch {
  status?: ConnectionStatus;
  /** true while the figures shown come from the device's cache, until live data arrives */
  stale?: boolean;
  markets?: MarketInfo[];
  /** rows of TICKER_WIDTH (contract/realtime.ts): marketId, last, open, high, low, volume, amount */
  tickers?: Float64Array;
  chart?: ChartPatch;
  depth?: DepthPatch[];
  trades?: TradesPatch[];
}

/** The REST snapshots the worker asks the app's HTTP client for. */
export type SnapshotRoute = 'GET /currency/quotation_new' | 'GET /currency/new_timeshar' | 'GET /market/depth' | 'GET /market/trades';
export type Fetcher = <R extends SnapshotRoute>(route: R, input: ApiInput<R>) => Promise<ApiOutput<R>>;

export interface CoreConfig {
  /** where socket.io lives, e.g. https://host */
  origin: string;
  token: string | null;
}

export interface CoreApi {
  start(config: CoreConfig, onPatch: (patch: Patch) => void, fetcher: Fetcher): Promise<void>;
  /** a new session (or none): the socket authenticates again */
  setToken(token: string | null): void;
  /** the device went offline or came back: drop the socket now, reconnect at once */
  setNetwork(online: boolean): void;
  /** the 24h tickers of every market */
  watchTickers(watching: boolean): void;
  /** depth and recent trades of one market (several may be watched) */
  watchMarket(marketId: number, watching: boolean): void;
  /** the one chart on screen; null closes it */
  showChart(chart: { marketId: number; period: Period } | null): void;
}
