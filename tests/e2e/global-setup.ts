import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { root, startStack } from './stack'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    apiURL: string
  }
}

export default async function setup(project: TestProject) {
  for (const file of ['build/server/index.js', 'build/api/main.js']) {
    if (!existsSync(join(root, file))) {
      throw new Error(`${file} is missing: the end-to-end tests run the built product (npm run build)`)
    }
  }
  const stack = await startStack({
    // Every spec signs in several times from one address; keep the per-client limit but give it room.
    LOGIN_IP_LIMIT: '200',
  })
  project.provide('baseURL', stack.baseURL)
  project.provide('apiURL', stack.apiURL)
  return async () => {
    await stack.stop()
  }
}
