import { describe, expect, it } from 'vitest'
import { checkInvoiceDraft, type InvoiceDraft } from './invoiceDraft.ts'
import { checkParty } from './invoiceParty.ts'
import { taxCategoryProblems } from './taxCategory.ts'

const seller = { name: 'Ada', address: '', taxId: '', email: '', country: 'DE', vatId: 'DE123456789' }
const draft = (more: Partial<InvoiceDraft>): InvoiceDraft => ({
  buyer: { name: 'Acme', address: '', taxId: '', email: '', country: 'FR' },
  lines: [{ description: 'Work', quantity: '1', unitPrice: '100', taxRate: '0', taxCategory: 'AE' }],
  rounding: 'total',
  issueDate: '2026-11-26',
  dueDate: '2026-12-10',
  notes: '',
  language: 'en',
  ...more,
})

function problems(more: Partial<InvoiceDraft>, sellerMore = {}) {
  const checked = checkInvoiceDraft(draft(more), { minorDigits: 2 })
  if (!checked.ok) return checked.errors
  return taxCategoryProblems(checked.invoice, { ...seller, ...sellerMore })
}

describe('what an e-invoice needs, checked when the invoice is issued', () => {
  it('reverse charge needs both VAT ids; an exemption its reason; a category its rate', () => {
    expect(problems({})).toEqual({
      'buyer.vatId': "Reverse charge and intra-community supplies need the buyer's VAT id.",
    })
    expect(problems({}, { vatId: '' })).toMatchObject({
      seller: 'Lines in tax category AE need your VAT id in your seller details.',
    })
    expect(
      problems({ lines: [{ description: 'Site', quantity: '1', unitPrice: '800', taxRate: '0', taxCategory: 'E' }] }),
    ).toEqual({
      exemptionReason: 'Exempt lines (E) need the reason for the exemption, such as "Small business, § 19 UStG".',
    })
    expect(
      problems({ lines: [{ description: 'Site', quantity: '1', unitPrice: '800', taxRate: '19', taxCategory: 'Z' }] }),
    ).toEqual({ 'lines[0].taxRate': 'A line in tax category Z has a tax rate of 0 %.' })
    expect(
      problems({ lines: [{ description: 'Site', quantity: '1', unitPrice: '800', taxRate: '0', taxCategory: 'X' }] }),
    ).toEqual({ 'lines[0].taxCategory': 'Tax category must be one of S, Z, E, AE, K, G, O.' })
  })

  it('an intra-community supply needs its delivery date; a service period both its days, in order', () => {
    const k = [{ description: 'Goods', quantity: '1', unitPrice: '10', taxRate: '0', taxCategory: 'K' }]
    const buyer = { name: 'Acme', address: '', taxId: '', email: '', country: 'FR', vatId: 'FR12345678901' }
    expect(problems({ lines: k, buyer })).toEqual({
      deliveryDate: 'An intra-community supply needs its delivery date or service period.',
    })
    expect(problems({ lines: k, buyer, deliveryDate: '2026-11-20' })).toEqual({})
    expect(problems({ periodStart: '2026-11-01' })).toEqual({
      periodEnd: 'A service period needs both its first and its last day.',
    })
    expect(problems({ periodStart: '2026-11-30', periodEnd: '2026-11-01' })).toEqual({
      periodEnd: 'The service period cannot end before it starts.',
    })
  })

  it('a party’s country is an ISO 3166 code and its VAT id starts with a country prefix', () => {
    const errors: Record<string, string> = {}
    checkParty(
      { name: 'Acme', address: '', taxId: '', email: '', country: 'Germany', vatId: '123456789', phone: 'call me' },
      'buyer',
      errors,
    )
    expect(errors).toEqual({
      'buyer.country': 'Country must be a two-letter ISO 3166 code such as DE, FR or US.',
      'buyer.vatId': 'VAT id must start with its two-letter country prefix, such as DE123456789.',
      'buyer.phone': 'Telephone must be digits, spaces and + ( ) - / . only, such as +49 30 1234567.',
    })
    expect(checkParty({ name: 'Acme', address: '', taxId: '', email: '', country: 'de' }, 'buyer', {})).toMatchObject({
      country: 'DE',
    })
  })
})
