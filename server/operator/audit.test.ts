import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { endpoints, type InputOf } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';
import { bindMobile } from '../testing/wallet';

/**
 * GET /operator/audit: the operator console's audit screen reads every decision from it,
 * newest first, a page at a time, filtered by who, what and on what.
 */
let h: Harness;
let rejected = 0;
let approved = 0;
beforeAll(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  const added = await h.call(endpoints.addOperator, { name: 'alice' }, { operator: true });
  if (added.type !== 'ok') throw new Error(added.message);
  // Three users submit level 1; the local operator approves two, alice refuses one.
  const submissions: number[] = [];
  for (const [index, name] of ['ann', 'bob', 'cat'].entries()) {
    const token = await h.registerUser(`${name}@example.com`);
    // A submission passes only with the mobile bound.
    await bindMobile(h, token, String(13700000000 + index));
    expect(await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: `${name} Tester`, card_id: 'P1234567' }, { token })).toMatchObject({ type: 'ok' });
  }
  const pending = await h.call(endpoints.operatorPending, {}, { operator: true });
  if (pending.type !== 'ok') throw new Error(pending.message);
  submissions.push(...pending.message.identities.map((row) => row.id));
  const [first, second, third] = submissions as [number, number, number];
  h.advance(1000);
  expect(await h.call(endpoints.rejectIdentity, { id: first, reason: 'The document is not readable.' }, { headers: { 'x-operator-token': added.message.token } })).toMatchObject({ type: 'ok' });
  h.advance(1000);
  for (const id of [second, third]) expect(await h.call(endpoints.approveIdentity, { id }, { operator: true })).toMatchObject({ type: 'ok' });
  rejected = first;
  approved = third;
});
afterAll(async () => {
  await h.close();
});

async function audit(input: InputOf<typeof endpoints.auditLog> = {}) {
  const answer = await h.call(endpoints.auditLog, input, { operator: true });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

describe('the audit log', () => {
  test('newest first, with who decided, the target, the reason and when; every action it holds, for the filter', async () => {
    const { data, more, actions } = await audit();
    expect(data.map(({ operator, action, target }) => `${operator} ${action} ${target}`)).toEqual([
      `local approve-identity identity:${approved}`,
      `local approve-identity identity:${approved - 1}`,
      `alice reject-identity identity:${rejected}`,
      'local operator-add alice',
    ]);
    expect(data[2]).toMatchObject({ detail: 'The document is not readable.', at: expect.any(Number) });
    expect(data[0]!.at).toBeGreaterThan(data[2]!.at);
    expect(more).toBe(false);
    expect(actions).toEqual(['approve-identity', 'operator-add', 'reject-identity']);
  });

  test('filters by operator, action and target, each matched exactly', async () => {
    expect((await audit({ operator: 'alice' })).data.map((entry) => entry.action)).toEqual(['reject-identity']);
    expect((await audit({ operator: 'ali' })).data).toEqual([]);
    expect((await audit({ action: 'approve-identity' })).data.map((entry) => entry.target)).toEqual([`identity:${approved}`, `identity:${approved - 1}`]);
    expect((await audit({ target: `identity:${rejected}` })).data.map((entry) => entry.operator)).toEqual(['alice']);
    expect((await audit({ operator: 'local', action: 'reject-identity' })).data).toEqual([]);
  });

  test('pages by the last id seen: a page boundary stays put while new decisions arrive', async () => {
    const first = await audit({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.more).toBe(true);
    // A decision made between two pages goes on top, not into the next page.
    expect(await h.call(endpoints.setRate, { code: 'CNY', rate: '7.1' }, { operator: true })).toMatchObject({ type: 'ok' });
    const second = await audit({ limit: 2, before: first.data[1]!.id });
    expect(second.data.map((entry) => entry.action)).toEqual(['reject-identity', 'operator-add']);
    expect(second.more).toBe(false);
    expect((await audit({ limit: 1 })).data[0]).toMatchObject({ operator: 'local', action: 'set-rate', target: 'CNY', detail: '7.1' });
  });

  test('GET /operator/me names the operator whose token it is', async () => {
    expect(await h.call(endpoints.operatorMe, {}, { operator: true })).toEqual({ type: 'ok', message: { name: 'local' } });
  });

  test("refused to a user's token and to none, as every operator endpoint is (type 999: the console signs in again)", async () => {
    const token = await h.registerUser('dan@example.com');
    expect(await h.call(endpoints.auditLog, {}, { token })).toEqual({ type: '999', message: 'This needs an operator.' });
    expect(await h.call(endpoints.auditLog, {})).toEqual({ type: '999', message: 'This needs an operator.' });
    expect(await h.call(endpoints.operatorMe, {}, { token })).toEqual({ type: '999', message: 'This needs an operator.' });
  });
});
