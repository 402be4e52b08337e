import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { root, startStack, type Stack } from './stack'

/** Where global-teardown.ts finds the stack: both run in Playwright's runner process. */
export const running = globalThis as typeof globalThis & { e2eStack?: Stack }

/**
 * Starts the built product once for the whole run. The workers, started after this, inherit its
 * addresses through the environment (tests/e2e/fixtures.ts reads them).
 */
export default async function globalSetup() {
  for (const file of ['build/server/index.js', 'build/api/main.js']) {
    if (!existsSync(join(root, file))) {
      throw new Error(`${file} is missing: the end-to-end tests run the built product (npm run build)`)
    }
  }
  const stack = await startStack({
    // Every spec signs in several times from one address; keep the per-client limit but give it room.
    LOGIN_IP_LIMIT: '200',
    // The showcase for the visitor only (showcase.test.ts walks it): the jobs of all six accounts
    // would keep a 2-core machine's engines busy for minutes while the specs run.
    SEED_SHOWCASE: 'visitor@demo.local',
  })
  running.e2eStack = stack
  process.env.E2E_BASE_URL = stack.baseURL
  process.env.E2E_API_URL = stack.apiURL
}
