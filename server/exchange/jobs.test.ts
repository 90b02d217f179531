import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { DAY_MS } from '../finance/lockup';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { JobRegistry, LEASE_MS, type Job } from './jobs';

/**
 * Scheduled work by name: each run recorded (start, end, error), a failure recorded and
 * retried at the next run rather than thrown, a run in progress never doubled.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

test('the products register their jobs with the server, and the alerts their deliveries, and the server its pruning of old attempts and login challenges', () => {
  expect(h.ctx.jobs.names).toEqual(['fiat-rates', 'lockup-payouts', 'ieo', 'nft', 'loan-interest', 'otc-expiry', 'alert-deliveries', 'copy-stats', 'attempts-prune', 'security-challenges-prune']);
});

test('the demo runs the copy-trading bots: seeded once as approved bot traders with their stake, and their job', async () => {
  const demo = await createHarness({ COPY_BOTS: 'true' });
  try {
    expect(demo.ctx.jobs.names).toContain('copy-bots');
    const bots = await demo.ctx.db.selectFrom('traders').innerJoin('users', 'users.id', 'traders.user_id').select(['users.nickname', 'traders.bot', 'traders.status']).orderBy('users.id').execute();
    expect(bots).toEqual([
      { nickname: 'Trend Bot', bot: 1, status: 'approved' },
      { nickname: 'Reversion Bot', bot: 1, status: 'approved' },
      { nickname: 'Breakout Bot', bot: 1, status: 'approved' },
    ]);
    const list = await demo.app.inject({ method: 'GET', url: '/api/follow/index' });
    expect(list.json<{ message: { data: { bot: boolean; signature: string }[] } }>().message.data.every((card) => card.bot && card.signature.startsWith('Strategy bot'))).toBe(true);
  } finally {
    await demo.close();
  }
});

test('a run is recorded; a failure is recorded, not thrown, and the next run clears it', async () => {
  const jobs = new JobRegistry(h.ctx.db, h.ctx.now);
  let fail = true;
  jobs.register({ name: 'flaky', everyMs: 60_000, run: async () => (fail ? Promise.reject(new Error('the file is not there')) : undefined) });
  const started = h.ctx.now();
  await jobs.run('flaky');
  expect(await jobs.status()).toEqual([{ name: 'flaky', runs: 1, last_started_at: started, last_finished_at: started, last_error: 'the file is not there' }]);
  fail = false;
  h.advance(60_000);
  await jobs.run('flaky');
  expect(await jobs.status()).toEqual([{ name: 'flaky', runs: 2, last_started_at: started + 60_000, last_finished_at: started + 60_000, last_error: null }]);
});

test('a run still going is joined, not doubled; names are unique; an unknown name is refused', async () => {
  const jobs = new JobRegistry(h.ctx.db, h.ctx.now);
  let runs = 0;
  let release = () => undefined as void;
  // The job body starts after the run is written to the store (a round trip on PostgreSQL):
  // it is released once it has begun, not after a guessed pause.
  let begun = () => undefined as void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  jobs.register({
    name: 'slow',
    everyMs: 1000,
    run: () =>
      new Promise<void>((resolve) => {
        runs++;
        release = resolve;
        begun();
      }),
  });
  const first = jobs.run('slow');
  const second = jobs.run('slow');
  await started;
  release();
  await Promise.all([first, second]);
  expect(runs).toBe(1);
  expect((await jobs.status())[0]?.runs).toBe(1);
  expect(() => jobs.register({ name: 'slow', everyMs: 1000, run: async () => undefined })).toThrow(/registered already/);
  expect(() => jobs.register({ name: 'never', everyMs: 0, run: async () => undefined })).toThrow(/positive interval/);
  await expect(jobs.run('missing')).rejects.toThrow(/no job named missing/);
});

test('the lock-up payouts job pays the days that fell due while nothing ran, once, however often it runs', async () => {
  await h.close();
  h = await createHarness({ SIGNUP_GIFT: '10000' });
  const token = await h.registerUser('lia@example.com');
  const order = await ok(h.call(endpoints.lockupBuy, { config_id: 1, amount: '1000' }, { token }));
  h.advance(2 * DAY_MS + 1000);
  await Promise.all([h.ctx.jobs.run('lockup-payouts'), h.ctx.jobs.run('lockup-payouts')]);
  await h.ctx.jobs.run('lockup-payouts');
  const yields = await h.ctx.db.selectFrom('ledger_transactions').select('ref_id').where('ref_kind', '=', 'lockup-yield').orderBy('id').execute();
  expect(yields.map((row) => row.ref_id)).toEqual([`${order.id}:1`, `${order.id}:2`]);
  expect((await h.ctx.jobs.status()).find((job) => job.name === 'lockup-payouts')).toMatchObject({ runs: 2, last_error: null });
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
});

/** A job that counts its runs and how many ran at once. */
function counted(name: string) {
  const seen = { runs: 0, atOnce: 0, most: 0 };
  /** while set, a run waits for it */
  const hold: { gate: Promise<void> | null } = { gate: null };
  const job: Job = {
    name,
    everyMs: 60_000,
    run: async () => {
      seen.runs++;
      seen.atOnce++;
      seen.most = Math.max(seen.most, seen.atOnce);
      await (hold.gate ?? new Promise((resolve) => setTimeout(resolve, 20)));
      seen.atOnce--;
    },
  };
  return { job, seen, hold };
}

test('two processes on one store run a scheduled job once per interval, and never both at once', async () => {
  const { job, seen, hold } = counted('shared');
  const a = new JobRegistry(h.ctx.db, h.ctx.now, 'process-a');
  const b = new JobRegistry(h.ctx.db, h.ctx.now, 'process-b');
  a.register(job);
  b.register(job);
  await Promise.all([a.runIfDue('shared'), b.runIfDue('shared')]);
  expect(seen.runs).toBe(1);
  // Not due again within the interval, on either.
  h.advance(30_000);
  await Promise.all([b.runIfDue('shared'), a.runIfDue('shared')]);
  expect(seen.runs).toBe(1);
  h.advance(30_000);
  await Promise.all([b.runIfDue('shared'), a.runIfDue('shared')]);
  expect(seen.runs).toBe(2);
  // Asked for at once on both (an operator's "run now") while one run is going, it runs on one of them:
  // the other answers at once, and the run in progress is then let finish.
  let release = () => {};
  hold.gate = new Promise<void>((resolve) => (release = resolve));
  const both = [a.run('shared'), b.run('shared')];
  await Promise.race(both);
  release();
  await Promise.all(both);
  expect(seen.runs).toBe(3);
  expect(seen.most).toBe(1);
  expect((await a.status())[0]).toMatchObject({ name: 'shared', runs: 3, last_error: null });
});

test("a process that died mid-run holds its job until the run's lease ends; then another process runs it", async () => {
  const { job, seen } = counted('orphaned');
  const b = new JobRegistry(h.ctx.db, h.ctx.now, 'process-b');
  b.register(job);
  const started = h.ctx.now();
  await h.ctx.db
    .insertInto('jobs')
    .values({ name: 'orphaned', runs: 1, last_started_at: started, last_finished_at: null, last_error: null, lease_owner: 'process-a', lease_until: started + LEASE_MS })
    .execute();
  h.advance(LEASE_MS - 1);
  await b.run('orphaned');
  expect(seen.runs).toBe(0);
  h.advance(1);
  await b.run('orphaned');
  expect(seen.runs).toBe(1);
  expect((await b.status())[0]).toMatchObject({ runs: 2, last_started_at: started + LEASE_MS, last_finished_at: started + LEASE_MS });
});
