import { afterAll, describe, expect, it } from 'vitest'
import { extractFields } from './fields'
import { closeOcr, recognise, type OcrPage } from './index'
import { parseAmount, parseDate } from './parse'
import { renderLines } from './test-images'
import { TEST_PAGES } from './test-pages'

afterAll(() => closeOcr())

const byName = (fields: ReturnType<typeof extractFields>) => Object.fromEntries(fields.map((f) => [f.name, f]))

function textPage(text: string): OcrPage {
  return { page: 1, width: 1, height: 1, text, words: [], source: 'text_layer', rotation: 0, image: new Uint8Array() }
}

describe('parse', () => {
  it('reads dates in the common written forms and rejects impossible ones', () => {
    expect(parseDate('1990-04-23')).toBe('1990-04-23')
    expect(parseDate('23.04.1990')).toBe('1990-04-23')
    expect(parseDate('23 Apr 1990')).toBe('1990-04-23')
    expect(parseDate('April 23, 1990')).toBe('1990-04-23')
    expect(parseDate('31.02.1990')).toBeNull()
  })

  it('reads amounts in either convention', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56)
    expect(parseAmount('1.234,56')).toBe(1234.56)
    expect(parseAmount('$ 99.90')).toBe(99.9)
  })
})

describe('extractFields on rendered documents', () => {
  it('reads an ID card: name, dates that parse, number, expiry after birth', async () => {
    const { pages } = await recognise(
      await renderLines([
        'REPUBLIC OF EXAMPLE  IDENTITY CARD',
        'Name: Maria Lopez Garcia',
        'Date of Birth: 14.07.1985',
        'Document No: X4821937',
        'Date of Expiry: 02.11.2031',
      ]),
    )
    const f = byName(extractFields(pages, 'id_card'))
    expect(f.name!.value).toBe('Maria Lopez Garcia')
    expect(f.date_of_birth).toMatchObject({ value: '1985-07-14', valid: true })
    expect(f.document_number!.value).toBe('X4821937')
    expect(f.expiry_date).toMatchObject({ value: '2031-11-02', valid: true })
    for (const field of Object.values(f)) expect(field.confidence).toBeGreaterThan(50)
  }, 60_000)

  it('reads an invoice whose line items and tax add up to the total', async () => {
    const { pages } = await recognise(
      await renderLines([
        'Northwind Traders Ltd',
        'Invoice No: INV-2041',
        'Invoice Date: 2024-03-12',
        'Widget assembly kit 120.00',
        'Installation service 80.00',
        'VAT 20%: 40.00',
        'Total: 240.00',
      ]),
    )
    const f = byName(extractFields(pages, 'invoice'))
    expect(f.invoice_number!.value).toBe('INV-2041')
    expect(f.invoice_date!.value).toBe('2024-03-12')
    expect(f.vendor!.value).toBe('Northwind Traders Ltd')
    expect(f.tax!.value).toBe('40.00')
    expect(f.total).toMatchObject({ value: '240.00', valid: true })
    expect(JSON.parse(f.line_items!.value)).toEqual([
      { description: 'Widget assembly kit', amount: 120 },
      { description: 'Installation service', amount: 80 },
    ])
  }, 60_000)
})

describe('extractFields rules', () => {
  it('marks an invoice whose total does not add up', () => {
    const f = byName(
      extractFields([textPage('Acme\nInvoice #: 77A1\nWidget 10.00\nTax: 2.00\nTotal: 15.00')], 'invoice'),
    )
    expect(f.total!.valid).toBe(false)
    expect(f.total!.reason).toMatch(/12\.00/)
  })

  it('checks a receipt against its items, not the cash tendered and change after the total', () => {
    const receipt = TEST_PAGES.find((p) => p.kind === 'receipt')!
    const f = byName(extractFields([textPage(receipt.text)], 'invoice'))
    expect(f.total).toMatchObject({ value: receipt.fields.find((x) => x.name === 'total')!.value, valid: true })
    expect(JSON.parse(f.line_items!.value)).toHaveLength(4)
  })

  it('marks an ID card that expires before its holder was born', () => {
    const f = byName(
      extractFields([textPage('Name: A B\nDOB: 2000-01-01\nExpiry: 1999-01-01\nCard No: 123456')], 'id_card'),
    )
    expect(f.expiry_date!.valid).toBe(false)
  })

  it('reports missing fields rather than inventing them', () => {
    const f = byName(extractFields([textPage('nothing useful here')], 'id_card'))
    expect(f.name).toMatchObject({ value: '', valid: false, reason: 'not found' })
  })

  it('reads label-value pairs from a form', () => {
    const fields = extractFields([textPage('Applicant Name: Jo Smith\nPhone: 555 0100\nsome prose line')], 'form')
    expect(fields.map((f) => [f.name, f.value])).toEqual([
      ['Applicant Name', 'Jo Smith'],
      ['Phone', '555 0100'],
    ])
  })
})
