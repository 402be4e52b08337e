import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Tag } from './tag'

describe('Tag', () => {
  it('is one span with its colour and size as data, its icon before its text', () => {
    const html = renderToStaticMarkup(
      <Tag color="red" size="sm" title="An auto-fail category failed" icon={<b aria-hidden>!</b>}>
        Auto-fail
      </Tag>,
    )
    expect(html).toMatch(
      /^<span class="[^"]+" data-color="red" data-size="sm" title="An auto-fail category failed"><b aria-hidden="true">!<\/b>Auto-fail<\/span>$/,
    )
    // size md is the default and says nothing
    expect(renderToStaticMarkup(<Tag color="teal">Reviewed</Tag>)).not.toContain('data-size')
  })
})
