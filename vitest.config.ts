import { defineConfig } from 'vitest/config';

/**
 * Unit and server tests. Playwright specs (tests/e2e) run separately. On a 2-core machine
 * the SQLite run takes about 5.5 minutes and the PostgreSQL one 8.5, much of it starting test
 * servers (README, "Test it"): one worker process per core (Vitest's default leaves one
 * core idle), the test database image made once per run, and the server files sharing
 * their workers' loaded modules.
 */
export default defineConfig({
  test: {
    // The harness's database images, made once per run (server/testing/images-setup.ts).
    globalSetup: ['server/testing/images-setup.ts'],
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'worker/core.test.ts'],
          // *.pg.test.ts are about PostgreSQL itself (a lost connection): the PostgreSQL pass only.
          // *.redis.test.ts need the throwaway Redis that pass starts (KESTREL_TEST_REDIS).
          exclude: [...(process.env['KESTREL_TEST_POSTGRES'] ? [] : ['server/**/*.pg.test.ts']), ...(process.env['KESTREL_TEST_REDIS'] ? [] : ['server/**/*.redis.test.ts'])],
          environment: 'node',
          // A guard against a hung test, not a speed check (benchmarks and the tests' own time
          // assertions are): tests that start processes through tsx (ledger:check, operator
          // commands, restarts) take seconds each on a loaded 2-core machine.
          testTimeout: 60_000,
          // A hook starts test servers; the first with a configuration of its own also builds
          // that configuration's database image (on PostgreSQL, seconds under a loaded run).
          hookTimeout: 30_000,
          // Each file starts its own servers on its own in-memory database and stubs no
          // module, so the files of one worker can share the loaded server code (importing
          // it anew for every file was a fifth of the run).
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'worker/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'charts/**/*.test.ts', 'admin/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.ts'],
          exclude: ['worker/core.test.ts'],
          environment: 'node',
          // A guard against a hung test, as on the server: property tests over thousands of
          // candles take 3 s alone and more than Vitest's default 5 s beside the server files.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
