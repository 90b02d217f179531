import type { FastifyInstance } from 'fastify';
import { totpEnabled } from '../account-security/totp';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { route } from '../http/route';
import { withdrawalsHeldUntil } from '../auth/protection';
import { toUserInfo } from './users';

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.userInfo, async ({ auth }) => toUserInfo(auth.user, await withdrawalsHeldUntil(ctx.db, auth.user.id, ctx.now()), await totpEnabled(ctx.db, auth.user.id)));

  route(app, ctx, endpoints.editNickname, async ({ input, auth, t }) => {
    await ctx.db
      .updateTable('users')
      .set({ nickname: input.nickname, ...(input.signature === undefined ? {} : { signature: input.signature }), updated_at: ctx.now() })
      .where('id', '=', auth.user.id)
      .execute();
    return t('server:ok.profile_saved');
  });

  route(app, ctx, endpoints.uploadHeadPortrait, async ({ input, auth, t }) => {
    const upload = await ctx.db.selectFrom('uploads').select('id').where('path', '=', input.head_portrait).where('user_id', '=', auth.user.id).executeTakeFirst();
    if (!upload) throw new ApiError('server:errors.upload_not_yours');
    await ctx.db.updateTable('users').set({ head_portrait: input.head_portrait, updated_at: ctx.now() }).where('id', '=', auth.user.id).execute();
    return t('server:ok.avatar_saved');
  });
}
