import type { InstrumentDef } from './instruments';

/**
 * What a market source feeds the exchange: the market maker's fair price for a market
 * (its quotes are rebuilt around it) and takers' market orders. The engine turns them
 * into trades against the order book, so every price shown comes from the book.
 * A source is the simulator, a recorded file, or a live exchange (market/live/source.ts).
 */
export type SimulatedEvent =
  /** the market maker re-quotes market m around `fair` ticks */
  | { t: number; kind: 'quote'; m: number; fair: number }
  /** a taker sends a market order: side 1 buys, -1 sells, `lots` of the market's lot */
  | { t: number; kind: 'take'; m: number; side: 1 | -1; lots: number };

/**
 * What a live exchange feeds a market that follows it (MARKET=live, market/live/): its
 * trades, printed as they are, and its book, which stands in the order book in place of
 * the simulated market maker's quotes. Users' paper orders never print on its tape.
 */
export type LiveSourceEvent =
  /** a trade on the exchange at `t` (its time): `ref` its trade id; side 1: the taker bought */
  | { t: number; kind: 'print'; m: number; price: number; lots: number; side: 1 | -1; ref: string }
  /** the exchange's book after its update `ref`, best levels first, [ticks, lots] */
  | { t: number; kind: 'book'; m: number; ref: string; bids: [number, number][]; asks: [number, number][] }
  /** the exchange's stream was lost: the market's prices are not current */
  | { t: number; kind: 'stale'; m: number }
  /** trades and a rebuilt book flow again */
  | { t: number; kind: 'live'; m: number };

export type SourceEvent = SimulatedEvent | LiveSourceEvent;

export interface MarketSource {
  /** Starts feeding; events arrive in time order, in batches. */
  start(feed: (events: SourceEvent[]) => void): void;
  stop(): void;
  /**
   * Starts feeding a market listed while running, from `fair` ticks. A recorded feed has
   * nothing for it (a replay leaves it without trades).
   */
  list?(def: InstrumentDef, fair: number): void;
  /** Stops feeding a market (another process runs it now). */
  unlist?(marketId: number): void;
  /** A name for logs: simulator, replay, live. */
  readonly name: string;
}

/** Compact form for files: [t, 0, m, fair] or [t, 1, m, side, lots]. */
export type PackedEvent = [number, 0, number, number] | [number, 1, number, 1 | -1, number];

export function pack(event: SimulatedEvent): PackedEvent {
  return event.kind === 'quote' ? [event.t, 0, event.m, event.fair] : [event.t, 1, event.m, event.side, event.lots];
}

export function unpack(packed: PackedEvent): SimulatedEvent {
  return packed[1] === 0 ? { t: packed[0], kind: 'quote', m: packed[2], fair: packed[3] } : { t: packed[0], kind: 'take', m: packed[2], side: packed[3], lots: packed[4] };
}
