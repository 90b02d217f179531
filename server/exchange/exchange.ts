import { AsyncLocalStorage } from 'node:async_hooks';
import { fence, FencedOut } from '../cluster/claims';
import type { Db } from '../db/database';
import { NotRunHere } from '../market/engine';
import type { MarketService } from '../market/service';
import type { SourceEvent } from '../market/source';
import type { Catalogue } from './catalogue';
import { EventBus, type EventKind, type EventOf, type ExchangeEvent } from './events';
import { StepState, type Printed, type Step } from './step';

/**
 * The exchange's single writer: one queue of steps per process. Everything that changes
 * the books, positions or balances runs as one step (Exchange.run), entered once at the
 * edge: a route, a job, a batch of the market source's events. Inside a step, desks take
 * the step they are given; a step that calls run() again is refused at once (it would
 * wait for itself and stop the queue).
 *
 * A step is one database transaction. After its work, the settlement handlers run on
 * what it raised (fills, trades, positions...), each kind's handlers in their declared
 * order, in the same transaction, until nothing new is raised; a handler may act through
 * the desks with the same step (copy trading opens followers' positions at the trade that
 * opened the trader's). A failure anywhere rolls the whole step back: the database, the
 * in-memory state kept through the step, and the book changes, which are made only at
 * the commit. Once committed, the step's events go on the bus.
 *
 * Telling a nested call from a concurrent one needs the async context (AsyncLocalStorage),
 * whose promise hooks cost every promise of the process a little (about 6 % of a spot
 * order's path here, 10 % of the test suite). So it is a development check, on with
 * NODE_ENV=development (npm run dev) or `checkNesting`; a server started by the exchange
 * otherwise reports a step that runs for over 10 seconds, as a nested call makes it do.
 */
export interface SettlementHandler<K extends EventKind> {
  /** unique; names the handler in errors and in ARCHITECTURE.md */
  name: string;
  /** a kind's handlers run in ascending order (spot 10, contracts 20, options 30) */
  order: number;
  handle(step: Step, event: EventOf<K>): Promise<void>;
}

/** How many times a step runs when PostgreSQL keeps refusing its transaction for a conflict (refusedForConflict). */
const STEP_ATTEMPTS = 5;

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was refused whole and may run again. */
export function refusedForConflict(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === '40P01' || code === '40001';
}

/** A step that keeps raising events past this is a loop between handlers. */
const MAX_EVENTS_PER_STEP = 100_000;
/** Steps take milliseconds; one this old is stuck (a nested run waits for itself). */
const STUCK_MS = 10_000;

type AnyHandler = SettlementHandler<EventKind>;

export class Exchange {
  readonly bus = new EventBus();
  private readonly handlers = new Map<EventKind, AnyHandler[]>();
  private readonly names = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  /** set while a step runs, to refuse a nested run() at once (development check, see above) */
  private readonly inStep: AsyncLocalStorage<true> | null;
  /** the step whose work is running (the engine reports its trades and fills to it) */
  private current: StepState | null = null;
  /** when the step in progress began (performance.now()), for the stuck-step report */
  private stepSince: number | null = null;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  /** what the desks reload when this process claims a market (several processes) */
  private readonly claimHooks: ((marketId: number) => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    readonly market: MarketService,
    readonly catalogue: Catalogue,
    private readonly now: () => number,
    options: { checkNesting?: boolean } = {},
  ) {
    this.inStep = (options.checkNesting ?? process.env['NODE_ENV'] === 'development') ? new AsyncLocalStorage<true>() : null;
    market.engine.listen({
      trades: (marketId, trades) => this.current?.traded(marketId, trades),
      userFills: (fills) => this.current?.filled(fills),
    });
  }

  /** The exchange's clock: the wall clock, never behind the latest event the books have seen. */
  time(): number {
    return this.market.time(this.now());
  }

  /** Registers a settlement handler of one kind of event. */
  on<K extends EventKind>(kind: K, handler: SettlementHandler<K>): void {
    if (this.names.has(handler.name)) throw new Error(`a settlement handler named ${handler.name} is registered already`);
    this.names.add(handler.name);
    const list = this.handlers.get(kind) ?? [];
    list.push(handler);
    list.sort((a, b) => a.order - b.order);
    this.handlers.set(kind, list);
  }

  /** Runs `work` as the next step; answers what it answered once the step has committed. */
  run<T>(work: (step: Step) => Promise<T>): Promise<T> {
    return this.enqueue(work);
  }

  /**
   * A batch of the market source's events, as a step: the books move, then what that
   * settles. The books move once: if the database refuses the transaction and the step
   * runs again (a deadlock), it settles the prints of its first run.
   */
  process(events: readonly SourceEvent[]): Promise<void> {
    let printed: Printed | undefined;
    return this.enqueue(async (step) => {
      if (printed) {
        step.reprint(printed);
        return;
      }
      this.market.engine.apply(events);
      printed = step.printed();
    });
  }

  private enqueue<T>(work: (step: StepState) => Promise<T>): Promise<T> {
    if (this.inStep?.getStore()) {
      return Promise.reject(new Error('Exchange.run() inside a step: pass the step on, steps do not nest'));
    }
    const inStep = this.inStep;
    const result = this.queue.then(async () => {
      const { value, events } = await (inStep ? inStep.run(true, () => this.attempt(work)) : this.attempt(work));
      // Outside the step: a subscriber may queue a step of its own.
      this.bus.publish(events);
      return value;
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * A step, run again when PostgreSQL refused its transaction for a conflict with another
   * process's (a deadlock, or a serialization failure): nothing of it was committed, its
   * in-memory state was undone and its book changes never made, so running it again is
   * running it once. Anything else fails the step at once.
   */
  private async attempt<T>(work: (step: StepState) => Promise<T>): Promise<{ value: T; events: ExchangeEvent[] }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.execute(work);
      } catch (error) {
        if (attempt >= STEP_ATTEMPTS || !refusedForConflict(error)) throw error;
        // The other transaction goes on meanwhile; a little jitter keeps two retries apart.
        await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
      }
    }
  }

  /**
   * Several processes: what a desk keeps in memory of the markets this process runs (resting
   * orders in the books, live positions...) is loaded again from the store when it claims
   * a market, since another process ran it until then.
   */
  onClaim(hook: (marketId: number) => Promise<unknown>): void {
    this.claimHooks.push(hook);
  }

  /**
   * Several processes: this process runs `marketId` from now on, at `epoch` (its claim,
   * server/cluster/claims.ts). Between two steps: the market's engine starts from the store
   * and the desks reload what they keep of it, then the steps that follow may trade it.
   */
  claim(marketId: number, epoch: number): Promise<void> {
    return this.between(async () => {
      await this.market.claim(marketId, epoch);
      for (const hook of this.claimHooks) await hook(marketId);
    });
  }

  /**
   * Several processes: this process stops running `marketId` (given back, or its claim is
   * lost). Between two steps: its candles are written if the claim still holds (fenced),
   * then its engine stops; a step that reaches it later is refused (NotRunHere).
   */
  release(marketId: number): Promise<void> {
    return this.between(async () => {
      await this.market.flushMarket(marketId).catch((error: unknown) => {
        // Taken over already: the new owner's candles are the right ones.
        if (error instanceof FencedOut) console.warn(`market ${marketId}: claimed by another process (epoch ${error.current ?? 'none'}); its last candles here are not written`);
        else console.error(`market ${marketId}: its last candles were not written`, error);
      });
      this.market.release(marketId);
    });
  }

  /** Runs `work` in the queue, after the steps queued before and before those queued after, outside any step. */
  private between(work: () => Promise<void>): Promise<void> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Resolves when every step queued so far has finished. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  start(): void {
    this.market.start((events) => this.process(events));
    let reported: number | null = null;
    this.watchdog = setInterval(() => {
      const since = this.stepSince;
      if (since === null || since === reported || performance.now() - since < STUCK_MS) return;
      reported = since;
      console.error(`a step of the exchange has run for ${Math.round((performance.now() - since) / 1000)} s and holds every market: does it call Exchange.run() (steps do not nest)?`);
    }, STUCK_MS / 2);
    this.watchdog.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.watchdog);
    this.market.halt();
    await this.idle();
    await this.market.stop();
  }

  private async execute<T>(work: (step: StepState) => Promise<T>): Promise<{ value: T; events: ExchangeEvent[] }> {
    const run: { step?: StepState } = {};
    let value: T;
    this.stepSince = performance.now();
    try {
      value = await this.db.transaction().execute(async (trx) => {
        const step = new StepState(trx, this.time(), this.catalogue);
        run.step = step;
        this.current = step;
        const answer = await work(step);
        await this.settle(step);
        await this.fence(trx, step);
        this.current = null;
        return answer;
      });
    } catch (error) {
      this.current = null;
      this.stepSince = null;
      run.step?.rolledBack();
      throw error;
    }
    this.current = null;
    this.stepSince = null;
    if (!run.step) throw new Error('a step ran without its state');
    return { value, events: run.step.committed() };
  }

  /**
   * Several processes: a step that changed a market's book or printed its trades commits
   * only while this process's claim on it holds (claims.ts `fence`: the claim row is read
   * FOR SHARE, so a takeover waits for this step and then sees what it wrote).
   */
  private async fence(trx: Db, step: StepState): Promise<void> {
    const epochs = this.market.epochs;
    if (epochs === null) return;
    for (const marketId of step.markets) {
      const epoch = epochs.get(marketId);
      if (epoch === undefined) throw new NotRunHere(marketId);
      await fence(trx, marketId, epoch);
    }
  }

  private async settle(step: StepState): Promise<void> {
    for (let handled = 0; ; handled++) {
      const event = step.next();
      if (!event) return;
      if (handled >= MAX_EVENTS_PER_STEP) throw new Error(`a step raised more than ${MAX_EVENTS_PER_STEP} events: its handlers loop`);
      for (const handler of this.handlers.get(event.kind) ?? []) await handler.handle(step, event);
    }
  }
}
