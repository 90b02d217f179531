import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, expect, test } from 'vitest';
import { endpoints } from '../contract/api';
import { dataDirWarnings } from './data-dir';
import { openDatabase } from './db/database';
import { createMessenger } from './mail/outbox';
import { createHarness, multipartBody } from './testing/harness';
import { spawnServer } from './testing/process';
import { storeOf } from './testing/store';

/**
 * DATA_DIR holds the database, the operator's token, codes in the outbox and identity
 * photos: other local users may not read any of it (the security issue's finding 5).
 */
const modeOf = (target: string): string => (fs.statSync(target).mode & 0o777).toString(8);

const made: string[] = [];
const scratch = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-perm-'));
  // Whatever the test's own umask, the parent is open, as a home directory or /srv may be.
  fs.chmodSync(dir, 0o755);
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('the SQLite database the server creates: the directory 0700, the file and its -wal and -shm 0600', async () => {
  const dataDir = path.join(scratch(), 'data', 'nested');
  const db = await openDatabase(dataDir);
  try {
    // The migrations wrote through the WAL, so all three files exist.
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(path.dirname(dataDir))).toBe('700');
    for (const file of ['exchange.sqlite', 'exchange.sqlite-wal', 'exchange.sqlite-shm']) expect(modeOf(path.join(dataDir, file)), file).toBe('600');
  } finally {
    await db.destroy();
  }
});

test('uploads and the mail outbox: directories 0700, files 0600', async () => {
  const dataDir = path.join(scratch(), 'data');
  const h = await createHarness({}, { persist: dataDir, sqlite: true });
  try {
    expect(modeOf(path.join(dataDir, 'uploads'))).toBe('700');
    const token = await h.registerUser('perm@example.com');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartBody({ name: 'me.png', type: 'image/png', bytes: image });
    const answer = await h.app.inject({ method: 'POST', url: `/api${endpoints.upload.path}`, payload, headers: { ...headers, authorization: token } });
    const address = (JSON.parse(decodeURIComponent(answer.body)) as { message: string }).message;
    expect(modeOf(path.join(dataDir, address))).toBe('600');
    expect(modeOf(path.join(dataDir, 'operator.token'))).toBe('600');
  } finally {
    await h.close();
  }
  await createMessenger({ dataDir, smtpUrl: null, mailFrom: 'Kestrel <no-reply@kestrel.local>' }).email({ to: 'perm@example.com', subject: 'Code', text: 'Your code is 123456' });
  const outbox = path.join(dataDir, 'outbox');
  expect(modeOf(outbox)).toBe('700');
  for (const file of fs.readdirSync(outbox)) expect(modeOf(path.join(outbox, file))).toBe('600');
});

test('an existing DATA_DIR, or a file in it, that others may read is named in a warning', () => {
  const dataDir = path.join(scratch(), 'data');
  fs.mkdirSync(path.join(dataDir, 'uploads'), { recursive: true, mode: 0o755 });
  fs.chmodSync(dataDir, 0o755);
  fs.chmodSync(path.join(dataDir, 'uploads'), 0o750);
  fs.writeFileSync(path.join(dataDir, 'exchange.sqlite'), '', { mode: 0o644 });
  fs.chmodSync(path.join(dataDir, 'exchange.sqlite'), 0o644);
  fs.writeFileSync(path.join(dataDir, 'operator.token'), 'x\n', { mode: 0o600 });
  expect(dataDirWarnings(dataDir)).toEqual([
    `${dataDir} is open to other local users (mode 0755): it holds private data, chmod 700 it`,
    `${path.join(dataDir, 'exchange.sqlite')} is open to other local users (mode 0644): it holds private data, chmod 600 it`,
    `${path.join(dataDir, 'uploads')} is open to other local users (mode 0750): it holds private data, chmod 700 it`,
  ]);
  fs.chmodSync(dataDir, 0o700);
  fs.chmodSync(path.join(dataDir, 'uploads'), 0o700);
  fs.chmodSync(path.join(dataDir, 'exchange.sqlite'), 0o600);
  expect(dataDirWarnings(dataDir)).toEqual([]);
});

/** Runs the real server until it listens and answers what it printed. */
async function startAndStop(dataDir: string): Promise<string> {
  const child = spawnServer(dataDir, (await storeOf(dataDir)).env);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  child.kill('SIGTERM');
  await exited;
  return output;
}

test('the server made a private DATA_DIR itself, and warns at start about one left open', { timeout: 60_000 }, async () => {
  const dataDir = path.join(scratch(), 'data');
  const first = await startAndStop(dataDir);
  expect(first).not.toMatch(/open to other local users/);
  expect(modeOf(dataDir)).toBe('700');
  for (const name of fs.readdirSync(dataDir)) {
    const stat = fs.statSync(path.join(dataDir, name));
    expect(modeOf(path.join(dataDir, name)), name).toBe(stat.isDirectory() ? '700' : '600');
  }
  fs.chmodSync(dataDir, 0o755);
  const second = await startAndStop(dataDir);
  const warnings = second
    .split('\n')
    .filter((line) => line.includes('open to other local users'))
    .map((line) => (JSON.parse(line) as { level: number; msg: string }).msg);
  expect(warnings).toEqual([`${dataDir} is open to other local users (mode 0755): it holds private data, chmod 700 it`]);
});
