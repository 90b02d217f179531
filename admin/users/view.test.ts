import { expect, test } from 'vitest';
import type { ConsoleT } from '../i18n';
import { appendPage, currencyChoices, heldAccounts, isZero, sessionState } from './view';
import { word } from './words';

const holding = (currency_id: number, code: string, available: string, frozen = '0.000000', locked = '0.000000') => ({
  currency_id,
  code,
  name: code,
  precision: 6,
  available,
  frozen,
  locked,
  usd_value: '0.00',
  locked_usd: '0.00',
});
const balances = {
  total_usd: '100.00',
  accounts: [
    { kind: 'legal', kind_id: 1, usd_value: '0.00', currencies: [holding(3, 'USDT', '0.000000')] },
    { kind: 'change', kind_id: 2, usd_value: '100.00', currencies: [holding(3, 'USDT', '99.500000', '0.500000'), holding(1, 'BTC', '0.00000000'), holding(2, 'ETH', '0', '0', '1.25')] },
  ],
};

test('zero is zero however the server pads it, and nothing else is', () => {
  for (const amount of ['0', '0.000000', '-0.00', '+0', '.0', '0.']) expect(isZero(amount), amount).toBe(true);
  for (const amount of ['0.000001', '-0.01', '10', '1e-9']) expect(isZero(amount), amount).toBe(false);
});

test('an account shows the currencies it holds something of, in any part; an empty account stays, empty', () => {
  const held = heldAccounts(balances);
  expect(held.map((account) => [account.kind, account.currencies.map((row) => row.code)])).toEqual([
    ['legal', []],
    ['change', ['USDT', 'ETH']],
  ]);
  // The answer itself is left as it was.
  expect(balances.accounts[1]?.currencies).toHaveLength(3);
});

test('the ledger can be filtered by each currency of the balances, once, by code', () => {
  expect(currencyChoices(balances)).toEqual([
    { id: 1, code: 'BTC' },
    { id: 2, code: 'ETH' },
    { id: 3, code: 'USDT' },
  ]);
});

test('a session is active, ended by someone, or expired', () => {
  const session = { id: 1, device: '', user_agent: '', ip: '10.0.0.1', created_at: 1, last_seen_at: 2, expires_at: 3 };
  expect(sessionState({ ...session, revoked_at: null, active: true })).toBe('active');
  expect(sessionState({ ...session, revoked_at: 2, active: false })).toBe('ended');
  expect(sessionState({ ...session, revoked_at: null, active: false })).toBe('expired');
});

test('an older page goes after the entries shown, none twice', () => {
  expect(appendPage([{ id: 9 }, { id: 8 }], [{ id: 8 }, { id: 7 }, { id: 6 }]).map((row) => row.id)).toEqual([9, 8, 7, 6]);
  expect(appendPage([], [{ id: 3 }])).toEqual([{ id: 3 }]);
});

test('a value the console knows is said in words; one it does not (a newer server) as the server wrote it', () => {
  const t: ConsoleT = (key) => `<${key}>`;
  expect(word(t, 'directions', 'buy')).toBe('<users.directions.buy>');
  expect(word(t, 'close_reasons', 'stop_loss')).toBe('<users.close_reasons.stop_loss>');
  expect(word(t, 'close_reasons', 'auto_deleverage')).toBe('auto_deleverage');
});
