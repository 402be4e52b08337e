import { describe, expect, it } from 'vitest'
import { userUploadColumns, userUploadRequiredColumns } from '#contract/limits'
import { loader } from './upload-template'

describe('bulk upload CSV template', () => {
  it('is the header row the API expects, as a download', async () => {
    const response = loader()
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toContain('users-template.csv')
    const header = (await response.text()).trim().split(',')
    expect(header).toEqual([...userUploadColumns])
    for (const column of userUploadRequiredColumns) expect(header).toContain(column)
  })
})
