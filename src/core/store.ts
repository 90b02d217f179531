import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { MarketFeed, Period } from '../../contract/market';
import type { AuctionLive } from '../../contract/realtime';
import type { AlertFiringView, ChartPatch, ChatMessageView, ConnectionStatus, MarketInfo } from '../../contract/worker-api';
import { language } from '../i18n/language';
import { directionOf, formatChange, formatCompact, formatFixed, type Direction } from '../../contract/format';

/**
 * What the realtime core has told the app, as signals: one set per market, so a price
 * cell bound to its market's text signal updates alone and no list or row renders.
 */
export interface Quote {
  info: MarketInfo;
  last: Signal<number>;
  open: Signal<number>;
  high: Signal<number>;
  low: Signal<number>;
  volume: Signal<number>;
  amount: Signal<number>;
  /** 24h change in percent */
  change: ReadonlySignal<number>;
  direction: ReadonlySignal<Direction>;
  lastText: ReadonlySignal<string>;
  changeText: ReadonlySignal<string>;
  highText: ReadonlySignal<string>;
  lowText: ReadonlySignal<string>;
  volumeText: ReadonlySignal<string>;
  amountText: ReadonlySignal<string>;
  /** its prices are not current: the exchange it follows is being reconnected to (MARKET=live) */
  stale: Signal<boolean>;
}

export const connection = signal<ConnectionStatus>('closed');
/** true while figures come from the device cache or the socket is not live */
export const stale = signal(false);
export const markets = signal<readonly MarketInfo[]>([]);
/** The public exchange markets follow (MARKET=live), or null on the simulator alone. */
export const liveExchange = computed((): Exclude<MarketFeed, 'simulated'> | null => {
  for (const { feed } of markets.value) if (feed !== 'simulated') return feed;
  return null;
});
/** Some market follows a public exchange (MARKET=live): only then are simulated ones marked as such. */
export const liveFeeds = computed(() => liveExchange.value !== null);
/** How far the server's clock is ahead of the device's (ms), as the worker's socket measured it (contract clockOffset). */
export const clockOffset = signal(0);

/** The exchange's time now: the device's clock set right by the socket's measure, for countdowns to a server time. */
export function serverNow(): number {
  return Date.now() + clockOffset.peek();
}

const quotes = new Map<number, Quote>();

export function createQuote(info: MarketInfo): Quote {
  const last = signal(Number.NaN);
  const open = signal(Number.NaN);
  const high = signal(Number.NaN);
  const low = signal(Number.NaN);
  const volume = signal(Number.NaN);
  const amount = signal(Number.NaN);
  const change = computed(() => (open.value > 0 ? ((last.value - open.value) / open.value) * 100 : 0));
  const price = (value: Signal<number>) => computed(() => formatFixed(value.value, info.pricePrecision, language.value));
  return {
    info,
    last,
    open,
    high,
    low,
    volume,
    amount,
    change,
    direction: computed(() => directionOf(Math.round(change.value * 100))),
    lastText: price(last),
    changeText: computed(() => formatChange(change.value, language.value)),
    highText: price(high),
    lowText: price(low),
    volumeText: computed(() => formatCompact(volume.value, language.value)),
    amountText: computed(() => formatCompact(amount.value, language.value)),
    stale: signal(false),
  };
}

export function quoteOf(marketId: number): Quote | undefined {
  return quotes.get(marketId);
}

export function setCatalogue(list: readonly MarketInfo[]): void {
  for (const info of list) if (!quotes.has(info.id)) quotes.set(info.id, createQuote(info));
  markets.value = list;
}

/** The markets stale now, all of them: every other market is current. */
export function setStaleMarkets(ids: readonly number[]): void {
  const now = new Set(ids);
  for (const [id, quote] of quotes) quote.stale.value = now.has(id);
}

export function marketBySymbol(symbol: string): MarketInfo | undefined {
  const wanted = symbol.replace('/', '').toUpperCase();
  return markets.value.find((market) => market.symbol.replace('/', '') === wanted);
}

/** Depth and recent trades of watched markets. */
export interface DepthView {
  bids: Float64Array;
  asks: Float64Array;
}
const depths = new Map<number, Signal<DepthView | null>>();
export function depthOf(marketId: number): Signal<DepthView | null> {
  let depth = depths.get(marketId);
  if (!depth) depths.set(marketId, (depth = signal(null)));
  return depth;
}

const trades = new Map<number, Signal<Float64Array>>();
export function tradesOf(marketId: number): Signal<Float64Array> {
  let list = trades.get(marketId);
  if (!list) trades.set(marketId, (list = signal(new Float64Array(0))));
  return list;
}

/** NFT auctions watched: their figures as the socket last pushed them (null until a bid or the close). */
const auctions = new Map<number, Signal<AuctionLive | null>>();
export function auctionOf(saleId: number): Signal<AuctionLive | null> {
  let live = auctions.get(saleId);
  if (!live) auctions.set(saleId, (live = signal(null)));
  return live;
}

/** Chat messages go to the rooms' screens, which keep their own lists (history over REST, then these). */
type ChatListener = (messages: readonly ChatMessageView[]) => void;
const chatListeners = new Set<ChatListener>();
export function onChat(listener: ChatListener): () => void {
  chatListeners.add(listener);
  return () => chatListeners.delete(listener);
}
export function emitChat(messages: readonly ChatMessageView[]): void {
  for (const listener of chatListeners) listener(messages);
}

/** The user's price alerts that fired: the shell counts them and announces them (src/app/alerts.tsx). */
type AlertListener = (firings: readonly AlertFiringView[]) => void;
const alertListeners = new Set<AlertListener>();
export function onAlerts(listener: AlertListener): () => void {
  alertListeners.add(listener);
  return () => alertListeners.delete(listener);
}
export function emitAlerts(firings: readonly AlertFiringView[]): void {
  for (const listener of alertListeners) listener(firings);
}

/** Charts draw straight from patches, outside React. */
type ChartListener = (patch: ChartPatch) => void;
const chartListeners = new Set<ChartListener>();
export function onChart(listener: ChartListener): () => void {
  chartListeners.add(listener);
  return () => chartListeners.delete(listener);
}
export function emitChart(patch: ChartPatch): void {
  for (const listener of chartListeners) listener(patch);
}

export type { Period };
