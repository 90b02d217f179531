import { defineConfig } from '@playwright/test';
import { DEVICE_STATE } from './tests/e2e/device';

/**
 * End-to-end specs in Debian's Chromium (never a downloaded browser) at a phone
 * viewport, against a server that tests/e2e/global-setup.ts starts on a free port
 * with a temporary DATA_DIR.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // The app follows the system's theme: specs see the dark one unless they ask (a11y and appearance specs).
    colorScheme: 'dark',
    storageState: DEVICE_STATE,
    // The service worker would precache the whole app in every test's new context; the
    // app-shell spec allows it where it is what is tested.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
