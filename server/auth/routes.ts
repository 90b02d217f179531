import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { isKnownAreaCode } from '../../contract/areas';
import { isMobile } from '../../contract/rules';
import type { AppContext } from '../context';
import { ApiError, sessionEnded } from '../http/errors';
import { route } from '../http/route';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../security/passwords';
import { BUDGETS, guessWithin, reserveAttempt } from '../security/rate-limit';
import { createUser } from '../user/users';
import { welcome } from '../wallet/gifts';
import { accountRef, contactOf, findUser, targetOf, type AccountRef } from './accounts';
import { consumeCode, requestCode, verifyCode, type Delivery, type Scene } from './codes';
import { checkCurrentPassword, confirmChange, recordChange, tellContacts } from './protection';
import { refuseFrozen, revokeAllSessions, revokeSession, type Auth } from './sessions';
import { afterPassword } from '../account-security/login';
import { noteDevice, openSession, recordLogin, sourceOf } from '../account-security/logins';
import { autoApproveIdentity } from '../identity/service';
import { checkPayPassword } from '../wallet/pay-password';

function invalidAccount(userString: string): ApiError {
  return new ApiError(userString.includes('@') ? 'validation:email_invalid' : 'validation:mobile_invalid');
}

function requireRef(userString: string, areaCode: string | undefined): AccountRef {
  const ref = accountRef(userString, areaCode);
  if (!ref) throw invalidAccount(userString);
  return ref;
}

function contact(auth: Auth): AccountRef {
  const ref = contactOf(auth.user);
  if (!ref) throw new ApiError('server:errors.no_contact');
  return ref;
}

function mobileRef(areaCode: string, mobile: string): Extract<AccountRef, { kind: 'mobile' }> {
  if (!isKnownAreaCode(areaCode)) throw new ApiError('validation:area_code_invalid');
  if (!isMobile(areaCode, mobile)) throw new ApiError('validation:mobile_invalid');
  return { kind: 'mobile', areaCode, mobile };
}

/**
 * A code to bind an address, or (when another account has it) a notice to it instead: the
 * answer is "code sent" either way, so binding cannot tell which addresses have accounts.
 */
async function bindingDelivery(ctx: AppContext, ref: AccountRef, userId: number): Promise<Delivery> {
  const owner = await findUser(ctx.db, ref);
  return owner && owner.id !== userId ? 'notice' : 'code';
}

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.sendCode, async ({ input, auth, language, ip, t }) => {
    const scene: Scene | undefined = input.scene ?? input.type;
    if (!scene) throw new ApiError('validation:required', { field: t('validation:fields.scene') });
    const base = { scene, language, ip };
    switch (scene) {
      case 'register':
      case 'forget': {
        if (!input.user_string) throw new ApiError('validation:account_required');
        const to = requireRef(input.user_string, input.area_code);
        const exists = (await findUser(ctx.db, to)) !== undefined;
        const delivery = scene === 'register' ? (exists ? 'notice' : 'code') : exists ? 'code' : 'none';
        await requestCode(ctx, { ...base, to, userId: null, delivery });
        break;
      }
      case 'update_password':
      case 'pay_password':
      case 'change_email':
      case 'change_mobile':
      case 'security': {
        if (!auth) throw sessionEnded();
        await requestCode(ctx, { ...base, to: contact(auth), userId: auth.user.id, delivery: 'code' });
        break;
      }
      case 'bind_email':
      case 'bind_mobile': {
        if (!auth) throw sessionEnded();
        if (!input.user_string) throw new ApiError('validation:account_required');
        const to = requireRef(input.user_string, input.area_code);
        if (to.kind !== (scene === 'bind_email' ? 'email' : 'mobile')) {
          throw new ApiError(scene === 'bind_email' ? 'validation:email_invalid' : 'validation:mobile_invalid');
        }
        await requestCode(ctx, { ...base, to, userId: auth.user.id, delivery: await bindingDelivery(ctx, to, auth.user.id) });
        break;
      }
    }
    return t('server:ok.code_sent');
  });

  route(app, ctx, endpoints.checkCode, async ({ input, auth, t }) => {
    const to = requireRef(input.user_string, input.area_code ?? input.country_code);
    await verifyCode(ctx, { to, scene: input.scene, code: input.email_code, userId: auth?.user.id ?? null });
    return t('server:ok.code_valid');
  });

  route(app, ctx, endpoints.register, async (call) => {
    const { input, ip } = call;
    const kind = input.type ?? 'email';
    const ref = accountRef(input.user_string, input.area_code);
    if (!ref || ref.kind !== kind) throw new ApiError(kind === 'email' ? 'server:errors.account_kind_email' : 'server:errors.account_kind_mobile');
    if (input.password !== input.re_password) throw new ApiError('validation:passwords_differ');
    const codeId = await verifyCode(ctx, { to: ref, scene: 'register', code: input.code, userId: null });
    // Invite codes are looked up only with a right code in hand, and a source's unknown
    // ones are counted: trying codes one after another to find users' invite codes stops soon.
    const invite = input.extension_code?.toUpperCase();
    const invitedBy = invite
      ? await guessWithin(ctx.db, ctx.now, { budget: BUDGETS.invitesPerIp, subject: ip }, { locked: 'server:errors.too_many_attempts', wrong: 'server:errors.invite_code_unknown' }, async () => {
          const inviter = await ctx.db.selectFrom('users').select('id').where('invite_code', '=', invite).executeTakeFirst();
          return inviter?.id ?? null;
        })
      : null;
    const passwordHash = await hashPassword(input.password);
    // A step of the exchange: the account and its paper-trading gift, together.
    const user = await ctx.exchange.run(async (step) => {
      const { trx, time } = step;
      await consumeCode(trx, codeId, time);
      if (await findUser(trx, ref)) throw new ApiError('server:errors.code_invalid');
      const created = await createUser(trx, { ref, passwordHash, invitedBy, now: time });
      await welcome(step, ctx.config, created.id);
      return created;
    });
    const source = sourceOf(call, input.device_id);
    const token = await openSession(ctx, user, source, null);
    // The account's first device: a later login from another one is told to the owner.
    await noteDevice(ctx, user, source, true);
    return token;
  });

  route(app, ctx, endpoints.login, async (call) => {
    const { input, ip } = call;
    const ref = accountRef(input.user_string, input.area_code);
    const account = ref ? targetOf(ref) : `?${input.user_string.trim().toLowerCase()}`;
    // The try is reserved before the password is compared: however many arrive at once,
    // no more are compared than the budgets allow (server/security/rate-limit.ts).
    const perSource = { budget: BUDGETS.loginPerSource, subject: `${account}|${ip}` };
    const perAccount = { budget: BUDGETS.loginPerAccount, subject: account };
    const { attempt, waitMs } = await reserveAttempt(ctx.db, ctx.now, [{ budget: BUDGETS.loginPerIp, subject: ip }, perAccount, perSource]);
    if (!attempt) throw new ApiError('server:errors.too_many_attempts', { minutes: Math.ceil(waitMs / 60_000) });
    try {
      const user = ref ? await findUser(ctx.db, ref) : undefined;
      const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password);
      const source = sourceOf(call, input.device_id);
      // A wrong password for an account is in its login history (server/account-security/logins.ts).
      if (user && !valid) await recordLogin(ctx.db, user.id, source, { method: 'password', secondFactor: null }, ctx.now(), 'password');
      if (!user || !valid) throw new ApiError('server:errors.login_failed');
      // Right: this source starts afresh and the try leaves the account's ceiling; other sources' wrong tries still count.
      await attempt.clear(perSource);
      await attempt.refund(perAccount);
      // A session, or with the authenticator app on, the challenge of the code step.
      return await afterPassword(ctx, user, source);
    } finally {
      // What is left counts: a wrong password under every key, a right one from this IP.
      await attempt.settle();
    }
  });

  route(app, ctx, endpoints.logout, async ({ auth, t }) => {
    await revokeSession(ctx, auth.user.id, auth.sessionId);
    return t('server:ok.logged_out');
  });

  route(app, ctx, endpoints.forgotPassword, async ({ input, language, t }) => {
    const ref = requireRef(input.account, input.area_code);
    if (input.password !== input.repassword) throw new ApiError('validation:passwords_differ');
    const codeId = await verifyCode(ctx, { to: ref, scene: 'forget', code: input.code, userId: null });
    const passwordHash = await hashPassword(input.password);
    const { user, change } = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      const user = await findUser(trx, ref);
      if (!user) throw new ApiError('server:errors.code_invalid');
      // A frozen account keeps its password until an operator unfreezes it (the code stays unused).
      refuseFrozen(user);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
      await revokeAllSessions(ctx, user.id, trx);
      // A reset replaces the password too: withdrawals wait, and every contact is told.
      return { user, change: await recordChange(trx, user.id, 'password', true, now) };
    });
    ctx.sessions.announce({ userId: user.id, sessionId: null });
    tellContacts(ctx, user, change, language);
    return confirmChange(t, 'server:ok.password_reset', change);
  });

  // Changes to the account's protection need the current password and a code sent to the
  // account's contact: the code first (a stolen token alone cannot even try passwords),
  // then the password (server/auth/protection.ts).
  route(app, ctx, endpoints.updatePassword, async ({ input, auth, language, t }) => {
    if (input.password !== input.re_password) throw new ApiError('validation:passwords_differ');
    const codeId = await verifyCode(ctx, { to: contact(auth), scene: 'update_password', code: input.code, userId: auth.user.id });
    await checkCurrentPassword(ctx, auth.user, input.current_password);
    const passwordHash = await hashPassword(input.password);
    const change = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', auth.user.id).execute();
      await revokeAllSessions(ctx, auth.user.id, trx);
      return recordChange(trx, auth.user.id, 'password', true, now);
    });
    ctx.sessions.announce({ userId: auth.user.id, sessionId: null });
    tellContacts(ctx, auth.user, change, language);
    return confirmChange(t, 'server:ok.password_changed', change);
  });

  route(app, ctx, endpoints.sendMobileCode, async ({ input, auth, language, ip, t }) => {
    const to = mobileRef(input.area_code, input.mobile);
    await requestCode(ctx, {
      to,
      scene: 'bind_mobile',
      userId: auth.user.id,
      delivery: await bindingDelivery(ctx, to, auth.user.id),
      language,
      ip,
    });
    return t('server:ok.code_sent');
  });

  // A new number needs its own code (by /sms_send), the account's contact's code and the password.
  route(app, ctx, endpoints.bindMobile, async ({ input, auth, language, t }) => {
    const to = mobileRef(input.area_code, input.mobile);
    const contactCodeId = await verifyCode(ctx, { to: contact(auth), scene: 'change_mobile', code: input.contact_code, userId: auth.user.id });
    const codeId = await verifyCode(ctx, { to, scene: 'bind_mobile', code: input.code, userId: auth.user.id });
    await checkCurrentPassword(ctx, auth.user, input.current_password);
    const { before, change } = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, contactCodeId, now);
      await consumeCode(trx, codeId, now);
      const owner = await findUser(trx, to);
      if (owner && owner.id !== auth.user.id) throw new ApiError('server:errors.mobile_taken');
      const before = await trx.selectFrom('users').selectAll().where('id', '=', auth.user.id).executeTakeFirstOrThrow();
      if (before.area_code === to.areaCode && before.mobile === to.mobile) return { before, change: null };
      await trx.updateTable('users').set({ area_code: to.areaCode, mobile: to.mobile, updated_at: now }).where('id', '=', auth.user.id).execute();
      return { before, change: await recordChange(trx, auth.user.id, 'mobile', before.mobile !== null, now) };
    });
    if (change) tellContacts(ctx, before, change, language);
    await autoApproveIdentity(ctx, auth.user.id);
    return confirmChange(t, 'server:ok.mobile_bound', change);
  });

  // A new address needs its own code (scene bind_email), the account's contact's code and the password.
  route(app, ctx, endpoints.bindEmail, async ({ input, auth, language, t }) => {
    const to = requireRef(input.email, undefined);
    if (to.kind !== 'email') throw new ApiError('validation:email_invalid');
    const contactCodeId = await verifyCode(ctx, { to: contact(auth), scene: 'change_email', code: input.contact_code, userId: auth.user.id });
    const codeId = await verifyCode(ctx, { to, scene: 'bind_email', code: input.code, userId: auth.user.id });
    await checkCurrentPassword(ctx, auth.user, input.current_password);
    const { before, change } = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, contactCodeId, now);
      await consumeCode(trx, codeId, now);
      const owner = await findUser(trx, to);
      if (owner && owner.id !== auth.user.id) throw new ApiError('server:errors.email_taken');
      const before = await trx.selectFrom('users').selectAll().where('id', '=', auth.user.id).executeTakeFirstOrThrow();
      if (before.email === to.email) return { before, change: null };
      await trx.updateTable('users').set({ email: to.email, updated_at: now }).where('id', '=', auth.user.id).execute();
      return { before, change: await recordChange(trx, auth.user.id, 'email', before.email !== null, now) };
    });
    if (change) tellContacts(ctx, before, change, language);
    await autoApproveIdentity(ctx, auth.user.id);
    return confirmChange(t, 'server:ok.email_bound', change);
  });

  // The first pay password needs the login password; a new one the current pay password, or
  // the login password when it is forgotten (the pause then gives the owner time all the same).
  route(app, ctx, endpoints.setPayPassword, async ({ input, auth, language, t }) => {
    if (input.pay_password !== input.re_pay_password) throw new ApiError('server:errors.pay_passwords_differ');
    const codeId = await verifyCode(ctx, { to: contact(auth), scene: 'pay_password', code: input.code, userId: auth.user.id });
    const replacing = auth.user.pay_password_hash !== null;
    if (replacing && input.current_pay_password !== undefined) await checkPayPassword(ctx, auth.user, input.current_pay_password);
    else if (input.current_password !== undefined) await checkCurrentPassword(ctx, auth.user, input.current_password);
    else throw new ApiError(replacing ? 'server:errors.current_pay_password_required' : 'validation:current_password_required');
    const payHash = await hashPassword(input.pay_password);
    const change = await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      await trx.updateTable('users').set({ pay_password_hash: payHash, updated_at: now }).where('id', '=', auth.user.id).execute();
      return recordChange(trx, auth.user.id, 'pay_password', replacing, now);
    });
    tellContacts(ctx, auth.user, change, language);
    return confirmChange(t, 'server:ok.pay_password_set', change);
  });
}
