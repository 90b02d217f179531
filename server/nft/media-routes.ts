import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { ApiError, unreadableMultipart } from '../http/errors';
import { route } from '../http/route';
import { audit } from '../operator/auth';
import { checkMedia, MAX_MEDIA_BYTES, storeMedia } from './media';

/** The multipart reader's own refusal of a file over its limit (@fastify/multipart). */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * POST /operator/nft/upload: an artwork's media in the multipart part "file", checked by
 * its content (media.ts), stored under /uploads/nft/ and recorded; the upload is audited
 * under the operator's name. Served like every upload (app.ts): by @fastify/static, its
 * type from its extension, nosniff, byte ranges for audio and video.
 */
export function nftMediaRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.nftUpload, async ({ request, operator }) => {
    if (!request.isMultipart()) throw new ApiError('server:errors.nft_media_missing');
    let bytes: Buffer;
    try {
      const file = await request.file({ limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
      if (!file || file.fieldname !== 'file') throw new ApiError('server:errors.nft_media_missing');
      bytes = await file.toBuffer();
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === FILE_TOO_LARGE) throw new ApiError('server:errors.nft_media_size', { megabytes: MAX_MEDIA_BYTES / 1024 / 1024 });
      throw unreadableMultipart(error);
    }
    const media = await storeMedia({ db: ctx.db, dataDir: ctx.config.dataDir, now: ctx.now }, await checkMedia(bytes));
    await audit(ctx, operator ?? 'unknown', 'nft-upload', `nft_media:${media.id}`, `${media.type} ${media.path}`);
    return { media_id: media.id, path: media.path, type: media.type, mime: media.mime, duration_ms: media.duration_ms };
  });
}
