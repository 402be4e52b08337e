import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths } from '#contract/paths'
import { setupTestApp, type TestApp } from '#api/test-utils'

let t: TestApp
let doc: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Form }> } }>> }
type Form = {
  type: string
  properties: Record<string, { type: string; format?: string; items?: unknown }>
  required?: string[]
}

beforeAll(async () => {
  t = await setupTestApp()
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
})
afterAll(() => t.close())

const binary = { type: 'string', format: 'binary' }
const form = (path: string) => doc.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema

describe('the OpenAPI document of the multipart uploads', () => {
  it.each([
    [paths.uploadRecording, ['file', 'language', 'domain'], ['file', 'language', 'domain']],
    [paths.uploadDocument, ['file', 'document_type'], ['file', 'document_type']],
    [paths.summarize, ['file', 'text', 'summary_type'], ['summary_type']],
    [paths.facePeople, ['photos', 'name', 'external_id'], ['photos', 'name']],
    [paths.faceVerify, ['photo', 'person_id'], ['photo', 'person_id']],
    [paths.faceIdentify, ['photo'], ['photo']],
    [paths.userUpload, ['file'], ['file']],
  ])('gives POST %s a multipart/form-data requestBody with its fields', (path, fields, required) => {
    const schema = form(path)
    expect(schema, path).toBeDefined()
    expect(schema!.type).toBe('object')
    expect(Object.keys(schema!.properties).sort()).toEqual([...fields].sort())
    expect([...(schema!.required ?? [])].sort()).toEqual([...required].sort())
    const file = fields[0]
    expect(schema!.properties[file]).toEqual(
      file === 'photos' ? expect.objectContaining({ type: 'array', items: binary }) : binary,
    )
  })

  it('keeps the JSON body beside it where the route takes both', () => {
    const content = doc.paths[paths.summarize].post.requestBody!.content
    expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data'])
    expect(content['application/json'].schema.required?.sort()).toEqual(['summary_type', 'text'])
  })
})
