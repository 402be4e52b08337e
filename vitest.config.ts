import { defineConfig } from 'vitest/config'
import tsconfigPaths from 'vite-tsconfig-paths'

// Three kinds of tests, one `vitest run`:
// - portal: loaders, actions, services and components (msw mocks built from contract/)
// - api / api-pg: the Fastify API through inject, on PGlite and on PostgreSQL
// - e2e: the real `npm start` stack driven by Debian's Chromium
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
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/global-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          retry: process.env.CI ? 2 : 0,
        },
      },
    ],
  },
})
