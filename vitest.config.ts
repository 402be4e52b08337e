import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Two kinds of tests, one `vitest run`:
// - portal: loaders, actions, services and components (msw mocks built from contract/)
// - api / api-pg: the Fastify API through inject, on PGlite and on PostgreSQL
// - tooling: the scripts and what they ship with (the image's and CI's system packages)
// - split: a split deployment as real processes (two APIs, two workers, PostgreSQL, S3 on s3rver),
//   run after the others (groupOrder) so its processes have the machine to themselves
// The end-to-end tests (tests/e2e: the real `npm start` stack driven by Debian's Chromium) are
// Playwright's: playwright.config.ts, `npm run test:e2e`.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'portal',
          include: ['app/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/setup/portal.ts'],
          // the first jsdom render of a file loads Mantine: seconds on a loaded 2-core machine
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/setup/api.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pg',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/setup/api.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A failed test runs once more here. These run beside the PGlite copies on two cores, and
          // two tests whose jobs run the engines failed once each under that load in CI on
          // 2026-12-07 (api/seed/showcase "fills the areas…", api/modules/speech "queues an upload…")
          // while passing alone; their cause is still to be found (see issue 20's closing note).
          retry: 1,
        },
      },
      {
        extends: true,
        test: { name: 'tooling', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'split',
          include: ['tests/split/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/setup/api.ts'],
          sequence: { groupOrder: 1 },
          // the file caps itself at 6 minutes (tests/split/split-deployment.test.ts)
          testTimeout: 240_000,
          hookTimeout: 150_000,
        },
      },
    ],
  },
})
