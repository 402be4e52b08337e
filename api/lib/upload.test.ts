import multipart from '@fastify/multipart'
import Fastify from 'fastify'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { multipartBody } from '#api/test-utils'
import { installErrorHandling } from '../plugins/errors'
import { localBlobStore } from './blob-store'
import { readJsonOrUpload, readUpload, readUploads } from './upload'

const app = Fastify()
const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upload-test-'))
const blobs = localBlobStore(blobDir)

beforeAll(async () => {
  installErrorHandling(app)
  await app.register(multipart)
  app.post('/many', async (request) => {
    const { fields, files } = await readUploads(request, {
      field: 'photos',
      maxFiles: 3,
      maxBytes: 1000,
      tooLarge: 'A photo is too large',
      tooMany: 'At most 3 photos',
    })
    return { fields, files: files.map((f) => ({ filename: f.filename, size: f.size, text: f.bytes.toString() })) }
  })
  app.post('/stored', async (request) => {
    const { file } = await readUpload(request, {
      maxBytes: 100_000,
      tooLarge: 'Too large',
      store: { blobs, prefix: 'up' },
    })
    return { file: file && { filename: file.filename, size: file.size } }
  })
  app.post('/one', async (request) => {
    const { fields, file } = await readUpload(request, { maxBytes: 1000, tooLarge: 'Too large' })
    return { fields, file: file && { filename: file.filename, size: file.size } }
  })
  app.post('/either', async (request) => {
    const read = await readJsonOrUpload(request, z.object({ text: z.string().min(1, 'Paste something') }), {
      maxBytes: 1000,
      tooLarge: 'Too large',
    })
    if ('json' in read) return { text: read.json.text }
    const { fields, file } = read.upload
    return { fields, file: file && { filename: file.filename, size: file.size } }
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  fs.rmSync(blobDir, { recursive: true, force: true })
})

const file = (name: string, text: string, field = 'photos') => ({ name, bytes: text, field })

describe('readUploads', () => {
  it('reads several files of one field, in order, with the text fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/many',
      ...multipartBody({ name: 'Ann' }, [file('a.jpg', 'first'), file('../../b.jpg', 'second')]),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      fields: { name: 'Ann' },
      files: [
        { filename: 'a.jpg', size: 5, text: 'first' },
        { filename: 'b.jpg', size: 6, text: 'second' },
      ],
    })
  })

  it('skips blank file inputs but refuses more files than allowed', async () => {
    const blank = { name: '', bytes: '', field: 'photos' }
    const ok = await app.inject({
      method: 'POST',
      url: '/many',
      ...multipartBody({}, [blank, file('a.jpg', 'x'), blank]),
    })
    expect(ok.json().files).toHaveLength(1)

    const many = await app.inject({
      method: 'POST',
      url: '/many',
      ...multipartBody(
        {},
        ['a', 'b', 'c', 'd'].map((n) => file(`${n}.jpg`, n)),
      ),
    })
    expect(many.statusCode).toBe(400)
    expect(many.json()).toMatchObject({ message: 'At most 3 photos', errors: { photos: ['At most 3 photos'] } })
  })

  it('answers 413 for a file over the bound, 400 for another field, 415 when not multipart', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/many',
      ...multipartBody({}, file('a.jpg', 'x'.repeat(1001))),
    })
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe('A photo is too large')

    const wrong = await app.inject({ method: 'POST', url: '/many', ...multipartBody({}, file('a.jpg', 'x', 'file')) })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors).toEqual({ photos: ['Attach a file'] })

    const json = await app.inject({ method: 'POST', url: '/many', payload: { photos: 'x' } })
    expect(json.statusCode).toBe(415)
  })

  it('answers 400 for a body cut off mid-way', async () => {
    const { payload, headers } = multipartBody({}, file('a.jpg', 'abc'))
    const res = await app.inject({
      method: 'POST',
      url: '/many',
      headers,
      payload: payload.subarray(0, payload.length - 12),
    })
    expect(res.statusCode).toBe(400)
  })
})

describe('readUpload still takes one file in "file"', () => {
  it('reads it, refuses a second file with 413 and a cut-off body with 400', async () => {
    const one = await app.inject({ method: 'POST', url: '/one', ...multipartBody({}, file('a.wav', 'abc', 'file')) })
    expect(one.json()).toEqual({ fields: {}, file: { filename: 'a.wav', size: 3 } })
    const two = await app.inject({
      method: 'POST',
      url: '/one',
      ...multipartBody({}, [file('a.wav', 'abc', 'file'), file('b.wav', 'def', 'file')]),
    })
    expect(two.statusCode).toBe(413)
    expect(two.json().message).toBe('Send one file and the form fields only')

    const { payload, headers } = multipartBody({}, file('a.wav', 'abc', 'file'))
    const cut = await app.inject({
      method: 'POST',
      url: '/one',
      headers,
      payload: payload.subarray(0, payload.length - 12),
    })
    expect(cut.statusCode).toBe(400)
  })
})

describe('readJsonOrUpload', () => {
  it('checks a JSON body against its schema, and reads a multipart one as readUpload does', async () => {
    const json = await app.inject({ method: 'POST', url: '/either', payload: { text: 'hello' } })
    expect(json.json()).toEqual({ text: 'hello' })
    const empty = await app.inject({ method: 'POST', url: '/either', payload: { text: '' } })
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({
      message: 'Check the highlighted fields',
      errors: { text: ['Paste something'] },
    })
    const upload = await app.inject({
      method: 'POST',
      url: '/either',
      ...multipartBody({ kind: 'chat' }, file('a.txt', 'abc', 'file')),
    })
    expect(upload.json()).toEqual({ fields: { kind: 'chat' }, file: { filename: 'a.txt', size: 3 } })
    const big = await app.inject({
      method: 'POST',
      url: '/either',
      ...multipartBody({}, file('a.txt', 'x'.repeat(1001), 'file')),
    })
    expect(big.statusCode).toBe(413)
  })
})

describe('readUpload streaming to the blob store', () => {
  it('answers 400, at once and keeping nothing, to a small body cut off before its closing boundary', async () => {
    // the whole cut body fits in one chunk: the file stream is torn down before it is read (it used to hang)
    const { payload, headers } = multipartBody({}, file('a.png', 'x'.repeat(5000), 'file'))
    const started = Date.now()
    const cut = await app.inject({
      method: 'POST',
      url: '/stored',
      headers,
      payload: payload.subarray(0, payload.length - 40),
    })
    expect(cut.statusCode).toBe(400)
    expect(cut.json().message).toBe('The upload was cut off or malformed')
    expect(Date.now() - started).toBeLessThan(5000)
    expect(fs.readdirSync(blobDir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))).toEqual([])

    const whole = await app.inject({
      method: 'POST',
      url: '/stored',
      ...multipartBody({}, file('a.png', 'abc', 'file')),
    })
    expect(whole.json()).toEqual({ file: { filename: 'a.png', size: 3 } })
  })
})

describe('upload names', () => {
  it('drop bidi and other control characters, so a name shows as what it is', async () => {
    // "invoice‮fdp.exe" would show as "invoiceexe.pdf"
    const spoofed = 'invoice\u202Efdp.exe'
    const one = await app.inject({ method: 'POST', url: '/one', ...multipartBody({}, file(spoofed, 'abc', 'file')) })
    expect(one.json().file.filename).toBe('invoicefdp.exe')
    const isolates = 'a\u2066b\u2067c\u2068d\u2069e\u202Af\u202Bg\u202Ch\u202Di\u200Fj\u0085k.jpg'
    const many = await app.inject({ method: 'POST', url: '/many', ...multipartBody({}, file(isolates, 'x')) })
    expect(many.json().files[0].filename).toBe('abcdefghijk.jpg')
  })
})
