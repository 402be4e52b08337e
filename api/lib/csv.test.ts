import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvHeaders, csvStream, toCsv, toCsvRow } from './csv'

async function text(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return { body: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length }
}

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and writes nothing for null', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(83.3)).toBe('83.3')
    expect(csvCell(0)).toBe('0')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(true)).toBe('true')
    expect(csvCell(new Date('2026-01-05T10:00:00Z'))).toBe('2026-01-05T10:00:00.000Z')
  })

  it('quotes per RFC 4180: commas, quotes (doubled), CR and LF', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"')
    expect(csvCell('Ada "The Countess"')).toBe('"Ada ""The Countess"""')
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
    expect(csvCell('"')).toBe('""""')
  })

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0")
    expect(csvCell('+44 7700 900123')).toBe("'+44 7700 900123")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tTAB')).toBe("'\tTAB")
    expect(csvCell('\rCR')).toBe('"\'\rCR"')
    // guarded first, then quoted
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"')
    // only at the start, and numbers stay numbers
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell(-5)).toBe('-5')
  })
})

describe('toCsvRow and toCsv', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(toCsvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n')
    expect(toCsvRow([])).toBe('\r\n')
  })

  it('writes a BOM, the header and the rows', () => {
    expect(toCsv(['name', 'score'], [['=x', 5]])).toBe(`${CSV_BOM}name,score\r\n'=x,5\r\n`)
    expect(toCsv(['a'], [], { bom: false })).toBe('a\r\n')
  })
})

describe('csvStream', () => {
  it('streams the header and every row from an async source', async () => {
    async function* rows() {
      yield ['Ada', 1]
      yield ['@b', null]
    }
    const { body } = await text(csvStream(['name', 'n'], rows()))
    expect(body).toBe(`${CSV_BOM}name,n\r\nAda,1\r\n'@b,\r\n`)
  })

  it('sends large files in chunks rather than one write per row or one at the end', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`row ${i}`, i])
    const { body, chunks } = await text(csvStream(['name', 'n'], rows, { bom: false }))
    expect(body.split('\r\n')).toHaveLength(20_002)
    expect(body.endsWith('row 19999,19999\r\n')).toBe(true)
    expect(chunks).toBeGreaterThan(2)
    expect(chunks).toBeLessThan(100)
  })
})

describe('csvHeaders', () => {
  it('names a CSV attachment with a safe file name', () => {
    expect(csvHeaders('users 2026.csv')).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="users_2026.csv"',
      'cache-control': 'no-store',
    })
    expect(csvHeaders('../../etc/"passwd"')['content-disposition']).toBe('attachment; filename="_.._etc_passwd_.csv"')
  })
})
