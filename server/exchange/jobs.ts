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

export class JobRegistry {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly timers: ReturnType<typeof setInterval>[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
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
      void this.run(job.name);
      const timer = setInterval(() => void this.run(job.name), job.everyMs);
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
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job named ${name}`));
    const current = this.running.get(name);
    if (current) return current;
    const run = this.execute(job).finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  /** What the `jobs` table says of each registered job. */
  async status(): Promise<JobRun[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('name', 'in', this.names.length > 0 ? this.names : [''])
      .execute();
    const byName = new Map(rows.map((row) => [row.name, row]));
    return this.names.map((name) => byName.get(name) ?? { name, runs: 0, last_started_at: null, last_finished_at: null, last_error: null });
  }

  private async execute(job: Job): Promise<void> {
    try {
      await this.db
        .insertInto('jobs')
        .values({ name: job.name, runs: 1, last_started_at: this.now(), last_finished_at: null, last_error: null })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ runs: eb('jobs.runs', '+', 1), last_started_at: this.now() })))
        .execute();
      let error: string | null = null;
      try {
        await job.run();
      } catch (failure) {
        error = failure instanceof Error ? failure.message : String(failure);
        console.error(`job ${job.name} failed`, failure);
      }
      await this.db.updateTable('jobs').set({ last_finished_at: this.now(), last_error: error }).where('name', '=', job.name).execute();
    } catch (failure) {
      // The database itself failed (closing, say): logged, and the next run tries again.
      console.error(`job ${job.name} could not be recorded`, failure);
    }
  }
}
