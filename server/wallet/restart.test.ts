import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { checkLedger } from '../ledger/check';
import { createHarness, HARNESS_START } from '../testing/harness';
import { balance, setPayPassword, verifyIdentity } from '../testing/wallet';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('a restart in the middle of pending withdrawals loses nothing: they are settled after it, once', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-restart-wallet-'));
  dirs.push(dataDir);
  const env = { SIGNUP_GIFT: '10000', AUTO_APPROVE: 'none', MARKET_HISTORY: 'short' };
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

  const before = await createHarness(env, { persist: dataDir });
  const token = await before.registerUser('ann@example.com');
  await setPayPassword(before, token, 'ann@example.com');
  await verifyIdentity(before, token);
  for (const amount of ['1000', '2000', '3000']) {
    const answer = await before.call(endpoints.withdraw, { currency: 3, network: 'TRC20', address: TRON, amount, pay_password: '246810' }, { token });
    expect(answer.type).toBe('ok');
  }
  expect(await balance(before, token, 3)).toMatchObject({ available: '4000.000000', frozen: '6000.000000' });
  await before.close();

  const after = await createHarness(env, { persist: dataDir, start: HARNESS_START + 60 * 60_000 });
  const login = await after.call(endpoints.login, { user_string: 'ann@example.com', password: 'secret-pass' });
  if (login.type !== 'ok' || typeof login.message !== 'string') throw new Error('no session');
  expect(await balance(after, login.message, 3)).toMatchObject({ available: '4000.000000', frozen: '6000.000000' });
  const pending = await after.call(endpoints.operatorPending, {}, { operator: true });
  if (pending.type !== 'ok') throw new Error(pending.message);
  const ids = pending.message.withdrawals.map((w) => w.id);
  expect(pending.message.withdrawals.map((w) => w.amount)).toEqual(['1000.000000', '2000.000000', '3000.000000']);
  await after.call(endpoints.approveWithdrawal, { id: ids[0]! }, { operator: true });
  await after.call(endpoints.rejectWithdrawal, { id: ids[1]!, reason: 'checked after the restart' }, { operator: true });
  await after.call(endpoints.approveWithdrawal, { id: ids[2]! }, { operator: true });
  expect((await after.call(endpoints.approveWithdrawal, { id: ids[0]! }, { operator: true })).type).toBe('error');
  expect(await balance(after, login.message, 3)).toMatchObject({ available: '6000.000000', frozen: '0.000000' });
  expect((await checkLedger(after.ctx.db)).violations).toEqual([]);
  await after.close();
});
