import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT as root, startServerProcess, type ServerProcess } from '../testing/process';

/**
 * The users half of the operator's command line (`npm run operator -- freeze ...`), run as
 * an operator runs it against a real server process: find a user, freeze the account (the
 * user's token and login refused), unfreeze it, end its sessions. What the commands did is
 * read back through the public API, as the app reads it.
 */
let dataDir: string;
let server: ServerProcess | undefined;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-cli-users-'));
  // The demo account is there to be found, with a password to log in with.
  server = await startServerProcess(dataDir, { DEMO: 'true', COPY_BOTS: 'false' });
  port = server.port;
}, 30_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function operator(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function api(pathName: string, fields: Record<string, string>, token?: string): Promise<{ type: string; message: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}/api${pathName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { authorization: token } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
  return (await response.json()) as { type: string; message: unknown };
}

const login = () => api('/user/login', { user_string: 'demo@kestrel.local', password: 'kestrel-demo' });
const info = async (token: string) => (await fetch(`http://127.0.0.1:${port}/api/user/info`, { headers: { authorization: token } })).json() as Promise<{ type: string; message: { uid: number } }>;

test('an operator finds a user, freezes the account, unfreezes it and ends its sessions from the command line', async () => {
  const token = String((await login()).message);
  const { uid } = (await info(token)).message;

  const found = await operator('users', 'DEMO@kestrel');
  expect(found).toMatchObject({ code: 0, stderr: '' });
  expect(found.stdout).toContain(String(uid));
  expect(found.stdout).toContain('demo@kestrel.local');

  expect(await operator('freeze', String(uid))).toMatchObject({ code: 1, stderr: 'a reason is needed\n' });
  expect((await info(token)).type).toBe('ok');
  expect(await operator('freeze', String(uid), 'Phone', 'stolen,', 'ticket', '4411')).toEqual({
    code: 0,
    stdout: 'The account is frozen: every session has ended and it cannot log in.\n',
    stderr: '',
  });
  expect((await info(token)).type).toBe('999');
  expect(await login()).toEqual({ type: 'error', message: 'This account is frozen. Please contact customer service.' });
  expect(await operator('freeze', String(uid), 'again')).toMatchObject({ code: 1, stderr: 'This account is already frozen.\n' });
  const frozen = await operator('users', '--frozen');
  expect(frozen.stdout).toContain(String(uid));

  expect(await operator('unfreeze', String(uid), 'The owner proved who they are.')).toEqual({ code: 0, stdout: 'The account is unfrozen: the user can log in again.\n', stderr: '' });
  const again = String((await login()).message);
  expect((await info(again)).type).toBe('ok');
  expect(await operator('end-sessions', String(uid))).toEqual({ code: 0, stdout: 'Sessions ended: 1.\n', stderr: '' });
  expect((await info(again)).type).toBe('999');
  expect((await operator('users', '--frozen')).stdout).not.toContain(String(uid));
}, 60_000);
