import fs from 'node:fs';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { allEndpoints } from '../contract/api';
import { languageFromApiValue } from '../contract/languages';
import { buildOpenApi } from '../contract/openapi';
import { authRoutes } from './auth/routes';
import { accountSecurityRoutes } from './account-security/routes';
import { APP_VERSION, commonRoutes } from './common/routes';
import type { AppContext } from './context';
import { makePrivateDir } from './data-dir';
import { isStoreUnavailable, redactUrl } from './db/database';
import { FencedOut } from './cluster/claims';
import { FORWARDED_HEADER } from './cluster/commands';
import { NotRunHere } from './market/engine';
import { sandboxed, securityHeaders } from './http/csp';
import { ApiError, TooManyRequests, unreadableMultipart } from './http/errors';
import { checkFieldName, emptyFields, parseJsonFields, parseUrlEncoded, type Fields } from './http/fields';
import { answer, errorEnvelope } from './http/route';
import { MAX_UPLOAD_BYTES } from './uploads/images';
import { uploadRoutes, uploadsDir } from './uploads/routes';
import { userRoutes } from './user/routes';
import { marketRoutes } from './market/routes';
import { identityRoutes } from './identity/routes';
import { tradingRoutes } from './trading/routes';
import { financeRoutes } from './finance/routes';
import { copyRoutes } from './copy/routes';
import { dualRoutes } from './finance/dual-routes';
import { ieoRoutes } from './finance/ieo-routes';
import { nftRoutes } from './nft/routes';
import { borrowRoutes } from './borrow/routes';
import { alertRoutes } from './alerts/routes';
import { gameRoutes } from './game/routes';
import { otcRoutes } from './otc/routes';
import { chatRoutes } from './chat/routes';
import { chartRoutes } from './chart/routes';
import { nftMediaRoutes } from './nft/media-routes';
import { operatorRoutes } from './operator/routes';
import { operatorDualIeoRoutes } from './operator/dual-ieo-routes';
import { operatorProductRoutes } from './operator/product-routes';
import { operatorUserRoutes } from './operator/user-routes';
import { lockupProductRoutes } from './finance/lockup-product-routes';
import { privateUploadRoutes } from './uploads/private';
import { walletRoutes } from './wallet/routes';
import { contentRoutes } from './content/routes';
import { peopleRoutes } from './people/routes';

const BODY_LIMIT = 64 * 1024;

/** Query strings that break the field rules parse to nothing and leave their error here. */
export const queryProblems = new WeakMap<Fields, ApiError>();

function parseQuery(text: string): Fields {
  try {
    return parseUrlEncoded(text);
  } catch (error) {
    const fields = emptyFields();
    if (error instanceof ApiError) queryProblems.set(fields, error);
    return fields;
  }
}

/** A multipart content type with a boundary, which the parser needs. */
const MULTIPART_BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s;"]+)\s*(?:;|$)/i;

/** Fastify's own client errors, as the message a user can act on. */
function clientErrorKey(error: FastifyError): ApiError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('server:errors.too_large');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError('server:errors.upload_too_large', { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError('server:errors.unsupported_type');
    default:
      return error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? new ApiError('server:errors.bad_request') : null;
  }
}

/**
 * A path the router cannot decode (bad percent-encoding) or a file path too long names
 * nothing: the not-found envelope, instead of Fastify's own body with its error code.
 */
function routerError(ctx: AppContext) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const language = languageFromApiValue(request.headers['accept-language']);
    const known = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    void reply.code(known ? 404 : 500).send(errorEnvelope(ctx, language, new ApiError(known ? 'server:errors.not_found' : 'server:errors.internal')));
  };
}

/**
 * A built front end (the app, the operator console) under `prefix`/: the build's brotli
 * and gzip copies by accept-encoding, hashed files cached for a year, the page never
 * cached (a new build is seen at once), source maps not served. Nothing when not built.
 */
async function serveBuild(app: FastifyInstance, dir: string, prefix: string): Promise<void> {
  if (!fs.existsSync(dir)) return;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: `${prefix}/`,
    decorateReply: false,
    // The build's brotli and gzip copies, by accept-encoding; our Cache-Control, not the plugin's max-age=0.
    preCompressed: true,
    cacheControl: false,
    // Source maps stay on the server's disk.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (res, filePath) => {
      const hashed = /[\\/]assets[\\/]/.test(filePath);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get(prefix, async (_request, reply) => reply.redirect(`${prefix}/`));
}

/** The whole HTTP server: API, OpenAPI document, the built app, the operator console and uploads. */
export async function buildApp(ctx: AppContext, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: ctx.config.logLevel } : false,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery },
    frameworkErrors: routerError(ctx),
  });

  app.decorateRequest('language', 'en');
  await securityHeaders(app, ctx.config.appDir);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromApiValue(request.headers['accept-language']);
    const problem = queryProblems.get(request.query as Fields);
    if (problem) throw problem;
  });

  // Answers of 1 KB or more (the market list, candles, records) go brotli or gzip as the
  // phone accepts: a slow network's first prices wait on their bytes. Brotli at a quick
  // level, made per answer; the app's own files are compressed at build time instead
  // (already encoded, the plugin leaves them), and images and media are not compressible.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseUrlEncoded(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonFields(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30, fieldSize: 4096, parts: 32 },
  });
  // Multipart forms (other than uploads) become fields like any other body; one the
  // parser cannot read (no boundary, a broken part) is the sender's mistake, not a 500.
  app.addHook('preHandler', async (request) => {
    if (!request.isMultipart()) return;
    if (!MULTIPART_BOUNDARY.test(request.headers['content-type'] ?? '')) throw new ApiError('server:errors.bad_request');
    if (request.routeOptions.config.answerStyle === 'urlencoded') return;
    const fields = emptyFields();
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          await part.toBuffer();
          continue;
        }
        checkFieldName(part.fieldname, fields);
        fields[part.fieldname] = part.value;
      }
    } catch (error) {
      throw unreadableMultipart(error);
    }
    request.body = fields;
  });

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const known =
      error instanceof ApiError
        ? error
        : isStoreUnavailable(error)
          ? new ApiError('server:errors.database_unavailable')
          : // Several processes: the market is run by another process, or is moving to one.
            error instanceof NotRunHere || error instanceof FencedOut
            ? new ApiError('server:errors.market_moving')
            : clientErrorKey(error);
    if (known?.key === 'server:errors.database_unavailable') request.log.warn(`the database could not be reached: ${error.message}`);
    if (known) return answer(reply.code(known instanceof TooManyRequests ? 429 : 200), errorEnvelope(ctx, request.language, known));
    request.log.error(error);
    return answer(reply.code(500), errorEnvelope(ctx, request.language, new ApiError('server:errors.internal')));
  });
  app.setNotFoundHandler(async (request, reply) => {
    return reply.code(404).send(errorEnvelope(ctx, request.language, new ApiError('server:errors.not_found')));
  });

  // The routes marked rateLimited (the public market endpoints), each its own count per IP:
  // in this process, or with REDIS_URL in Redis, one count for all the processes (see
  // ARCHITECTURE.md, Storage and processes). Redis out of reach lets requests through
  // rather than stopping the exchange's public reads.
  const redis = ctx.config.redisUrl ? new Redis(ctx.config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  if (redis) {
    // Out of reach at start, the server does not start (as with its database); lost later, it carries on.
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('error', (error: Error) => {
        redis.disconnect();
        reject(new Error(`REDIS_URL ${redactUrl(ctx.config.redisUrl ?? '')} cannot be reached: ${error.message}`));
      });
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis (request counts)'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  }
  await app.register(fastifyRateLimit, {
    ...(redis ? { redis, skipOnError: true, nameSpace: `${ctx.config.redisPrefix}:rate-limit:` } : {}),
    global: false,
    max: ctx.config.publicRateLimit,
    timeWindow: 60_000,
    errorResponseBuilder: (request, limit) => {
      // Refused before the route reads its `lang`: the message follows it all the same.
      const lang = (request.query as Fields)['lang'];
      if (typeof lang === 'string') request.language = languageFromApiValue(lang);
      return new TooManyRequests(Math.ceil(limit.ttl / 1000));
    },
  });

  commonRoutes(app, ctx);
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  uploadRoutes(app, ctx);
  marketRoutes(app, ctx);
  walletRoutes(app, ctx);
  identityRoutes(app, ctx);
  operatorRoutes(app, ctx);
  operatorUserRoutes(app, ctx);
  operatorDualIeoRoutes(app, ctx);
  operatorProductRoutes(app, ctx);
  nftMediaRoutes(app, ctx);
  privateUploadRoutes(app, ctx);
  tradingRoutes(app, ctx);
  contentRoutes(app, ctx);
  peopleRoutes(app, ctx);
  financeRoutes(app, ctx);
  lockupProductRoutes(app, ctx);
  copyRoutes(app, ctx);
  dualRoutes(app, ctx);
  ieoRoutes(app, ctx);
  nftRoutes(app, ctx);
  borrowRoutes(app, ctx);
  alertRoutes(app, ctx);
  gameRoutes(app, ctx);
  otcRoutes(app, ctx);
  chatRoutes(app, ctx);
  accountSecurityRoutes(app, ctx);
  chartRoutes(app, ctx);

  const openApi = buildOpenApi(allEndpoints(), { title: 'Kestrel exchange API', version: APP_VERSION });
  app.get('/api/openapi.json', async () => openApi);

  const uploads = uploadsDir(ctx.config.dataDir);
  makePrivateDir(uploads);
  await app.register(async (scope) => {
    sandboxed(scope);
    // A byte range past a file's end (a player seeking): 416 with the file's length, as
    // HTTP has it, not the API's envelope; every other error goes on to the app's handler.
    scope.setErrorHandler(async (error: FastifyError & { headers?: Record<string, string> }, _request, reply) => {
      if (error.statusCode !== 416) throw error;
      return reply
        .code(416)
        .headers(error.headers ?? {})
        .send();
    });
    await scope.register(fastifyStatic, {
      root: uploads,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '365d',
    });
  });

  // The app at /h5/ and the operator console at /admin/ (its own build, no service worker), served alike.
  await serveBuild(app, ctx.config.appDir, '/h5');
  await serveBuild(app, ctx.config.adminDir, '/admin');
  app.get('/', async (_request, reply) => reply.redirect('/h5/'));
  // CLUSTER: requests other processes send for the markets this one runs go through these
  // same routes (their checks, their step), marked so they are not sent on again.
  const { commands } = ctx;
  if (commands) {
    commands.start(async (command) => {
      const response = await app.inject({
        method: command.method,
        url: command.url,
        headers: { ...command.headers, [FORWARDED_HEADER]: '1', ...(command.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(command.method === 'POST' ? { payload: command.payload } : {}),
        remoteAddress: command.ip,
      });
      return { status: response.statusCode, type: String(response.headers['content-type'] ?? 'application/json'), body: response.body };
    });
    app.addHook('onClose', async () => await commands.stop());
  }
  return app;
}
