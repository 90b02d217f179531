import { PROCESS_NAME } from '../cluster/process-name';
import type { Db } from '../db/database';

/**
 * Scheduled work, by name: lock-up payouts, fiat rate reloads, and later IEO closes, dual
 * investment settlements, auction ends. Every job is idempotent: it settles what its
 * stored state says is due (a payout day not yet paid, an auction past its end), and
 * whatever moves money runs as a step of the exchange with a unique ledger reference, so
 * running it twice, or again after a crash, pays nothing twice. Each job runs once when
 * the server starts (what fell due while it was down) and then every `everyMs`; a run
 * still going when the next is due is not doubled. Each run's start, end and error are
 * recorded in the `jobs` table.
 *
 * Across several processes on one database a job runs once per interval: a run first
 * takes the job's lease in the `jobs` row (one UPDATE that only one process can win), and
 * a scheduled run also only when the job is due (its last start an interval ago); a
 * process that died mid-run frees the job when its lease ends (LEASE_MS).
 */
export interface Job {
  /** unique, kebab-case: 'lockup-payouts' */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export interface JobRun {
  name: string;
  runs: number;
  last_started_at: number | null;
  last_finished_at: number | null;
  last_error: string | null;
}

/** How long a run holds its job from the other processes at most: a run takes seconds; a process that died mid-run frees it then. */
export const LEASE_MS = 5 * 60_000;
/** A scheduled run is due a little before a whole interval since the last start, so that timers' jitter does not skip one. */
const DUE_FRACTION = 0.9;

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** this process, as the jobs' leases name it */
    private readonly owner = PROCESS_NAME,
  ) {}

  register(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`a job named ${job.name} is registered already`);
    if (!(job.everyMs > 0)) throw new Error(`job ${job.name} needs a positive interval`);
    this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Runs every job now, then each on its interval. */
  start(): void {
    for (const job of this.jobs.values()) {
      void this.runIfDue(job.name);
      const timer = setInterval(() => void this.runIfDue(job.name), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running.values());
  }

  /**
   * Runs one job now (or joins the run in progress) and records it. A failure is
   * recorded and logged, never thrown: the next run tries again.
   */
  run(name: string): Promise<void> {
    return this.launch(name, false);
  }

  /** Runs one job if it is due: no process of the cluster has started it in the last interval. What the timers call. */
  runIfDue(name: string): Promise<void> {
    return this.launch(name, true);
  }

  private launch(name: string, scheduled: boolean): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const current = this.running.get(name);
    if (current) return current;
    const run = this.execute(job, scheduled).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** What the `jobs` table says of each registered job. */
  async status(): Promise<JobRun[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['name', 'runs', 'last_started_at', 'last_finished_at', 'last_error'])
      .where('name', 'in', this.names.length > 0 ? this.names : [''])
      .execute();
    const byName = new Map(rows.map((row) => [row.name, row]));
    return this.names.map((name) => byName.get(name) ?? { name, runs: 0, last_started_at: null, last_finished_at: null, last_error: null });
  }

  private async execute(job: Job, scheduled: boolean): Promise<void> {
    try {
      const now = this.now();
      await this.db
        .insertInto('jobs')
        .values({ name: job.name, runs: 0, last_started_at: null, last_finished_at: null, last_error: null, lease_owner: null, lease_until: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      // The lease: one process wins this UPDATE; the others leave the run to it.
      const claimed = await this.db
        .updateTable('jobs')
        .set((eb) => ({ runs: eb('runs', '+', 1), last_started_at: now, lease_owner: this.owner, lease_until: now + LEASE_MS }))
        .where('name', '=', job.name)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .$if(scheduled, (query) => query.where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<=', now - Math.floor(job.everyMs * DUE_FRACTION))])))
        .returning('name')
        .executeTakeFirst();
      if (!claimed) return;
      let error: string | null = null;
      try {
        await job.run();
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        console.error(`job ${job.name} failed`, failure);
      }
      await this.db
        .updateTable('jobs')
        .set({ last_finished_at: this.now(), last_error: error, lease_owner: null, lease_until: null })
        .where('name', '=', job.name)
        .where('lease_owner', '=', this.owner)
        .execute();
    } catch (failure) {
      // The database itself failed (closing, say): logged, and the next run tries again.
      console.error(`job ${job.name} could not be recorded`, failure);
    }
  }
}
