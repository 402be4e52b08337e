import { describe, expect, it } from 'vitest'
import { args, run } from '#tests/fixtures/remix'
import { serverHtml } from '#tests/fixtures/server-html'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import { userFixture } from '#tests/fixtures/users'
import ScoringDemoPage, { loader } from './demo'

const DEMO = '/demo-portal/solutions/ai-agent-scoring/demo'

describe('the scoring demo page without JavaScript', () => {
  it('is two plain forms: a pasted conversation, and a multipart file upload, each naming agent and campaign', async () => {
    const loaded = await run(async () => loader(args(await requestWithTokens(DEMO, tokensFor('visitor')))))
    const { document, screen } = serverHtml({
      url: DEMO,
      path: 'solutions/ai-agent-scoring/demo',
      Component: ScoringDemoPage,
      data: loaded.body,
      user: userFixture('visitor'),
    })
    const forms = [...document.querySelectorAll('form')]
    const paste = forms.find((f) => f.querySelector('input[name="intent"][value="paste"]'))!
    const upload = forms.find((f) => f.querySelector('input[name="intent"][value="upload"]'))!
    expect(paste.getAttribute('method')).toBe('post')
    expect(paste.getAttribute('enctype')).not.toBe('multipart/form-data')
    expect(paste.querySelector('textarea[name="text"]')).not.toBeNull()
    expect(upload.getAttribute('method')).toBe('post')
    expect(upload.getAttribute('enctype')).toBe('multipart/form-data')
    expect(upload.querySelector('input[type="file"][name="file"]')).not.toBeNull()
    for (const form of [paste, upload]) {
      for (const name of ['agent_id', 'campaign_id', 'template_internal_id']) {
        expect(form.querySelector(`select[name="${name}"]`), name).not.toBeNull()
      }
      expect(form.querySelector('button[type="submit"]')).not.toBeNull()
    }
    expect(screen.getByRole('heading', { name: 'Score a conversation' })).toBeTruthy()
  })
})
