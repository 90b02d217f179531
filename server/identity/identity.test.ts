import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { endpoints } from '../../contract/api';
import { createHarness, type Harness } from '../testing/harness';
import { bindMobile as bindMobileAs, uploadImage } from '../testing/wallet';

let h: Harness;
let token: string;
beforeEach(async () => {
  h = await createHarness({ AUTO_APPROVE: 'none' });
  token = await h.registerUser('id@example.com');
});
afterEach(async () => {
  await h.close();
});

const bindMobile = (t: string, mobile = '13512345678'): Promise<void> => bindMobileAs(h, t, mobile);

const pendingIds = async () => {
  const answer = await h.call(endpoints.operatorPending, {}, { operator: true });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message.identities;
};

describe('identity verification', () => {
  test('level 1, then level 2, each reviewed by an operator; limits follow the level', async () => {
    expect(await h.call(endpoints.realState, {}, { token })).toMatchObject({ message: { level: 0, state: 'none', withdraw_limit_btc: '0', email_bound: true, mobile_bound: false } });
    expect((await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, token), reverse_pic: await uploadImage(h, token) }, { token })).message).toBe(
      'Please complete level 1 verification first.',
    );
    expect(await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Li Lei', card_id: 'a1234567' }, { token })).toEqual({
      type: 'ok',
      message: 'Submitted. We will review it shortly.',
    });
    expect(await h.call(endpoints.realState, {}, { token })).toMatchObject({ message: { level: 0, state: 'pending', pending_level: 1 } });
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Li Lei', card_id: 'B7654321' }, { token })).message).toBe('Your verification is being reviewed.');

    const [submission] = await pendingIds();
    expect(submission).toMatchObject({ level: 1, id_type: 'id_card', name: 'Li Lei', card_id: 'A1234567' });
    expect((await h.call(endpoints.approveIdentity, { id: submission!.id }, { operator: true })).message).toBe('The user must bind both an e-mail address and a mobile number first.');
    await bindMobile(token);
    expect((await h.call(endpoints.approveIdentity, { id: submission!.id }, { operator: true })).type).toBe('ok');
    expect(await h.call(endpoints.realState, {}, { token })).toMatchObject({ message: { level: 1, state: 'approved', name: 'L*****', withdraw_limit_btc: '200', otc_limit_usdt: '2000' } });

    await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, token), reverse_pic: await uploadImage(h, token) }, { token });
    const [second] = await pendingIds();
    await h.call(endpoints.rejectIdentity, { id: second!.id, reason: 'The photo of the back is blurred.' }, { operator: true });
    expect(await h.call(endpoints.realState, {}, { token })).toMatchObject({ message: { level: 1, state: 'rejected', reason: 'The photo of the back is blurred.' } });
    await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, token), reverse_pic: await uploadImage(h, token) }, { token });
    const [third] = await pendingIds();
    await h.call(endpoints.approveIdentity, { id: third!.id }, { operator: true });
    expect(await h.call(endpoints.realState, {}, { token })).toMatchObject({ message: { level: 2, state: 'approved', withdraw_limit_btc: '500', otc_limit_usdt: '1000000' } });
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Li Lei', card_id: 'A1234567' }, { token })).message).toBe('You have already passed this level.');
  });

  test("bad submissions are refused with their own message; photos must be one's own uploads", async () => {
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Li Lei' }, { token })).message).toBe('Please fill in the document type, your name and the document number.');
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'visa', name: 'Li Lei', card_id: 'A1' }, { token })).message).toBe('Please choose the document type.');
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Li Lei', card_id: 'A1 2;' }, { token })).message).toBe(
      'Please enter the document number (letters and digits).',
    );
    expect((await h.call(endpoints.realSubmit, { real_type: 3 }, { token })).message).toBe('Please choose the verification level.');
    const other = await h.registerUser('other@example.com');
    await bindMobile(token);
    await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'id_card', name: 'Li Lei', card_id: 'A1234567' }, { token });
    await h.call(endpoints.approveIdentity, { id: (await pendingIds())[0]!.id }, { operator: true });
    const theirs = await uploadImage(h, other);
    expect((await h.call(endpoints.realSubmit, { real_type: 2, front_pic: theirs, reverse_pic: theirs }, { token })).message).toBe('Please use an image you uploaded yourself.');
    expect(await pendingIds()).toEqual([]);
    expect((await h.call(endpoints.realState, {})).type).toBe('999');
  });

  test('the demo passes a submission once e-mail and mobile are both bound: at once, or at the binding that completes them', async () => {
    await h.close();
    h = await createHarness({ AUTO_APPROVE: 'identity' });
    // Only an e-mail: the submission waits, for the mobile number rather than an operator.
    const t = await h.registerUser('auto@example.com');
    expect((await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Auto', card_id: 'P123456' }, { token: t })).message).toBe('Submitted. We will review it shortly.');
    expect(await h.call(endpoints.realState, {}, { token: t })).toMatchObject({ message: { level: 0, state: 'pending', pending_level: 1, mobile_bound: false } });
    await bindMobile(t);
    expect(await h.call(endpoints.realState, {}, { token: t })).toMatchObject({ message: { level: 1, state: 'approved', mobile_bound: true, withdraw_limit_btc: '200' } });
    // Both bound: level 2 passes at submission, and the answer says so rather than "we will review it".
    expect(await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, t), reverse_pic: await uploadImage(h, t) }, { token: t })).toEqual({
      type: 'ok',
      message: 'Verified: your account is now at level 2.',
    });
    expect(await h.call(endpoints.realState, {}, { token: t })).toMatchObject({ message: { level: 2, state: 'approved', withdraw_limit_btc: '500' } });
    expect(await pendingIds()).toEqual([]);
    // Without the setting a binding passes nothing: the operator reviews.
    await h.close();
    h = await createHarness({ AUTO_APPROVE: 'none' });
    const waiting = await h.registerUser('waits@example.com');
    await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Waits', card_id: 'P654321' }, { token: waiting });
    await bindMobile(waiting, '13512345679');
    expect(await h.call(endpoints.realState, {}, { token: waiting })).toMatchObject({ message: { level: 0, state: 'pending' } });
  });
});
