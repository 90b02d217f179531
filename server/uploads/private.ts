import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { operatorOf } from '../operator/auth';
import { IMAGE_MIME, type ImageFormat } from './images';
import { uploadsDir } from './routes';

/**
 * Identity photos and payment vouchers are for the reviewing operator only. Uploaded,
 * every image is public under /uploads/ (its name is 128 random bits), so the app can
 * preview it; once a submission or a recharge refers to it, it moves to
 * DATA_DIR/private-uploads, out of the public folder, and only the operator API serves
 * it: GET /api/operator/upload?path=/uploads/<name> with X-Operator-Token.
 * The stored path stays as it was: it names the file in either folder.
 */
export function privateUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'private-uploads');
}

/** /uploads/<name> -> <name>, or null for anything else (no folders, no dot files). */
function nameOf(address: string): string | null {
  const match = /^\/uploads\/([A-Za-z0-9_-]+\.[a-z0-9]+)$/.exec(address);
  return match?.[1] ?? null;
}

/** Moves the uploads a submission refers to out of the public folder. Idempotent. */
export async function makePrivate(ctx: AppContext, ...addresses: string[]): Promise<void> {
  const dir = privateUploadsDir(ctx.config.dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  for (const address of addresses) {
    const name = nameOf(address);
    if (!name) continue;
    try {
      await fs.rename(path.join(uploadsDir(ctx.config.dataDir), name), path.join(dir, name));
    } catch (error) {
      // Already moved (a rejected submission's photos sent again): nothing to do.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** GET /api/operator/upload?path=/uploads/<name>: the image, private or public, for operators. */
export function privateUploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { path?: string } }>('/api/operator/upload', async (request, reply) => {
    const operator = await operatorOf(ctx, request.headers['x-operator-token']);
    if (!operator) return reply.code(401).send({ type: 'error', message: 'operator token required' });
    const name = nameOf(String(request.query.path ?? ''));
    if (!name) return reply.code(404).send({ type: 'error', message: 'not found' });
    for (const dir of [privateUploadsDir(ctx.config.dataDir), uploadsDir(ctx.config.dataDir)]) {
      try {
        const bytes = await fs.readFile(path.join(dir, name));
        return reply
          .header('content-type', IMAGE_MIME[name.split('.').pop() as ImageFormat] ?? 'application/octet-stream')
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return reply.code(404).send({ type: 'error', message: 'not found' });
  });
}
