// A throwaway Redis server for the tests and the benchmarks: Debian's `redis-server`
// package (installed when missing), on a free loopback port, nothing saved to disk,
// its folder removed when stopped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, freePort } from './local-server.mjs';

const BIN = '/usr/bin/redis-server';

/** Installs Debian's redis-server package when it is missing. */
export function ensureRedis(log = console.log) {
  if (fs.existsSync(BIN)) return;
  aptInstall(['redis-server'], 'for the tests of several processes', log);
  if (!fs.existsSync(BIN)) throw new Error(`redis-server was installed but ${BIN} is missing`);
}

/** Whether something answers on the port yet. */
function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a new server (on `port`, or a free one); answers its URL and a stop() that ends it and removes its folder. */
export async function startRedis(options = {}) {
  ensureRedis();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kestrel-redis-'));
  const port = options.port ?? (await freePort());
  const child = spawn(BIN, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: 'ignore', detached: false });
  for (let tries = 0; !(await answers(port)); tries++) {
    if (tries > 100 || child.exitCode !== null) throw new Error(`redis-server did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = () => {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `redis://127.0.0.1:${port}`, stop };
}
