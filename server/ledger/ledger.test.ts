import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openDatabase } from '../db/database';
import { createHarness, type Harness } from '../testing/harness';
import { storeOf } from '../testing/store';
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
  await h.ctx.exchange.run((step) =>
    record(step, { reason: 'recharge', ref: { kind: 'recharge', id: 1 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '100.5' }], at: 1 }),
  );
  expect((await balanceOf(h.ctx.db, userAccount(user, USDT, 'change'))).toFixed()).toBe('100.5');
  expect((await balanceOf(h.ctx.db, house('treasury', USDT))).toFixed()).toBe('-100.5');
  await expect(
    h.ctx.exchange.run((step) =>
      record(step, { reason: 'recharge', ref: { kind: 'recharge', id: 1 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '1' }], at: 2 }),
    ),
  ).rejects.toBeInstanceOf(AlreadyRecorded);
  expect((await balanceOf(h.ctx.db, userAccount(user, USDT, 'change'))).toFixed()).toBe('100.5');
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
});

test('a user part never goes below zero: the whole transaction is refused', async () => {
  await expect(
    h.ctx.exchange.run((step) =>
      record(step, {
        reason: 'exchange',
        ref: { kind: 'recharge', id: 2 },
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
  expect(await h.ctx.db.selectFrom('ledger_transactions').select('id').where('ref_kind', '=', 'recharge').execute()).toEqual([]);
});

test("amounts must be positive, in one currency per movement, within the currency's decimals; only inside a transaction", async () => {
  const attempt = (movement: Parameters<typeof record>[1]['movements'][number]) =>
    h.ctx.exchange.run((step) => record(step, { reason: 'adjustment', ref: { kind: 'adjustment', id: Math.random() }, userId: user, movements: [movement], at: 1 }));
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '0' })).rejects.toThrow(/positive/);
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '-1' })).rejects.toThrow(/positive/);
  await expect(attempt({ from: house('adjustments', USDT), to: userAccount(user, USDT, 'change'), amount: '0.0000001' })).rejects.toThrow(/decimals/);
  await expect(attempt({ from: house('adjustments', BTC), to: userAccount(user, USDT, 'change'), amount: '1' })).rejects.toThrow(/one currency/);
  const outside = { trx: h.ctx.db, catalogue: h.ctx.catalogue, balanceChanged: () => undefined };
  await expect(record(outside, { reason: 'adjustment', ref: { kind: 'adjustment', id: 'x' }, userId: user, movements: [], at: 1 })).rejects.toThrow(/inside the database transaction/);
});

test('the check finds a tampered balance, a broken running balance and a transaction that does not sum to zero', async () => {
  await h.ctx.exchange.run((step) =>
    record(step, { reason: 'recharge', ref: { kind: 'recharge', id: 3 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '10' }], at: 1 }),
  );
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '11' }).where('user_id', '=', user).execute();
  const entry = await h.ctx.db.selectFrom('ledger_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_entries').set({ amount: '9' }).where('id', '=', entry.id).execute();
  const report = await checkLedger(h.ctx.db);
  expect(report.violations.some((v) => v.includes('does not sum to zero'))).toBe(true);
  expect(report.violations.some((v) => v.includes('but its entries sum to'))).toBe(true);
  expect(report.violations.some((v) => v.includes('running balance'))).toBe(true);
});

test("the check finds figures beyond their currency's decimals and a lock that no order holds", async () => {
  await h.ctx.exchange.run((step) =>
    record(step, { reason: 'recharge', ref: { kind: 'recharge', id: 4 }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '10' }], at: 1 }),
  );
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);
  const entry = await h.ctx.db.selectFrom('ledger_entries').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_entries').set({ amount: '10.000000001' }).where('id', '=', entry.id).execute();
  await h.ctx.db.updateTable('ledger_accounts').set({ part: 'locked' }).where('user_id', '=', user).execute();
  const report = await checkLedger(h.ctx.db);
  expect(report.violations.some((v) => v.includes(`entry ${entry.id} moves 10.000000001, more decimals`))).toBe(true);
  expect(report.violations.some((v) => v.includes('change/locked in currency 3 is 10') && v.includes('active lock-up orders, dual orders, IEO tokens and loans hold 0'))).toBe(true);
});

test('the check finds a reason the bills cannot label, a reference kind the ledger does not know, an account in no real part, and a transaction without entries', async () => {
  const pay = (id: number) =>
    h.ctx.exchange.run((step) =>
      record(step, { reason: 'recharge', ref: { kind: 'recharge', id }, userId: user, movements: [{ from: house('treasury', USDT), to: userAccount(user, USDT, 'change'), amount: '10' }], at: 1 }),
    );
  const first = await pay(5);
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);

  // Each corruption alone is found, and named.
  await h.ctx.db.updateTable('ledger_transactions').set({ reason: 'free_money' }).where('id', '=', first).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`transaction ${first} (recharge:5) has reason "free_money", which is not a ledger reason`]);
  await h.ctx.db.updateTable('ledger_transactions').set({ reason: 'recharge' }).where('id', '=', first).execute();
  await h.ctx.db.updateTable('ledger_transactions').set({ ref_kind: 'gift' }).where('id', '=', first).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`transaction ${first} (gift:5) has reference kind "gift", which the ledger does not know`]);
  await h.ctx.db.updateTable('ledger_transactions').set({ ref_kind: 'recharge' }).where('id', '=', first).execute();

  const account = await h.ctx.db.selectFrom('ledger_accounts').select('id').where('user_id', '=', user).executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_accounts').set({ part: 'spare' }).where('id', '=', account.id).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`account ${account.id} (user:${user} change/spare, 1 entries): "spare" is not a part (available, frozen, locked)`]);
  await h.ctx.db.updateTable('ledger_accounts').set({ part: 'available', kind: 'vault' }).where('id', '=', account.id).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`account ${account.id} (user:${user} vault/available, 1 entries): "vault" is not an account kind (legal, change, lever, micro)`]);
  await h.ctx.db.updateTable('ledger_accounts').set({ kind: 'change' }).where('id', '=', account.id).execute();
  const treasury = await h.ctx.db.selectFrom('ledger_accounts').select('id').where('owner', '=', 'house:treasury').where('currency_id', '=', USDT).executeTakeFirstOrThrow();
  await h.ctx.db.updateTable('ledger_accounts').set({ owner: 'house:mint' }).where('id', '=', treasury.id).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([
    expect.stringMatching(new RegExp(`^account ${treasury.id} \\(house:mint house/house, 1 entries\\) is neither a user's account nor a house account`)),
  ]);
  await h.ctx.db.updateTable('ledger_accounts').set({ owner: 'house:treasury' }).where('id', '=', treasury.id).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([]);

  // A transaction whose entries are gone (balances put back, so only this is wrong).
  const second = await pay(6);
  await h.ctx.db.deleteFrom('ledger_entries').where('transaction_id', '=', second).execute();
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '10' }).where('id', '=', account.id).execute();
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '-10' }).where('id', '=', treasury.id).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`transaction ${second} (recharge:6) has no entries`]);
  // An option's settlement with no entries is sound only for a lost option that paid nothing.
  await h.ctx.db.updateTable('ledger_transactions').set({ reason: 'option_settle', ref_kind: 'option-settle', ref_id: '999' }).where('id', '=', second).execute();
  expect((await checkLedger(h.ctx.db)).violations).toEqual([`transaction ${second} (option-settle:999) has no entries`]);
});

describe('npm run ledger:check -- --data-dir DIR (or DATABASE_URL)', () => {
  const run = async (dataDir: string) =>
    spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/ledger-check.ts', '--data-dir', dataDir], {
      encoding: 'utf8',
      env: { ...process.env, ...(await storeOf(dataDir)).env },
    });
  /** Changes the stored data behind the ledger's back, as a broken tool or a hand would. */
  const tamper = async (dataDir: string, statements: string[]) => {
    const db = await openDatabase((await storeOf(dataDir)).location);
    for (const statement of statements) await sql.raw(statement).execute(db);
    await db.destroy();
  };

  test('prints what it checked and exits 0 on a sound database, 1 with the violation on a tampered one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-check-'));
    try {
      const server = await createHarness({ SIGNUP_GIFT: '100' }, { persist: dir });
      await server.registerUser('chk@example.com');
      await server.close();
      const sound = await run(dir);
      expect(sound.status).toBe(0);
      expect(sound.stdout).toMatch(/\d+ transactions, \d+ entries/);
      expect(sound.stdout).toContain('no violations');

      await tamper(dir, ["UPDATE ledger_accounts SET balance = '999999' WHERE user_id IS NOT NULL AND part = 'available'"]);
      const tampered = await run(dir);
      expect(tampered.status).toBe(1);
      expect(tampered.stderr).toMatch(/violation\(s\)/);
      expect(tampered.stderr).toContain('stores 999999 but its entries sum to');
      expect(sound.stdout).toContain('every reason a ledger reason');
      expect(sound.stdout).toContain('every transaction has entries');
      expect(sound.stdout).toContain('a known kind and part');

      await tamper(dir, [
        "UPDATE ledger_accounts SET balance = (SELECT balance_after FROM ledger_entries WHERE account_id = ledger_accounts.id ORDER BY id DESC LIMIT 1) WHERE user_id IS NOT NULL AND part = 'available'",
        "UPDATE ledger_transactions SET reason = 'free_money'",
        "INSERT INTO ledger_transactions (reason, ref_kind, ref_id, user_id, memo, created_at) VALUES ('recharge', 'empty', '1', NULL, '', 1)",
        "UPDATE ledger_accounts SET part = 'spare' WHERE user_id IS NOT NULL",
      ]);
      const corrupted = await run(dir);
      expect(corrupted.status).toBe(1);
      expect(corrupted.stderr).not.toContain('stores 999999');
      expect(corrupted.stderr).toContain('has reason "free_money", which is not a ledger reason');
      expect(corrupted.stderr).toContain('(empty:1) has no entries');
      expect(corrupted.stderr).toContain('"spare" is not a part (available, frozen, locked)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
