import { execFileSync } from 'node:child_process'
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { invoiceDocument } from '../../../domain/invoice/invoiceDocument.ts'
import { checkInvoiceDraft, type InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { invoicePdf, type InvoicePdfInput } from './invoicePdf.ts'

type Word = { text: string; x0: number; y0: number; x1: number; y1: number; page: number }

/** Every word of a PDF with its box, as poppler's reader places it (points from the page's top left). */
function pdfWords(pdf: Uint8Array): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf }).toString('utf8')
  const words: Word[] = []
  html.split('<page ').forEach((page, index) => {
    for (const m of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ))
      words.push({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, text: unescape(m[5]!), page: index })
  })
  return words
}

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>')

// Glyph boxes include the font's ascent and descent, so neighbouring lines touch: overlap counts past half a point.
const intersects = (a: Word, b: Word, slack = 0.5) =>
  a.page === b.page && a.x0 < b.x1 - slack && b.x0 < a.x1 - slack && a.y0 < b.y1 - slack && b.y0 < a.y1 - slack

function overlaps(words: Word[]) {
  const found: string[] = []
  words.forEach((a, i) =>
    words.slice(i + 1).forEach((b) => {
      // Lines of one paragraph share no row; what touches at a line's own ascent/descent is within 2 points vertically.
      const vertical = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
      if (intersects(a, b) && vertical > 2) found.push(`"${a.text}" × "${b.text}"`)
    }),
  )
  return found
}

const party = { name: 'Anna Design GmbH', address: 'Hauptstraße 1, 10115 Berlin', taxId: 'DE123456789', email: '' }

function document(lines: InvoiceLineDraft[], { language = 'en', currency = 'EUR', minorDigits = 2 } = {}) {
  const checked = checkInvoiceDraft(
    {
      buyer: { ...party, name: 'Acme Corporation' },
      lines,
      rounding: 'line',
      issueDate: '2026-11-26',
      dueDate: '2026-12-10',
      notes: '',
      language,
    },
    { minorDigits },
  )
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
  return invoiceDocument(checked.invoice, { number: '2026-0042', currency, minorDigits, seller: party })
}

const payment = {
  chainId: 31337,
  chainName: 'Anvil',
  txHash: `0x${'ab'.repeat(32)}`,
  blockNumber: 1234n,
  blockTime: new Date('2026-11-27T10:00:00Z'),
  amount: 1_239_020_473n,
  symbol: 'EURC',
  decimals: 6,
  value: 123_900n,
}

const draw = (input: Partial<InvoicePdfInput> & Pick<InvoicePdfInput, 'document'>) =>
  invoicePdf({
    documentHash: `0x${'cd'.repeat(32)}`,
    logoPng: null,
    payUrl: 'http://localhost:5173/pay/AAAAAAAAAAAAAAAA',
    paid: false,
    payments: [],
    paper: 'a4',
    ...input,
  })

// The largest figures the draft rules accept: 15 whole digits and every decimal allowed.
const largest = (minorDigits: number): InvoiceLineDraft => ({
  description: 'Largest line the rules accept',
  quantity: '999999999999999.9999',
  unitPrice: `999999999999999.${'9'.repeat(minorDigits + 4)}`,
  taxRate: '99.99',
})

describe('the invoice PDF', () => {
  const cases = [
    [
      '1,000 × 1,234,567.89 in EUR',
      'en',
      'EUR',
      2,
      [{ description: 'Consulting', quantity: '1000', unitPrice: '1234567.89', taxRate: '19' }],
    ],
    ['the largest figures in EUR, in German', 'de', 'EUR', 2, [largest(2), largest(2)]],
    ['the largest figures in an 18-decimal token', 'en', 'WETH', 18, [largest(18)]],
    [
      'the largest figures in Japanese yen',
      'ja',
      'JPY',
      0,
      [largest(0), { description: '作業', quantity: '1', unitPrice: '1', taxRate: '10' }],
    ],
  ] as const
  for (const [name, language, currency, minorDigits, lines] of cases)
    it(`sets every figure apart from its neighbours: ${name}`, async () => {
      const pdf = await draw({
        document: document([...lines], { language, currency, minorDigits }),
        paid: true,
        payments: [payment],
      })
      const words = pdfWords(pdf)
      expect(overlaps(words)).toEqual([])
      // Nothing leaves the page's margins.
      for (const word of words) expect(word.x1, word.text).toBeLessThanOrEqual(595.28 - 48 + 0.5)
    })

  for (const [language, paid, labels] of [
    ['en', 'PAID', ['Invoice no.', 'Issue date', 'Due date']],
    ['de', 'BEZAHLT', ['Rechnungsnr.', 'Rechnungsdatum', 'Fällig am']],
  ] as const)
    it(`puts the ${paid} stamp in a place of its own, clear of every label (${language})`, async () => {
      for (const logoPng of [null, LOGO]) {
        const pdf = await draw({ document: document([largest(2)], { language }), paid: true, logoPng })
        const words = pdfWords(pdf)
        const stamp = words.find((w) => w.text === paid)!
        // The stamp's box reaches 12 points either side of its word and 8 above and below.
        const box = { ...stamp, x0: stamp.x0 - 12, x1: stamp.x1 + 12, y0: stamp.y0 - 8, y1: stamp.y1 + 8 }
        const heading = words.filter((w) => labels.some((l) => l.split(' ').includes(w.text)))
        expect(heading.length).toBeGreaterThanOrEqual(labels.join(' ').split(' ').length)
        expect(words.filter((w) => w !== stamp && intersects(box, w)).map((w) => w.text)).toEqual([])
      }
    })

  it('writes every number and date of a German invoice the German way', async () => {
    const lines = [{ description: 'Beratung', quantity: '1000', unitPrice: '1234.5', taxRate: '19' }]
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: await draw({ document: document(lines, { language: 'de' }), paid: true, payments: [payment] }),
    }).toString('utf8')
    expect(text).toContain('1.239,020473 EURC')
    expect(text).toContain('1.234.500,00 €')
    expect(text).toContain('1.234,50 €')
    expect(text).toContain('26. November 2026')
    expect(text).toContain('27.11.2026')
    expect(text).not.toMatch(/\d\.\d{6}\b|\d,\d{3}\.\d/)
  })

  it('says a paid invoice is paid instead of offering to pay online', async () => {
    const lines = [{ description: 'Beratung', quantity: '1', unitPrice: '10', taxRate: '19' }]
    for (const [language, payOnline, paidInFull] of [
      ['en', 'Pay online', 'Paid in full'],
      ['de', 'Online bezahlen', 'Vollständig bezahlt'],
    ] as const) {
      const read = async (paid: boolean) =>
        execFileSync('pdftotext', ['-layout', '-', '-'], {
          input: await draw({ document: document(lines, { language }), paid, payments: paid ? [payment] : [] }),
        }).toString('utf8')
      const [open, paid] = [await read(false), await read(true)]
      expect(open).toContain(payOnline)
      expect(open).toContain('/pay/AAAAAAAAAAAAAAAA')
      expect(paid).not.toContain(payOnline)
      expect(paid).not.toContain('/pay/AAAAAAAAAAAAAAAA')
      expect(paid).toContain(paidInFull)
    }
  })
})

// A 150 × 56 PNG: the widest logo the heading draws.
const LOGO = Uint8Array.from(PNG.sync.write(new PNG({ width: 150, height: 56 })))
