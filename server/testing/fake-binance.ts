import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';

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

/** One recorded message: `at` ms after the session's start, on `stream`. */
export interface SessionLine {
  at: number;
  stream: string;
  data: TradeMessage | DepthMessage;
}

export interface Session {
  header: SessionHeader;
  lines: SessionLine[];
}

export function readSession(file: string): Session {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(first ?? '{}') as SessionHeader;
  if (header.format !== 'binance-session' || header.version !== 1) throw new Error(`${file} is not a Binance session`);
  return { header, lines: rest.map((line) => JSON.parse(line) as SessionLine) };
}

export function writeSession(file: string, session: Session): void {
  const text = `${[JSON.stringify(session.header), ...session.lines.map((line) => JSON.stringify(line))].join('\n')}\n`;
  fs.writeFileSync(file, file.endsWith('.gz') ? zlib.gzipSync(text, { level: 9 }) : text);
}

type Side = Map<string, string>;

export class FakeBinance {
  private readonly server = http.createServer((request, response) => this.rest(request, response));
  private readonly sockets = new WebSocketServer({ noServer: true });
  private readonly subscriptions = new Map<WebSocket, Set<string>>();
  private readonly books = new Map<string, { lastUpdateId: number; bids: Side; asks: Side }>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private next = 0;
  private startedAt = 0;
  private refusing = false;
  private readonly skips = new Set<string>();
  /** websocket connections accepted or refused, in order, with their time */
  readonly connections: { at: number; refused: boolean }[] = [];
  /** REST requests served: path and query */
  readonly requests: string[] = [];

  constructor(
    private readonly session: Session,
    /** replay speed: session ms per real ms */
    private readonly speed = 1,
  ) {
    for (const [symbol, book] of Object.entries(session.header.books)) {
      this.books.set(symbol, { lastUpdateId: book.lastUpdateId, bids: new Map(book.bids), asks: new Map(book.asks) });
    }
    this.server.on('upgrade', (request, socket, head) => {
      if (this.refusing || !request.url?.startsWith('/ws')) {
        this.connections.push({ at: Date.now(), refused: true });
        socket.destroy();
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
  }

  async listen(): Promise<{ rest: string; ws: string }> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { rest: `http://127.0.0.1:${port}/api/v3`, ws: `ws://127.0.0.1:${port}/ws` };
  }

  /** Starts replaying the session's messages on its clock. */
  play(): void {
    this.startedAt = Date.now();
    this.schedule();
  }

  /** Messages sent so far. */
  get sent(): number {
    return this.next;
  }

  get finished(): boolean {
    return this.next >= this.session.lines.length;
  }

  /** Closes every websocket connection at once, as a network drop would. */
  dropAll(): void {
    for (const ws of this.subscriptions.keys()) ws.terminate();
    this.subscriptions.clear();
  }

  /** While on, new websocket connections are cut at once. */
  refuse(on: boolean): void {
    this.refusing = on;
  }

  /** The next depth message of `symbol` is not sent (its update ids leave a gap), but still applied to the book. */
  skipNextDiff(symbol: string): void {
    this.skips.add(symbol);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.dropAll();
    this.sockets.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private schedule(): void {
    const line = this.session.lines[this.next];
    if (!line) return;
    const due = this.startedAt + line.at / this.speed - Date.now();
    this.timer = setTimeout(
      () => {
        const now = (Date.now() - this.startedAt) * this.speed;
        for (let current = this.session.lines[this.next]; current && current.at <= now; current = this.session.lines[this.next]) {
          this.send(current);
          this.next++;
        }
        this.schedule();
      },
      Math.max(0, due),
    );
  }

  private send(line: SessionLine): void {
    const { data } = line;
    let skip = false;
    if (data.e === 'depthUpdate') {
      const book = this.books.get(data.s);
      if (book) {
        for (const [price, quantity] of data.b) apply(book.bids, price, quantity);
        for (const [price, quantity] of data.a) apply(book.asks, price, quantity);
        book.lastUpdateId = data.u;
      }
      skip = this.skips.delete(data.s);
    }
    if (skip) return;
    const text = JSON.stringify(data);
    for (const [ws, streams] of this.subscriptions) if (streams.has(line.stream)) ws.send(text);
  }

  private accept(ws: WebSocket): void {
    this.connections.push({ at: Date.now(), refused: false });
    this.subscriptions.set(ws, new Set());
    ws.on('message', (raw: Buffer) => {
      const request = JSON.parse(raw.toString('utf8')) as { method?: string; params?: string[]; id?: number };
      const streams = this.subscriptions.get(ws);
      if (!streams) return;
      if (request.method === 'SUBSCRIBE') for (const stream of request.params ?? []) streams.add(stream);
      if (request.method === 'UNSUBSCRIBE') for (const stream of request.params ?? []) streams.delete(stream);
      ws.send(JSON.stringify({ result: null, id: request.id ?? null }));
    });
    ws.on('close', () => this.subscriptions.delete(ws));
  }

  private rest(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    this.requests.push(`${url.pathname}${url.search}`);
    const symbol = url.searchParams.get('symbol') ?? '';
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    switch (url.pathname) {
      case '/api/v3/exchangeInfo':
        return reply(200, { timezone: 'UTC', serverTime: Date.now(), rateLimits: [], exchangeFilters: [], symbols: this.session.header.symbols });
      case '/api/v3/depth': {
        const book = this.books.get(symbol);
        if (!book) return reply(400, { code: -1121, msg: 'Invalid symbol.' });
        const limit = Number(url.searchParams.get('limit') ?? 100);
        const levels = (side: Side, descending: boolean) => [...side].sort((a, b) => (descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]))).slice(0, limit);
        return reply(200, { lastUpdateId: book.lastUpdateId, bids: levels(book.bids, true), asks: levels(book.asks, false) });
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

function apply(side: Side, price: string, quantity: string): void {
  if (Number(quantity) === 0) side.delete(price);
  else side.set(price, quantity);
}
