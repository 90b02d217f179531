/**
 * One socket channel kept in step with the server (contract/realtime.ts): a REST
 * snapshot valid at a sequence number, then the channel's messages after it, in
 * order. What arrives while the snapshot is on its way waits in a buffer (an event
 * without a sequence too: the snapshot may have been read before it); a gap, a
 * reconnect or the owner asks for a new snapshot; an answer to an older request is
 * dropped, so the newest snapshot always wins.
 */

/** Where a message sits in its channel's sequence: it carries items first..last. */
export interface Span<Message> {
  first(message: Message): number;
  last(message: Message): number;
}

export interface ChannelSpec<Message, Snapshot> {
  /**
   * How messages are numbered. Without a span they are events applied as they come
   * (a user's private events have no sequence); a snapshot then only refreshes them.
   */
  span?: Span<Message>;
  /** Fetches the snapshot; undefined: nothing to fetch now (the channel waits for the next sync). */
  load(): Promise<Snapshot | undefined>;
  /** Replaces the channel's state with the snapshot; answers the sequence it is valid at. */
  reset(snapshot: Snapshot): number;
  /** Applies a message that continues the sequence (it may repeat items already applied). */
  apply(message: Message): void;
  /** After a snapshot and the messages buffered during it are in. */
  synced?(): void;
  /** Whether a snapshot is wanted at all (the channel is watched). */
  wanted?(): boolean;
  /** A failed snapshot is asked again after this long, while wanted and online; none: only at the next sync. */
  retryMs?: number;
}

export interface SyncClock {
  setTimer(callback: () => void, ms: number): void;
  /** the socket is open (a retry waits for the next connect otherwise) */
  online(): boolean;
}

export class ChannelSync<Message, Snapshot> {
  /** the last item applied */
  private at = 0;
  private live = false;
  private buffer: Message[] = [];
  /** bumped by every request and by cancel(): answers to an older one are dropped */
  private requests = 0;
  private resyncDue = false;
  /** a snapshot is on its way (an event without a sequence waits for it: the snapshot may have been read before the event) */
  private loading = false;

  constructor(
    private readonly spec: ChannelSpec<Message, Snapshot>,
    private readonly clock: SyncClock,
  ) {}

  /** A snapshot has been applied and no gap or disconnect has happened since. */
  get synced(): boolean {
    return this.live;
  }

  get seq(): number {
    return this.at;
  }

  /** Identifies the current snapshot request; work begun under it is stale once this changes. */
  get generation(): number {
    return this.requests;
  }

  /** Asks for a snapshot now; messages wait until it is in. */
  async sync(): Promise<void> {
    if (this.spec.wanted && !this.spec.wanted()) {
      this.live = false;
      return;
    }
    const request = ++this.requests;
    this.live = false;
    this.buffer = [];
    this.loading = true;
    try {
      const snapshot = await this.spec.load();
      if (request !== this.requests) return;
      if (snapshot === undefined) {
        this.settle();
        return;
      }
      this.at = this.spec.reset(snapshot);
      this.live = true;
      this.settle();
      this.spec.synced?.();
    } catch {
      if (request !== this.requests) return;
      this.settle();
      this.retry(request);
    }
  }

  /** The snapshot is in (or failed): what waited for it is received now, after it. */
  private settle(): void {
    this.loading = false;
    const buffered = this.buffer;
    this.buffer = [];
    for (const message of buffered) this.receive(message);
  }

  private retry(request: number): void {
    const { retryMs } = this.spec;
    if (retryMs === undefined || !this.wanted()) return;
    this.clock.setTimer(() => {
      // A newer request has its own answer (and its own retry).
      if (request === this.requests && this.wanted() && this.clock.online()) void this.sync();
    }, retryMs);
  }

  private wanted(): boolean {
    return this.spec.wanted?.() ?? true;
  }

  /** A message from the socket: applied in sequence, buffered during a snapshot, or the sign of a gap. */
  receive(message: Message): void {
    const span = this.spec.span;
    if (!span) {
      // Applied at once, unless a snapshot is on its way: then after it, which may have
      // been read before this event and would otherwise undo it.
      if (this.loading) this.buffer.push(message);
      else this.spec.apply(message);
      return;
    }
    if (!this.live) {
      this.buffer.push(message);
      return;
    }
    const last = span.last(message);
    if (last <= this.at) return;
    if (span.first(message) > this.at + 1) {
      void this.sync();
      return;
    }
    this.spec.apply(message);
    this.at = last;
  }

  /** The connection dropped: anything may be missed until the next snapshot. */
  pause(): void {
    this.live = false;
  }

  /** Answers on their way and retries are dropped (the channel closed, or the session changed). */
  cancel(): void {
    this.requests++;
    this.live = false;
    this.loading = false;
    this.buffer = [];
  }

  /** A snapshot after `ms`, once however many times this is asked meanwhile (events settle first). */
  resyncAfter(ms: number): void {
    if (this.resyncDue) return;
    this.resyncDue = true;
    this.clock.setTimer(() => {
      this.resyncDue = false;
      void this.sync();
    }, ms);
  }
}
