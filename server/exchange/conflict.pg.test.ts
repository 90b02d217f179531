import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { databaseUrl } from '../testing/store';

/**
 * PostgreSQL only: a step caught in a real deadlock with another process's transaction
 * (two processes settling one account lock its rows in another order). PostgreSQL breaks
 * the deadlock by refusing one transaction whole; when that is the step's, the exchange
 * runs the step again (exchange.ts `attempt`) and it is done once.
 */
let h: Harness;
let other: pg.Client;

beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '0' });
  const database = (await sql<{ name: string }>`select current_database() as name`.execute(h.ctx.db)).rows[0]?.name ?? '';
  other = new pg.Client({ connectionString: databaseUrl(database) });
  await other.connect();
  // The other session looks for deadlocks only after a long wait: the step's session finds it.
  await other.query("set deadlock_timeout = '10min'");
  await sql`create table conflict_rows (id integer primary key, touched integer not null default 0)`.execute(h.ctx.db);
  await sql`insert into conflict_rows (id) values (1), (2)`.execute(h.ctx.db);
});
afterEach(async () => {
  await other.end();
  await h.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
};

test("the step PostgreSQL refuses to break a deadlock runs again, once, and the other process's transaction commits", async () => {
  let runs = 0;
  let stepHoldsFirst = false;
  let otherWaits = false;
  const step = h.ctx.exchange.run(async (step) => {
    runs++;
    await sql`update conflict_rows set touched = touched + 1 where id = 1`.execute(step.trx);
    stepHoldsFirst = true;
    // The first run asks for row 2 once the other process holds it and waits for row 1: the deadlock.
    await until(() => otherWaits);
    await sql`update conflict_rows set touched = touched + 1 where id = 2`.execute(step.trx);
    return runs;
  });
  await other.query('begin');
  await other.query('update conflict_rows set touched = touched + 10 where id = 2');
  const otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
  await until(() => stepHoldsFirst);
  // Asks for row 1, which the step holds. Once it waits, the step asks for row 2: the step's
  // session is the one that finds the deadlock (the other's checks a second into its wait, with
  // nothing to find yet, or never), and PostgreSQL refuses its transaction.
  const otherDone = other.query('update conflict_rows set touched = touched + 10 where id = 1').then(() => other.query('commit'));
  for (;;) {
    const waiting = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where pid = ${otherPid} and wait_event_type = 'Lock'`.execute(h.ctx.db);
    if (Number(waiting.rows[0]?.n) === 1) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  otherWaits = true;
  expect(await step).toBe(2);
  await otherDone;
  const rows = (await sql<{ id: number; touched: number }>`select id, touched from conflict_rows order by id`.execute(h.ctx.db)).rows;
  // Each of the two writes once: the refused run left nothing.
  expect(rows.map((row) => [row.id, Number(row.touched)])).toEqual([
    [1, 11],
    [2, 11],
  ]);
});
