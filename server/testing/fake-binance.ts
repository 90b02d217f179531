import type { WebSocket } from 'ws';
import type { Period } from '../../contract/market';
import {
  FakeExchange,
  sessionShift,
  applyLevel,
  bestLevels,
  readSessionFile,
  writeSessionFile,
  type BookSide,
  type FakeExchangeView,
  type FakeOptions,
  type RecordedCandle,
  type RecordedTrade,
  type Session as SessionOf,
  type SessionLine as SessionLineOf,
} from './fake-exchange';

/**
 * A local stand-in for Binance's public market data, for tests (no network here): the
 * REST endpoints a client reads (`/api/v3/exchangeInfo`, `/api/v3/depth`, `/api/v3/klines`)
 * and the websocket (`/ws`, with SUBSCRIBE requests) carrying `<symbol>@trade` and
 * `<symbol>@depth@100ms` messages, all in Binance's own formats
 * (https://developers.binance.com/docs/binance-spot-api-docs).
 *
 * It replays a session file (tests/fixtures/binance-session.ndjson.gz): a header with the
 * symbols, each book's starting snapshot and the klines, then one recorded stream message
 * per line with its time from the start. The depth endpoint answers with the book as the
 * replay has built it so far, so a client syncing snapshot and diffs the documented way
 * sees a consistent book. Tests can drop every connection, refuse new ones, and skip a
 * diff (a gap in the update ids).
 */
export interface SessionHeader {
  format: 'binance-session';
  version: 1;
  /** exchangeInfo's `symbols` entries */
  symbols: BinanceSymbol[];
  /** each symbol's book at the start */
  books: Record<string, { lastUpdateId: number; bids: [string, string][]; asks: [string, string][] }>;
  /** closed klines before the start, per symbol and interval (Binance's array rows) */
  klines: Record<string, Record<string, KlineRow[]>>;
  /** the exchange time of the first message */
  start: number;
}

export interface BinanceSymbol {
  symbol: string;
  status: string;
  baseAsset: string;
  quoteAsset: string;
  baseAssetPrecision: number;
  quotePrecision: number;
  quoteAssetPrecision: number;
  orderTypes: string[];
  isSpotTradingAllowed: boolean;
  isMarginTradingAllowed: boolean;
  filters: { filterType: string; [key: string]: string }[];
  permissions: string[];
  permissionSets: string[][];
}

/** [open time, open, high, low, close, volume, close time, quote volume, trades, taker buy base, taker buy quote, ignore] */
export type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];

export interface TradeMessage {
  e: 'trade';
  E: number;
  s: string;
  t: number;
  p: string;
  q: string;
  T: number;
  /** the buyer was the maker: the taker sold */
  m: boolean;
  M: boolean;
}

export interface DepthMessage {
  e: 'depthUpdate';
  E: number;
  s: string;
  U: number;
  u: number;
  b: [string, string][];
  a: [string, string][];
}

export type SessionLine = SessionLineOf<TradeMessage | DepthMessage>;
export type Session = SessionOf<SessionHeader, TradeMessage | DepthMessage>;

export function readSession(file: string): Session {
  return readSessionFile<SessionHeader, TradeMessage | DepthMessage>(file, 'binance-session', 1);
}

export function writeSession(file: string, session: Session): void {
  writeSessionFile(file, session);
}

/** The session's trades of `symbol`, as every fake gives them to the tests. */
export function binanceTrades(session: Session, symbol: string): RecordedTrade[] {
  return session.lines.flatMap(({ data }) => (data.e === 'trade' && data.s === symbol ? [{ id: String(data.t), time: data.T, price: data.p, quantity: data.q, buy: !data.m }] : []));
}

/** The session's klines of `symbol` at `interval` (Binance's names: 1m, 1w, 1M). */
export function binanceKlines(session: Session, symbol: string, interval: string): RecordedCandle[] {
  return (session.header.klines[symbol]?.[interval] ?? []).map((row) => [row[0], row[1], row[2], row[3], row[4], row[5]]);
}

/** Our period of each of Binance's kline intervals. */
const PERIOD_OF_INTERVAL: Record<string, Period> = { '1m': '1min', '5m': '5min', '15m': '15min', '30m': '30min', '1h': '60min', '1d': '1day', '1w': '1week', '1M': '1mon' };

/** The session moved to `now` (see sessionShift): stream times, kline open and close times, the start. */
export function shiftBinanceSession(session: Session, now: number): Session {
  const shift = sessionShift(session.header.start, now);
  const klines = Object.fromEntries(
    Object.entries(session.header.klines).map(([symbol, intervals]) => [
      symbol,
      Object.fromEntries(
        Object.entries(intervals).map(([interval, rows]) => {
          const period = PERIOD_OF_INTERVAL[interval];
          if (!period) throw new Error(`no period for Binance's interval ${interval}`);
          // A kline closes 1 ms before the next one opens.
          return [
            interval,
            rows.map(([openTime, open, high, low, close, volume, closeTime, ...rest]): KlineRow => [
              shift.candle(openTime, period),
              open,
              high,
              low,
              close,
              volume,
              shift.candle(closeTime + 1, period) - 1,
              ...rest,
            ]),
          ];
        }),
      ),
    ]),
  );
  const lines = session.lines.map((line): SessionLine => {
    const { data } = line;
    return { ...line, data: data.e === 'trade' ? { ...data, E: data.E + shift.ms, T: data.T + shift.ms } : { ...data, E: data.E + shift.ms } };
  });
  return { header: { ...session.header, klines, start: now }, lines };
}

export class FakeBinance extends FakeExchange<TradeMessage | DepthMessage> implements FakeExchangeView {
  private readonly books = new Map<string, { lastUpdateId: number; bids: BookSide; asks: BookSide }>();

  private readonly session: Session;

  constructor(recorded: Session, options: FakeOptions = {}) {
    const session = options.now === undefined ? recorded : shiftBinanceSession(recorded, options.now);
    super(session.lines, options.speed ?? 1, '/ws');
    this.session = session;
    for (const [symbol, book] of Object.entries(session.header.books)) {
      this.books.set(symbol, { lastUpdateId: book.lastUpdateId, bids: new Map(book.bids), asks: new Map(book.asks) });
    }
  }

  async listen(port?: number): Promise<{ rest: string; ws: string }> {
    const host = await this.start(port);
    return { rest: `http://${host}/api/v3`, ws: `ws://${host}/ws` };
  }

  snapshots(symbol: string): number {
    return this.requests.filter((request) => {
      const url = new URL(request, 'http://fake');
      return url.pathname === '/api/v3/depth' && url.searchParams.get('symbol') === symbol;
    }).length;
  }

  book(symbol: string, depth: number): { bids: [string, string][]; asks: [string, string][] } {
    const book = this.books.get(symbol);
    return { bids: book ? bestLevels(book.bids, true, depth) : [], asks: book ? bestLevels(book.asks, false, depth) : [] };
  }

  lastUpdateId(symbol: string): number | undefined {
    return this.books.get(symbol)?.lastUpdateId;
  }

  protected replay(line: SessionLine): void {
    const { data } = line;
    if (data.e === 'depthUpdate') {
      const book = this.books.get(data.s);
      if (book) {
        for (const [price, quantity] of data.b) applyLevel(book.bids, price, quantity);
        for (const [price, quantity] of data.a) applyLevel(book.asks, price, quantity);
        book.lastUpdateId = data.u;
      }
      if (this.skips.delete(data.s)) return;
    }
    this.publish(line.stream, JSON.stringify(data));
  }

  protected receive(ws: WebSocket, text: string, streams: Set<string>): void {
    const request = JSON.parse(text) as { method?: string; params?: string[]; id?: number };
    if (request.method === 'SUBSCRIBE') for (const stream of request.params ?? []) streams.add(stream);
    if (request.method === 'UNSUBSCRIBE') for (const stream of request.params ?? []) streams.delete(stream);
    ws.send(JSON.stringify({ result: null, id: request.id ?? null }));
  }

  protected rest(url: URL, reply: (status: number, body: unknown) => void): void {
    const symbol = url.searchParams.get('symbol') ?? '';
    switch (url.pathname) {
      case '/api/v3/exchangeInfo':
        return reply(200, { timezone: 'UTC', serverTime: Date.now(), rateLimits: [], exchangeFilters: [], symbols: this.session.header.symbols });
      case '/api/v3/depth': {
        const book = this.books.get(symbol);
        if (!book) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
        const limit = Number(url.searchParams.get('limit') ?? 100);
        return reply(200, { lastUpdateId: book.lastUpdateId, bids: bestLevels(book.bids, true, limit), asks: bestLevels(book.asks, false, limit) });
      }
      case '/api/v3/klines': {
        const rows = this.session.header.klines[symbol]?.[url.searchParams.get('interval') ?? ''];
        if (!rows) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
        const start = Number(url.searchParams.get('startTime') ?? 0);
        const end = Number(url.searchParams.get('endTime') ?? Number.MAX_SAFE_INTEGER);
        const limit = Math.min(1000, Number(url.searchParams.get('limit') ?? 500));
        return reply(200, rows.filter((row) => row[0] >= start && row[0] <= end).slice(0, limit));
      }
      default:
        return reply(404, { code: -1, msg: 'Not found.' });
    }
  }
}
