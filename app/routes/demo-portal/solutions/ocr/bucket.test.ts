import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Paged } from '#contract/envelope'
import type { DocumentSummary } from '#contract/ocr'
import { paths } from '#contract/paths'
import { args, run } from '#tests/fixtures/remix'
import { toastOf } from '#tests/fixtures/speech'
import { requestWithTokens, tokensFor } from '#tests/fixtures/tokens'
import type { DemoKey } from '#tests/fixtures/users'
import { UPSTREAM, errorReply, server } from '#tests/mocks/handlers'
import { OCR_IDS, ocrState, resetOcrMocks } from '#tests/mocks/ocr'
import { action, loader } from './bucket'

const OCR = '/demo-portal/solutions/ocr'

type Body = {
  bucket: string
  query: { page: number; q?: string; document_type?: string }
  values: { q: string; document_type: string }
  errors: Record<string, string[]>
  page: Paged<DocumentSummary> | null
  error: string | null
  confirm: { document_id: number; file_name: string } | null
}

async function load(type: string, search = '', who: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${OCR}/${type}${search}`, tokensFor(who))
  return run<Body>(() => loader(args(request, { type })))
}

async function post(type: string, fields: Record<string, string>, who: DemoKey = 'auditor') {
  const request = await requestWithTokens(`${OCR}/${type}`, tokensFor(who), {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return run(() => action(args(request, { type })))
}

beforeEach(() => resetOcrMocks())

describe('document bucket list loader', () => {
  it('lists the bucket, newest first, ten to a page', async () => {
    const first = await load('scanned')
    expect(first.status).toBe(200)
    expect(first.body.page?.count).toBe(12)
    expect(first.body.page?.total_pages).toBe(2)
    expect(first.body.page?.results).toHaveLength(10)
    expect(first.body.page?.results[0].file_name).toBe('invoice-2044.png')
    expect(first.body.page?.results.every((d) => d.status === 'completed')).toBe(true)
    const second = await load('scanned', '?page=2')
    expect(second.body.page?.results.map((d) => d.file_name)).toEqual(['scan-02.png', 'scan-01.png'])

    expect((await load('pending')).body.page?.results.map((d) => d.document_id)).toEqual([OCR_IDS.started])
    expect((await load('total_failed')).body.page?.results.map((d) => d.failure_reason)).toEqual([
      'No text was found in the document',
    ])
  })

  it('sends the search and the document type on, and keeps them for the form', async () => {
    let sent: URLSearchParams | null = null
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === paths.uploadDocument) sent = new URL(request.url).searchParams
    })
    const result = await load('scanned', '?q=smith&document_type=form')
    server.events.removeAllListeners()
    expect(Object.fromEntries(sent!)).toMatchObject({ q: 'smith', document_type: 'form', status: 'scanned' })
    expect(result.body.page?.results.map((d) => d.file_name)).toEqual(['claim-form.pdf'])
    expect(result.body.values).toEqual({ q: 'smith', document_type: 'form' })
  })

  it('reports a bad filter and lists without it', async () => {
    const result = await load('scanned', '?document_type=passport&q=invoice')
    expect(result.status).toBe(200)
    expect(result.body.errors.document_type).toEqual(['Choose a document type'])
    expect(result.body.page?.results.map((d) => d.file_name)).toEqual(['invoice-2044.png'])
  })

  it('answers 404 for a sub-view that is not a bucket', async () => {
    for (const type of ['completed', 'past_history', 'SCANNED']) {
      const result = await load(type)
      expect(result.thrown).toBe(true)
      expect(result.status).toBe(404)
    }
  })

  it('says why the list is missing when the API fails', async () => {
    server.use(http.get(UPSTREAM + paths.uploadDocument, () => errorReply(500, 'Database unavailable')))
    const result = await load('scanned')
    expect(result.body.page).toBeNull()
    expect(result.body.error).toBe('Database unavailable')
  })

  it('loads the document to confirm without JavaScript', async () => {
    const result = await load('scanned', `?confirm-delete=${OCR_IDS.invoice}`)
    expect(result.body.confirm).toMatchObject({ document_id: OCR_IDS.invoice, file_name: 'invoice-2044.png' })
    const other = await load('scanned', `?confirm-delete=${OCR_IDS.supervisors}`)
    expect(other.body.confirm).toBeNull()
  })
})

describe('document bucket delete', () => {
  it("deletes and comes back to the list as it was, with 'Deleted record successfully!'", async () => {
    const result = await post('scanned', {
      intent: 'delete',
      document_id: String(OCR_IDS.invoice),
      redirectTo: `${OCR}/scanned?q=invoice&confirm-delete=${OCR_IDS.invoice}`,
    })
    expect(result.status).toBe(302)
    expect(result.headers.get('Location')).toBe(`${OCR}/scanned?q=invoice`)
    expect(await toastOf(result.headers)).toMatchObject({ message: 'Deleted record successfully!', type: 'success' })
    expect(ocrState.deleted).toEqual([OCR_IDS.invoice])
  })

  it('says why with an error toast when the API refuses, and never leaves the list', async () => {
    const result = await post('scanned', {
      intent: 'delete',
      document_id: String(OCR_IDS.supervisors),
      redirectTo: 'https://evil.example/',
    })
    expect(result.headers.get('Location')).toBe(`${OCR}/scanned`)
    expect(await toastOf(result.headers)).toMatchObject({
      title: 'Error deleting document.',
      message: 'Document not found',
      type: 'error',
    })
    expect(ocrState.deleted).toEqual([])
  })

  it('refuses a post without a document or with another intent, calling no API', async () => {
    const posts: Record<string, string>[] = [
      { intent: 'delete' },
      { intent: 'explode', document_id: String(OCR_IDS.invoice) },
    ]
    for (const fields of posts) {
      const result = await post('pending', fields)
      expect(result.status).toBe(302)
      expect(await toastOf(result.headers)).toMatchObject({ message: 'Choose a document to delete', type: 'error' })
    }
    expect(ocrState.deleted).toEqual([])
  })

  it('answers 404 to a post to a sub-view that is not a bucket', async () => {
    const result = await post('everything', { intent: 'delete', document_id: String(OCR_IDS.invoice) })
    expect(result.status).toBe(404)
    expect(ocrState.deleted).toEqual([])
  })
})
