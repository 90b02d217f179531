import type { WebSocket } from 'ws';
import { okxChecksum } from '../market/live/connector';
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
 * A local stand-in for OKX's public market data (API v5), for tests (no network here): the
 * REST endpoints a client reads (`/api/v5/public/instruments`, `/api/v5/market/candles` and
 * `/api/v5/market/history-candles`) and the public websocket (`/ws/v5/public`, with
 * `subscribe`/`unsubscribe` requests and the text ping) carrying the `trades` and `books`
 * channels, all in OKX's own formats (https://www.okx.com/docs-v5/en/).
 *
 * OKX sends an order book's snapshot on the websocket when it is subscribed (there is no
 * REST snapshot to sync with): the fake sends the book as the replay has built it so far,
 * then the recorded updates, each with its `seqId`, the `prevSeqId` of the update before
 * it and the CRC32 `checksum` of the book's 25 best levels after it. It replays a session
 * file (tests/fixtures/okx-session.ndjson.gz): a header with the instruments, each book
 * at the start and the candles, then one recorded push per line with its time from the
 * start. Tests can drop every connection, refuse new ones, and skip a book update (the
 * next one's `prevSeqId` is then not the client's last `seqId`, and its checksum does not
 * match the client's book).
 */
export interface SessionHeader {
  format: 'okx-session';
  version: 1;
  /** the SPOT instruments (`/api/v5/public/instruments?instType=SPOT`'s `data`) */
  instruments: OkxInstrument[];
  /** each instrument's book at the start */
  books: Record<string, { seqId: number; bids: OkxLevel[]; asks: OkxLevel[] }>;
  /** closed candles before the start, per instrument and bar (OKX's names: 1m, 1H, 1Dutc, 1Wutc, 1Mutc), oldest first */
  candles: Record<string, Record<string, OkxCandle[]>>;
  /** the exchange time of the first push */
  start: number;
}

export interface OkxInstrument {
  instType: 'SPOT';
  instId: string;
  baseCcy: string;
  quoteCcy: string;
  settleCcy: string;
  ctVal: string;
  uly: string;
  instFamily: string;
  tickSz: string;
  lotSz: string;
  minSz: string;
  maxLmtSz: string;
  maxMktSz: string;
  lever: string;
  listTime: string;
  state: 'live' | 'suspend' | 'preopen';
}

/** [price, size, liquidated orders (always "0"), orders at the price] */
export type OkxLevel = [string, string, string, string];

/** [open time, open, high, low, close, volume in base, volume in quote, volume in quote, "1" when closed] */
export type OkxCandle = [string, string, string, string, string, string, string, string, string];

export interface OkxTrade {
  instId: string;
  tradeId: string;
  px: string;
  sz: string;
  /** the taker's side */
  side: 'buy' | 'sell';
  ts: string;
  count: string;
  source: string;
  seqId: number;
}

export interface OkxBookData {
  asks: OkxLevel[];
  bids: OkxLevel[];
  ts: string;
  checksum: number;
  prevSeqId: number;
  seqId: number;
}

export interface OkxTradesPush {
  arg: { channel: 'trades'; instId: string };
  data: OkxTrade[];
}

export interface OkxBooksPush {
  arg: { channel: 'books'; instId: string };
  action: 'update';
  data: OkxBookData[];
}

export type OkxPush = OkxTradesPush | OkxBooksPush;

export type SessionLine = SessionLineOf<OkxPush>;
export type Session = SessionOf<SessionHeader, OkxPush>;

export function readOkxSession(file: string): Session {
  return readSessionFile<SessionHeader, OkxPush>(file, 'okx-session', 1);
}

export function writeOkxSession(file: string, session: Session): void {
  writeSessionFile(file, session);
}

/** A level as OKX writes it; the recorded walk has no orders, so a level is one order. */
export function okxLevel(price: string, size: string): OkxLevel {
  return [price, size, '0', Number(size) === 0 ? '0' : '1'];
}

/** The session's trades of `instId`, as every fake gives them to the tests. */
export function okxTrades(session: Session, instId: string): RecordedTrade[] {
  return session.lines.flatMap(({ data: push }) =>
    !('action' in push) && push.arg.instId === instId ? push.data.map((trade) => ({ id: trade.tradeId, time: Number(trade.ts), price: trade.px, quantity: trade.sz, buy: trade.side === 'buy' })) : [],
  );
}

/** The session's candles of `instId` at `bar` (OKX's names), oldest first. */
export function okxCandles(session: Session, instId: string, bar: string): RecordedCandle[] {
  return (session.header.candles[instId]?.[bar] ?? []).map((row) => [Number(row[0]), row[1], row[2], row[3], row[4], row[5]]);
}

/** Our period of each of OKX's candle bars (UTC days, weeks and months, as ours are). */
const PERIOD_OF_BAR: Record<string, Period> = { '1m': '1min', '5m': '5min', '15m': '15min', '30m': '30min', '1H': '60min', '1Dutc': '1day', '1Wutc': '1week', '1Mutc': '1mon' };

/** The session moved to `now` (see sessionShift): push times, candle open times, the start. */
export function shiftOkxSession(session: Session, now: number): Session {
  const shift = sessionShift(session.header.start, now);
  const later = (ts: string) => String(Number(ts) + shift.ms);
  const candles = Object.fromEntries(
    Object.entries(session.header.candles).map(([instId, bars]) => [
      instId,
      Object.fromEntries(
        Object.entries(bars).map(([bar, rows]) => {
          const period = PERIOD_OF_BAR[bar];
          if (!period) throw new Error(`no period for OKX's bar ${bar}`);
          return [bar, rows.map(([open, ...row]): OkxCandle => [String(shift.candle(Number(open), period)), ...row])];
        }),
      ),
    ]),
  );
  const lines = session.lines.map((line): SessionLine => {
    const push = line.data;
    if ('action' in push) return { ...line, data: { ...push, data: push.data.map((update) => ({ ...update, ts: later(update.ts) })) } };
    return { ...line, data: { ...push, data: push.data.map((trade) => ({ ...trade, ts: later(trade.ts) })) } };
  });
  return { header: { ...session.header, candles, start: now }, lines };
}

const CONNECTION_ID = 'fa4e0001';

export class FakeOkx extends FakeExchange<OkxPush> implements FakeExchangeView {
  private readonly books = new Map<string, { seqId: number; ts: number; bids: BookSide; asks: BookSide }>();
  private readonly snapshotsSent = new Map<string, number>();
  private readonly corrupts = new Set<string>();

  private readonly session: Session;

  constructor(recorded: Session, options: FakeOptions = {}) {
    const session = options.now === undefined ? recorded : shiftOkxSession(recorded, options.now);
    super(session.lines, options.speed ?? 1, '/ws/v5/public');
    this.session = session;
    for (const [instId, book] of Object.entries(session.header.books)) {
      this.books.set(instId, {
        seqId: book.seqId,
        ts: session.header.start,
        bids: new Map(book.bids.map(([price, size]) => [price, size])),
        asks: new Map(book.asks.map(([price, size]) => [price, size])),
      });
    }
  }

  /** rest: the host ccxt adds `/api/v5/...` to; ws: the base it adds `/public` to. */
  async listen(port?: number): Promise<{ rest: string; ws: string }> {
    const host = await this.start(port);
    return { rest: `http://${host}`, ws: `ws://${host}/ws/v5` };
  }

  /**
   * The next book update of `instId` is sent with one size altered and its seqIds intact
   * (the book kept here takes the true one): only its checksum tells the client's book is wrong.
   */
  corruptNextDiff(instId: string): void {
    this.corrupts.add(instId);
  }

  snapshots(instId: string): number {
    return this.snapshotsSent.get(instId) ?? 0;
  }

  book(instId: string, depth: number): { bids: [string, string][]; asks: [string, string][] } {
    const book = this.books.get(instId);
    return { bids: book ? bestLevels(book.bids, true, depth) : [], asks: book ? bestLevels(book.asks, false, depth) : [] };
  }

  lastUpdateId(instId: string): number | undefined {
    return this.books.get(instId)?.seqId;
  }

  protected replay(line: SessionLine): void {
    const push = line.data;
    if ('action' in push) {
      const book = this.books.get(push.arg.instId);
      if (book) {
        for (const update of push.data) {
          for (const [price, size] of update.bids) applyLevel(book.bids, price, size);
          for (const [price, size] of update.asks) applyLevel(book.asks, price, size);
          book.seqId = update.seqId;
          book.ts = Number(update.ts);
        }
      }
      if (this.skips.delete(push.arg.instId)) return;
      if (this.corrupts.delete(push.arg.instId)) {
        const data = push.data.map((update) => ({ ...update, bids: update.bids.map(([price, size, ...rest]): OkxLevel => [price, `${size}1`, ...rest]) }));
        return this.publish(line.stream, JSON.stringify({ ...push, data }));
      }
    }
    this.publish(line.stream, JSON.stringify(push));
  }

  protected receive(ws: WebSocket, text: string, streams: Set<string>): void {
    // OKX's keep-alive is text, not websocket frames.
    if (text === 'ping') return ws.send('pong');
    const request = JSON.parse(text) as { op?: string; args?: { channel?: string; instId?: string }[] };
    for (const arg of request.args ?? []) {
      const { channel = '', instId = '' } = arg;
      const known = (channel === 'trades' || channel === 'books') && this.session.header.instruments.some((instrument) => instrument.instId === instId);
      if (!known || (request.op !== 'subscribe' && request.op !== 'unsubscribe')) {
        ws.send(JSON.stringify({ event: 'error', code: '60018', msg: `Wrong URL or channel:${channel},instId:${instId} doesn't exist`, connId: CONNECTION_ID }));
        continue;
      }
      const stream = `${channel}:${instId}`;
      if (request.op === 'unsubscribe') {
        streams.delete(stream);
        ws.send(JSON.stringify({ event: 'unsubscribe', arg: { channel, instId }, connId: CONNECTION_ID }));
        continue;
      }
      streams.add(stream);
      ws.send(JSON.stringify({ event: 'subscribe', arg: { channel, instId }, connId: CONNECTION_ID }));
      if (channel === 'books') this.sendSnapshot(ws, instId);
    }
  }

  /** The book's snapshot, as OKX sends it on (re)subscribing: its 400 best levels a side, prevSeqId -1. */
  private sendSnapshot(ws: WebSocket, instId: string): void {
    const book = this.books.get(instId);
    if (!book) return;
    this.snapshotsSent.set(instId, this.snapshots(instId) + 1);
    const bids = bestLevels(book.bids, true, 400);
    const asks = bestLevels(book.asks, false, 400);
    const data: OkxBookData = {
      asks: asks.map(([price, size]) => okxLevel(price, size)),
      bids: bids.map(([price, size]) => okxLevel(price, size)),
      ts: String(book.ts),
      checksum: okxChecksum(bids, asks),
      prevSeqId: -1,
      seqId: book.seqId,
    };
    ws.send(JSON.stringify({ arg: { channel: 'books', instId }, action: 'snapshot', data: [data] }));
  }

  protected rest(url: URL, reply: (status: number, body: unknown) => void): void {
    const { instruments, candles } = this.session.header;
    switch (url.pathname) {
      case '/api/v5/public/instruments': {
        const type = url.searchParams.get('instType');
        if (!type) return reply(400, { code: '50014', msg: 'Parameter instType can not be empty.', data: [] });
        return reply(200, { code: '0', msg: '', data: type === 'SPOT' ? instruments : [] });
      }
      case '/api/v5/market/candles':
      case '/api/v5/market/history-candles': {
        const instId = url.searchParams.get('instId') ?? '';
        if (!candles[instId]) return reply(200, { code: '51001', msg: "Instrument ID, Instrument ID code, or Spread ID doesn't exist.", data: [] });
        const rows = candles[instId][url.searchParams.get('bar') ?? '1m'];
        if (!rows) return reply(400, { code: '51000', msg: 'Parameter bar error', data: [] });
        // after: older than; before: newer than; newest first, at most 300.
        const after = Number(url.searchParams.get('after') ?? Number.MAX_SAFE_INTEGER);
        const before = Number(url.searchParams.get('before') ?? -1);
        const limit = Math.min(300, Number(url.searchParams.get('limit') ?? 100));
        const data = rows
          .filter((row) => Number(row[0]) < after && Number(row[0]) > before)
          .reverse()
          .slice(0, limit);
        return reply(200, { code: '0', msg: '', data });
      }
      default:
        return reply(404, { code: '50000', msg: 'Not found.', data: [] });
    }
  }
}
