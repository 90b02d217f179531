import fs from 'node:fs';
import zlib from 'node:zlib';
import { pack, unpack, type MarketSource, type PackedEvent, type SimulatedEvent, type SourceEvent } from './source';

/**
 * Recorded feeds: a header line, then one packed event per line (NDJSON), optionally
 * gzipped. The header carries what makes the rest of the exchange the same on replay:
 * the seed and start of the market (for the history written before it) and the rate.
 */
export interface FeedHeader {
  format: 'kestrel-feed';
  version: 1;
  /** simulated time of the first step */
  start: number;
  /** length of the recording, ms */
  duration: number;
  seed: number;
  tradesPerSecond: number;
  /** how much history the replaying server writes before the start */
  history: 'full' | 'short';
}

export interface Recording {
  header: FeedHeader;
  events: SimulatedEvent[];
}

export function writeRecording(file: string, recording: Recording): void {
  const lines = [JSON.stringify(recording.header), ...recording.events.map((event) => JSON.stringify(pack(event)))];
  const text = `${lines.join('\n')}\n`;
  fs.writeFileSync(file, file.endsWith('.gz') ? zlib.gzipSync(text, { level: 9 }) : text);
}

export function readRecording(file: string): Recording {
  const raw = fs.readFileSync(file);
  const text = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const [first, ...rest] = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(first ?? '{}') as FeedHeader;
  if (header.format !== 'kestrel-feed' || header.version !== 1) throw new Error(`${file} is not a Kestrel feed recording`);
  return { header, events: rest.map((line) => unpack(JSON.parse(line) as PackedEvent)) };
}

/**
 * Plays a recording on the server's clock, which in replay mode runs from the
 * recording's start (see context-factory). When the recording ends, the market
 * stands still.
 */
export class Replay implements MarketSource {
  readonly name = 'replay';
  private index = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly recording: Recording,
    private readonly now: () => number,
  ) {}

  /** Events up to `until`, in order, each once. */
  take(until: number): SourceEvent[] {
    const events = this.recording.events;
    const start = this.index;
    while (this.index < events.length && (events[this.index] as SourceEvent).t <= until) this.index++;
    return events.slice(start, this.index);
  }

  get finished(): boolean {
    return this.index >= this.recording.events.length;
  }

  start(feed: (events: SourceEvent[]) => void): void {
    this.timer = setInterval(() => {
      const events = this.take(this.now());
      if (events.length > 0) feed(events);
      if (this.finished) clearInterval(this.timer);
    }, 50);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
