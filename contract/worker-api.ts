import type { ApiInput, ApiOutput } from './api';
import type { ChartIndicators } from './chart-settings';
import type { MarketFeed, Period } from './market';
import type { AuctionLive } from './realtime';

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
  /** where its prices come from: the simulator, or the public exchange it follows (MARKET=live) */
  feed: MarketFeed;
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
  /** true: `candles` is the whole series; false: candles to update or append (none: only the indicators changed) */
  reset: boolean;
  candles: Float64Array;
  /** the indicators' values, computed by the worker, when they changed */
  indicators?: IndicatorPatch;
}

/** The chart's indicator values (contract/chart-settings.ts indicatorColumns), row by candle. */
export interface IndicatorPatch {
  /** the indicators and parameters they were computed for (indicatorsKey): the chart drops rows made for another set */
  key: string;
  /** true: a row for every candle; false: rows to update or append (the open candle's, and one that just closed) */
  reset: boolean;
  /** rows of 1 + columns: the candle's open time, then each column's value (NaN: not enough candles yet) */
  rows: Float64Array;
}

/** The one chart on screen: a market's candles of a period, and the indicators drawn with them. */
export interface ChartView {
  marketId: number;
  period: Period;
  indicators: ChartIndicators;
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

/**
 * Rows of POSITION_WIDTH numbers: position id, mark price, unrealised profit (net of
 * overnight fees), liquidation price (NaN: none), overnight fees owed so far, return on
 * equity in % (profit over margin), trailing stop price (NaN: none).
 */
export const POSITION_WIDTH = 7;
/** Rows of COUNTDOWN_WIDTH numbers: option id, whole seconds left. */
export const COUNTDOWN_WIDTH = 2;

export type PositionView = ApiOutput<'POST /lever/close'>;
export type OptionView = ApiOutput<'GET /microtrade/get_result'>;
export type SpotOrderView = ApiOutput<'POST /coin/cancel'>;
/** A chat message as the history and the socket show it (contract/api/chat.ts). */
export type ChatMessageView = ApiOutput<'POST /chat/send'>;
/** A fired price alert as the inbox and the socket show it (contract/api/alerts.ts). */
export type AlertFiringView = ApiOutput<'GET /alerts/inbox'>['data'][number];

/** The contract account as the trade screens show it, live. */
export interface AccountSummary {
  balance: number;
  margins: number;
  /** unrealised, net of overnight fees */
  profit: number;
  /** null without open positions */
  risk: number | null;
  liquidationRisk: number;
}

/** The user's trading, kept live by the worker while a trade screen watches it. */
export interface AccountPatch {
  /** open and waiting positions, the whole list, when it changed */
  positions?: PositionView[];
  /** rows of POSITION_WIDTH, for every open position, when prices moved */
  figures?: Float64Array;
  summary?: AccountSummary;
  /** open options, the whole list, when it changed */
  options?: OptionView[];
  /** rows of COUNTDOWN_WIDTH, every second while options are open */
  countdown?: Float64Array;
  /** options settled since the last frame, with their results */
  settled?: OptionView[];
  /** spot orders that changed since the last frame */
  orders?: SpotOrderView[];
}

export interface Patch {
  status?: ConnectionStatus;
  /** true while the figures shown come from the device's cache, until live data arrives */
  stale?: boolean;
  markets?: MarketInfo[];
  /** the markets whose prices are not current (their exchange's stream is being restored), all of them, when that changed */
  staleMarkets?: number[];
  /** rows of TICKER_WIDTH (contract/realtime.ts): marketId, last, open, high, low, volume, amount */
  tickers?: Float64Array;
  chart?: ChartPatch;
  depth?: DepthPatch[];
  trades?: TradesPatch[];
  account?: AccountPatch;
  /** NFT auctions watched, as they stood after their latest bid or close */
  auctions?: AuctionLive[];
  /** messages written since the last frame in the chat rooms watched (a language's public room, the user's OTC orders'), oldest first */
  chat?: ChatMessageView[];
  /** how far the server's clock is ahead of the device's (ms), when the socket learnt it anew: the app's countdowns run on it */
  clock?: number;
  /** the user's price alerts that fired since the last frame, oldest first (the toast, the bell's count, a notification) */
  alerts?: AlertFiringView[];
}

/** The REST snapshots the worker asks the app's HTTP client for. */
export type SnapshotRoute = 'GET /currency/quotation_new' | 'GET /currency/new_timeshar' | 'GET /market/depth' | 'GET /market/trades' | 'POST /lever/dealall' | 'GET /microtrade/lists';
export type Fetcher = <R extends SnapshotRoute>(route: R, input: ApiInput<R>) => Promise<ApiOutput<R>>;

export interface CoreConfig {
  /** where socket.io lives, e.g. https://host */
  origin: string;
  token: string | null;
  /**
   * The first screen shows quotes (index.html's boot script started the worker for it):
   * the market list is fetched at once, so it is in before the screen asks for it.
   */
  quotesFirst?: boolean;
}

/**
 * Where patches go: one end of a MessageChannel whose other end the app reads. A plain
 * message each frame, with no answer to send back (a Comlink callback would post one
 * per frame from the app's main thread).
 */
export interface PatchPort {
  postMessage(patch: Patch, transfer: ArrayBuffer[]): void;
}

export interface CoreApi {
  start(config: CoreConfig, patches: PatchPort, fetcher: Fetcher): Promise<void>;
  /** a new session (or none): the socket authenticates again */
  setToken(token: string | null): void;
  /** the device went offline or came back: drop the socket now, reconnect at once */
  setNetwork(online: boolean): void;
  /** the 24h tickers of every market */
  watchTickers(watching: boolean): void;
  /** depth and recent trades of one market (several may be watched) */
  watchMarket(marketId: number, watching: boolean): void;
  /**
   * The one chart on screen; null closes it. The same market and period again with other
   * indicators computes only the indicators again (the whole series of them, in the next patch).
   */
  showChart(chart: ChartView | null): void;
  /** the logged-in user's positions (live profit, risk rate), open options (countdowns) and order events */
  watchAccount(watching: boolean): void;
  /** an NFT auction's live figures (several may be watched) */
  watchAuction(saleId: number, watching: boolean): void;
  /** a chat room's new messages ("lang:<code>" or "otc:<orderId>", contract/api/chat.ts ChatRoom; several may be watched) */
  watchChat(room: string, watching: boolean): void;
}
