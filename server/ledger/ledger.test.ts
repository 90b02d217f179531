import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHarness, type Harness } from '../testing/harness';
import { userIdOf } from '../testing/wallet';
import { house, userAccount } from './accounts';
import { checkLedger } from './check';
import { AlreadyRecorded, balanceOf, record } from './ledger';

let h: Harness;
let user: number;
beforeEach(async () => {
  h = await createHarness({ SIGNUP_GIFT: '0' });
  await h.registerUser('led@example.com');
  user = await userIdOf(h, 'led@example.com');
});
afterEach(async () => {
  await h.close();
});

const USDT = 3;
const BTC = 1;

test('a transaction moves balances and writes entries that sum to zero; a reference pays once', async () => {
  await h.ctx.db.transaction().execute((trx) =>
    record(trx, { reason: 'recharge', ref: { kind: 'test', id: 1 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '100.5' }], at: 1 }),
  );
  expect((await balanceOf(h.ctx.db, userAccount(user, USDT, 'change'))).toFixed()).toBe('100.5');
  expect((await balanceOf(h.ctx.db, house('treasury', USDT))).toFixed()).toBe('-100.5');
  await expect(
    h.ctx.db.transaction().execute((trx) =>
      record(trx, { reason: 'recharge', ref: { kind: 'test', id: 1 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '1' }], at: 2 }),
    ),
  ).rejects.toBeInstanceOf(AlreadyRecorded);
  expect((await balanceOf(h.ctx.db, userAccount(user, USDT, 'change'))).toFixed()).toBe('100.5');
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
});

test('a user part never goes below zero: the whole transaction is refused', async () => {
  await expect(
    h.ctx.db.transaction().execute((trx) =>
      record(trx, {
        reason: 'exchange',
        ref: { kind: 'test', id: 2 },
        userId: user,
        movements: [
          { from: house('exchange', BTC), to: userAccount(user, BTC, 'change'), amount: '1' },
          { from: userAccount(user, USDT, 'change'), to: house('exchange', USDT), amount: '5' },
        ],
        at: 1,
      }),
    ),
  ).rejects.toMatchObject({ key: 'server:errors.insufficient_balance' });
  expect((await balanceOf(h.ctx.db, userAccount(user, BTC, 'change'))).toFixed()).toBe('0');
  expect(await h.ctx.db.selectFrom('ledger_transactions').select('id').where('ref_kind', '=', 'test').execute()).toEqual([]);
});

test('amounts must be positive, in one currency per movement, within the currency\'s decimals; only inside a transaction', async () => {
  const attempt = (movement: Parameters<typeof record>[1]['movements'][number]) =>
    h.ctx.db.transaction().execute((trx) => record(trx, { reason: 'adjustment', ref: { kind: 'bad', id: Math.random() }, userId: user, movements: [movement], at: 1 }));
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '0' })).rejects.toThrow(/positive/);
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '-1' })).rejects.toThrow(/positive/);
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '0.0000001' })).rejects.toThrow(/decimals/);
  await expect(attempt({ from: house('adjustments', BTC), to: userAccount(user, USDT, 'change'), amount: '1' })).rejects.toThrow(/one currency/);
  await expect(record(h.ctx.db, { reason: 'adjustment', ref: { kind: 'bad', id: 'x' }, userId: user, movements: [], at: 1 })).rejects.toThrow(/inside the database transaction/);
});

test('the check finds a tampered balance, a broken running balance and a transaction that does not sum to zero', async () => {
  await h.ctx.db.transaction().execute((trx) =>
    record(trx, { reason: 'recharge', ref: { kind: 'test', id: 3 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '10' }], at: 1 }),
  );
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '11' }).where('user_id', '=', user).execute();
  const entry = await h.ctx.db.selectFrom('ledger_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_entries').set({ amount: '9' }).where('id', '=', entry.id).execute();
  const report = await checkLedger(h.ctx.db);
  expect(report.violations.some((v) => v.includes('does not sum to zero'))).toBe(true);
  expect(report.violations.some((v) => v.includes('but its entries sum to'))).toBe(true);
  expect(report.violations.some((v) => v.includes('running balance'))).toBe(true);
});

test('the check finds figures beyond their currency\'s decimals and a lock that no order holds', async () => {
  await h.ctx.db.transaction().execute((trx) =>
    record(trx, { reason: 'recharge', ref: { kind: 'test', id: 4 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '10' }], at: 1 }),
  );
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  const entry = await h.ctx.db.selectFrom('ledger_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_entries').set({ amount: '10.000000001' }).where('id', '=', entry.id).execute();
  await h.ctx.db.updateTable('ledger_accounts').set({ part: 'locked' }).where('user_id', '=', user).execute();
  const report = await checkLedger(h.ctx.db);
  expect(report.violations.some((v) => v.includes(`entry ${entry.id} moves 10.000000001, more decimals`))).toBe(true);
  expect(report.violations.some((v) => v.includes('change/locked in currency 3 is 10') && v.includes('active lock-up orders hold 0'))).toBe(true);
});

describe('npm run ledger:check -- --data-dir DIR', () => {
  const run = (dataDir: string) =>
    spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/ledger-check.ts', '--data-dir', dataDir], { encoding: 'utf8' });

  test('prints what it checked and exits 0 on a sound database, 1 with the violation on a tampered one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-check-'));
    try {
      const server = await createHarness({ SIGNUP_GIFT: '100' }, { persist: dir });
      await server.registerUser('chk@example.com');
      await server.close();
      const sound = run(dir);
      expect(sound.status).toBe(0);
      expect(sound.stdout).toMatch(/\d+ transactions, \d+ entries/);
      expect(sound.stdout).toContain('no violations');

      const db = new SQLite(path.join(dir, 'exchange.sqlite'));
      db.prepare("UPDATE ledger_accounts SET balance = '999999' WHERE user_id IS NOT NULL AND part = 'available'").run();
      db.close();
      const tampered = run(dir);
      expect(tampered.status).toBe(1);
      expect(tampered.stderr).toMatch(/violation\(s\)/);
      expect(tampered.stderr).toContain('stores 999999 but its entries sum to');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
