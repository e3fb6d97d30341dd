import { describe, expect, it } from 'vitest'
import { checkInvoiceDraft, type InvoiceDraft } from './invoiceDraft.ts'
import { invoiceNumber, numberPatternProblem } from './invoiceNumber.ts'

const draft = (change: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  buyer: { name: 'Acme GmbH', address: 'Hauptstraße 5\n80331 München', taxId: 'DE999', email: 'ap@acme.example' },
  lines: [{ description: 'Design', quantity: '2', unitPrice: '100', taxRate: '19' }],
  rounding: 'line',
  issueDate: '2026-11-26',
  dueDate: '2026-12-10',
  notes: 'Thank you.\nBank holidays excepted.',
  language: 'de',
  ...change,
})
const errorsOf = (change: Partial<InvoiceDraft>) => {
  const checked = checkInvoiceDraft(draft(change), { minorDigits: 2 })
  return checked.ok ? {} : checked.errors
}
const oneLine = (quantity: string, unitPrice: string, taxRate: string) => [
  { description: 'Design', quantity, unitPrice, taxRate },
]

describe('an invoice draft', () => {
  it('is accepted with a multi-line address and notes', () => {
    expect(checkInvoiceDraft(draft(), { minorDigits: 2 }).ok).toBe(true)
  })

  it('names the line and field of each bad amount', () => {
    expect(errorsOf({ lines: oneLine('-1', '10', '19') })).toEqual({
      'lines[0].quantity': 'Quantity cannot be negative.',
    })
    expect(errorsOf({ lines: oneLine('1', '10', '150') })).toEqual({
      'lines[0].taxRate': 'Tax rate must be a percentage from 0 to 100.',
    })
    expect(errorsOf({ lines: oneLine('0', '10.1234567', '7.777') })).toEqual({
      'lines[0].quantity': 'Quantity must be more than zero.',
      'lines[0].unitPrice': 'Unit price can have at most 6 decimals.',
      'lines[0].taxRate': 'Tax rate can have at most 2 decimals.',
    })
  })

  it('takes a thousand lines, refuses 1,001 and none', () => {
    const many = Array.from({ length: 1001 }, () => oneLine('1', '1', '0')[0]!)
    expect(errorsOf({ lines: many.slice(0, 1000) })).toEqual({})
    expect(errorsOf({ lines: many })).toEqual({ lines: 'An invoice can have at most 1000 lines; this one has 1001.' })
    expect(errorsOf({ lines: [] })).toEqual({ lines: 'An invoice needs at least one line.' })
  })

  it('refuses a buyer name with a control or direction-changing character and a header in an e-mail', () => {
    const buyer = { name: 'Acme\u202Eevil', address: '', taxId: '', email: 'a@b.c\r\nBcc: x@y.z' }
    expect(errorsOf({ buyer })).toEqual({
      'buyer.name': expect.stringContaining('Name cannot contain an invisible or direction-changing character (U+202E'),
      'buyer.email': 'E-mail must be one address with no line breaks or control characters.',
    })
    expect(errorsOf({ buyer: { ...buyer, name: 'Acme\u0007', email: '' } })).toEqual({
      'buyer.name': expect.stringContaining('Name cannot contain a control character (U+0007'),
    })
  })

  it('wants dates in order and a language it can print', () => {
    expect(errorsOf({ dueDate: '2026-11-01', language: 'xx' })).toEqual({
      dueDate: 'Due date cannot be before the issue date.',
      language: 'Language must be one of en, es, de, fr, pt-BR, ja.',
    })
  })
})

describe('an invoice number pattern', () => {
  it('pads the sequence where {seq} stands', () => {
    expect(invoiceNumber('2026-{seq:4}', 7)).toBe('2026-0007')
    expect(invoiceNumber('A{seq}', 12345)).toBe('A12345')
  })

  it('refuses a pattern without {seq}, with two, or with characters a file name would trip on', () => {
    expect(numberPatternProblem('2026-0001')).toMatch(/must contain \{seq\}/)
    expect(numberPatternProblem('{seq}-{seq}')).toMatch(/only once/)
    expect(numberPatternProblem('INV<{seq}>')).toMatch(/letters, digits/)
    expect(numberPatternProblem('INV-{seq:4}')).toBeUndefined()
  })
})
