import { defineConfig } from '@playwright/test'

// The end-to-end suite: the built product (`npm run build`) as `npm start` runs it, started once for
// the whole run by tests/e2e/global-setup.ts and driven by Debian's Chromium (no browser download).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // One worker, files one after another: every spec shares the one stack (and its database), and the
  // machine has 2 cores. A spec that needs a server of its own starts it in a beforeAll.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  // test-results/ is ignored by git; the HTML report must sit beside the artifacts, not inside them
  outputDir: 'test-results/e2e',
  reporter: [
    ['list'],
    ['html', { outputFolder: 'test-results/e2e-report', open: 'never' }],
    ['json', { outputFile: 'test-results/e2e.json' }],
  ],
  use: {
    // baseURL comes from the stack that global-setup starts (tests/e2e/fixtures.ts)
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
})
