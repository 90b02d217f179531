// npm test: installs what is missing, then typecheck, lint (ESLint), the format check
// (Prettier), the unit and server tests on SQLite, the server tests again on PostgreSQL
// with Redis (throwaway servers, scripts/postgres.mjs and scripts/redis.mjs), a production build, the first-screen size
// budget, and the Playwright specs in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';
import { startRedis } from './redis.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

/** Runs a step; answers its exit status (0 when it passed) after printing how it went. */
function attempt(title, command, args, options = {}) {
  const at = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${result.status ?? result.signal})`);
    return result.status ?? 1;
  }
  console.log(`✔ ${title} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  return 0;
}

function run(title, command, args, options = {}) {
  const status = attempt(title, command, args, options);
  if (status !== 0) process.exit(status);
}

/**
 * Runs single-threaded steps side by side (one per core on the 2-core CI machine), each
 * one's output printed whole when it ends; exits when any failed.
 */
async function together(steps) {
  const at = Date.now();
  console.log(`\n▶ ${steps.map(([title]) => title).join(' | ')}`);
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code, signal) => {
            process.stdout.write(output);
            if (code === 0) console.log(`✔ ${title} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
            else console.error(`\n✖ ${title} failed (exit ${code ?? signal})`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  const failed = results.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}

if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  run('npm install', 'npm', ['install', '--no-audit', '--no-fund']);
}

if (!fs.existsSync('/usr/bin/chromium')) {
  // Playwright drives Debian's Chromium; it never downloads a browser of its own.
  const apt = (args) => (process.getuid?.() === 0 ? ['apt-get', args] : ['sudo', ['apt-get', ...args]]);
  run('apt-get update (for Chromium)', ...apt(['update']));
  run('install Debian chromium', ...apt(['install', '-y', 'chromium']), { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const tsx = [process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs')]];
await together([
  ['typecheck (tsc -b)', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b']],
  ['lint (ESLint: types, realm boundaries, no any)', process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.']],
]);
run('format (Prettier check)', process.execPath, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '.', '--log-level', 'warn']);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
run('unit and server tests on SQLite (vitest)', process.execPath, [vitest, 'run']);
{
  // The server suite again on PostgreSQL: a throwaway server (Debian's postgresql, installed
  // when missing) in memory, a database per test server copied from a template, removed at the end.
  const at = Date.now();
  console.log('\n▶ start a throwaway PostgreSQL server');
  const postgres = await startPostgres({ inMemory: true });
  console.log(`✔ PostgreSQL at ${postgres.url} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  // And a throwaway Redis (Debian's redis-server, installed when missing) for the tests of several processes.
  const redis = await startRedis();
  console.log(`✔ Redis at ${redis.url}`);
  let status;
  try {
    status = attempt('server tests on PostgreSQL and Redis (vitest)', process.execPath, [vitest, 'run', '--project', 'server'], {
      env: { ...process.env, KESTREL_TEST_POSTGRES: postgres.url, KESTREL_TEST_REDIS: redis.url },
    });
  } finally {
    postgres.stop();
    redis.stop();
  }
  if (status !== 0) process.exit(status);
}
run('build the app (vite)', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn']);
run('build the operator console (vite)', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.admin.config.ts', '--logLevel', 'warn']);
run('first-screen size budget', tsx[0], [...tsx[1], 'scripts/size.ts']);
run('end-to-end (Playwright, Chromium 390x844)', process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test']);
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
