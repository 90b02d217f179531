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

const EMAIL = 'cli-user@example.com';
const PASSWORD = 'secret-pass';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-cli-users-'));
  server = await startServerProcess(dataDir);
  port = server.port;
  // A user signs up as the app does, with the code the server mailed (DATA_DIR/outbox).
  expect((await api('/sms_mail', { user_string: EMAIL, scene: 'register' })).type).toBe('ok');
  const signedUp = await api('/user/register', { user_string: EMAIL, code: await mailedCode(), password: PASSWORD, re_password: PASSWORD });
  expect(signedUp.type).toBe('ok');
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

/** The code in the message the server wrote to the outbox for the user (delivered after the answer: waited for). */
async function mailedCode(): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let tries = 0; tries < 100; tries++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const name of files) {
      const text = fs.readFileSync(path.join(outbox, name), 'utf8');
      const code = text.includes(`To: ${EMAIL}`)
        ? /\b(\d{6})\b/.exec(
            text
              .split(/\r?\n\r?\n/)
              .slice(1)
              .join('\n'),
          )?.[1]
        : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no code was mailed to ${EMAIL}`);
}

const login = () => api('/user/login', { user_string: EMAIL, password: PASSWORD });
const info = async (token: string) => (await fetch(`http://127.0.0.1:${port}/api/user/info`, { headers: { authorization: token } })).json() as Promise<{ type: string; message: { uid: number } }>;

test('an operator finds a user, freezes the account, unfreezes it and ends its sessions from the command line', async () => {
  const token = String((await login()).message);
  const { uid } = (await info(token)).message;

  const found = await operator('users', 'CLI-USER@');
  expect(found).toMatchObject({ code: 0, stderr: '' });
  expect(found.stdout).toContain(String(uid));
  expect(found.stdout).toContain(EMAIL);

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
