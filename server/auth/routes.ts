import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import { isKnownAreaCode } from '../../contract/areas';
import { isMobile } from '../../contract/rules';
import type { AppContext } from '../context';
import { ApiError, sessionEnded } from '../http/errors';
import { route } from '../http/route';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../security/passwords';
import { createUser } from '../user/users';
import { welcome } from '../wallet/gifts';
import { accountRef, contactOf, findUser, targetOf, type AccountRef } from './accounts';
import { consumeCode, requestCode, verifyCode, type Scene } from './codes';
import { createSession, revokeAllSessions, revokeSession, type Auth } from './sessions';
import { autoApproveIdentity } from '../identity/service';

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

async function ensureFree(ctx: AppContext, ref: AccountRef, userId: number): Promise<void> {
  const owner = await findUser(ctx.db, ref);
  if (owner && owner.id !== userId) throw new ApiError(ref.kind === 'email' ? 'server:errors.email_taken' : 'server:errors.mobile_taken');
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
      case 'pay_password': {
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
        await requestCode(ctx, { ...base, to, userId: auth.user.id, delivery: 'code', refuseIf: () => ensureFree(ctx, to, auth.user.id) });
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

  route(app, ctx, endpoints.register, async ({ input, ip, userAgent }) => {
    const kind = input.type ?? 'email';
    const ref = accountRef(input.user_string, input.area_code);
    if (!ref || ref.kind !== kind) throw new ApiError(kind === 'email' ? 'server:errors.account_kind_email' : 'server:errors.account_kind_mobile');
    if (input.password !== input.re_password) throw new ApiError('validation:passwords_differ');
    let invitedBy: number | null = null;
    if (input.extension_code) {
      const inviter = await ctx.db.selectFrom('users').select('id').where('invite_code', '=', input.extension_code.toUpperCase()).executeTakeFirst();
      if (!inviter) throw new ApiError('server:errors.invite_code_unknown');
      invitedBy = inviter.id;
    }
    const codeId = await verifyCode(ctx, { to: ref, scene: 'register', code: input.code, userId: null });
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
    return createSession(ctx, user.id, ip, userAgent);
  });

  route(app, ctx, endpoints.login, async ({ input, ip, userAgent }) => {
    const now = ctx.now();
    const ref = accountRef(input.user_string, input.area_code);
    const accountKey = ref ? targetOf(ref) : `?${input.user_string.trim().toLowerCase()}`;
    const blocked = Math.max(ctx.limits.loginAttemptsPerIp.blockedFor(ip, now), ctx.limits.loginFailuresPerAccount.blockedFor(accountKey, now));
    if (blocked > 0) throw new ApiError('server:errors.too_many_attempts', { minutes: Math.ceil(blocked / 60_000) });
    ctx.limits.loginAttemptsPerIp.record(ip, now);
    const user = ref ? await findUser(ctx.db, ref) : undefined;
    const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstNothing(input.password);
    if (!user || !valid) {
      ctx.limits.loginFailuresPerAccount.record(accountKey, now);
      throw new ApiError('server:errors.login_failed');
    }
    ctx.limits.loginFailuresPerAccount.clear(accountKey);
    return createSession(ctx, user.id, ip, userAgent);
  });

  route(app, ctx, endpoints.logout, async ({ auth, t }) => {
    await revokeSession(ctx, auth.sessionId);
    return t('server:ok.logged_out');
  });

  route(app, ctx, endpoints.forgotPassword, async ({ input, t }) => {
    const ref = requireRef(input.account, input.area_code);
    if (input.password !== input.repassword) throw new ApiError('validation:passwords_differ');
    const codeId = await verifyCode(ctx, { to: ref, scene: 'forget', code: input.code, userId: null });
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      const user = await findUser(trx, ref);
      if (!user) throw new ApiError('server:errors.code_invalid');
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', user.id).execute();
      await revokeAllSessions(ctx, user.id, trx);
    });
    return t('server:ok.password_reset');
  });

  route(app, ctx, endpoints.updatePassword, async ({ input, auth, t }) => {
    if (input.password !== input.re_password) throw new ApiError('validation:passwords_differ');
    const codeId = await verifyCode(ctx, { to: contact(auth), scene: 'update_password', code: input.code, userId: auth.user.id });
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', auth.user.id).execute();
      await revokeAllSessions(ctx, auth.user.id, trx);
    });
    return t('server:ok.password_changed');
  });

  route(app, ctx, endpoints.sendMobileCode, async ({ input, auth, language, ip, t }) => {
    const to = mobileRef(input.area_code, input.mobile);
    await requestCode(ctx, {
      to,
      scene: 'bind_mobile',
      userId: auth.user.id,
      delivery: 'code',
      language,
      ip,
      refuseIf: () => ensureFree(ctx, to, auth.user.id),
    });
    return t('server:ok.code_sent');
  });

  route(app, ctx, endpoints.bindMobile, async ({ input, auth, t }) => {
    const to = mobileRef(input.area_code, input.mobile);
    const codeId = await verifyCode(ctx, { to, scene: 'bind_mobile', code: input.code, userId: auth.user.id });
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      const owner = await findUser(trx, to);
      if (owner && owner.id !== auth.user.id) throw new ApiError('server:errors.mobile_taken');
      await trx.updateTable('users').set({ area_code: to.areaCode, mobile: to.mobile, updated_at: now }).where('id', '=', auth.user.id).execute();
    });
    await autoApproveIdentity(ctx, auth.user.id);
    return t('server:ok.mobile_bound');
  });

  route(app, ctx, endpoints.bindEmail, async ({ input, auth, t }) => {
    const to = requireRef(input.email, undefined);
    if (to.kind !== 'email') throw new ApiError('validation:email_invalid');
    const codeId = await verifyCode(ctx, { to, scene: 'bind_email', code: input.code, userId: auth.user.id });
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      const owner = await findUser(trx, to);
      if (owner && owner.id !== auth.user.id) throw new ApiError('server:errors.email_taken');
      await trx.updateTable('users').set({ email: to.email, updated_at: now }).where('id', '=', auth.user.id).execute();
    });
    await autoApproveIdentity(ctx, auth.user.id);
    return t('server:ok.email_bound');
  });

  route(app, ctx, endpoints.setPayPassword, async ({ input, auth, t }) => {
    if (input.pay_password !== input.re_pay_password) throw new ApiError('server:errors.pay_passwords_differ');
    const codeId = await verifyCode(ctx, { to: contact(auth), scene: 'pay_password', code: input.code, userId: auth.user.id });
    const payHash = await hashPassword(input.pay_password);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await consumeCode(trx, codeId, now);
      await trx.updateTable('users').set({ pay_password_hash: payHash, updated_at: now }).where('id', '=', auth.user.id).execute();
    });
    return t('server:ok.pay_password_set');
  });
}
