import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, ok } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { startServerProcess } from '../testing/process';
import { createDatabase, databaseUrl, dropDatabase, freshName } from '../testing/store';
import { sql } from 'kysely';
import { openDatabase, type Db } from './database';

/**
 * PostgreSQL pass only: an exchange that ran on SQLite (orders resting, a position, a
 * lock-up, a pending withdrawal...) moves to an empty PostgreSQL database with
 * `npm run db:copy`, and runs there: the same ledger totals, nothing lost.
 */
const dirs: string[] = [];
const databases: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const name of databases.splice(0)) await dropDatabase(name);
});

const copy = (from: string, to: string) => spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/db-copy.ts', '--from', from, '--to', to], { encoding: 'utf8' });

test('npm run db:copy moves a SQLite exchange to PostgreSQL: every row, the same totals per currency, and it runs there', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-copy-'));
  dirs.push(dataDir);
  const env = { SIGNUP_GIFT: '10000' };
  const sqlite = await createHarness(env, { persist: dataDir, sqlite: true });
  const token = await sqlite.registerUser('ann@example.com');
  await fund(sqlite, await uidOf(sqlite, token), 'USDT', '5000', 'lever');
  await tradeAt(sqlite, 1, 96_000);
  await ok(sqlite.call(endpoints.spotTrade, { currency_id: 1, legal_id: 3, type: 'buy', amount: '0.01', target_price: '90000' }, { token }));
  await ok(sqlite.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 2, multiple: 10 }, { token }));
  await ok(sqlite.call(endpoints.lockupBuy, { config_id: 1, amount: '100' }, { token }));
  // The products migration 030 wrote, as operators have changed them since: the copy has them so, and the next id follows.
  const product = await ok(
    sqlite.call(
      endpoints.lockupCreate,
      { currency: 'ETH', days: 21, min_amount: '0.5', rate_min: '0.001', rate_max: '0.002', full_rate_amount: '5', penalty_rate: '0.001', sort: 9 },
      { operator: true },
    ),
  );
  await ok(sqlite.call(endpoints.lockupPause, { id: 2 }, { operator: true }));
  const source = await checkLedger(sqlite.ctx.db);
  const tables = ['users', 'ledger_entries', 'ledger_transactions', 'spot_orders', 'lever_positions', 'lockup_orders', 'lockup_products', 'klines', 'news_texts'];
  const counts = async (db: Db) => {
    const result: Record<string, number> = {};
    for (const table of tables) result[table] = Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);
    return result;
  };
  await sqlite.close();
  // Counted once the server has closed (it writes its last candles then).
  const closed = await openDatabase(dataDir);
  const sourceCounts = await counts(closed);
  await closed.destroy();

  const name = freshName('kestrel_copy');
  databases.push(name);
  await createDatabase(name);
  const target = databaseUrl(name);
  const done = copy(`sqlite:${path.join(dataDir, 'exchange.sqlite')}`, target);
  expect(done.stderr).toBe('');
  expect(done.status).toBe(0);
  expect(done.stdout).toContain('the copy checks out');

  const db = await openDatabase(target);
  try {
    const copied = await checkLedger(db);
    expect(copied.violations).toEqual([]);
    expect(copied.totals).toEqual(source.totals);
    expect(await counts(db)).toEqual(sourceCounts);
    const products = await db.selectFrom('lockup_products').select(['id', 'currency', 'days', 'status']).orderBy('id').execute();
    expect(products.map((row) => `${row.id} ${row.currency} ${row.days} ${row.status}`)).toEqual(['1 USDT 5 open', '2 USDT 30 paused', '3 BTC 15 open', '4 ETH 10 open', `${product.id} ETH 21 open`]);
    const next = await db
      .insertInto('lockup_products')
      .values({ currency: 'BTC', days: 7, min_amount: '1', rate_min: '0.001', rate_max: '0.001', full_rate_amount: '1', penalty_rate: '0', status: 'open', sort: 0, created_at: 0, updated_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(product.id + 1);
  } finally {
    await db.destroy();
  }

  // A second copy into the now full database is refused, and changes nothing.
  const again = copy(`sqlite:${path.join(dataDir, 'exchange.sqlite')}`, target);
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('the target already holds data');

  // The exchange runs on its copy: the user logs in, the position and the order are there.
  const server = await startServerProcess(dataDir, { ...env, DATABASE_URL: target });
  try {
    const post = async (url: string, fields: Record<string, string>, auth?: string) =>
      (await (
        await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
          body: new URLSearchParams(fields).toString(),
        })
      ).json()) as { type: string; message: { positions?: unknown[] } | string };
    const login = await post(endpoints.login.path, { user_string: 'ann@example.com', password: 'secret-pass' });
    if (typeof login.message !== 'string') throw new Error('login answered no token');
    const positions = await post(endpoints.leverPositions.path, {}, login.message);
    expect(typeof positions.message === 'object' ? positions.message.positions : []).toHaveLength(1);
  } finally {
    await server.stop();
  }
  // Two copies and a server, each a process of its own that loads the code first: 75 s was
  // seen on a 2-core machine busy with the rest of the suite. The limit is there to end a hang.
}, 180_000);
