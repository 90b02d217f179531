/**
 * The socket protocol (socket.io at /socket.io). A client joins channels, keeps the
 * sequence number of each, and on a gap or a reconnect takes a REST snapshot (which
 * carries the sequence it is valid at) and applies what it buffered after it.
 *
 * Client -> server
 *   'sub'   (channels: string[], ack: (answer: SubAnswer) => void)
 *   'unsub' (channels: string[])
 *   'clock' (ack: (serverTime: number) => void): the server's clock in ms since 1970, the
 *           one option expiries are set on; the client halves the round trip to learn
 *           how far its own clock is off (clockOffset) and runs countdowns on server time
 *   handshake auth: { token } puts the socket in its user's room for private events.
 *   Limits (SOCKET_LIMITS): a socket is in at most `channels` channels (a 'sub' past them
 *   names the channels it refused), and sends at most `messagesPerSecond` messages: the
 *   rest of that second are dropped unanswered ('limited' {reason: 'messages'}), and at
 *   twice as many the server disconnects it ('limited' {reason: 'flood'} first).
 *
 * Server -> client, one event per channel kind, arrays kept flat and compact:
 *   'daymarket'    channel "tickers": every 500 ms, the markets whose 24h figures changed
 *   'trades'       channel "trades:<marketId>": every 100 ms, the trades since the last batch
 *   'market_depth' channel "depth:<marketId>": every 250 ms when changed, the top levels
 *   'nft_auction'  channel "auction:<saleId>": an NFT auction after each bid and at its close
 *   'chat_message' channel "chat:<lang>": a message in that language's public room, as written
 *   'limited'      this socket went past SOCKET_LIMITS (LimitedNotice)
 *
 * Klines per symbol and period: the "trades:<id>" channel is the kline channel of every
 * period at once. A client takes the candles over REST (GET /currency/new_timeshar,
 * valid at a trade sequence) and merges each trade into every open period itself, so one
 * subscription serves all eight periods and the timeshare line, and candles built on the
 * phone equal the server's to the last trade (worker/candles.ts; tested against the
 * server's own aggregation).
 *
 * Sequences: "tickers" counts batches; "trades:<id>" counts trades of that market (a
 * batch of n trades starting at seq s holds s..s+n-1); "depth:<id>" counts snapshots.
 * A trade gap or a ticker gap needs a new snapshot; depth messages are whole
 * snapshots, so only order matters.
 */
export const CHANNELS = {
  tickers: 'tickers',
  trades: (marketId: number) => `trades:${marketId}`,
  depth: (marketId: number) => `depth:${marketId}`,
  /** an NFT auction's live figures: 'nft_auction' (AuctionLive) at each bid and when it closes */
  auction: (saleId: number) => `auction:${saleId}`,
  /** a language's public chat room (room "lang:<code>"): 'chat_message' as each is written */
  chat: (lang: string) => `chat:${lang}`,
} as const;

/** The channel names a client may join besides the markets' (an NFT auction: any sale id). */
export const AUCTION_CHANNEL = /^auction:[1-9][0-9]{0,9}$/;
/** A language's public chat room: 'chat_message' (ChatMessage, contract/api/chat.ts) as they are written. */
export const CHAT_CHANNEL = /^chat:(en|zh|hk|th|jp|kor|fra|spa)$/;

/** An NFT auction as it stands after a bid or at its close (channel "auction:<saleId>"). */
export interface AuctionLive {
  id: number;
  status: string;
  current_bid: string | null;
  min_bid: string;
  bids: number;
  end_at: number;
  /** the leading bidder, shown in part */
  leader: string | null;
}

/**
 * Private events, to the sockets of one user (whose handshake carried a valid token).
 * Each carries the whole record as the REST answers show it:
 *   'spot_order'     a spot order changed (placed, filled, cancelled)     SpotOrder
 *   'lever_position' a position changed (opened, stops set, closed)       Position
 *   'micro_order'    a seconds option was bought or settled               OptionOrder
 *   'otc_chat'       a message in the room of one of the user's OTC orders ChatMessage
 *   'price_alert'    one of the user's price alerts fired                   AlertFiring
 * They have no sequence: a client that reconnects reloads the lists over REST.
 */
export const USER_EVENTS = {
  spotOrder: 'spot_order',
  position: 'lever_position',
  option: 'micro_order',
  /** a message in the room of one of the user's OTC orders (ChatMessage) */
  otcChat: 'otc_chat',
  /** one of the user's price alerts fired (AlertFiring, contract/api/alerts.ts) */
  alert: 'price_alert',
} as const;

export const SOCKET_EVENTS = {
  subscribe: 'sub',
  unsubscribe: 'unsub',
  clock: 'clock',
  tickers: 'daymarket',
  trades: 'trades',
  depth: 'market_depth',
  auction: 'nft_auction',
  chat: 'chat_message',
  limited: 'limited',
} as const;

/**
 * What one socket may ask of the server. The app needs "tickers" and two channels per
 * market a screen shows, and a few messages when it connects or a screen changes.
 */
export const SOCKET_LIMITS = { channels: 32, messagesPerSecond: 20 } as const;

/** 'limited': messages of this second are dropped, or the socket is being disconnected. */
export interface LimitedNotice {
  reason: 'messages' | 'flood';
}

/** The fields of one ticker row, in order. */
export const TICKER_FIELDS = ['marketId', 'last', 'open', 'high', 'low', 'volume', 'amount'] as const;
export const TICKER_WIDTH = TICKER_FIELDS.length;

/** 'daymarket': rows of TICKER_WIDTH numbers. */
export interface TickerBatch {
  s: number;
  d: number[];
  /**
   * Markets whose prices are not current right now (MARKET=live: the exchange's stream is
   * lost and being restored), in every batch while any is; absent when none is. A batch is
   * sent when a market goes stale or live again.
   */
  x?: number[];
}

/** Taker side of a trade: 1 buy, -1 sell. */
export type Side = 1 | -1;

/** The fields of one trade row, in order: time offset from `b` (ms), price, quantity, taker side. */
export const TRADE_WIDTH = 4;

/** 'trades': trades s, s+1, ... of market m; times are b + offset. */
export interface TradeBatch {
  m: number;
  s: number;
  b: number;
  d: number[];
}

/** 'market_depth': price, quantity pairs; bids best first (descending), asks best first (ascending). */
export interface DepthMessage {
  m: number;
  s: number;
  b: number[];
  a: number[];
}

export interface SubAnswer {
  ok: boolean;
  /** channels the server does not know */
  unknown: string[];
  /** channels not joined: the socket is in SOCKET_LIMITS.channels already */
  refused?: string[];
}

export const DEPTH_LEVELS = 20;
export const RECENT_TRADES = 50;

/**
 * How far the server's clock is ahead of the device's (ms, negative when behind), from
 * one 'clock' round trip: asked at `sentAt`, answered `serverTime`, received at
 * `receivedAt` (device clock). The server read its clock about halfway through.
 */
export function clockOffset(sentAt: number, serverTime: number, receivedAt: number): number {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}
