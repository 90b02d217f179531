/**
 * Sliding-window counters kept in memory: how many events a key had in the last
 * `windowMs`. Used for login attempts per account and per IP, and code requests per
 * IP. One process holds them; a restart forgets them, which only ever lets a user in
 * sooner, never locks one out for longer.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = this.events.get(key);
    if (!times) return [];
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < times.length && (times[drop] ?? 0) <= cutoff) drop++;
    if (drop > 0) times.splice(0, drop);
    if (times.length === 0) this.events.delete(key);
    return times;
  }

  /** Milliseconds until the key may act again; 0 when it may act now. */
  blockedFor(key: string, now: number): number {
    const times = this.recent(key, now);
    if (times.length < this.limit) return 0;
    const oldest = times[times.length - this.limit] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  record(key: string, now: number): void {
    const times = this.recent(key, now);
    times.push(now);
    this.events.set(key, times);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
  }

  clear(key: string): void {
    this.events.delete(key);
  }

  private sweep(now: number): void {
    for (const key of [...this.events.keys()]) this.recent(key, now);
  }
}

export interface Limits {
  /** failed logins per account */
  loginFailuresPerAccount: SlidingWindow;
  /** login attempts per IP */
  loginAttemptsPerIp: SlidingWindow;
  /** code requests per IP */
  codesPerIp: SlidingWindow;
  /** wrong pay passwords per user */
  payPasswordFailures: SlidingWindow;
  /** files uploaded per user */
  uploadsPerUser: SlidingWindow;
}

const MINUTE = 60_000;
/** Enough for any form of the app (identity takes three photos) many times over. */
export const UPLOADS_PER_HOUR = 60;

export function createLimits(): Limits {
  return {
    loginFailuresPerAccount: new SlidingWindow(5, 15 * MINUTE),
    loginAttemptsPerIp: new SlidingWindow(30, 15 * MINUTE),
    codesPerIp: new SlidingWindow(20, 60 * MINUTE),
    payPasswordFailures: new SlidingWindow(5, 15 * MINUTE),
    uploadsPerUser: new SlidingWindow(UPLOADS_PER_HOUR, 60 * MINUTE),
  };
}
