/**
 * How many messages one socket may send (contract/realtime.ts SOCKET_LIMITS), counted per
 * second of the wall clock. Past `perSecond` in a second a message is dropped, and the
 * first one dropped says so ('warn'); at twice `perSecond` the socket is closed: no client
 * of ours sends that many, and each message costs the server's one thread.
 */
export type Verdict = 'pass' | 'warn' | 'drop' | 'close';

export class MessageBudget {
  private second = -1;
  private count = 0;

  constructor(readonly perSecond: number) {}

  take(now: number): Verdict {
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.count = 0;
    }
    this.count++;
    if (this.count <= this.perSecond) return 'pass';
    if (this.count > 2 * this.perSecond) return 'close';
    return this.count === this.perSecond + 1 ? 'warn' : 'drop';
  }
}
