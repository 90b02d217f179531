import { afterEach, beforeEach, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, ok, type Harness } from '../testing/harness';
import { fund, tradeAt, uidOf } from '../testing/market';
import { uploadImage, verifyIdentity } from '../testing/wallet';

/**
 * The console's dashboard: the exchange at a glance, read from the records, and the
 * ledger check run on demand, kept and audited.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
});
afterEach(async () => {
  await h.close();
});

const overview = () => ok(h.call(endpoints.operatorOverview, {}, { operator: true }));
const today = () => new Date(h.ctx.now()).toISOString().slice(0, 10);

test("sign-ups, a credited deposit, fees and open interest show on today's row and in the totals; what waits for review does not", async () => {
  const before = await overview();
  expect(before.days).toHaveLength(30);
  expect(before.days.at(-1)?.day).toBe(today());
  expect(before.ledger_check).toBeNull();

  const ann = await h.registerUser('ann@example.com');
  const bob = await h.registerUser('bob@example.com');
  await verifyIdentity(h, ann, 1);
  await ok(h.call(endpoints.operatorPending, {}, { operator: true }));
  const [identity] = (await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).identities;
  if (identity) await ok(h.call(endpoints.approveIdentity, { id: identity.id }, { operator: true }));
  const voucher = await uploadImage(h, bob);
  await ok(h.call(endpoints.rechargeRequest, { currency: 3, network: 'TRC20', amount: '150', voucher }, { token: bob }));
  await ok(h.call(endpoints.rechargeRequest, { currency: 3, network: 'TRC20', amount: '70', voucher }, { token: bob }));
  const [credited] = (await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).recharges;
  if (!credited) throw new Error('a pending recharge expected');
  await ok(h.call(endpoints.approveRecharge, { id: credited.id }, { operator: true }));

  await fund(h, await uidOf(h, ann), 'USDT', '5000', 'lever');
  await tradeAt(h, 1, 96_000);
  await ok(h.call(endpoints.leverSubmit, { currency_id: 1, legal_id: 3, direction: 'buy', share: 2, multiple: 10 }, { token: ann }));

  const after = await overview();
  expect(after.users.total - before.users.total).toBe(2);
  expect(after.users.verified - before.users.verified).toBe(1);
  const [was, is] = [before.days.at(-1), after.days.at(-1)];
  expect((is?.signups ?? 0) - (was?.signups ?? 0)).toBe(2);
  // The one credited, not the one waiting.
  expect((is?.deposits ?? 0) - (was?.deposits ?? 0)).toBe(1);
  expect(after.deposits.find((sum) => sum.code === 'USDT')).toEqual({ code: 'USDT', count: (before.deposits.find((sum) => sum.code === 'USDT')?.count ?? 0) + 1, amount: expect.any(String) });
  // The contract's opening fee came into the fees account today.
  const fee = await h.ctx.db.selectFrom('lever_positions').select('fee').executeTakeFirstOrThrow();
  expect(Number(is?.fees) - Number(was?.fees)).toBeCloseTo(Number(fee.fee), 6);
  expect(after.fee_currency).toBe('USDT');
  const btc = after.open_interest.find((row) => row.market === 'BTC/USDT');
  expect(btc).toMatchObject({ positions: 1, margin_currency: 'USDT' });
  // Two lots of 0.01 BTC, long.
  expect([Number(btc?.long), Number(btc?.short)]).toEqual([0.02, 0]);
  // Operators only.
  expect(await h.call(endpoints.operatorOverview, {}, { token: ann })).toMatchObject({ type: '999' });
});

test('the ledger check runs on demand: its result is kept for every console, audited, and finds a balance that does not match its entries', async () => {
  const ann = await h.registerUser('ann@example.com');
  await fund(h, await uidOf(h, ann), 'USDT', '100');
  const clean = await ok(h.call(endpoints.operatorLedgerCheck, {}, { operator: true }));
  expect(clean).toMatchObject({ at: h.ctx.now(), operator: 'local', violations: 0, first: [] });
  expect(clean.checked.transactions).toBeGreaterThan(0);
  expect((await overview()).ledger_check).toEqual(clean);

  // A balance changed behind the ledger's back.
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '1000000' }).where('user_id', 'is not', null).where('part', '=', 'available').execute();
  h.advance(1000);
  const broken = await ok(h.call(endpoints.operatorLedgerCheck, {}, { operator: true }));
  expect(broken.violations).toBeGreaterThan(0);
  expect(broken.first[0]).toMatch(/stores 1000000 but its entries sum to 100/);
  expect((await overview()).ledger_check).toEqual(broken);
  const audited = await h.ctx.db.selectFrom('operator_actions').select(['operator', 'action']).where('action', '=', 'ledger-check').execute();
  expect(audited).toEqual([
    { operator: 'local', action: 'ledger-check' },
    { operator: 'local', action: 'ledger-check' },
  ]);
  // Put back, for the harness's own check.
  await h.ctx.db.updateTable('ledger_accounts').set({ balance: '0' }).where('balance', '=', '1000000').execute();
});
