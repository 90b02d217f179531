import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, type Harness, ok } from '../testing/harness';
import { uidOf } from '../testing/market';
import { admin, databaseUrl } from '../testing/store';
import { balance } from '../testing/wallet';

/**
 * PostgreSQL only (the PostgreSQL pass of npm test): the server loses its database in
 * the middle of a request. The request answers a clear error and changed nothing; while
 * the database refuses connections every request says so; once it is back the server
 * carries on without a restart.
 */
const USDT = 3;
let h: Harness;
let token: string;
let uid: number;
let database: string;

beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '0' });
  token = await h.registerUser('ann@example.com');
  uid = await uidOf(h, token);
  database = (await sql<{ name: string }>`select current_database() as name`.execute(h.ctx.db)).rows[0]?.name ?? '';
});
afterEach(async () => {
  await onAdmin(admin(), (client) => client.query(`alter database "${database}" allow_connections true`));
  await h.close();
});

async function onAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every connection the server has to its database, as a database restart does. */
const cutConnections = () => onAdmin(admin(), (client) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]));

const credit = (amount: string) => h.call(endpoints.adjust, { uid, currency: 'USDT', amount, reason: 'outage test' }, { operator: true });

test('a request cut off from the database answers a clear error and changes nothing; the next one works', async () => {
  // A credit waits on a lock held elsewhere; the connections are cut while it waits.
  const holder = new pg.Client({ connectionString: databaseUrl(database) });
  holder.on('error', () => undefined); // cut off with the server's connections
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table ledger_accounts in access exclusive mode');
  const waiting = credit('100');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await cutConnections();
  expect(await waiting).toEqual({ type: 'error', message: 'The exchange cannot reach its database just now. Nothing was changed; please try again in a moment.' });
  await holder.end().catch(() => undefined);

  // Nothing of it was written; the same credit sent again goes through, once.
  expect(await balance(h, token, USDT)).toMatchObject({ available: '0.000000' });
  expect(await credit('100')).toEqual({ type: 'ok', message: 'Done.' });
  expect(await balance(h, token, USDT)).toMatchObject({ available: '100.000000' });
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
});

test('while the database refuses connections every request says so; when it is back the server carries on', async () => {
  await onAdmin(admin(), (client) => client.query(`alter database "${database}" allow_connections false`));
  await cutConnections();
  const refused = await h.call(endpoints.walletList, {}, { token });
  expect(refused).toEqual({ type: 'error', message: 'The exchange cannot reach its database just now. Nothing was changed; please try again in a moment.' });
  expect((await credit('5')).type).toBe('error');

  await onAdmin(admin(), (client) => client.query(`alter database "${database}" allow_connections true`));
  await ok(credit('5'));
  expect(await balance(h, token, USDT)).toMatchObject({ available: '5.000000' });
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
});
