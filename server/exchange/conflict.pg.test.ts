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
  let otherHoldsSecond = false;
  const step = h.ctx.exchange.run(async (step) => {
    runs++;
    await sql`update conflict_rows set touched = touched + 1 where id = 1`.execute(step.trx);
    stepHoldsFirst = true;
    // The first run waits until the other process holds row 2, then asks for it: the deadlock.
    await until(() => otherHoldsSecond);
    await sql`update conflict_rows set touched = touched + 1 where id = 2`.execute(step.trx);
    return runs;
  });
  await other.query('begin');
  await other.query('update conflict_rows set touched = touched + 10 where id = 2');
  otherHoldsSecond = true;
  await until(() => stepHoldsFirst);
  // Asks for row 1, which the step holds, while the step waits for row 2. PostgreSQL
  // detects it in the first waiter's check (the step's, a second in) and refuses its transaction.
  const otherDone = other.query('update conflict_rows set touched = touched + 10 where id = 1').then(() => other.query('commit'));
  expect(await step).toBe(2);
  await otherDone;
  const rows = (await sql<{ id: number; touched: number }>`select id, touched from conflict_rows order by id`.execute(h.ctx.db)).rows;
  // Each of the two writes once: the refused run left nothing.
  expect(rows.map((row) => [row.id, Number(row.touched)])).toEqual([
    [1, 11],
    [2, 11],
  ]);
});
