// npm run soak: the long runs that do not fit in npm test. The API fuzz
// (server/security/fuzz.test.ts) with FUZZ_CASES hostile requests per endpoint (3000 unless
// set; npm test runs 300) and a new seed each time (FUZZ_SEED repeats a run), on SQLite,
// then on PostgreSQL (KESTREL_TEST_POSTGRES, or a throwaway server). The seed is printed
// first, so a failure can be run again exactly. Then the browser soak
// (tests/e2e/soak.spec.ts) for SOAK_SECONDS (600; npm test runs 40): the market list and
// a chart streaming with heap, DOM nodes and listeners flat. Build the app first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const cases = process.env.FUZZ_CASES ?? '3000';
const files = ['server/security/fuzz.test.ts'];
console.log(`soak: FUZZ_SEED=${seed} FUZZ_CASES=${cases}`);

/** Runs the fuzz once; answers whether it passed. */
function pass(title, env) {
  const at = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'server', ...files], { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_CASES: cases, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed; run it again with FUZZ_SEED=${seed} FUZZ_CASES=${cases} npm run soak`);
    return false;
  }
  console.log(`✔ ${title} (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  return true;
}

if (!pass('soak on SQLite', { KESTREL_TEST_POSTGRES: '' })) process.exit(1);
let passed;
if (process.env.KESTREL_TEST_POSTGRES) {
  passed = pass('soak on PostgreSQL', {});
} else {
  const postgres = await startPostgres();
  try {
    passed = pass('soak on PostgreSQL', { KESTREL_TEST_POSTGRES: postgres.url });
  } finally {
    postgres.stop();
  }
}
if (!passed) process.exit(1);

const seconds = process.env.SOAK_SECONDS ?? '600';
console.log(`\n▶ browser soak, ${seconds} s`);
const playwright = path.join(root, 'node_modules/@playwright/test/cli.js');
const browser = spawnSync(process.execPath, [playwright, 'test', 'tests/e2e/soak.spec.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, SOAK_SECONDS: seconds } });
if (browser.status !== 0) {
  console.error('\n✖ browser soak failed');
  process.exit(1);
}
console.log(`\nsoak passed (FUZZ_SEED=${seed}, FUZZ_CASES=${cases}, browser ${seconds} s)`);
