import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { ServerConfig } from '../config';
import { createDatabase, databaseExists, databaseUrl, dropDatabase, freshName, renameDatabase } from './store';

/**
 * Database images for the test harness: migrations, seed and the market's history, made
 * once per test run and configuration instead of once per test file. The run's global
 * setup (server/testing/images-setup.ts) makes a fresh folder, named by this variable, so
 * every run builds its images from the code as it is; a test file that needs an image
 * reads it from there, or builds it and leaves it there for the others. Without the
 * variable (a benchmark, a script) the image is built in memory as before.
 */
export const IMAGES_ENV = 'KESTREL_TEST_IMAGES';

const made = new Map<string, Promise<Buffer>>();

/**
 * What an image depends on: the configuration (the seed writes content that quotes its
 * settings, the demo account, the market's history by its seed and depth) and the clock,
 * less what belongs to one server (its folders, its rates file, its request limit, the
 * proxies it trusts, its passkeys' relying party, the push services it posts to).
 */
export function imageKey(config: ServerConfig, start: number): string {
  const shared = {
    ...config,
    dataDir: '',
    appDir: '',
    adminDir: '',
    fiatRatesFile: null,
    publicRateLimit: 0,
    trustProxy: false,
    webauthn: null,
    vapidSubject: '',
    pushCaFile: null,
    pushServices: [],
    start,
  };
  return JSON.stringify(shared, (_key, value: unknown) => (value instanceof Set ? [...(value as Set<string>)].sort() : value));
}

/** The image for `config`: from this module, from the run's folder, or made by `build` (once). */
export function sharedImage(config: ServerConfig, start: number, build: () => Promise<Buffer>): Promise<Buffer> {
  const key = imageKey(config, start);
  let image = made.get(key);
  if (!image) {
    image = fromFolder(key, build);
    made.set(key, image);
  }
  return image;
}

async function fromFolder(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
  const dir = process.env[IMAGES_ENV];
  if (!dir || !fs.existsSync(dir)) return build();
  const file = path.join(dir, `${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}.sqlite`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const bytes = await build();
  // Written aside and renamed: a file that exists is whole, whichever worker wrote it.
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
  return bytes;
}

const templates = new Map<string, Promise<string>>();

/**
 * On PostgreSQL, the image is a template database (`kestrel_image_<key>`), each test server
 * a copy of it. Made under a temporary name by `build` and then renamed, so a template
 * that exists is whole, whichever worker made it.
 */
export function sharedTemplate(config: ServerConfig, start: number, build: (url: string) => Promise<void>): Promise<string> {
  const key = crypto.createHash('sha256').update(imageKey(config, start)).digest('hex').slice(0, 24);
  let template = templates.get(key);
  if (!template) {
    template = (async () => {
      const name = `kestrel_image_${key}`;
      if (await databaseExists(name)) return name;
      const building = freshName(`kestrel_build_${key}`);
      await createDatabase(building);
      await build(databaseUrl(building));
      if (!(await renameDatabase(building, name))) await dropDatabase(building);
      return name;
    })();
    templates.set(key, template);
  }
  return template;
}
