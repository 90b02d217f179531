import sharp from 'sharp';
import { endpoints } from '../../contract/api';
import { multipartBody, type Harness } from './harness';

/** Helpers for wallet tests: an uploaded image, a verified user, balances. */
export async function uploadImage(h: Harness, token: string): Promise<string> {
  const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#f7a54a' } })
    .png()
    .toBuffer();
  const body = multipartBody({ name: 'voucher.png', type: 'image/png', bytes });
  const response = await h.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, authorization: token }, payload: body.payload });
  const answer = JSON.parse(decodeURIComponent(response.body)) as { type: string; message: string };
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

let mobiles = 13_600_000_000;

/** A source address of its own for a helper's codes, so they spend no test's per-address budget. */
const helperIp = (): string => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The e-mail the account's codes go to. */
async function emailOf(h: Harness, token: string): Promise<string> {
  const me = await h.call(endpoints.userInfo, {}, { token });
  if (me.type !== 'ok' || !me.message.email) throw new Error('the user has no e-mail');
  return me.message.email;
}

/**
 * Binds a mobile number to an e-mail account as the app does: the number's SMS code, a
 * code sent to the account's e-mail (scene change_mobile) and the login password.
 */
export async function bindMobile(h: Harness, token: string, mobile = String(mobiles++), password = 'secret-pass'): Promise<void> {
  const email = await emailOf(h, token);
  const ip = helperIp();
  h.advance(61_000);
  await h.call(endpoints.sendCode, { scene: 'change_mobile' }, { token, ip });
  const contactCode = await h.codeFor(email);
  await h.call(endpoints.sendMobileCode, { area_code: '86', mobile }, { token, ip });
  const code = await h.codeFor(`+86 ${mobile}`);
  const bound = await h.call(endpoints.bindMobile, { area_code: '86', mobile, code, contact_code: contactCode, current_password: password }, { token });
  if (bound.type !== 'ok') throw new Error(bound.message);
}

/** Binds a mobile number and passes identity level 1 (and 2 when asked) through the API and the operator. */
export async function verifyIdentity(h: Harness, token: string, level: 1 | 2 = 1): Promise<void> {
  await bindMobile(h, token);
  await h.call(endpoints.realSubmit, { real_type: 1, id_type: 'passport', name: 'Ann Tester', card_id: 'X1234567' }, { token });
  await approvePendingIdentities(h);
  if (level === 2) {
    await h.call(endpoints.realSubmit, { real_type: 2, front_pic: await uploadImage(h, token), reverse_pic: await uploadImage(h, token) }, { token });
    await approvePendingIdentities(h);
  }
}

export async function approvePendingIdentities(h: Harness): Promise<void> {
  const pending = await h.call(endpoints.operatorPending, {}, { operator: true });
  if (pending.type !== 'ok') throw new Error(pending.message);
  for (const identity of pending.message.identities) await h.call(endpoints.approveIdentity, { id: identity.id }, { operator: true });
}

/** Sets the first pay password as the app does: a code sent to the account's e-mail and the login password. */
export async function setPayPassword(h: Harness, token: string, email: string, payPassword = '246810', password = 'secret-pass'): Promise<void> {
  h.advance(61_000);
  await h.call(endpoints.sendCode, { scene: 'pay_password' }, { token, ip: helperIp() });
  const code = await h.codeFor(email);
  const set = await h.call(endpoints.setPayPassword, { pay_password: payPassword, re_pay_password: payPassword, code, current_password: password }, { token });
  if (set.type !== 'ok') throw new Error(set.message);
}

export async function balance(h: Harness, token: string, currency: number, type: 'legal' | 'change' | 'lever' | 'micro' = 'change') {
  const answer = await h.call(endpoints.walletDetail, { currency, type }, { token });
  if (answer.type !== 'ok') throw new Error(answer.message);
  return answer.message;
}

export async function userIdOf(h: Harness, email: string): Promise<number> {
  return (await h.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Grants a user a 50 % fee coupon for one product (as the operator would), valid a day; answers its id. */
export async function grantFeeCoupon(h: Harness, userId: number, scope: 'conversion' | 'spot'): Promise<number> {
  const now = h.ctx.now();
  const row = await h.ctx.db
    .insertInto('coupons')
    .values({
      user_id: userId,
      kind: 'fee_discount',
      value: '0.5',
      scope,
      currency_id: null,
      status: 'available',
      expires_at: now + 86_400_000,
      used_at: null,
      used_ref: null,
      created_at: now,
      granted_by: null,
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
