import type { InstrumentDef } from '../instruments';
import type { MarketSource, SourceEvent } from '../source';
import type { LiveConnector, LiveEvent } from './connector';

/**
 * The market source of MARKET=live: the connector's events of the markets that follow the
 * exchange, and the simulator's for the others (the markets the exchange does not list, such
 * as our stocks), one feed. The exchange's messages come one by one, many a second; they are
 * handed on together every `everyMs` (the simulator's step), so the exchange runs one step
 * for each batch, not one for each message. Within a batch a market's book is given once,
 * as its last update left it: the books between change nothing (users' orders only meet the
 * book in steps of their own).
 */
export const LIVE_BATCH_MS = 100;

export class LiveSource implements MarketSource {
  readonly name: string;
  private pending: SourceEvent[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private feed: (events: SourceEvent[]) => void = () => {};

  constructor(
    private readonly connector: LiveConnector,
    exchange: string,
    /** the source of the markets the exchange does not list, if any */
    private readonly rest: MarketSource | null,
    private readonly everyMs = LIVE_BATCH_MS,
  ) {
    this.name = `live (${exchange})`;
  }

  start(feed: (events: SourceEvent[]) => void): void {
    this.feed = feed;
    this.connector.start((events) => {
      for (const event of events) this.pending.push(sourceEvent(event));
    });
    this.timer = setInterval(() => this.flush(), this.everyMs);
    this.rest?.start(feed);
  }

  /** Hands on what came since the last batch. */
  flush(): void {
    if (this.pending.length === 0) return;
    const events = lastBooks(this.pending);
    this.pending = [];
    this.feed(events);
  }

  /** A market listed while running (an IEO token) is not on the exchange: the simulator quotes it. */
  list(def: InstrumentDef, fair: number): void {
    this.rest?.list?.(def, fair);
  }

  stop(): void {
    clearInterval(this.timer);
    this.rest?.stop();
    void this.connector.stop().catch((error: unknown) => console.error('stopping the live connector failed', error));
  }
}

function sourceEvent(event: LiveEvent): SourceEvent {
  switch (event.kind) {
    case 'trade':
      return { t: event.t, kind: 'print', m: event.m, price: event.price, lots: event.lots, side: event.side, ref: event.id };
    case 'book':
      return { t: event.t, kind: 'book', m: event.m, ref: String(event.seq), bids: event.bids, asks: event.asks };
    case 'stale':
      return { t: event.t, kind: 'stale', m: event.m };
    case 'live':
      return { t: event.t, kind: 'live', m: event.m };
  }
}

/** The events with each market's book given once, where its last update was. */
function lastBooks(events: readonly SourceEvent[]): SourceEvent[] {
  const last = new Map<number, number>();
  events.forEach((event, index) => {
    if (event.kind === 'book') last.set(event.m, index);
  });
  return events.filter((event, index) => event.kind !== 'book' || last.get(event.m) === index);
}
