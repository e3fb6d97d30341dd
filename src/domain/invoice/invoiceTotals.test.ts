import { describe, expect, it } from 'vitest'
import { checkInvoiceDraft, type InvoiceDraft, type InvoiceLineDraft } from './invoiceDraft.ts'
import { documentAddsUp, invoiceDocument } from './invoiceDocument.ts'

const seller = {
  name: 'Ada Lovelace Consulting',
  address: 'Kastanienallee 1\n10435 Berlin',
  taxId: 'DE123456789',
  email: '',
}

function totalsOf(lines: InvoiceLineDraft[], rounding: 'line' | 'total', currency: string, minorDigits: number) {
  const draft: InvoiceDraft = {
    buyer: { name: 'Acme GmbH', address: '', taxId: '', email: '' },
    lines,
    rounding,
    issueDate: '2026-11-26',
    dueDate: '2026-12-10',
    notes: '',
    language: 'en',
  }
  const checked = checkInvoiceDraft(draft, { minorDigits })
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors))
  const document = invoiceDocument(checked.invoice, { number: 'INV-0001', currency, minorDigits, seller })
  expect(documentAddsUp(document)).toBe(true)
  return document.totals
}

const line = (quantity: string, unitPrice: string, taxRate: string, description = 'Work') => ({
  description,
  quantity,
  unitPrice,
  taxRate,
})

describe('invoice totals, exact in minor units', () => {
  const euroLines = [
    line('3', '33.3333', '19'),
    line('1.5', '12.345', '7'),
    line('0.25', '10.01', '19'),
    line('1', '0.05', '19'),
  ]

  it('rounds each line to the cent and tax per line in EUR', () => {
    // 99.9999 → 100.00; 18.5175 → 18.52; 2.5025 → 2.50; 0.05. Tax: 19.00 + 0.48 + 0.01 and 1.2964 → 1.30.
    expect(totalsOf(euroLines, 'line', 'EUR', 2)).toEqual({
      rates: [
        { category: 'S', rate: '1900', net: '10255', tax: '1949' },
        { category: 'S', rate: '700', net: '1852', tax: '130' },
      ],
      net: '12107',
      tax: '2079',
      total: '14186',
    })
  })

  it('rounds tax once per rate on its net sum when asked, a cent apart here', () => {
    // 102.55 × 19 % = 19.4845 → 19.48 where the lines' own roundings summed to 19.49.
    expect(totalsOf(euroLines, 'total', 'EUR', 2)).toMatchObject({ net: '12107', tax: '2078', total: '14185' })
  })

  it('rounds half a cent up in USD', () => {
    // 7 × 0.3333 = 2.3331 → 2.33, tax 0.145625 → 0.15; 2 × 19.995 = 39.99, tax 2.499375 → 2.50; on the sum 2.645 → 2.65.
    const lines = [line('7', '0.3333', '6.25'), line('2', '19.995', '6.25')]
    expect(totalsOf(lines, 'line', 'USD', 2)).toMatchObject({ net: '4232', tax: '265', total: '4497' })
    expect(totalsOf(lines, 'total', 'USD', 2)).toMatchObject({ net: '4232', tax: '265', total: '4497' })
  })

  it('rounds to the whole yen, which has no minor unit', () => {
    // 999.9999 → 1000 (tax 100); 2 × 0.5 = 1 (tax 0.08 → 0); 298.5 → 299 (tax 23.92 → 24).
    const lines = [line('3', '333.3333', '10'), line('2', '0.5', '8'), line('1.5', '199', '8')]
    expect(totalsOf(lines, 'line', 'JPY', 0)).toEqual({
      rates: [
        { category: 'S', rate: '1000', net: '1000', tax: '100' },
        { category: 'S', rate: '800', net: '300', tax: '24' },
      ],
      net: '1300',
      tax: '124',
      total: '1424',
    })
  })
})
