import { defineConfig } from 'vitest/config';

/** Unit and server tests. Playwright specs (tests/e2e) run separately. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'worker/core.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'worker/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'charts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          exclude: ['worker/core.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
