import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';
import { userIdOf, verifyIdentity } from '../testing/wallet';
import { sameName } from './cards';

/**
 * Bank cards: one domestic and one international card per user, level 1 first (998),
 * the holder is the verified name ("Ann Tester" in verifyIdentity), every field has its
 * own message, and nobody reads or changes anybody else's card.
 */
let h: Harness;
let ann: string;
beforeEach(async () => {
  h = await createHarness();
  ann = await h.registerUser('ann@example.com');
});
afterEach(async () => {
  await h.close();
});

const domestic = {
  real_name: 'Ann Tester',
  bank_name: 'Bank of Kestrel',
  bank_account: '6222 0200 1234 5678',
  phone: '+86 138 0000 8000',
  bank_network: 'Harbour Road branch',
  bank_dizhi: 'Hong Kong',
};
const international = {
  real_name: 'Ann Tester',
  bank_name: 'First Atlantic Bank',
  bank_account: 'US12-3456-7890',
  phone: '+1 555 0100',
  alipay_account: '021000021',
  swift_code: 'fatbus33xxx',
  wechat_account: '1 Main Street, Springfield',
  bank_dizhi: '200 Park Avenue, New York',
};

const VERIFY_FIRST = { type: '998', message: 'Please complete identity verification first.' };
const MISMATCH = { type: 'error', message: 'The card holder must be the name you verified your identity with.' };

async function cards(token: string) {
  const d = await h.call(endpoints.cashInfo, {}, { token });
  const i = await h.call(endpoints.cashInfoInternational, {}, { token });
  return { domestic: d, international: i };
}

async function storedRows() {
  return h.ctx.db.selectFrom('bank_cards').selectAll().orderBy('user_id').orderBy('kind').execute();
}

describe('before identity level 1', () => {
  test('every card endpoint answers 998 and nothing is saved', async () => {
    expect(await h.call(endpoints.cashSave, domestic, { token: ann })).toEqual(VERIFY_FIRST);
    expect(await h.call(endpoints.cashSaveInternational, international, { token: ann })).toEqual(VERIFY_FIRST);
    expect(await h.call(endpoints.cashInfo, {}, { token: ann })).toEqual(VERIFY_FIRST);
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: ann })).toEqual(VERIFY_FIRST);
    expect(await storedRows()).toEqual([]);
  });

  test('without a session the answer is 999', async () => {
    expect((await h.call(endpoints.cashSave, domestic)).type).toBe('999');
    expect((await h.call(endpoints.cashInfo, {})).type).toBe('999');
    expect((await h.call(endpoints.cashInfoInternational, {}, { token: 'not-a-token' })).type).toBe('999');
  });

  test('the 998 is translated', async () => {
    const answer = await h.call(endpoints.cashSave, domestic, { token: ann, lang: 'zh-cn' });
    expect(answer.type).toBe('998');
    expect(answer.message).not.toBe(VERIFY_FIRST.message);
  });
});

describe('after identity level 1', () => {
  beforeEach(async () => {
    await verifyIdentity(h, ann);
  });

  test('no card yet answers null', async () => {
    expect(await cards(ann)).toEqual({ domestic: { type: 'ok', message: null }, international: { type: 'ok', message: null } });
  });

  test('the domestic card is saved, read back, and replaced by the next save', async () => {
    expect(await h.call(endpoints.cashSave, { ...domestic, real_name: '  ann   TESTER ' }, { token: ann })).toEqual({ type: 'ok', message: 'Your bank card has been saved.' });
    const first = h.ctx.now();
    expect(await h.call(endpoints.cashInfo, {}, { token: ann })).toEqual({ type: 'ok', message: { ...domestic, real_name: 'ann TESTER', updated_at: first } });

    h.advance(60_000);
    const replaced = { ...domestic, bank_name: 'Second Bank', bank_account: '9999888877776666' };
    expect((await h.call(endpoints.cashSave, replaced, { token: ann, json: true })).type).toBe('ok');
    expect(await h.call(endpoints.cashInfo, {}, { token: ann })).toEqual({ type: 'ok', message: { ...replaced, updated_at: first + 60_000 } });
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'domestic', created_at: first, updated_at: first + 60_000 });
    // The international card is a different one.
    expect((await h.call(endpoints.cashInfoInternational, {}, { token: ann })).message).toBeNull();
  });

  test('the international card is saved (SWIFT in capitals) and replaced', async () => {
    expect(await h.call(endpoints.cashSaveInternational, international, { token: ann })).toEqual({ type: 'ok', message: 'Your bank card has been saved.' });
    const saved = { ...international, swift_code: 'FATBUS33XXX', wechat_nickname: 'FATBUS33XXX', updated_at: h.ctx.now() };
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: ann })).toEqual({ type: 'ok', message: saved });
    h.advance(1000);
    expect((await h.call(endpoints.cashSaveInternational, { ...international, swift_code: 'DEUTDEFF' }, { token: ann })).type).toBe('ok');
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: ann })).toMatchObject({ type: 'ok', message: { swift_code: 'DEUTDEFF', updated_at: saved.updated_at + 1000 } });
    expect((await h.call(endpoints.cashInfo, {}, { token: ann })).message).toBeNull();
    expect(await storedRows()).toHaveLength(1);
  });

  test('older clients send the SWIFT code as wechat_nickname: it is stored and read back under both names', async () => {
    const { swift_code: _, ...older } = international;
    expect((await h.call(endpoints.cashSaveInternational, { ...older, wechat_nickname: 'bofaus3n' }, { token: ann })).type).toBe('ok');
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: ann })).toMatchObject({ message: { swift_code: 'BOFAUS3N', wechat_nickname: 'BOFAUS3N' } });
    expect(await storedRows()).toMatchObject([{ kind: 'international', swift_code: 'BOFAUS3N' }]);
    // It is checked as a SWIFT code, and swift_code wins when both come.
    const before = await storedRows();
    expect(await h.call(endpoints.cashSaveInternational, { ...older, wechat_nickname: 'FATB' }, { token: ann })).toEqual({
      type: 'error',
      message: 'Please enter the SWIFT code: 8 or 11 letters and digits.',
    });
    expect(await storedRows()).toEqual(before);
    expect((await h.call(endpoints.cashSaveInternational, { ...international, wechat_nickname: 'BOFAUS3N' }, { token: ann })).type).toBe('ok');
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: ann })).toMatchObject({ message: { swift_code: 'FATBUS33XXX', wechat_nickname: 'FATBUS33XXX' } });
  });

  test('a card holder other than the verified name is refused and changes nothing', async () => {
    await h.call(endpoints.cashSave, domestic, { token: ann });
    const before = await storedRows();
    h.advance(1000);
    expect(await h.call(endpoints.cashSave, { ...domestic, real_name: 'Bob Tester', bank_name: 'Other Bank' }, { token: ann })).toEqual(MISMATCH);
    expect(await h.call(endpoints.cashSave, { ...domestic, real_name: 'Ann T.' }, { token: ann })).toEqual(MISMATCH);
    expect(await h.call(endpoints.cashSaveInternational, { ...international, real_name: 'AnnTester' }, { token: ann })).toEqual(MISMATCH);
    expect(await storedRows()).toEqual(before);
  });

  describe('bad input: each field its own message, nothing changes, never a 500', () => {
    const domesticMessages: Record<keyof typeof domestic, string> = {
      real_name: "Please enter the card holder's name, the same as your verified name.",
      bank_name: 'Please enter the name of the bank.',
      bank_account: 'Please enter the account number: 6 to 34 letters or digits.',
      phone: 'Please enter the phone number of the account: 5 to 20 digits.',
      bank_network: 'Please enter the branch of the bank.',
      bank_dizhi: 'Please enter the region of the bank.',
    };
    const internationalMessages: Record<keyof typeof international, string> = {
      real_name: domesticMessages.real_name,
      bank_name: domesticMessages.bank_name,
      bank_account: domesticMessages.bank_account,
      phone: domesticMessages.phone,
      alipay_account: 'Please enter the ABA number: 9 digits.',
      swift_code: 'Please enter the SWIFT code: 8 or 11 letters and digits.',
      wechat_account: "Please enter the card holder's address.",
      bank_dizhi: 'Please enter the address of the bank.',
    };

    test('domestic', async () => {
      await h.call(endpoints.cashSave, domestic, { token: ann });
      const before = await storedRows();
      h.advance(1000);
      for (const [field, message] of Object.entries(domesticMessages)) {
        const missing: Record<string, string> = { ...domestic };
        delete missing[field];
        expect(await h.call(endpoints.cashSave, missing, { token: ann }), `${field} missing`).toEqual({ type: 'error', message });
        expect(await h.call(endpoints.cashSave, { ...domestic, [field]: '' }, { token: ann }), `${field} empty`).toEqual({ type: 'error', message });
        expect(await h.call(endpoints.cashSave, { ...domestic, [field]: '   ' }, { token: ann, json: true }), `${field} blank`).toEqual({ type: 'error', message });
      }
      const wrong: [Partial<typeof domestic>, string][] = [
        [{ bank_account: '12345' }, domesticMessages.bank_account],
        [{ bank_account: '6222_0200' }, domesticMessages.bank_account],
        [{ phone: 'call me' }, domesticMessages.phone],
        [{ phone: '123' }, domesticMessages.phone],
        [{ bank_account: '1'.repeat(35) }, 'Account number is too long (at most 34 characters).'],
        [{ bank_name: 'x'.repeat(101) }, 'Bank name is too long (at most 100 characters).'],
        [{ bank_dizhi: 'x'.repeat(201) }, 'Bank address is too long (at most 200 characters).'],
      ];
      for (const [change, message] of wrong) expect(await h.call(endpoints.cashSave, { ...domestic, ...change }, { token: ann }), JSON.stringify(change)).toEqual({ type: 'error', message });
      expect(await storedRows()).toEqual(before);
    });

    test('international', async () => {
      await h.call(endpoints.cashSaveInternational, international, { token: ann });
      const before = await storedRows();
      h.advance(1000);
      for (const [field, message] of Object.entries(internationalMessages)) {
        const missing: Record<string, string> = { ...international };
        delete missing[field];
        expect(await h.call(endpoints.cashSaveInternational, missing, { token: ann }), `${field} missing`).toEqual({ type: 'error', message });
        expect(await h.call(endpoints.cashSaveInternational, { ...international, [field]: '' }, { token: ann }), `${field} empty`).toEqual({ type: 'error', message });
      }
      const wrong: [Partial<typeof international>, string][] = [
        [{ alipay_account: '12345678' }, internationalMessages.alipay_account],
        [{ alipay_account: '12345678A' }, internationalMessages.alipay_account],
        [{ alipay_account: '1234567890' }, 'ABA number is too long (at most 9 characters).'],
        [{ swift_code: 'FATB' }, internationalMessages.swift_code],
        [{ swift_code: '1234US33' }, internationalMessages.swift_code],
        [{ swift_code: 'FATBUS33X' }, internationalMessages.swift_code],
        [{ wechat_account: '   ' }, internationalMessages.wechat_account],
        [{ bank_dizhi: ' \t ' }, internationalMessages.bank_dizhi],
      ];
      for (const [change, message] of wrong)
        expect(await h.call(endpoints.cashSaveInternational, { ...international, ...change }, { token: ann }), JSON.stringify(change)).toEqual({ type: 'error', message });
      expect(await storedRows()).toEqual(before);
    });

    test('repeated fields and forbidden names are refused', async () => {
      const body = new URLSearchParams({ ...domestic }).toString() + '&bank_name=Second';
      const response = await h.app.inject({ method: 'POST', url: '/api/user/cash_save', headers: { authorization: ann, 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ type: 'error' });
      expect(await storedRows()).toEqual([]);
    });

    test("messages come in the caller's language", async () => {
      const answer = await h.call(endpoints.cashSave, { ...domestic, bank_name: '' }, { token: ann, lang: 'zh-cn' });
      expect(answer.type).toBe('error');
    });
  });
});

describe('each user only ever sees and changes their own cards', () => {
  test("one user cannot read or overwrite another's card, whatever ids they send", async () => {
    const bob = await h.registerUser('bob@example.com');
    await verifyIdentity(h, ann);
    await verifyIdentity(h, bob); // verified as "Ann Tester" too: the same name does not share a card
    expect((await h.call(endpoints.cashSave, domestic, { token: ann })).type).toBe('ok');
    expect((await h.call(endpoints.cashSaveInternational, international, { token: ann })).type).toBe('ok');
    const annId = await userIdOf(h, 'ann@example.com');
    const annUid = (await h.ctx.db.selectFrom('users').select('uid').where('id', '=', annId).executeTakeFirstOrThrow()).uid;

    // Bob sees no card, even naming Ann's ids (unknown fields are ignored).
    expect(await h.call(endpoints.cashInfo, { uid: annUid, user_id: annId, id: annId }, { token: bob })).toEqual({ type: 'ok', message: null });
    expect(await h.call(endpoints.cashInfoInternational, { uid: annUid, user_id: annId }, { token: bob })).toEqual({ type: 'ok', message: null });

    // Bob's save makes his own card; Ann's stays as it was.
    const bobs = { ...domestic, bank_name: 'Bob Bank', bank_account: '111122223333' };
    expect((await h.call(endpoints.cashSave, { ...bobs, uid: annUid, user_id: annId }, { token: bob })).type).toBe('ok');
    expect(await h.call(endpoints.cashInfo, {}, { token: ann })).toMatchObject({ type: 'ok', message: { bank_name: 'Bank of Kestrel', bank_account: domestic.bank_account } });
    expect(await h.call(endpoints.cashInfo, {}, { token: bob })).toMatchObject({ type: 'ok', message: { bank_name: 'Bob Bank' } });
    expect(await h.call(endpoints.cashInfoInternational, {}, { token: bob })).toEqual({ type: 'ok', message: null });
    const rows = await storedRows();
    expect(rows.map((row) => [row.user_id === annId ? 'ann' : 'bob', row.kind, row.bank_name])).toEqual([
      ['ann', 'domestic', 'Bank of Kestrel'],
      ['ann', 'international', 'First Atlantic Bank'],
      ['bob', 'domestic', 'Bob Bank'],
    ]);
  });
});

test('names compare trimmed, case-insensitive, with runs of spaces as one', () => {
  expect(sameName(' Ann   Tester ', 'ann tester')).toBe(true);
  expect(sameName('ANN\tTESTER', 'Ann Tester')).toBe(true);
  expect(sameName('Ann Testers', 'Ann Tester')).toBe(false);
  expect(sameName('AnnTester', 'Ann Tester')).toBe(false);
});
