import sharp from 'sharp'
import { rotated, withNoise } from './test-images'

/**
 * Test-side document pages (tests and bench/ocr-pages.ts): whole pages laid out in SVG and drawn by
 * sharp, each with the text in reading order and the fields a reader should extract. Two sets with
 * different texts and fonts: "tuning" is what the engine was tuned on, "held-out" is only measured.
 */

export type PageClass = 'columns' | 'invoice' | 'receipt' | 'bill' | 'form' | 'letter'
export type Expected = { name: string; value: string; valid?: boolean }
export type TestPage = {
  id: string
  set: 'tuning' | 'held-out'
  kind: PageClass
  font: string
  /** The page's text in reading order, one line per line. */
  text: string
  documentType: 'invoice' | 'form' | 'other'
  fields: Expected[]
  svg: string
}

type Run = { x: number; y: number; text: string; size: number; anchor?: 'end'; bold?: boolean; spacing?: number }

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

function svgOf(width: number, height: number, font: string, runs: Run[]): string {
  const texts = runs
    .map(
      (r) =>
        `<text x="${r.x}" y="${r.y}" font-size="${r.size}" font-family="${font}"` +
        (r.anchor ? ` text-anchor="${r.anchor}"` : '') +
        (r.bold ? ' font-weight="bold"' : '') +
        (r.spacing ? ` letter-spacing="${r.spacing}"` : '') +
        `>${escape(r.text)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`
}

/** Lay out lines top to bottom; `[left, right]` pairs put the right part flush right. */
class Sheet {
  runs: Run[] = []
  reading: string[] = []
  constructor(
    readonly width: number,
    public y: number,
    readonly margin = 90,
  ) {}
  line(text: string, size = 26, extra: Partial<Run> = {}, gap = 1.6) {
    this.runs.push({ x: this.margin, y: this.y, text, size, ...extra })
    this.reading.push(text)
    this.y += Math.round(size * gap)
  }
  pair(left: string, right: string, size = 26) {
    this.runs.push({ x: this.margin, y: this.y, text: left, size })
    this.runs.push({ x: this.width - this.margin, y: this.y, text: right, size, anchor: 'end' })
    this.reading.push(`${left} ${right}`)
    this.y += Math.round(size * 1.6)
  }
  skip(px: number) {
    this.y += px
  }
}

function columnsPage(id: string, set: TestPage['set'], font: string, title: string, left: string[], right: string[]) {
  const width = 1240
  const runs: Run[] = [{ x: 90, y: 130, text: title, size: 40, bold: true }]
  const column = (lines: string[], x: number) =>
    lines.forEach((text, i) => runs.push({ x, y: 230 + i * 42, text, size: 26 }))
  column(left, 90)
  column(right, 660)
  const height = 230 + Math.max(left.length, right.length) * 42 + 120
  return page(id, set, 'columns', font, [title, ...left, ...right], 'other', [], svgOf(width, height, font, runs))
}

function page(
  id: string,
  set: TestPage['set'],
  kind: PageClass,
  font: string,
  reading: string[],
  documentType: TestPage['documentType'],
  fields: Expected[],
  svg: string,
): TestPage {
  return { id, set, kind, font, text: reading.join('\n'), documentType, fields, svg }
}

type Invoice = {
  vendor: string
  address: string
  number: string
  date: string
  isoDate: string
  billTo: string
  items: [string, number][]
  taxLabel: string
  taxRate: number
}

const money = (n: number) => n.toFixed(2)

function invoicePage(id: string, set: TestPage['set'], font: string, inv: Invoice) {
  const sheet = new Sheet(1240, 150)
  sheet.line(inv.vendor, 76, { bold: true, spacing: 4 }, 1.2)
  sheet.line(inv.address, 22, {}, 2.6)
  sheet.line('INVOICE', 40, { bold: true }, 1.6)
  sheet.line(`Invoice No: ${inv.number}`)
  sheet.line(`Invoice Date: ${inv.date}`)
  sheet.line(`Bill To: ${inv.billTo}`, 26, {}, 2.4)
  for (const [description, amount] of inv.items) sheet.pair(description, money(amount))
  sheet.skip(30)
  const subtotal = inv.items.reduce((s, [, a]) => s + a, 0)
  const tax = Math.round(subtotal * inv.taxRate) / 100
  sheet.pair('Subtotal', money(subtotal))
  sheet.pair(`${inv.taxLabel} ${inv.taxRate}%`, money(tax))
  sheet.pair('Total', money(subtotal + tax), 30)
  return page(
    id,
    set,
    'invoice',
    font,
    sheet.reading,
    'invoice',
    [
      { name: 'vendor', value: inv.vendor },
      { name: 'invoice_number', value: inv.number },
      { name: 'invoice_date', value: inv.isoDate },
      { name: 'tax', value: money(tax) },
      { name: 'total', value: money(subtotal + tax), valid: true },
    ],
    svgOf(1240, sheet.y + 100, font, sheet.runs),
  )
}

type Receipt = {
  store: string
  address: string
  date: string
  isoDate: string
  items: [string, number][]
  cash: number
}

function receiptPage(id: string, set: TestPage['set'], font: string, r: Receipt) {
  const sheet = new Sheet(760, 120, 60)
  sheet.line(r.store, 40, { bold: true }, 1.4)
  sheet.line(r.address, 22, {}, 1.8)
  sheet.line(`Date: ${r.date}`, 24, {}, 2.2)
  for (const [description, amount] of r.items) sheet.pair(description, money(amount), 24)
  sheet.skip(20)
  const subtotal = r.items.reduce((s, [, a]) => s + a, 0)
  const tax = Math.round(subtotal * 8) / 100
  const total = Math.round((subtotal + tax) * 100) / 100
  sheet.pair('Subtotal', money(subtotal), 24)
  sheet.pair('Sales Tax 8%', money(tax), 24)
  sheet.pair('TOTAL', money(total), 28)
  sheet.pair('Cash', money(r.cash), 24)
  sheet.pair('Change', money(r.cash - total), 24)
  sheet.skip(20)
  sheet.line('Thank you for shopping with us', 22)
  return page(
    id,
    set,
    'receipt',
    font,
    sheet.reading,
    'invoice',
    [
      { name: 'vendor', value: r.store },
      { name: 'invoice_date', value: r.isoDate },
      { name: 'tax', value: money(tax) },
      { name: 'total', value: money(total), valid: true },
    ],
    svgOf(760, sheet.y + 80, font, sheet.runs),
  )
}

type Bill = {
  company: string
  address: string
  account: string
  number: string
  date: string
  isoDate: string
  charges: [string, number][]
}

function billPage(id: string, set: TestPage['set'], font: string, b: Bill) {
  const sheet = new Sheet(1240, 160)
  sheet.line(b.company.toUpperCase(), 48, { spacing: 22 }, 1.4)
  sheet.line(b.address, 22, {}, 2.8)
  sheet.line(`Account: ${b.account}`)
  sheet.line(`Invoice No: ${b.number}`)
  sheet.line(`Statement Date: ${b.date}`, 26, {}, 2.4)
  for (const [description, amount] of b.charges) sheet.pair(description, money(amount))
  const net = b.charges.reduce((s, [, a]) => s + a, 0)
  const vat = Math.round(net * 5) / 100
  sheet.pair('VAT 5%', money(vat))
  sheet.skip(20)
  sheet.pair('Amount Due', money(net + vat), 30)
  sheet.skip(40)
  sheet.line('Please pay within 14 days of the statement date.', 22)
  return page(
    id,
    set,
    'bill',
    font,
    sheet.reading,
    'invoice',
    [
      { name: 'vendor', value: b.company.toUpperCase() },
      { name: 'invoice_number', value: b.number },
      { name: 'invoice_date', value: b.isoDate },
      { name: 'tax', value: money(vat) },
      { name: 'total', value: money(net + vat), valid: true },
    ],
    svgOf(1240, sheet.y + 100, font, sheet.runs),
  )
}

function formPage(id: string, set: TestPage['set'], font: string, title: string, pairs: [string, string][]) {
  const sheet = new Sheet(1240, 150)
  sheet.line(title, 40, { bold: true }, 2.2)
  for (const [label, value] of pairs) sheet.line(`${label}: ${value}`, 28, {}, 1.9)
  return page(
    id,
    set,
    'form',
    font,
    sheet.reading,
    'form',
    pairs.map(([name, value]) => ({ name, value })),
    svgOf(1240, sheet.y + 100, font, sheet.runs),
  )
}

function letterPage(id: string, set: TestPage['set'], font: string, sender: string, body: string[]) {
  const sheet = new Sheet(1240, 150)
  sheet.line(sender, 50, { bold: true, spacing: 4 }, 2.4)
  for (const l of body) sheet.line(l, 26, {}, 1.7)
  return page(id, set, 'letter', font, sheet.reading, 'other', [], svgOf(1240, sheet.y + 100, font, sheet.runs))
}

const TUNING: TestPage[] = [
  columnsPage(
    'columns-t',
    'tuning',
    'DejaVu Sans',
    'Harbour Council Newsletter',
    [
      'The harbour wall repairs will',
      'begin in early spring and last',
      'about eleven weeks. Boats on',
      'the east moorings must move',
      'to the temporary pontoon by',
      'the end of February. Parking',
      'near the slipway is closed.',
    ],
    [
      'The library opens late on',
      'Thursdays from next month,',
      'until eight in the evening.',
      'Volunteers are still needed',
      'for the reading club and the',
      'homework help desk. Please',
      'ask at the front counter.',
    ],
  ),
  invoicePage('invoice-t', 'tuning', 'Liberation Serif', {
    vendor: 'Brightwater Supplies',
    address: '14 Quay Street, Portsmouth PO1 3AB',
    number: 'INV-20931',
    date: '18 March 2024',
    isoDate: '2024-03-18',
    billTo: 'Kestrel Design Studio',
    items: [
      ['Printer paper, 10 reams', 42.5],
      ['Toner cartridge black', 89.99],
      ['Desk organiser set', 23.4],
    ],
    taxLabel: 'VAT',
    taxRate: 20,
  }),
  receiptPage('receipt-t', 'tuning', 'DejaVu Sans Mono', {
    store: 'Corner Market',
    address: '221 Elm Road, Springfield',
    date: '05/04/2024',
    isoDate: '2024-04-05',
    items: [
      ['Whole milk 2L', 2.49],
      ['Sourdough loaf', 3.8],
      ['Free range eggs', 4.25],
      ['Apples 1kg', 2.99],
    ],
    cash: 20,
  }),
  billPage('bill-t', 'tuning', 'DejaVu Sans', {
    company: 'Northgate Energy',
    address: 'PO Box 4410, Leeds LS1 9QT',
    account: '7730-1184-22',
    number: 'NE-558120',
    date: '2024-02-29',
    isoDate: '2024-02-29',
    charges: [
      ['Electricity usage 412 kWh', 118.36],
      ['Standing charge 29 days', 15.66],
    ],
  }),
  formPage('form-t', 'tuning', 'Liberation Serif', 'Library Membership Application', [
    ['Full Name', 'Daniel Okafor'],
    ['Date of Birth', '09.11.1988'],
    ['Phone', '0161 496 0732'],
    ['Email', 'd.okafor@example.org'],
    ['Branch', 'Central Library'],
  ]),
  letterPage('letter-t', 'tuning', 'DejaVu Sans', 'Fairfield Dental Practice', [
    'Dear Ms Patel,',
    'This is a reminder that your next check-up is due',
    'on Tuesday 14 May at 10.30 in the morning.',
    'Please arrive ten minutes early and bring a list',
    'of any medicines you are taking at the moment.',
    'If you cannot attend, call us at least a day before.',
    'Kind regards, the reception team',
  ]),
]

const HELD_OUT: TestPage[] = [
  columnsPage(
    'columns-h',
    'held-out',
    'Liberation Serif',
    'Field Notes from the Valley Farm',
    [
      'Spring lambing went well this',
      'year, with ninety-four lambs',
      'born over three weeks. Only',
      'two needed bottle feeding and',
      'both are now thriving in the',
      'lower meadow with the ewes.',
      'The orchard blossom is late.',
    ],
    [
      'We replaced the old barn roof',
      'with recycled steel sheets in',
      'April. Rainwater from it now',
      'fills two large tanks, enough',
      'to water the vegetable beds',
      'through most of the summer',
      'without using the mains.',
    ],
  ),
  invoicePage('invoice-h', 'held-out', 'Liberation Sans', {
    vendor: 'Meridian Print Works',
    address: '7 Foundry Lane, Bristol BS2 0HQ',
    number: 'MPW-4471',
    date: '2024-06-03',
    isoDate: '2024-06-03',
    billTo: 'Olive Tree Cafe',
    items: [
      ['Menu cards, 200 copies', 64.0],
      ['Window poster A1', 35.5],
      ['Loyalty stamp cards', 28.75],
      ['Design time 2 hours', 90.0],
    ],
    taxLabel: 'VAT',
    taxRate: 20,
  }),
  receiptPage('receipt-h', 'held-out', 'Liberation Mono', {
    store: 'Greenleaf Pharmacy',
    address: '90 High Street, Oxford',
    date: '12.07.2024',
    isoDate: '2024-07-12',
    items: [
      ['Vitamin D tablets', 6.49],
      ['Plasters assorted', 3.15],
      ['Hand cream 75ml', 4.6],
    ],
    cash: 50,
  }),
  billPage('bill-h', 'held-out', 'DejaVu Serif', {
    company: 'Clearwater Utilities',
    address: '1 Reservoir Way, Bath BA1 2XY',
    account: '4402-9917-06',
    number: 'CW-190274',
    date: '15 August 2024',
    isoDate: '2024-08-15',
    charges: [
      ['Water supply 31 m3', 58.9],
      ['Wastewater service', 47.35],
      ['Meter rental', 6.0],
    ],
  }),
  formPage('form-h', 'held-out', 'DejaVu Serif', 'Vehicle Parking Permit Request', [
    ['Applicant', 'Helen Marsh'],
    ['Registration', 'KX19 TRV'],
    ['Address', '42 Linden Avenue'],
    ['Permit Zone', 'North B'],
    ['Start Date', '01.09.2024'],
  ]),
  letterPage('letter-h', 'held-out', 'Liberation Sans', 'Ashcombe Rowing Club', [
    'Dear members,',
    'The annual regatta will take place on Saturday',
    '21 September, starting at nine in the morning.',
    'Crews must register their boats by the Wednesday',
    'before, and every rower needs a signed safety form.',
    'Hot food and drinks will be served in the boathouse.',
    'Best wishes from the committee',
  ]),
]

export const TEST_PAGES: TestPage[] = [...TUNING, ...HELD_OUT]

export const renderPage = (p: TestPage) => sharp(Buffer.from(p.svg)).png().toBuffer()

export type Degradation = 'rotated-90' | 'rotated-180' | 'skewed-3' | 'noisy' | 'low-contrast' | 'jpeg'
export const DEGRADATIONS: Degradation[] = ['rotated-90', 'rotated-180', 'skewed-3', 'noisy', 'low-contrast', 'jpeg']

/** A copy as a poor scan or phone photo would give it. */
export async function degrade(png: Buffer, how: Degradation): Promise<Buffer> {
  switch (how) {
    case 'rotated-90':
      return rotated(png, 90)
    case 'rotated-180':
      return rotated(png, 180)
    case 'skewed-3':
      return rotated(png, 3)
    case 'noisy':
      return withNoise(png, 0.05, 11)
    case 'low-contrast':
      // faded ink on grey paper, slightly out of focus
      return sharp(png).greyscale().blur(1).linear(0.25, 175).png().toBuffer()
    case 'jpeg': {
      const meta = await sharp(png).metadata()
      return sharp(png)
        .resize(Math.round(meta.width! * 0.7))
        .jpeg({ quality: 30 })
        .toBuffer()
    }
  }
}
