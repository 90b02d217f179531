import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness } from '../testing/harness';
import { marketReady, startServerProcess } from '../testing/process';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';

/**
 * The real server process is killed (SIGKILL: no shutdown, nothing flushed) while forty
 * withdrawals are on their way. Afterwards each withdrawal the server confirmed is there,
 * locked, and nothing else moved: the ledger checks out, what the user had is exactly
 * available + frozen, and each pending withdrawal settles once.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('a crash in the middle of withdrawals loses nothing and pays nothing twice', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-crash-'));
  dirs.push(dataDir);
  const env = { SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none', MARKET_HISTORY: 'short' };
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  const setup = await createHarness(env, { persist: dataDir });
  const token = await setup.registerUser('ann@example.com');
  await setPayPassword(setup, token, 'ann@example.com');
  await verifyIdentity(setup, token);
  await setup.close();

  const server = await startServerProcess(dataDir, env);
  try {
    const port = server.port;
    const post = async (url: string, fields: Record<string, string>, auth?: string) => {
      const response = await fetch(`http://127.0.0.1:${port}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
        body: new URLSearchParams(fields).toString(),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    const login = await post(endpoints.login.path, { user_string: 'ann@example.com', password: 'secret-pass' });
    expect(login.type).toBe('ok');
    const session = String(login.message);

    // Forty withdrawals of 100 USDT at once; the process dies as soon as five are confirmed.
    let confirmed = 0;
    let killed = false;
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, () =>
        post(endpoints.withdraw.path, { currency: '3', network: 'TRC20', address: TRON, amount: '100', pay_password: '246810' }, session).then((answer) => {
          if (answer.type === 'ok' && ++confirmed >= 5 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
          return answer;
        }),
      ),
    );
    if (!killed) server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    const acknowledged = answers.filter((answer) => answer.status === 'fulfilled' && answer.value.type === 'ok').length;
    expect(acknowledged).toBeGreaterThanOrEqual(5);

    const after = await createHarness(env, { persist: dataDir });
    try {
      expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
      const again = await after.call(endpoints.login, { user_string: 'ann@example.com', password: 'secret-pass' });
      if (again.type !== 'ok' || typeof again.message !== 'string') throw new Error('no session');
      const pending = await after.call(endpoints.operatorPending, {}, { operator: true });
      if (pending.type !== 'ok') throw new Error(pending.message);
      // Every confirmed withdrawal survived; any stored beyond them committed whole.
      const ids = pending.message.withdrawals.map((w) => w.id);
      expect(ids.length).toBeGreaterThanOrEqual(acknowledged);
      expect(ids.length).toBeLessThanOrEqual(40);
      const frozen = new Money(100).times(ids.length);
      expect(await balance(after, again.message, 3)).toMatchObject({ available: new Money(10_000).minus(frozen).toFixed(6), frozen: frozen.toFixed(6) });
      // Each settles once: approve them all, then approving again is refused.
      for (const id of ids) expect((await after.call(endpoints.approveWithdrawal, { id }, { operator: true })).type).toBe('ok');
      expect((await after.call(endpoints.approveWithdrawal, { id: ids[0]! }, { operator: true })).type).toBe('error');
      expect(await balance(after, again.message, 3)).toMatchObject({ available: new Money(10_000).minus(frozen).toFixed(6), frozen: '0.000000' });
      expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
    } finally {
      await after.close();
    }
  } finally {
    await server.stop('SIGKILL');
  }
}, 60_000);

/**
 * Every kind of money move at once, then SIGKILL: each one the server acknowledged is
 * found after the restart (sent again with its request id, it answers what it made and
 * moves nothing; a lock-up order is in the list), and the ledger checks out, before and
 * after those replays.
 */
test('a crash in the middle of every kind of money move loses nothing acknowledged and pays nothing twice', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-crash-'));
  dirs.push(dataDir);
  const env = { SIGNUP_GIFT: '20000', AUTO_APPROVE: 'none', MARKET_HISTORY: 'short' };

  const setup = await createHarness(env, { persist: dataDir });
  const token = await setup.registerUser('bea@example.com');
  for (const to_field of ['lever', 'micro'] as const) {
    const moved = await setup.call(endpoints.moveFunds, { currency_id: 3, number: '4000', from_field: 'change', to_field }, { token });
    if (moved.type !== 'ok') throw new Error(moved.message);
  }
  await setup.close();

  // What each kind sends; `i` makes each request its own.
  const kinds = [
    { endpoint: endpoints.moveFunds, fields: () => ({ currency_id: '3', number: '7', from_field: 'change', to_field: 'lever' }) },
    { endpoint: endpoints.exchange, fields: () => ({ number: '9', from_currency_id: '3', to_currency_id: '1' }) },
    { endpoint: endpoints.spotTrade, fields: () => ({ currency_id: '1', legal_id: '3', type: 'buy', total: '11' }) },
    { endpoint: endpoints.spotTrade, fields: (i: number) => ({ currency_id: '1', legal_id: '3', type: 'buy', amount: '0.001', target_price: String(60_000 + i) }) },
    { endpoint: endpoints.leverSubmit, fields: () => ({ currency_id: '1', legal_id: '3', direction: 'buy', share: '1', multiple: '10' }) },
    { endpoint: endpoints.optionSubmit, fields: () => ({ match_id: '1', currency_id: '3', type: 'up', seconds: '60', number: '10' }) },
    { endpoint: endpoints.lockupBuy, fields: () => ({ config_id: '1', amount: '100' }) },
  ] as const;
  const withRequestId = (kind: (typeof kinds)[number]) => kind.endpoint !== endpoints.lockupBuy;

  const server = await startServerProcess(dataDir, env);
  // The moves need a book to trade against and a price: the simulator's first quotes.
  await marketReady(server.port);
  const acknowledged: { kind: (typeof kinds)[number]; fields: Record<string, string>; message: unknown }[] = [];
  const refused: string[] = [];
  try {
    const post = async (url: string, fields: Record<string, string>, auth?: string) => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(auth ? { authorization: auth } : {}) },
        body: new URLSearchParams(fields).toString(),
      });
      return (await response.json()) as { type: string; message: unknown };
    };
    const login = await post(endpoints.login.path, { user_string: 'bea@example.com', password: 'secret-pass' });
    expect(login.type).toBe('ok');
    const session = String(login.message);

    // Seventy moves, ten of each kind, at once; the process dies once twenty are confirmed.
    let killed = false;
    await Promise.allSettled(
      Array.from({ length: 70 }, (_, i) => {
        const kind = kinds[i % kinds.length]!;
        const fields: Record<string, string> = { ...kind.fields(i), ...(withRequestId(kind) ? { request_id: `crash-move-${i}` } : {}) };
        return post(kind.endpoint.path, fields, session).then((answer) => {
          if (answer.type !== 'ok') return void refused.push(`${kind.endpoint.path}: ${String(answer.message)}`);
          acknowledged.push({ kind, fields, message: answer.message });
          if (acknowledged.length >= 20 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        });
      }),
    );
    if (!killed) server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
  } finally {
    await server.stop('SIGKILL');
  }
  // Every kind was acknowledged at least once before the end.
  expect(new Set(acknowledged.map(({ kind }) => kinds.indexOf(kind))).size, refused.join('\n')).toBe(kinds.length);

  const after = await createHarness(env, { persist: dataDir });
  try {
    expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
    const again = await after.call(endpoints.login, { user_string: 'bea@example.com', password: 'secret-pass' });
    if (again.type !== 'ok' || typeof again.message !== 'string') throw new Error('no session');
    const session = again.message;
    const balances = async () => Promise.all([1, 3].map((currency) => balance(after, session, currency)));
    const before = await balances();
    const lockups = await after.call(endpoints.lockupOrders, {}, { token: again.message });
    if (lockups.type !== 'ok') throw new Error(lockups.message);
    for (const { kind, fields, message } of acknowledged) {
      if (!withRequestId(kind)) {
        expect(JSON.stringify(lockups.message)).toContain(`"id":${(message as { id: number }).id},`);
        continue;
      }
      // Sent again, the request answers what the first made: it was stored with it.
      const replay = await after.call(kind.endpoint, fields, { token: again.message });
      expect(replay).toEqual({ type: 'ok', message: expect.anything() });
      const id = (value: unknown) => (typeof value === 'object' && value !== null && 'id' in value ? value.id : value);
      if (kind.endpoint !== endpoints.moveFunds && kind.endpoint !== endpoints.exchange) expect(id(replay.message)).toBe(id(message));
    }
    // The replays moved nothing, and the ledger still checks out.
    expect(await balances()).toEqual(before);
    expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
  } finally {
    await after.close();
  }
}, 90_000);
