import { describe, expect, it } from 'vitest'
import { handleDataRequest } from './entry.server'

const dataFor = (path: string) =>
  handleDataRequest(new Response('{}'), { request: new Request(`http://portal.test${path}`), params: {}, context: {} })

describe('data requests', () => {
  it("keep a signed-in page's data out of every cache", async () => {
    for (const path of ['/demo-portal.data', '/demo-portal/solutions/ocr.data', '/reshub.data']) {
      const response = await dataFor(path)
      expect(response.headers.get('Cache-Control'), path).toBe('private, no-store')
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    }
  })

  it('leave public ones alone', async () => {
    for (const path of ['/login.data', '/_root.data', '/demo-portalx.data']) {
      expect((await dataFor(path)).headers.get('Cache-Control'), path).toBeNull()
    }
  })
})
