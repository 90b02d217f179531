import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '../../contract/api';
import type { AppContext } from '../context';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../data-dir';
import { ApiError, unreadableMultipart } from '../http/errors';
import { route } from '../http/route';
import { BUDGETS, reserveAttempt } from '../security/rate-limit';
import { newFileName } from '../security/tokens';
import { cleanImage, IMAGE_MIME, MAX_UPLOAD_BYTES, type CleanImage } from './images';

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * The image in the multipart part "file" of a request: decoded and written out again
 * (images.ts cleanImage), stored under a random name in the public uploads folder.
 * Answers its address (/uploads/<name>) and the cleaned image. POST /upload (a user's)
 * and POST /operator/content/upload (an operator's content image) both take it.
 */
export async function receiveImage(request: FastifyRequest, dir: string): Promise<{ address: string; image: CleanImage }> {
  if (!request.isMultipart()) throw new ApiError('server:errors.upload_missing');
  let bytes: Buffer;
  try {
    const file = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
    if (!file || file.fieldname !== 'file') throw new ApiError('server:errors.upload_missing');
    bytes = await file.toBuffer();
  } catch (error) {
    throw unreadableMultipart(error);
  }
  const image = await cleanImage(bytes);
  if (!image) throw new ApiError('server:errors.upload_not_image');
  const name = `${newFileName()}.${image.format}`;
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.writeFile(path.join(dir, name), image.bytes, { mode: PRIVATE_FILE_MODE });
  return { address: `/uploads/${name}`, image };
}

/** POST /upload: one image in the multipart part "file"; answers its address. */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  const dir = uploadsDir(ctx.config.dataDir);
  route(app, ctx, endpoints.upload, async ({ request, auth }) => {
    // Every attempt counts, refused ones too: reading an image is the costly part.
    const { attempt } = await reserveAttempt(ctx.db, ctx.now, [{ budget: BUDGETS.uploadsPerUser, subject: String(auth.user.id) }]);
    if (!attempt) throw new ApiError('server:errors.upload_limit');
    await attempt.settle();
    const { address, image } = await receiveImage(request, dir);
    await ctx.db
      .insertInto('uploads')
      .values({
        user_id: auth.user.id,
        path: address,
        mime: IMAGE_MIME[image.format],
        bytes: image.bytes.length,
        width: image.width,
        height: image.height,
        created_at: ctx.now(),
      })
      .execute();
    return address;
  });
}
