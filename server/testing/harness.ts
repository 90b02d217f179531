import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Value } from '@sinclair/typebox/value';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint, type InputOf, type OutputOf } from '../../contract/api';
import { buildApp } from '../app';
import { readConfig, type ServerConfig } from '../config';
import { openDatabase, serializeDatabase, type Db } from '../db/database';
import { seed } from '../db/seed';
import type { Candle, Period } from '../../contract/market';
import type { MarketStart } from '../market/engine';
import { openMarket } from '../market/service';
import { loadStart, type ReadStart } from '../market/store';
import { operatorTokenFile } from '../operator/auth';
import type { AppContext } from '../context';
import { createContext } from '../context-factory';
import type { Messenger } from '../mail/outbox';
import { imageKey, sharedImage, sharedTemplate } from './images';
import { createDatabase, databaseUrl, dropDatabase, freshName, onPostgres, storeOf } from './store';

/**
 * A whole server in memory for tests: the real app, an in-memory database, a clock
 * the test moves, and a messenger that keeps what it would have delivered.
 */
export interface Sent {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
}

export type Answer<T> = { type: 'ok'; message: T } | { type: 'error' | '999' | '998'; message: string };

export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
  /** send the body as JSON instead of a form */
  json?: boolean;
  /** call as the local operator */
  operator?: boolean;
  /** more request headers (User-Agent, Host, X-Forwarded-Host...) */
  headers?: Record<string, string>;
}

export interface Harness {
  app: FastifyInstance;
  ctx: AppContext;
  sent: Sent[];
  dataDir: string;
  advance(ms: number): void;
  call<E extends Endpoint>(endpoint: E, input: Partial<Record<keyof InputOf<E>, unknown>> & Record<string, unknown>, options?: CallOptions): Promise<Answer<OutputOf<E>>>;
  /** The code in the newest message to `to` (waits for the delivery that runs after the answer). */
  codeFor(to: string): Promise<string>;
  /** Registers an e-mail account and answers its token. */
  registerUser(email: string, password?: string, options?: { ip?: string; invite?: string }): Promise<string>;
  close(): Promise<void>;
}

/** The message of an answer that must be ok (a test fails with the server's message otherwise). */
export async function ok<T>(answer: Promise<{ type: string; message: T | string }>): Promise<T> {
  const result = await answer;
  if (result.type !== 'ok') throw new Error(String(result.message));
  return result.message as T;
}

export const HARNESS_START = Date.parse('2026-11-01T00:00:00Z');

/**
 * Migrations, seed and the market's history for a configuration, made once per test run
 * and configuration (images.ts; the default one by the run's global setup) and copied
 * into every server started with it.
 */
export function databaseImage(config: ServerConfig): Promise<Buffer> {
  return sharedImage(config, HARNESS_START, async () => {
    const db = await openDatabase(':memory:');
    await prepare(db, config);
    const bytes = serializeDatabase(db);
    await db.destroy();
    return bytes;
  });
}

/** The same on PostgreSQL: a template database that each test server copies. */
export function databaseTemplate(config: ServerConfig): Promise<string> {
  return sharedTemplate(config, HARNESS_START, async (url) => {
    const db = await openDatabase(url);
    await prepare(db, config);
    await db.destroy();
  });
}

async function prepare(db: Db, config: ServerConfig): Promise<void> {
  await seed(db, config, HARNESS_START);
  await openMarket(db, config.market, () => HARNESS_START);
}

/** Market starts read from copies of an image, by image, market and time: each server's copy is the same. */
const starts = new Map<string, Promise<MarketStart>>();

/**
 * Reads a market's start (its last day of minutes: a fifth of a server's start) once per
 * image, market and time, for every server on a copy of that image; each gets its own copy.
 */
function rememberedStarts(image: string): ReadStart {
  return async (db, def, now) => {
    const key = `${image}\u0000${def.id}\u0000${now}`;
    let start = starts.get(key);
    if (!start) {
      start = loadStart(db, def, now);
      starts.set(key, start);
      start.catch(() => starts.delete(key));
    }
    const { last, open, minutes } = await start;
    return { last, open: [...open].map(([period, candle]): [Period, Candle] => [period, { ...candle }]), minutes: minutes.map((candle) => ({ ...candle })) };
  };
}

/**
 * A database for one test server: a copy of the image (on SQLite in memory, on PostgreSQL
 * a database of its own, dropped when the server closes), or with `persist` the data
 * directory's own (store.ts: the file in it, or its PostgreSQL database), kept.
 */
async function testDatabase(config: ServerConfig, persist: string | undefined, sqliteOnly: boolean): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (persist && sqliteOnly) return { db: await openDatabase(persist), drop: async () => undefined };
  if (persist) return { db: await openDatabase((await storeOf(persist)).location), drop: async () => undefined };
  if (!onPostgres()) return { db: await openDatabase(await databaseImage(config)), drop: async () => undefined };
  const name = freshName('kestrel_test');
  await createDatabase(name, await databaseTemplate(config));
  return { db: await openDatabase(databaseUrl(name)), drop: () => dropDatabase(name) };
}

/** The configuration of a harness server: no demo, no app files, a short market history, unless `env` says otherwise. */
export function harnessConfig(dataDir: string, env: Record<string, string> = {}): ServerConfig {
  return readConfig({ DATA_DIR: dataDir, DEMO: 'false', APP_DIR: path.join(dataDir, 'no-app'), ADMIN_DIR: path.join(dataDir, 'no-admin'), MARKET_HISTORY: 'short', ...env });
}

/**
 * `persist`: a data directory whose database is kept when the harness closes (its SQLite
 * file, or on PostgreSQL its own database), so a test can stop a server and start another
 * on the same data. `sqlite`: with `persist`, the SQLite file even on the PostgreSQL pass
 * (a copy from SQLite to PostgreSQL).
 */
export async function createHarness(
  env: Record<string, string> = {},
  options: { persist?: string; start?: number; checkNesting?: boolean; sqlite?: boolean; processName?: string } = {},
): Promise<Harness> {
  const dataDir = options.persist ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-test-'));
  const config = harnessConfig(dataDir, env);
  let clock = options.start ?? HARNESS_START;
  const sent: Sent[] = [];
  const messenger: Messenger = {
    email: async (m) => void sent.push({ channel: 'email', to: m.to, subject: m.subject, text: m.text }),
    sms: async (m) => void sent.push({ channel: 'sms', to: m.to, subject: '', text: m.text }),
  };
  const { db: database, drop } = await testDatabase(config, options.persist, options.sqlite ?? false);
  const ctx = await createContext(config, {
    database,
    // A copy of the image starts as every other copy did (a data directory's own database may not).
    ...(options.persist === undefined ? { readStart: rememberedStarts(imageKey(config, HARNESS_START)) } : {}),
    now: () => clock,
    messenger,
    ...(options.checkNesting === undefined ? {} : { checkNesting: options.checkNesting }),
    ...(options.processName === undefined ? {} : { processName: options.processName }),
  });
  const app = await buildApp(ctx);

  const harness: Harness = {
    app,
    ctx,
    sent,
    dataDir,
    advance(ms) {
      clock += ms;
    },
    async call(endpoint, input, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers['authorization'] = options.token;
      if (options.operator) headers['x-operator-token'] = fs.readFileSync(operatorTokenFile(dataDir), 'utf8').trim();
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(input)) if (value !== undefined) fields[key] = String(value);
      if (options.lang) fields['lang'] = options.lang;
      const url = `/api${endpoint.path}`;
      const response =
        endpoint.method === 'GET'
          ? await app.inject({ method: 'GET', url, query: fields, headers, remoteAddress: options.ip ?? '127.0.0.1' })
          : await app.inject({
              method: 'POST',
              url,
              headers: { ...headers, 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' },
              payload: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
              remoteAddress: options.ip ?? '127.0.0.1',
            });
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
      const body = response.json<Record<string, unknown>>();
      // The code convention, read into the same shape as the usual envelope.
      const answer = (
        endpoint.envelope === 'code'
          ? body['code'] === 1
            ? { type: 'ok', message: Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'code' && key !== 'msg')) }
            : { type: 'error', message: body['msg'] }
          : body
      ) as Answer<OutputOf<typeof endpoint>>;
      // Every successful answer must match the contract's declared output.
      if (answer.type === 'ok' && !Value.Check(Type.Object({ message: endpoint.output }), answer)) {
        throw new Error(`${endpoint.path} answered outside its contract: ${response.body}`);
      }
      return answer;
    },
    async codeFor(to) {
      // The delivery runs after the answer: a few turns of the event loop in memory, a few
      // round trips to PostgreSQL; given up after 5 s.
      const until = Date.now() + 5000;
      for (let round = 0; ; round++) {
        for (let i = sent.length - 1; i >= 0; i--) {
          const message = sent[i];
          if (message?.to !== to) continue;
          const code = /\b(\d{6})\b/.exec(message.text)?.[1];
          if (code) return code;
        }
        if (Date.now() > until) break;
        await (round < 50 ? flush() : new Promise((resolve) => setTimeout(resolve, 5)));
      }
      throw new Error(`no code was sent to ${to}`);
    },
    async registerUser(email, password = 'secret-pass', options = {}) {
      const ip = options.ip ?? `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const sentCode = await harness.call(endpoints.sendCode, { user_string: email, scene: 'register' }, { ip });
      if (sentCode.type !== 'ok') throw new Error(sentCode.message);
      const answer = await harness.call(endpoints.register, { user_string: email, code: await harness.codeFor(email), password, re_password: password, extension_code: options.invite }, { ip });
      if (answer.type !== 'ok') throw new Error(answer.message);
      return answer.message;
    },
    async close() {
      await ctx.claims?.stop();
      await app.close();
      await ctx.market.stop();
      await ctx.db.destroy();
      await drop();
      if (!options.persist) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Lets fire-and-forget deliveries finish. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A multipart/form-data body with one file part, as a browser would send it. */
export function multipartBody(file: { name: string; type: string; bytes: Buffer; field?: string } | null, fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----kestrel' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
