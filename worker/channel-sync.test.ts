import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ChannelSync, type ChannelSpec } from './channel-sync';

/** A batch of numbered items first..last, as the trades channel sends them. */
interface Batch {
  first: number;
  last: number;
}

interface Pending {
  /** where the server was when the snapshot was asked */
  askedAt: number;
  resolve: (seq: number | undefined) => void;
  reject: (error: Error) => void;
}

/**
 * A channel whose state is the list of items applied: after a snapshot valid at k it
 * is 1..k, and each batch adds the items it carries that are not in yet. Snapshots
 * answer when the test says so.
 */
function channel(options: Partial<ChannelSpec<Batch, number>> = {}) {
  const applied: number[] = [];
  const requests: Pending[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  const events = { synced: 0 };
  let online = true;
  let wanted = true;
  let server = 0;
  const sync = new ChannelSync<Batch, number>(
    {
      span: { first: (batch) => batch.first, last: (batch) => batch.last },
      load: () => new Promise<number | undefined>((resolve, reject) => requests.push({ askedAt: server, resolve, reject })),
      reset: (seq) => {
        applied.length = 0;
        for (let item = 1; item <= seq; item++) applied.push(item);
        return seq;
      },
      apply: ({ first, last }) => {
        // The channel never applies across a hole.
        expect(first).toBeLessThanOrEqual(applied.length + 1);
        for (let item = applied.length + 1; item <= last; item++) applied.push(item);
      },
      synced: () => void events.synced++,
      wanted: () => wanted,
      retryMs: 2000,
      ...options,
    },
    { setTimer: (callback, ms) => void timers.push({ callback, ms }), online: () => online },
  );
  return {
    sync,
    applied,
    requests,
    timers,
    events,
    setOnline: (value: boolean) => void (online = value),
    setWanted: (value: boolean) => void (wanted = value),
    /** the last item the server has sent */
    setServer: (seq: number) => void (server = seq),
    /** answers the oldest snapshot request still open, with `seq` or where `at` puts it */
    answer: async (seq: number | undefined | ((askedAt: number) => number)) => {
      const request = requests.shift();
      request?.resolve(typeof seq === 'function' ? seq(request.askedAt) : seq);
      await settle();
    },
    fail: async () => {
      requests.shift()?.reject(new Error('offline'));
      await settle();
    },
    runTimers: async () => {
      for (const timer of timers.splice(0)) timer.callback();
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('ChannelSync', () => {
  test('messages wait while the snapshot is on its way, then those after it are applied in order', async () => {
    const c = channel();
    void c.sync.sync();
    c.sync.receive({ first: 4, last: 6 });
    c.sync.receive({ first: 7, last: 9 });
    expect(c.applied).toEqual([]);
    expect(c.sync.synced).toBe(false);
    await c.answer(5); // covers 1..5: the first batch only adds 6
    expect(c.applied).toEqual(upTo(9));
    expect(c.sync.seq).toBe(9);
    expect(c.sync.synced).toBe(true);
    expect(c.events.synced).toBe(1);
    c.sync.receive({ first: 7, last: 8 }); // old news: nothing moves
    expect(c.sync.seq).toBe(9);
    c.sync.receive({ first: 10, last: 10 });
    expect(c.applied).toEqual(upTo(10));
    expect(c.requests).toHaveLength(0);
  });

  test('a gap asks for a new snapshot; what follows waits for it', async () => {
    const c = channel();
    void c.sync.sync();
    await c.answer(3);
    c.sync.receive({ first: 6, last: 7 }); // 4 and 5 were lost
    expect(c.sync.synced).toBe(false);
    expect(c.requests).toHaveLength(1);
    c.sync.receive({ first: 8, last: 8 });
    await c.answer(7);
    expect(c.applied).toEqual(upTo(8));
  });

  test('a gap inside the buffered messages asks again, and keeps buffering', async () => {
    const c = channel();
    void c.sync.sync();
    c.sync.receive({ first: 3, last: 3 });
    c.sync.receive({ first: 5, last: 5 }); // 4 lost while the snapshot was on its way
    c.sync.receive({ first: 6, last: 6 });
    await c.answer(2);
    expect(c.applied).toEqual(upTo(3));
    expect(c.requests).toHaveLength(1);
    await c.answer(5);
    expect(c.applied).toEqual(upTo(6));
  });

  test('the answer to an older request is dropped; the newest snapshot wins', async () => {
    const c = channel();
    void c.sync.sync();
    void c.sync.sync();
    const [older, newer] = c.requests.splice(0);
    newer?.resolve(10);
    await settle();
    older?.resolve(4);
    await settle();
    expect(c.applied).toEqual(upTo(10));
    expect(c.events.synced).toBe(1);
  });

  test('a failed snapshot is asked again after retryMs, while wanted and online, unless a newer request is out', async () => {
    const c = channel();
    void c.sync.sync();
    await c.fail();
    expect(c.timers.map((t) => t.ms)).toEqual([2000]);
    await c.runTimers();
    expect(c.requests).toHaveLength(1);

    // Offline when the timer fires: the next connect syncs instead.
    await c.fail();
    c.setOnline(false);
    await c.runTimers();
    expect(c.requests).toHaveLength(0);

    // No longer watched when it fails: no retry at all.
    c.setOnline(true);
    void c.sync.sync();
    c.setWanted(false);
    await c.fail();
    expect(c.timers).toHaveLength(0);

    // A newer request went out meanwhile: it has its own answer.
    c.setWanted(true);
    void c.sync.sync();
    await c.fail();
    void c.sync.sync();
    await c.runTimers();
    expect(c.requests).toHaveLength(1);
  });

  test('without retryMs a failure waits for the next sync', async () => {
    const c = channel({ retryMs: undefined });
    void c.sync.sync();
    await c.fail();
    expect(c.timers).toHaveLength(0);
  });

  test('an unwatched channel asks for nothing; a snapshot with nothing to load leaves it waiting', async () => {
    const c = channel();
    c.setWanted(false);
    void c.sync.sync();
    expect(c.requests).toHaveLength(0);
    c.setWanted(true);
    void c.sync.sync();
    await c.answer(undefined);
    expect(c.sync.synced).toBe(false);
    expect(c.timers).toHaveLength(0);
    c.sync.receive({ first: 1, last: 1 });
    expect(c.applied).toEqual([]);
  });

  test('pause() buffers until the next snapshot; cancel() drops the answer on its way', async () => {
    const c = channel();
    void c.sync.sync();
    await c.answer(2);
    c.sync.pause();
    c.sync.receive({ first: 3, last: 3 });
    expect(c.applied).toEqual(upTo(2));
    void c.sync.sync();
    c.sync.cancel();
    await c.answer(9);
    expect(c.applied).toEqual(upTo(2));
    expect(c.sync.synced).toBe(false);
  });

  test('events without a sequence apply at once, or after a snapshot on its way (which may predate them); resyncAfter asks once however often it is called', async () => {
    const seen: string[] = [];
    const timers: (() => void)[] = [];
    let loads = 0;
    const sync = new ChannelSync<string, string>(
      {
        load: async () => {
          loads++;
          return 'snapshot';
        },
        reset: (snapshot) => {
          seen.push(snapshot);
          return 0;
        },
        apply: (event) => void seen.push(event),
      },
      { setTimer: (callback) => void timers.push(callback), online: () => true },
    );
    sync.receive('opened');
    void sync.sync();
    sync.receive('closed');
    await settle();
    expect(seen).toEqual(['opened', 'snapshot', 'closed']);
    sync.resyncAfter(300);
    sync.resyncAfter(300);
    expect(timers).toHaveLength(1);
    timers.splice(0).forEach((timer) => timer());
    await settle();
    expect(loads).toBe(2);
    sync.resyncAfter(300);
    expect(timers).toHaveLength(1);
  });

  test('whatever is lost, repeated or answered late, items are applied once each, in order, and all arrive in the end', async () => {
    type Step = 'deliver' | 'lose' | 'repeat' | 'answer' | 'fail' | 'reconnect';
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.constantFrom<Step>('deliver', 'deliver', 'deliver', 'lose', 'repeat', 'answer', 'fail', 'reconnect'), { maxLength: 120 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        async (sizes, steps, lags) => {
          const batches: Batch[] = [];
          for (const size of sizes) {
            const first = (batches.at(-1)?.last ?? 0) + 1;
            batches.push({ first, last: first + size - 1 });
          }
          const total = batches.at(-1)?.last ?? 0;
          const c = channel();
          let sent = 0;
          let lag = 0;
          const send = (batch: Batch | undefined, delivered: boolean) => {
            if (!batch) return;
            sent++;
            c.setServer(batch.last);
            if (delivered) c.sync.receive(batch);
          };
          // A snapshot is valid somewhere between its request and its answer.
          const now = () => batches[sent - 1]?.last ?? 0;
          const answerAt = (askedAt: number) => Math.round(askedAt + (now() - askedAt) * (lags[lag++ % lags.length] ?? 0));
          void c.sync.sync();
          for (const step of steps) {
            if (step === 'deliver') send(batches[sent], true);
            // Never the last batch: only a later message reveals a hole.
            else if (step === 'lose' && sent < batches.length - 1) send(batches[sent], false);
            else if (step === 'repeat' && sent > 0) c.sync.receive(batches[sent - 1] as Batch);
            else if (step === 'answer') await c.answer(answerAt);
            else if (step === 'fail' && c.requests.length > 0) {
              await c.fail();
              await c.runTimers();
            } else if (step === 'reconnect') {
              c.sync.pause();
              void c.sync.sync();
            }
          }
          // The rest arrives; every request is answered, and any it leads to.
          while (sent < batches.length) send(batches[sent], true);
          while (c.requests.length > 0) await c.answer(answerAt);
          if (!c.sync.synced) {
            void c.sync.sync();
            await c.answer(total);
          }
          expect(c.applied).toEqual(upTo(total));
        },
      ),
      { numRuns: 300 },
    );
  });
});
