import { describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { loader } from './index'

describe('the bare call-evaluation path', () => {
  it('goes to the dashboard, keeping its query', async () => {
    const request = new Request('http://portal.test/demo-portal/solutions/call-evaluation?agent_id=21')
    const result = await run(() => loader(args(request)))
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(
      '/demo-portal/solutions/call-evaluation/evaluation-dashboard?agent_id=21',
    )
  })
})
