import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { disable, enable, renewRecoveryCodes, startSetup } from './authenticator';
import { finishTotpLogin } from './login';
import { deviceName, sourceOf } from './logins';
import { login, loginOptions, register, registrationOptions, relyingParty, remove } from './passkeys';
import { activeSessionCount, activeSessions, loginHistory, revokeOne, revokeOthers } from './sessions';
import { enabledFactor, recoveryCodesLeft } from './totp';
import { turnOff, turnOn, whitelistState } from './whitelist';

/** The account security endpoints (contract/api/security.ts). */
export function accountSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.securityOverview, async ({ auth }) => {
    const userId = auth.user.id;
    const [factor, left, passkeys, whitelist, sessions] = await Promise.all([
      enabledFactor(ctx.db, userId),
      recoveryCodesLeft(ctx.db, userId),
      ctx.db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
      whitelistState(ctx.db, userId, ctx.now()),
      activeSessionCount(ctx, userId),
    ]);
    return {
      totp_enabled: factor !== undefined,
      recovery_codes_left: factor ? left : 0,
      passkeys: Number(passkeys.count),
      whitelist_on: whitelist.on,
      whitelist_off_at: whitelist.off_at,
      sessions,
    };
  });

  route(app, ctx, endpoints.totpSetup, async ({ auth }) => startSetup(ctx, auth));
  route(app, ctx, endpoints.totpEnable, async ({ input, auth, language, t }) => enable(ctx, auth, input, language, t));
  route(app, ctx, endpoints.totpDisable, async ({ input, auth, language, t }) => disable(ctx, auth, input, language, t));
  route(app, ctx, endpoints.recoveryCodes, async ({ input, auth, language, t }) => renewRecoveryCodes(ctx, auth, input, language, t));
  route(app, ctx, endpoints.loginTotp, async ({ input, ip, language }) => finishTotpLogin(ctx, input.challenge, input.totp_code, { ip, language }));

  route(app, ctx, endpoints.passkeyOptions, async ({ input, auth, request }) => ({ options: await registrationOptions(ctx, auth, relyingParty(ctx, request), input) }));
  route(app, ctx, endpoints.passkeyRegister, async ({ input, auth, request, userAgent, language, t }) => {
    await register(ctx, auth, relyingParty(ctx, request), input.response, input.name, language, deviceName(userAgent) || t('server:security.passkey_name'));
    return t('server:ok.passkey_added');
  });
  route(app, ctx, endpoints.passkeys, async ({ auth }) => {
    const rows = await ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', auth.user.id).orderBy('id', 'desc').execute();
    return rows.map((row) => ({ id: row.id, name: row.name, backed_up: row.backed_up === 1, created_at: row.created_at, last_used_at: row.last_used_at }));
  });
  route(app, ctx, endpoints.passkeyRemove, async ({ input, auth, language, t }) => {
    await remove(ctx, auth, input.id, input.current_password, language);
    return t('server:ok.passkey_removed');
  });
  route(app, ctx, endpoints.passkeyLoginOptions, async ({ request }) => ({ options: await loginOptions(ctx, relyingParty(ctx, request)) }), { rateLimited: true });
  route(app, ctx, endpoints.passkeyLogin, async (call) => login(ctx, relyingParty(ctx, call.request), call.input.response, sourceOf(call, call.input.device_id)), { rateLimited: true });

  route(app, ctx, endpoints.sessions, async ({ auth }) => activeSessions(ctx, auth));
  route(app, ctx, endpoints.revokeSession, async ({ input, auth, t }) => {
    await revokeOne(ctx, auth, input.id);
    return t('server:ok.session_revoked');
  });
  route(app, ctx, endpoints.revokeOtherSessions, async ({ auth, t }) => t('server:ok.sessions_revoked', { count: await revokeOthers(ctx, auth) }));
  route(app, ctx, endpoints.logins, async ({ input, auth }) => loginHistory(ctx, auth.user.id, input.page ?? 1, input.limit ?? 10));

  route(app, ctx, endpoints.whitelist, async ({ auth }) => whitelistState(ctx.db, auth.user.id, ctx.now()));
  route(app, ctx, endpoints.whitelistOn, async ({ auth, t }) => {
    await turnOn(ctx, auth.user.id);
    return t('server:ok.whitelist_on');
  });
  route(app, ctx, endpoints.whitelistOff, async ({ input, auth, language, t }) => turnOff(ctx, auth, input, language, t));
}
