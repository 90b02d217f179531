import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { TEST_POSTGRES_ENV } from '../server/testing/store';
import { createHarness, type Harness } from '../server/testing/harness';
import { fund, quote, uidOf } from '../server/testing/market';
import { moveFunds } from '../server/wallet/moves';
import { startPostgres } from '../scripts/postgres.mjs';

/**
 * The same work on both stores, side by side: spot market orders through the matching
 * engine with their settlement (the book, the ledger records of every fill and fee, the
 * order rows), and transfers between a user's accounts through the ledger, each a step
 * of the exchange, one after another. SQLite is the file in memory the tests use, then a
 * file on disk as the server runs it (synchronous=FULL: each commit synced to the disk)
 * and the same with synchronous=NORMAL (what a power cut may lose) for the difference;
 * PostgreSQL a throwaway local server (fsync off, as in the tests): figures to compare
 * the stores' costs on this machine, not a durability claim.
 */
export interface StoreFigures {
  store: string;
  ordersPerSecond: number;
  transfersPerSecond: number;
}

async function measure(h: Harness, store: StoreFigures['store'], orders: number, transfers: number): Promise<StoreFigures> {
  const token = await h.registerUser('bench@example.com');
  const uid = await uidOf(h, token);
  const userId = (await h.ctx.db.selectFrom('users').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
  await fund(h, uid, 'USDT', '10000000');
  await fund(h, uid, 'BTC', '1000');
  const { spot } = h.ctx.trading;
  const order = (i: number) => h.ctx.exchange.run((step) => spot.place(step, userId, { currency_id: 1, legal_id: 3, type: i % 2 === 0 ? 'buy' : 'sell', amount: '0.001' }));
  const move = (i: number) => moveFunds(h.ctx, userId, { currency_id: 3, number: '1', from_field: i % 2 === 0 ? 'change' : 'lever', to_field: i % 2 === 0 ? 'lever' : 'change' });
  // Every 200 orders the market maker quotes afresh (inside the timing: a step too), so the book never runs dry.
  const requote = (i: number) => (i % 200 === 0 ? quote(h, 1, 96_000) : Promise.resolve());
  const time = async (count: number, work: (i: number) => Promise<unknown>, before: (i: number) => Promise<void> = () => Promise.resolve()) => {
    for (let i = 0; i < 20; i++) await work(i); // warm-up
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      await before(i);
      await work(i);
    }
    return (count / (performance.now() - started)) * 1000;
  };
  await quote(h, 1, 96_000);
  return { store, ordersPerSecond: await time(orders, order, requote), transfersPerSecond: await time(transfers, move) };
}

export async function measureStores(orders = 1000, transfers = 2000): Promise<StoreFigures[]> {
  const figures: StoreFigures[] = [];
  const sqlite = await createHarness({ SIGNUP_GIFT: '0', LOG_LEVEL: 'silent' });
  try {
    figures.push(await measure(sqlite, 'SQLite', orders, transfers));
  } finally {
    await sqlite.close();
  }
  for (const synchronous of ['FULL', 'NORMAL'] as const) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-bench-'));
    const file = await createHarness({ SIGNUP_GIFT: '0', LOG_LEVEL: 'silent' }, { persist: dir, sqlite: true });
    try {
      // server/db/database.ts opens it FULL; NORMAL set here only to show the difference.
      await sql.raw(`pragma synchronous = ${synchronous}`).execute(file.ctx.db);
      figures.push(await measure(file, `SQLite file, synchronous=${synchronous}`, orders, transfers));
    } finally {
      await file.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const postgres = await startPostgres();
  const previous = process.env[TEST_POSTGRES_ENV];
  process.env[TEST_POSTGRES_ENV] = postgres.url;
  try {
    const h = await createHarness({ SIGNUP_GIFT: '0', LOG_LEVEL: 'silent' });
    try {
      figures.push(await measure(h, 'PostgreSQL', orders, transfers));
    } finally {
      await h.close();
    }
  } finally {
    if (previous === undefined) delete process.env[TEST_POSTGRES_ENV];
    else process.env[TEST_POSTGRES_ENV] = previous;
    postgres.stop();
  }
  return figures;
}
