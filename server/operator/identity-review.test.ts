import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness, ok } from '../testing/harness';
import { bindMobile as bindMobileAs, userIdOf } from '../testing/wallet';

/**
 * The operator's identity review (POST /operator/identity/approve and /reject): only an
 * operator's token may decide, a decision is taken once, a refusal carries a reason the
 * user can read, and whatever is refused changes nothing. One user's submission and its
 * review are never visible to, and change nothing for, another user.
 */
let h: Harness;
let ann: string;
let bob: string;
let mobiles = 13600000000;

beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  ann = await h.registerUser('ann@example.com');
  bob = await h.registerUser('bob@example.com');
});
afterEach(async () => {
  await h.close();
});

const bindMobile = (token: string): Promise<void> => bindMobileAs(h, token, String(mobiles++));

/** Ann's level-1 submission, waiting for review (her mobile bound, so it can pass). */
async function annSubmits(): Promise<number> {
  await bindMobile(ann);
  await ok(h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Ann Tester', card_id: 'X1234567' }, { token: ann }));
  const pending = await ok(h.call(endpoints.operatorPending, {}, { operator: true }));
  expect(pending.identities).toHaveLength(1);
  return pending.identities[0]!.id;
}

/** Everything a review may change. */
async function snapshot() {
  const db = h.ctx.db;
  return {
    submissions: await db.selectFrom('identity_submissions').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('users').select(['id', 'real_level', 'updated_at']).orderBy('id').execute(),
    audit: await db.selectFrom('operator_actions').selectAll().orderBy('id').execute(),
  };
}

/** A review call with raw headers, as an HTTP client sends it. */
async function raw(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  const response = await h.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ type: string; message: unknown }>();
}

describe('who may review', () => {
  test("a user's own session token is refused on both endpoints, as a session or as an operator token; nothing changes", async () => {
    const id = await annSubmits();
    const before = await snapshot();
    for (const endpoint of [endpoints.approveIdentity, endpoints.rejectIdentity]) {
      // Ann deciding her own submission, and Bob deciding hers.
      for (const token of [ann, bob]) {
        expect(await h.call(endpoint, { id, reason: 'looks fine' }, { token })).toEqual({ type: '999', message: 'This needs an operator.' });
        expect(await raw(endpoint.path, { id: String(id), reason: 'looks fine' }, { 'x-operator-token': token })).toEqual({ type: '999', message: 'This needs an operator.' });
      }
    }
    expect(await h.call(endpoints.approveIdentity, { id }, { token: ann, lang: 'fra' })).toEqual({ type: '999', message: 'Cette action est réservée aux opérateurs.' });
    expect(await snapshot()).toEqual(before);
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ level: 0, state: 'pending', pending_level: 1 });
  });

  test('no token, an empty one or a made-up one is refused; nothing changes', async () => {
    const id = await annSubmits();
    const before = await snapshot();
    for (const endpoint of [endpoints.approveIdentity, endpoints.rejectIdentity]) {
      expect(await raw(endpoint.path, { id: String(id), reason: 'x' }, {})).toEqual({ type: '999', message: 'This needs an operator.' });
      expect(await raw(endpoint.path, { id: String(id), reason: 'x' }, { 'x-operator-token': '' })).toEqual({ type: '999', message: 'This needs an operator.' });
      expect(await raw(endpoint.path, { id: String(id), reason: 'x' }, { 'x-operator-token': 'A'.repeat(43) })).toEqual({ type: '999', message: 'This needs an operator.' });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('what may be decided', () => {
  test("an unknown id is refused as unknown, in the caller's language; nothing changes", async () => {
    const id = await annSubmits();
    const before = await snapshot();
    expect(await h.call(endpoints.approveIdentity, { id: id + 100 }, { operator: true })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect(await h.call(endpoints.rejectIdentity, { id: id + 100, reason: 'Blurred.' }, { operator: true })).toEqual({ type: 'error', message: 'This record does not exist.' });
    expect(await h.call(endpoints.approveIdentity, { id: id + 100, lang: 'zh-cn' }, { operator: true })).toEqual({ type: 'error', message: '该记录不存在。' });
    expect(await snapshot()).toEqual(before);
  });

  test('an approved submission cannot be approved or rejected again; nor can a rejected one', async () => {
    const approved = await annSubmits();
    expect(await h.call(endpoints.approveIdentity, { id: approved }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
    let before = await snapshot();
    expect(await h.call(endpoints.approveIdentity, { id: approved }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect(await h.call(endpoints.rejectIdentity, { id: approved, reason: 'Changed my mind.' }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect(await snapshot()).toEqual(before);
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ level: 1, state: 'approved', reason: '' });

    await ok(h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Bob Tester', card_id: 'B7654321' }, { token: bob }));
    const rejected = (await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).identities[0]!.id;
    expect(await h.call(endpoints.rejectIdentity, { id: rejected, reason: 'The name does not match.' }, { operator: true })).toEqual({ type: 'ok', message: 'Done.' });
    before = await snapshot();
    expect(await h.call(endpoints.approveIdentity, { id: rejected }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect(await h.call(endpoints.rejectIdentity, { id: rejected, reason: 'Another reason.' }, { operator: true })).toEqual({ type: 'error', message: 'This request has already been reviewed.' });
    expect(await h.call(endpoints.rejectIdentity, { id: rejected, reason: 'Another reason.', lang: 'jp' }, { operator: true })).toEqual({ type: 'error', message: 'この申請はすでに審査済みです。' });
    expect(await snapshot()).toEqual(before);
    expect(await ok(h.call(endpoints.realState, {}, { token: bob }))).toMatchObject({ level: 0, state: 'rejected', reason: 'The name does not match.' });
  });

  test("a refusal needs a reason: empty or blank is refused in the caller's language and changes nothing", async () => {
    const id = await annSubmits();
    const before = await snapshot();
    expect(await h.call(endpoints.rejectIdentity, { id, reason: '' }, { operator: true })).toEqual({ type: 'error', message: 'Reason is too short (at least 1 characters).' });
    expect(await h.call(endpoints.rejectIdentity, { id }, { operator: true })).toEqual({ type: 'error', message: 'Reason is required.' });
    for (const reason of [' ', '   ', '\t', ' \n \u00a0 ']) {
      expect(await h.call(endpoints.rejectIdentity, { id, reason }, { operator: true })).toEqual({ type: 'error', message: 'Please give a reason for the refusal: the user sees it.' });
    }
    const translated: Record<string, string> = {
      fra: 'Veuillez indiquer le motif du refus : l’utilisateur le verra.',
      spa: 'Indique el motivo del rechazo: el usuario lo verá.',
      'zh-cn': '请填写拒绝原因，用户会看到该原因。',
      'zh-tw': '請填寫拒絕原因，用戶會看到該原因。',
      jp: '却下の理由を入力してください（ユーザーに表示されます）。',
      kor: '거절 사유를 입력해 주세요. 사용자에게 표시됩니다.',
      th: 'กรุณาระบุเหตุผลในการปฏิเสธ ผู้ใช้จะเห็นเหตุผลนี้',
    };
    for (const [lang, message] of Object.entries(translated)) {
      expect(await h.call(endpoints.rejectIdentity, { id, reason: '   ', lang }, { operator: true })).toEqual({ type: 'error', message });
    }
    expect(await snapshot()).toEqual(before);
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ state: 'pending', reason: '' });

    // A real reason is stored as the user will read it, without the spaces around it.
    expect((await h.call(endpoints.rejectIdentity, { id, reason: '  The photo is blurred.  ' }, { operator: true })).type).toBe('ok');
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ state: 'rejected', reason: 'The photo is blurred.' });
  });
});

describe("one user's review is no other user's business", () => {
  test("Bob's state is unchanged by Ann's submission, its refusal and its approval, and Bob sees none of it anywhere", async () => {
    await bindMobile(bob);
    const bobState = await ok(h.call(endpoints.realState, {}, { token: bob }));
    const bobInfo = await ok(h.call(endpoints.userInfo, {}, { token: bob }));
    expect(bobState).toMatchObject({ level: 0, state: 'none', pending_level: null, reason: '', name: '' });
    const annId = await userIdOf(h, 'ann@example.com');
    const annUid = (await ok(h.call(endpoints.userInfo, {}, { token: ann }))).uid;
    // Whatever Bob adds to the request, he is answered about himself.
    const bobAsks = async () => {
      for (const extra of [{}, { uid: annUid }, { user_id: annId }, { id: annId }]) {
        expect(await ok(h.call(endpoints.realState, extra, { token: bob }))).toEqual(bobState);
      }
      expect(await ok(h.call(endpoints.userInfo, { uid: annUid }, { token: bob }))).toEqual(bobInfo);
      expect(await h.call(endpoints.operatorPending, {}, { token: bob })).toEqual({ type: '999', message: 'This needs an operator.' });
    };

    const first = await annSubmits();
    await bobAsks();
    expect(await h.call(endpoints.rejectIdentity, { id: first, reason: 'Ann: the number is unreadable.' }, { operator: true })).toMatchObject({ type: 'ok' });
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ state: 'rejected', reason: 'Ann: the number is unreadable.' });
    await bobAsks();

    await ok(h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Ann Tester', card_id: 'X1234567' }, { token: ann }));
    const second = (await ok(h.call(endpoints.operatorPending, {}, { operator: true }))).identities[0]!.id;
    expect(await h.call(endpoints.approveIdentity, { id: second }, { operator: true })).toMatchObject({ type: 'ok' });
    expect(await ok(h.call(endpoints.realState, {}, { token: ann }))).toMatchObject({ level: 1, state: 'approved', name: 'A******' });
    await bobAsks();

    // Bob's own submission is still his own to make, at his own level.
    expect(await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Bob Tester', card_id: 'B7654321' }, { token: bob })).toEqual({
      type: 'ok',
      message: 'Submitted. We will review it shortly.',
    });
    const bobs = await ok(h.call(endpoints.operatorPending, {}, { operator: true }));
    expect(bobs.identities.map((row) => [row.uid, row.name])).toEqual([[bobInfo.uid, 'Bob Tester']]);
  });
});
