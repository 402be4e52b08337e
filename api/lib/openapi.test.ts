import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpoints, needsBearer, pathTemplateOf } from '#contract/endpoints'
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

type Operation = { operationId?: string; security?: unknown[]; responses: Record<string, unknown> }

describe('the OpenAPI document, generated from the endpoint table', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
    )

  it('documents every endpoint of the table, each once, under its id', () => {
    const documented = operations().filter(({ path }) => !path.startsWith('/api/docs'))
    expect(documented.map(({ op }) => op.operationId).sort()).toEqual(Object.keys(endpoints).sort())
    for (const [id, e] of Object.entries(endpoints)) {
      const path = pathTemplateOf(e.path)
      expect((doc.paths[path] as Record<string, Operation>)?.[e.method.toLowerCase()]?.operationId, id).toBe(id)
    }
  })

  it('declares security on every operation: none for public and signed-link endpoints, the bearer token otherwise', () => {
    for (const { path, method, op } of operations().filter(({ path }) => !path.startsWith('/api/docs'))) {
      const e = endpoints[op.operationId as keyof typeof endpoints]
      expect(op.security, `${method} ${path}`).toEqual(needsBearer(e) ? [{ bearerAuth: [] }] : [])
    }
  })

  it('gives every operation a 2xx answer, downloads included, and never a nullable without a type', () => {
    for (const { path, method, op } of operations()) {
      expect(
        Object.keys(op.responses).some((code) => code.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true)
    }
    expect(doc.paths['/api/accounts/export-user-list/']).toMatchObject({
      get: { responses: { 200: { content: { 'text/csv': { schema: binary } } } } },
    })
    const untyped: string[] = []
    const visit = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return
      const n = node as Record<string, unknown>
      if (n.nullable === true && n.type === undefined) untyped.push(at)
      for (const [key, value] of Object.entries(n)) visit(value, `${at}/${key}`)
    }
    visit(doc, '#')
    expect(untyped).toEqual([])
  })
})
