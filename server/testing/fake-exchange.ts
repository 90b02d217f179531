import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { WebSocketServer, type WebSocket } from 'ws';
import { bucketStart, type Period } from '../../contract/market';

/**
 * What the local stand-ins for public exchanges (fake-binance.ts, fake-okx.ts) share, for
 * the live connector's tests (no network here): the session files they replay (a header,
 * then one recorded stream message per line with its time from the start), the replay
 * clock, and an HTTP server with a websocket beside it that tests can cut (drop every
 * connection, refuse new ones). Each fake adds its exchange's REST endpoints, its
 * subscription requests and its message formats.
 */

/** One recorded message: `at` ms after the session's start, on `stream` (the fake's subscription key). */
export interface SessionLine<Data> {
  at: number;
  stream: string;
  data: Data;
}

export interface Session<Header, Data> {
  header: Header;
  lines: SessionLine<Data>[];
}

interface SessionHeaderBase {
  format: string;
  version: number;
}

/** Reads a session file (gzipped when it ends in .gz) written in `format`. */
export function readSessionFile<Header extends SessionHeaderBase, Data>(file: string, format: Header['format'], version: number): Session<Header, Data> {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(first ?? '{}') as Header;
  if (header.format !== format || header.version !== version) throw new Error(`${file} is not a ${format} file, version ${version}`);
  return { header, lines: rest.map((line) => JSON.parse(line) as SessionLine<Data>) };
}

export function writeSessionFile<Header, Data>(file: string, session: Session<Header, Data>): void {
  const text = `${[JSON.stringify(session.header), ...session.lines.map((line) => JSON.stringify(line))].join('\n')}\n`;
  fs.writeFileSync(file, file.endsWith('.gz') ? zlib.gzipSync(text, { level: 9 }) : text);
}

/** How a fake replays its session. */
export interface FakeOptions {
  /** replay speed: session ms per real ms (default 1) */
  speed?: number;
  /**
   * Replays the session as if it were happening at this time (ms) rather than when it was
   * recorded: see sessionShift. A server run against the fake (scripts/fake-exchange.ts)
   * then reads a kline history that ends now and trades that continue from now.
   */
  now?: number;
}

/**
 * Moving a recorded session to `now`: every stream time (trades, book updates, event
 * times) moves by exactly `ms` (now - the session's start), so the first message is now.
 * A candle moves by whole periods of its own, so it stays on its period's boundaries:
 * the candle open at the session's start becomes the one open at `now` (for months, the
 * same number of calendar months), and the closed candles before it end where it opens.
 */
export interface SessionShift {
  ms: number;
  /** the open time a candle opening at `time` in `period` moves to */
  candle(time: number, period: Period): number;
}

export function sessionShift(start: number, now: number): SessionShift {
  const months = (time: number) => new Date(time).getUTCFullYear() * 12 + new Date(time).getUTCMonth();
  const monthsLater = months(now) - months(start);
  return {
    ms: now - start,
    candle(time, period) {
      if (period === '1mon') {
        const date = new Date(time);
        return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsLater, 1);
      }
      return time + bucketStart(now, period) - bucketStart(start, period);
    },
  };
}

/** One side of a book: price -> quantity, both as the exchange writes them. */
export type BookSide = Map<string, string>;

export function applyLevel(side: BookSide, price: string, quantity: string): void {
  if (Number(quantity) === 0) side.delete(price);
  else side.set(price, quantity);
}

/** The side's best `limit` levels: bids from the highest price, asks from the lowest. */
export function bestLevels(side: BookSide, bids: boolean, limit: number): [string, string][] {
  return [...side].sort((a, b) => (bids ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]))).slice(0, limit);
}

/** A recorded trade, the same for every exchange: what the connector must give. */
export interface RecordedTrade {
  id: string;
  time: number;
  price: string;
  quantity: string;
  /** the taker bought */
  buy: boolean;
}

/** A recorded candle: open time, open, high, low, close, volume in the base currency. */
export type RecordedCandle = [number, string, string, string, string, string];

/**
 * A fake exchange as the connector's tests see it, whichever exchange it plays: what it
 * recorded and what it has served, in the same shapes, so one test runs against each.
 */
export interface FakeExchangeView {
  /** Serves on `port` (a free one by default): the addresses the connector is given. */
  listen(port?: number): Promise<{ rest: string; ws: string }>;
  play(): void;
  readonly finished: boolean;
  dropAll(): void;
  refuse(on: boolean): void;
  skipNextDiff(symbol: string): void;
  close(): Promise<void>;
  readonly connections: readonly { at: number; refused: boolean }[];
  /** REST requests served: path and query */
  readonly requests: readonly string[];
  /** book snapshots served for `symbol` (the exchange's id), however the exchange serves them */
  snapshots(symbol: string): number;
  /** the book as the replay has built it so far, best `depth` levels a side */
  book(symbol: string, depth: number): { bids: [string, string][]; asks: [string, string][] };
  /** the update id of the last book update the replay has applied for `symbol` */
  lastUpdateId(symbol: string): number | undefined;
}

export abstract class FakeExchange<Data> {
  private readonly server = http.createServer((request, response) => this.serve(request, response));
  private readonly sockets = new WebSocketServer({ noServer: true });
  /** each open websocket and the streams it subscribed to */
  protected readonly subscriptions = new Map<WebSocket, Set<string>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private next = 0;
  private startedAt = 0;
  private refusing = false;
  /** symbols whose next book update is to be left out */
  protected readonly skips = new Set<string>();
  /** websocket connections accepted or refused, in order, with their time */
  readonly connections: { at: number; refused: boolean }[] = [];
  /** REST requests served: path and query */
  readonly requests: string[] = [];

  constructor(
    private readonly lines: readonly SessionLine<Data>[],
    /** replay speed: session ms per real ms */
    private readonly speed: number,
    /** where the websocket is opened (other paths are cut) */
    private readonly wsPath: string,
  ) {
    this.server.on('upgrade', (request, socket, head) => {
      if (this.refusing || !request.url?.startsWith(this.wsPath)) {
        this.connections.push({ at: Date.now(), refused: true });
        socket.destroy();
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.accept(ws));
    });
  }

  /** Starts serving on `port` (a free one by default) and gives its host (127.0.0.1:port). */
  protected async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Starts replaying the session's messages on its clock (once). */
  play(): void {
    if (this.startedAt !== 0) return;
    this.startedAt = Date.now();
    this.schedule();
  }

  /** Messages replayed so far. */
  get sent(): number {
    return this.next;
  }

  get finished(): boolean {
    return this.next >= this.lines.length;
  }

  /** Whether some connection is subscribed to `stream` (the fake's subscription key). */
  subscribed(stream: string): boolean {
    for (const streams of this.subscriptions.values()) if (streams.has(stream)) return true;
    return false;
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

  /** The next book update of `symbol` is not sent (a gap in its update ids), but still applied to the book. */
  skipNextDiff(symbol: string): void {
    this.skips.add(symbol);
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.dropAll();
    this.sockets.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Sends `text` to every connection subscribed to `stream`. */
  protected publish(stream: string, text: string): void {
    for (const [ws, streams] of this.subscriptions) if (streams.has(stream)) ws.send(text);
  }

  /** Replays one recorded message: applies it to the fake's state and publishes it (or not). */
  protected abstract replay(line: SessionLine<Data>): void;

  /** A message from a client on its websocket, with the streams it is subscribed to. */
  protected abstract receive(ws: WebSocket, text: string, streams: Set<string>): void;

  /** A REST request; `reply` answers it as JSON. */
  protected abstract rest(url: URL, reply: (status: number, body: unknown) => void): void;

  private schedule(): void {
    const line = this.lines[this.next];
    if (!line) return;
    const due = this.startedAt + line.at / this.speed - Date.now();
    this.timer = setTimeout(
      () => {
        const now = (Date.now() - this.startedAt) * this.speed;
        for (let current = this.lines[this.next]; current && current.at <= now; current = this.lines[this.next]) {
          this.replay(current);
          this.next++;
        }
        this.schedule();
      },
      Math.max(0, due),
    );
  }

  private accept(ws: WebSocket): void {
    this.connections.push({ at: Date.now(), refused: false });
    const streams = new Set<string>();
    this.subscriptions.set(ws, streams);
    ws.on('message', (raw: Buffer) => {
      if (this.subscriptions.has(ws)) this.receive(ws, raw.toString('utf8'), streams);
    });
    ws.on('close', () => this.subscriptions.delete(ws));
  }

  private serve(request: http.IncomingMessage, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname.startsWith('/__fake/')) return this.control(request.method ?? 'GET', url, reply);
    this.requests.push(`${url.pathname}${url.search}`);
    this.rest(url, reply);
  }

  /**
   * What a test in another process (a Playwright spec against scripts/fake-exchange.ts)
   * does to the fake: `POST /__fake/drop` drops every websocket connection,
   * `POST /__fake/refuse?on=1|0` refuses new ones or allows them again, `POST /__fake/play`
   * starts a replay held back; `GET /__fake/status` tells how far the replay is. Not part of
   * any exchange's API, and not counted in `requests`.
   */
  private control(method: string, url: URL, reply: (status: number, body: unknown) => void): void {
    const action = url.pathname.slice('/__fake/'.length);
    if (method === 'GET' && action === 'status') {
      return reply(200, { playing: this.startedAt !== 0, sent: this.next, total: this.lines.length, finished: this.finished, open: this.subscriptions.size, refusing: this.refusing });
    }
    if (method !== 'POST') return reply(405, { error: 'POST' });
    switch (action) {
      case 'drop':
        this.dropAll();
        return reply(200, { dropped: true });
      case 'refuse': {
        const on = url.searchParams.get('on');
        if (on !== '1' && on !== '0') return reply(400, { error: 'on=1 or on=0' });
        this.refuse(on === '1');
        return reply(200, { refusing: this.refusing });
      }
      case 'play':
        this.play();
        return reply(200, { playing: true });
      default:
        return reply(404, { error: `no control ${action}` });
    }
  }
}
