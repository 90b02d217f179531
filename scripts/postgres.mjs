// A throwaway PostgreSQL server for the tests and the benchmarks: Debian's `postgresql`
// package (installed when missing), a cluster in a temporary folder on a free loopback
// port with trust authentication, removed when stopped. As root, the cluster runs as the
// `postgres` user the package creates (PostgreSQL refuses to run as root).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { aptInstall, freePort } from './local-server.mjs';

const asRoot = process.getuid?.() === 0;

function binDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((name) => fs.existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result.stdout;
}

function isWritableDir(dir) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** Installs Debian's postgresql package when no PostgreSQL server is installed. */
export function ensurePostgres(log = console.log) {
  if (binDir()) return;
  aptInstall(['postgresql'], 'for the PostgreSQL test run', log);
  if (!binDir()) throw new Error('postgresql was installed but no initdb was found under /usr/lib/postgresql');
}

/** Where a cluster in memory goes: the shared-memory file system, when the machine has one. */
const MEMORY_DIR = '/dev/shm';

/**
 * Starts a new cluster; answers its admin URL (database `postgres`, user `postgres`, no
 * password, loopback only) and a stop() that shuts it down and removes its folder.
 * `inMemory`: the cluster's folder in /dev/shm where there is one (the test run: each test
 * server copies a 32 MB template database, some 0.35 s on disk and 0.04 s in memory).
 */
export async function startPostgres({ inMemory = false } = {}) {
  ensurePostgres();
  const bin = binDir();
  const parent = inMemory && isWritableDir(MEMORY_DIR) ? MEMORY_DIR : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(parent, 'kestrel-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const as = (command, args) => (asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]) : run(path.join(bin, command), args));
  if (asRoot) run('chown', ['postgres', dir]);
  as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Durability off: a throwaway cluster for tests; max_connections for parallel test servers.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`;
  as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
