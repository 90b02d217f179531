import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every answer, by @fastify/helmet: nosniff, no referrer, never
 * framed, the Content-Security-Policy of the app page, and HSTS when the request came
 * over https (directly, or as a trusted proxy says: request.protocol, TRUST_PROXY).
 *
 * The policy: scripts only from the app's own origin, and the page's own inline scripts
 * (the theme script and the boot script that paints the skeleton and preloads the first
 * screen's code) by their SHA-256 hash, read from the built index.html when the server
 * starts: no 'unsafe-inline', so an injected script runs nowhere. Connections only to the
 * page's own origin: 'self' and the websocket of the same host (ws: and wss:, which
 * older browsers do not count as 'self'), never any host's.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/** A host[:port] as it may stand in a policy; anything else (a Host header with ';' or spaces) gets no socket source. */
const POLICY_HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** connect-src of each request: its host's websocket, from the request as Fastify reads it (behind a trusted proxy, X-Forwarded-Host). */
const connectSources = new WeakMap<IncomingMessage, string>();

function pageHeaders(appDir: string): FastifyHelmetOptions {
  const page = path.join(appDir, 'index.html');
  const hashes = fs.existsSync(page) ? inlineScriptHashes(fs.readFileSync(page, 'utf8')) : [];
  return {
    contentSecurityPolicy: {
      // Not helmet's defaults: upgrade-insecure-requests would break the app served over plain HTTP on a LAN.
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...hashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: [(request) => connectSources.get(request) ?? "'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Set per request below: only an answer that went over https may pin the browser to it.
    strictTransportSecurity: false,
  };
}

/** Users' uploaded files: nothing in them runs, even opened on their own. */
export const UPLOAD_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], sandbox: [] } },
};

/** Registers the headers on every route of the app; `sandboxed` gives a scope's routes the uploads' policy instead. */
export async function securityHeaders(app: FastifyInstance, appDir: string): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.host;
    connectSources.set(request.raw, POLICY_HOST.test(host) ? `'self' ws://${host} wss://${host}` : "'self'");
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
  await app.register(fastifyHelmet, { global: true, ...pageHeaders(appDir) });
}

/** Every route registered in `scope` from now on answers with UPLOAD_HEADERS. */
export function sandboxed(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, helmet: UPLOAD_HEADERS };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/helmet's options for this route (it reads them from the route's config). */
    helmet?: FastifyHelmetOptions;
  }
}
