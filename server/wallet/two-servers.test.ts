import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { operatorTokenFile } from '../operator/auth';
import { createHarness } from '../testing/harness';
import { startServerProcess, type ServerProcess } from '../testing/process';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';

/**
 * Two server processes on one store (the same SQLite file, or the same PostgreSQL
 * database), each with its own exchange queue, so nothing but the database stands
 * between their writes. The same balance spent through both at once never goes below
 * zero, and a request id sent to both at once is done once: the guarded balance update,
 * the unique references and request ids hold across writers, whatever runs in memory.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const env = { SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none', MARKET_HISTORY: 'short', MARKET_RATE: '5' };

test('two servers on one store: the whole balance withdrawn through both at once goes out once; a request id sent to both is done once', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-two-'));
  dirs.push(dataDir);
  const setup = await createHarness(env, { persist: dataDir });
  const token = await setup.registerUser('ann@example.com');
  await setPayPassword(setup, token, 'ann@example.com');
  await verifyIdentity(setup, token);
  await setup.close();

  const servers: ServerProcess[] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
  try {
    const operatorToken = fs.readFileSync(operatorTokenFile(dataDir), 'utf8').trim();
    const post = async (server: ServerProcess, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const login = await post(first, endpoints.login.path, { user_string: 'ann@example.com', password: 'secret-pass' });
    expect(login.type).toBe('ok');
    const session = { authorization: String(login.message) };
    const withdraw = (server: ServerProcess, amount: string, requestId?: string) =>
      post(server, endpoints.withdraw.path, { currency: '3', network: 'TRC20', address: TRON, amount, pay_password: '246810', ...(requestId ? { request_id: requestId } : {}) }, session);

    // Twenty withdrawals of the whole 10,000 USDT, half through each server, at once.
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(i % 2 === 0 ? first : second, '10000')));
    expect(all.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    // The others are refused for the balance, none fails on the store (a busy SQLite file).
    const refusals = all.filter((answer) => answer.type !== 'ok').map((answer) => String(answer.message));
    expect(refusals).toHaveLength(19);
    for (const refusal of refusals) expect(refusal).toMatch(/^Only 0 USDT is available/);

    // Refused by the operator: the money is back; then one request id sent twelve times to both.
    const pending = await fetch(`http://127.0.0.1:${first.port}/api${endpoints.operatorPending.path}`, { headers: { 'x-operator-token': operatorToken } });
    const { message } = (await pending.json()) as { message: { withdrawals: { id: number }[] } };
    const [only] = message.withdrawals;
    expect(message.withdrawals).toHaveLength(1);
    expect((await post(second, endpoints.rejectWithdrawal.path, { id: String(only?.id), reason: 'test' }, { 'x-operator-token': operatorToken })).type).toBe('ok');
    const repeated = await Promise.all(Array.from({ length: 12 }, (_, i) => withdraw(i % 2 === 0 ? first : second, '100', 'one-form-submission')));
    expect(repeated.map((answer) => answer.type)).toEqual(repeated.map(() => 'ok'));
    expect(new Set(repeated.map((answer) => JSON.stringify(answer.message))).size).toBe(1);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }

  const after = await createHarness(env, { persist: dataDir });
  try {
    expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
    const withdrawals = await after.ctx.db.selectFrom('withdrawals').select(['amount', 'status']).orderBy('id').execute();
    expect(withdrawals.map((row) => [Number(row.amount), row.status])).toEqual([
      [10000, 'rejected'],
      [100, 'pending'],
    ]);
    const again = await after.call(endpoints.login, { user_string: 'ann@example.com', password: 'secret-pass' });
    if (again.type !== 'ok' || typeof again.message !== 'string') throw new Error('no session');
    expect(await balance(after, again.message, 3)).toMatchObject({ available: '9900.000000', frozen: '100.000000' });
  } finally {
    await after.close();
  }
  // Two server processes start first: most of the time is theirs.
}, 60_000);

test('two servers on one store share the attempt budgets: of wrong passwords sent through both at once, five are compared', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-two-'));
  dirs.push(dataDir);
  const setup = await createHarness(env, { persist: dataDir });
  const token = await setup.registerUser('ann@example.com');
  await setPayPassword(setup, token, 'ann@example.com');
  await verifyIdentity(setup, token);
  await setup.close();

  const servers: ServerProcess[] = await Promise.all([startServerProcess(dataDir, env), startServerProcess(dataDir, env)]);
  try {
    const post = async (server: ServerProcess, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(fields).toString(),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const login = await post(first, endpoints.login.path, { user_string: 'ann@example.com', password: 'secret-pass' });
    expect(login.type).toBe('ok');
    const session = { authorization: String(login.message) };

    const logins = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i % 2 === 0 ? first : second, endpoints.login.path, { user_string: 'ann@example.com', password: `wrong-pass-${i}` })));
    expect(logins.filter((answer) => answer.message === 'The account or password is incorrect.')).toHaveLength(5);
    expect(logins.filter((answer) => answer.message === 'Too many attempts. Please try again in 2 minutes.')).toHaveLength(35);

    const withdraw = (server: ServerProcess, payPassword: string) =>
      post(server, endpoints.withdraw.path, { currency: '3', network: 'TRC20', address: TRON, amount: '100', pay_password: payPassword }, session);
    const payments = await Promise.all(Array.from({ length: 40 }, (_, i) => withdraw(i % 2 === 0 ? first : second, String(100_000 + i))));
    const locked = 'Too many wrong pay passwords. Please try again in 15 minutes.';
    expect(payments.filter((answer) => answer.message === 'The pay password is wrong.')).toHaveLength(5);
    expect(payments.filter((answer) => answer.message === locked)).toHaveLength(35);
    expect(await withdraw(second, '246810')).toEqual({ type: 'error', message: locked });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  const after = await createHarness(env, { persist: dataDir });
  try {
    expect(await after.ctx.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(0);
  } finally {
    await after.close();
  }
  // Two server processes start in this one: more time than one request's test.
}, 60_000);
