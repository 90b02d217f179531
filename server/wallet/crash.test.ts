import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { Money } from '../../contract/money';
import { checkLedger } from '../ledger/check';
import { createHarness } from '../testing/harness';
import { startServerProcess } from '../testing/process';
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
      if (again.type !== 'ok') throw new Error(again.message);
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
