import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { DAY_MS } from '../finance/lockup';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { JobRegistry } from './jobs';

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

test('the products register their jobs with the server, and the server its pruning of old attempts', () => {
  expect(h.ctx.jobs.names).toEqual(['fiat-rates', 'lockup-payouts', 'ieo', 'nft', 'loan-interest', 'otc-expiry', 'copy-stats', 'attempts-prune']);
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
