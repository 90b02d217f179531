import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';

/**
 * Operator accounts: the local operator adds and removes the others; each acts with its
 * own token, and the audit names who decided.
 */
let h: Harness;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
});
afterEach(async () => {
  await h.close();
});

/** Calls an operator endpoint with a given token (not the local operator's). */
async function as(token: string, path: string, fields: Record<string, string> = {}) {
  const response = await h.app.inject({
    method: path === '/operator/pending' || path === '/operator/operators' ? 'GET' : 'POST',
    url: `/api${path}`,
    headers: { 'x-operator-token': token, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return response.json<{ type: string; message: unknown }>();
}

describe('operator accounts', () => {
  test('the local operator adds one; it reviews with its own token and the audit names it; removed, its token stops working', async () => {
    const added = await h.call(endpoints.addOperator, { name: 'alice' }, { operator: true });
    if (added.type !== 'ok') throw new Error(added.message);
    expect(added.message.name).toBe('alice');
    expect(added.message.token).toMatch(/^[A-Za-z0-9_-]{20,100}$/);
    expect((await h.call(endpoints.listOperators, {}, { operator: true })).message).toEqual([
      { name: 'local', created_at: expect.any(Number) },
      { name: 'alice', created_at: h.ctx.now() },
    ]);
    // Only a hash is stored.
    const stored = await h.ctx.db.selectFrom('operators').select('token_hash').where('name', '=', 'alice').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(added.message.token);

    const token = await h.registerUser('ann@example.com');
    expect(await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Ann', card_id: 'P1234567' }, { token })).toMatchObject({ type: 'ok' });
    const pending = (await as(added.message.token, '/operator/pending')) as { type: string; message: { identities: { id: number }[] } };
    expect(pending.type).toBe('ok');
    const [submission] = pending.message.identities;
    expect(await as(added.message.token, '/operator/identity/reject', { id: String(submission!.id), reason: 'The document is not readable.' })).toMatchObject({ type: 'ok' });
    const audit = await h.ctx.db.selectFrom('operator_actions').select(['operator', 'action', 'target']).orderBy('id').execute();
    expect(audit).toEqual([
      { operator: 'local', action: 'operator-add', target: 'alice' },
      { operator: 'alice', action: 'reject-identity', target: `identity:${submission!.id}` },
    ]);

    // Alice cannot add or remove operators.
    expect(await as(added.message.token, '/operator/operators/add', { name: 'mallory' })).toEqual({ type: 'error', message: 'Only the local operator can add or remove operators.' });
    expect(await as(added.message.token, '/operator/operators/remove', { name: 'local' })).toEqual({ type: 'error', message: 'Only the local operator can add or remove operators.' });

    expect(await h.call(endpoints.removeOperator, { name: 'alice' }, { operator: true })).toMatchObject({ type: 'ok' });
    expect(await as(added.message.token, '/operator/pending')).toEqual({ type: '999', message: 'This needs an operator.' });
    expect((await h.call(endpoints.listOperators, {}, { operator: true })).message).toEqual([{ name: 'local', created_at: expect.any(Number) }]);
  });

  test('bad names, a name taken, an unknown one and the local operator itself are refused, and nothing changes', async () => {
    await h.call(endpoints.addOperator, { name: 'bob' }, { operator: true });
    const before = await h.ctx.db.selectFrom('operators').selectAll().orderBy('id').execute();
    const rule = 'An operator name is 2 to 30 lowercase letters, digits, - or _, starting with a letter.';
    for (const name of ['B', 'Bob', '1bob', 'bob smith', 'bob<script>']) {
      expect((await h.call(endpoints.addOperator, { name }, { operator: true })).message, name).toBe(rule);
    }
    expect((await h.call(endpoints.addOperator, { name: 'x'.repeat(31) }, { operator: true })).message).toBe('Name is too long (at most 30 characters).');
    expect((await h.call(endpoints.addOperator, { name: '' }, { operator: true })).type).toBe('error');
    expect(await h.call(endpoints.addOperator, { name: 'bob' }, { operator: true })).toEqual({ type: 'error', message: 'An operator with this name already exists.' });
    expect(await h.call(endpoints.removeOperator, { name: 'carol' }, { operator: true })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect(await h.call(endpoints.removeOperator, { name: 'local' }, { operator: true })).toEqual({ type: 'error', message: 'The local operator cannot be removed.' });
    // A user's token is not an operator's.
    const user = await h.registerUser('user@example.com');
    expect(await as(user, '/operator/operators/add', { name: 'eve' })).toEqual({ type: '999', message: 'This needs an operator.' });
    expect(await h.ctx.db.selectFrom('operators').selectAll().orderBy('id').execute()).toEqual(before);
    // In the operator's language.
    expect((await h.call(endpoints.addOperator, { name: 'bob' }, { operator: true, lang: 'fra' })).message).toBe('Un opérateur porte déjà ce nom.');
  });
});
