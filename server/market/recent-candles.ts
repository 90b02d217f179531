import type { Candle, Period } from '../../contract/market';
import type { MarketEngine } from './engine';

/**
 * The candles GET /currency/new_timeshar answers: of one market and period, in [from, to),
 * oldest first, the newest `limit` of them, with the trade sequence they include.
 *
 * The newest closed candles of a market and period are kept in memory, so the requests
 * charts make (the latest 300; a full range, cut to the newest 1000) are answered without
 * the store. An entry is read from the store on first use, with the candles not written yet,
 * then follows the engine's closed candles; a range reaching past it (older history) is
 * read from the store as before. The least recently used entries leave past MAX_ENTRIES.
 * The JSON of the closed candles an answer carries is kept with the entry until a candle
 * closes (`serialize`): a full range is some 140 kB of it, the larger part of its cost.
 */
export interface CandleSnapshot {
  data: Candle[];
  /** the last trade the candles include */
  seq: number;
}

/** The longest answer (the API contract's "at most 1000"). */
export const MAX_CANDLES = 1000;
/** 128 market-periods of 1,000 to 1,200 candles, and their JSON: some 30 MB at most. */
const MAX_ENTRIES = 128;
/** JSON texts kept per entry: the charts ask for one or two ranges (the latest 300, the full range). */
const TEXTS_PER_ENTRY = 4;
/** Stands for an answer's candles while the rest of the envelope is written. */
const CANDLES_MARK = '\u0000candles\u0000';
const CANDLES_MARK_JSON = JSON.stringify(CANDLES_MARK);

/** Candles of [from, to) in the store, oldest first, at most `limit`, the newest ones when cut (store.ts readCandles). */
export type ReadCandles = (marketId: number, period: Period, from: number, to: number, limit: number) => Promise<Candle[]>;

export interface RecentCandlesOptions {
  /** candles kept per market and period (a fifth more before a trim); MAX_CANDLES, the longest answer */
  kept?: number;
  /** market-periods kept */
  entries?: number;
}

interface Entry {
  /** closed candles, oldest first; every closed candle from the first one's time on */
  candles: Candle[];
  /** the store had no older candle: these are all there are */
  complete: boolean;
  /** candles closed while the entry is read from the store; null once it is read */
  arrived: Candle[] | null;
  ready: Promise<void>;
  /** the JSON of candles[first..end), by `${first}:${end}`; emptied when `candles` changes */
  texts: Map<string, string>;
}

/** First index whose candle opens at or after `time` (candles oldest first). */
function firstFrom(candles: readonly Candle[], time: number): number {
  let low = 0;
  let high = candles.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((candles[middle] as Candle).time < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where the open candles and the candles not stored yet come from: the engine for the
 * markets this process runs, the mirror of the owners' streams for the others (several
 * processes). Closed candles arrive through `closed()`.
 */
export interface CandleSource {
  openCandle(marketId: number, period: Period): Candle | undefined;
  /** the trade the open candles are at */
  candleSeq(marketId: number): number;
  /** candles of a market and period not written to the store yet */
  unsaved(marketId: number, period: Period): Candle[];
}

export class RecentCandles {
  /** by `${marketId}:${period}`, least recently used first */
  private readonly entries = new Map<string, Entry>();
  /** the JSON of an answer's candles, by the answer's array */
  private readonly texts = new WeakMap<Candle[], string>();
  private readonly kept: number;
  private readonly trimAt: number;
  private readonly maxEntries: number;

  constructor(
    private readonly source: CandleSource,
    private readonly read: ReadCandles,
    options: RecentCandlesOptions = {},
  ) {
    this.kept = options.kept ?? MAX_CANDLES;
    this.trimAt = Math.ceil(this.kept * 1.2);
    this.maxEntries = options.entries ?? MAX_ENTRIES;
  }

  /** The candles of one engine (one process running every market). */
  static forEngine(engine: MarketEngine, read: ReadCandles, unsaved: (marketId: number, period: Period) => Candle[], options: RecentCandlesOptions = {}): RecentCandles {
    const candles = new RecentCandles({ openCandle: (m, p) => engine.openCandle(m, p), candleSeq: (m) => engine.lastSeq(m), unsaved }, read, options);
    engine.listen({ closed: (marketId, period, candle) => candles.closed(marketId, period, candle) });
    return candles;
  }

  async snapshot(marketId: number, period: Period, from: number, to: number, limit: number): Promise<CandleSnapshot> {
    const key = `${marketId}:${period}`;
    const entry = this.entry(key, marketId, period);
    await entry.ready;
    // Read together, with no wait in between: the closed candles, the open one and the trade they reach.
    if (this.entries.get(key) === entry) {
      const answer = this.fromMemory(entry, marketId, period, from, to, limit);
      if (answer) return answer;
    }
    return this.fromStore(marketId, period, from, to, limit);
  }

  private entry(key: string, marketId: number, period: Period): Entry {
    const kept = this.entries.get(key);
    if (kept) {
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept;
    }
    const before = this.source.unsaved(marketId, period);
    const entry: Entry = { candles: [], complete: false, arrived: [], ready: Promise.resolve(), texts: new Map() };
    entry.ready = this.read(marketId, period, 0, Number.MAX_SAFE_INTEGER, this.kept).then(
      (stored) => {
        // Later sources hold later states of a candle: the store, what waited to be
        // written before the read and after it, what closed meanwhile.
        const byTime = new Map<number, Candle>();
        for (const source of [stored, before, this.source.unsaved(marketId, period), entry.arrived ?? []]) for (const candle of source) byTime.set(candle.time, { ...candle });
        const open = this.source.openCandle(marketId, period);
        const closed = [...byTime.values()].filter((candle) => !open || candle.time < open.time).sort((a, b) => a.time - b.time);
        entry.candles = closed.slice(-this.kept);
        entry.complete = stored.length < this.kept && closed.length <= this.kept;
        entry.arrived = null;
      },
      (error: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return entry;
  }

  /** A candle that will not change again. */
  closed(marketId: number, period: Period, candle: Candle): void {
    const entry = this.entries.get(`${marketId}:${period}`);
    if (!entry) return;
    if (entry.arrived) {
      entry.arrived.push({ ...candle });
      return;
    }
    const { candles } = entry;
    entry.texts.clear();
    const at = firstFrom(candles, candle.time);
    if (candles[at]?.time === candle.time) candles[at] = { ...candle };
    else candles.splice(at, 0, { ...candle });
    if (candles.length > this.trimAt) {
      candles.splice(0, candles.length - this.kept);
      entry.complete = false;
    }
  }

  /** The answer from memory, or null when older candles than those kept may belong in it. */
  private fromMemory(entry: Entry, marketId: number, period: Period, from: number, to: number, limit: number): CandleSnapshot | null {
    const { candles } = entry;
    const open = this.source.openCandle(marketId, period);
    const openIn = open !== undefined && open.time >= from && open.time < to;
    const start = firstFrom(candles, from);
    const end = firstFrom(candles, to);
    const inRange = end - start + (openIn ? 1 : 0);
    const reachesBack = entry.complete || (candles[0] !== undefined && from >= candles[0].time);
    if (!reachesBack && inRange < limit) return null;
    const first = end - Math.max(0, Math.min(end - start, limit - (openIn ? 1 : 0)));
    const data = candles.slice(first, end);
    const range = `${first}:${end}`;
    let text = entry.texts.get(range);
    if (text === undefined) {
      text = data.map((candle) => JSON.stringify(candle)).join(',');
      if (entry.texts.size >= TEXTS_PER_ENTRY) entry.texts.clear();
      entry.texts.set(range, text);
    }
    if (openIn && limit > 0) {
      const current = { ...open };
      data.push(current);
      text = `${text}${text === '' ? '' : ','}${JSON.stringify(current)}`;
    }
    this.texts.set(data, `[${text}]`);
    return { data, seq: this.source.candleSeq(marketId) };
  }

  /**
   * Writes an envelope as JSON (a reply's serializer), the candles of an answer from
   * memory as their kept text: the same text JSON.stringify writes, without writing it again.
   */
  readonly serialize = (envelope: Record<string, unknown>): string => {
    for (const [key, value] of Object.entries(envelope)) {
      const text = Array.isArray(value) ? this.texts.get(value as Candle[]) : undefined;
      if (text === undefined) continue;
      const json = JSON.stringify({ ...envelope, [key]: CANDLES_MARK });
      const at = json.indexOf(CANDLES_MARK_JSON);
      return json.slice(0, at) + text + json.slice(at + CANDLES_MARK_JSON.length);
    }
    return JSON.stringify(envelope);
  };

  /** As before the memory: the store, then the candles not written yet and the open one. */
  private async fromStore(marketId: number, period: Period, from: number, to: number, limit: number): Promise<CandleSnapshot> {
    const stored = await this.read(marketId, period, from, to, limit);
    // Read after the query, together: the candles not stored yet, and the trade they reach.
    const seq = this.source.candleSeq(marketId);
    const live = [...this.source.unsaved(marketId, period), this.source.openCandle(marketId, period)];
    const byTime = new Map<number, Candle>(stored.map((candle) => [candle.time, candle]));
    for (const candle of live) if (candle && candle.time >= from && candle.time < to) byTime.set(candle.time, { ...candle });
    const data = [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
    return { data, seq };
  }
}
