import { describe, expect, it } from 'vitest'
import { run } from '#tests/fixtures/remix'
import routes from '~/routes'
import { loader } from './not-found'

describe('not-found page', () => {
  it('answers 404', async () => {
    const result = await run(() => loader())
    expect(result.status).toBe(404)
  })

  it('is the splat route at the top level, outside the protected layouts', () => {
    expect(routes.find((r) => r.path === '*')?.file).toBe('routes/not-found.tsx')
  })
})
