import { beforeAll, describe, expect, it } from 'vitest'
import {
  ciiSchemaErrors,
  en16931CiiFindings,
  en16931UblFindings,
  prepareValidators,
  xrechnungCiiFindings,
  xrechnungUblFindings,
  type Finding,
} from '../../../../testing/einvoice/validators.ts'
import { ciiXml } from './ciiXml.ts'
import { eInvoiceOf, germanBuyer, germanSeller, v2Document } from './eInvoiceFixtures.ts'
import type { EInvoice } from './eInvoice.ts'
import { ublXml } from './ublXml.ts'

const fatal = (rules: Finding[]) => rules.filter((r) => r.flag === 'fatal').map((r) => `${r.id}: ${r.text}`)

/**
 * Every syntax an e-invoice is served in passes the schema (CII) and EN 16931's rules with no fatal
 * one; a German buyer's XRechnung (CII and UBL) passes XRechnung's rules too.
 */
async function expectValid(invoice: EInvoice) {
  const cii = ciiXml(invoice)
  expect(await ciiSchemaErrors(cii)).toEqual([])
  expect(fatal(await en16931CiiFindings(cii))).toEqual([])
  const xrechnungCii = ciiXml(invoice, 'xrechnung')
  const xrechnungUbl = ublXml(invoice)
  expect(await ciiSchemaErrors(xrechnungCii)).toEqual([])
  expect(fatal(await en16931CiiFindings(xrechnungCii))).toEqual([])
  expect(fatal(await en16931UblFindings(xrechnungUbl))).toEqual([])
  if (invoice.buyer.country === 'DE') {
    expect(fatal(await xrechnungCiiFindings(xrechnungCii))).toEqual([])
    expect(fatal(await xrechnungUblFindings(xrechnungUbl))).toEqual([])
  }
  return cii
}

const frenchBuyer = {
  name: 'Dupont SARL',
  address: '12 rue de la Paix',
  postcode: '75002',
  city: 'Paris',
  country: 'FR',
  taxId: '',
  vatId: 'FR12345678901',
  email: 'compta@dupont.example',
}
const usBuyer = {
  name: 'Initech Inc.',
  address: '4120 Freidrich Lane',
  postcode: '78744',
  city: 'Austin',
  country: 'US',
  taxId: '',
  email: 'ap@initech.example',
}

// Compiles the validators (once per machine, about 18 s each) before any test is timed.
beforeAll(() => prepareValidators(), 180_000)

// Each variant is validated up to seven times (schema, EN 16931 and XRechnung, in CII and UBL).
describe('e-invoices pass EN 16931 and the CII schema', { timeout: 90_000 }, () => {
  it('a German invoice in EUR at two rates, with a service period and a Leitweg-ID', async () => {
    const document = v2Document({
      lines: [
        { description: 'Consulting', quantity: '12.5', unitPrice: '96.40', taxRate: '19' },
        { description: 'Handbook', quantity: '3', unitPrice: '19.99', taxRate: '7' },
        { description: 'Pages, €0.3333 each', quantity: '7', unitPrice: '0.3333', taxRate: '19' },
      ],
      buyerReference: '04011000-12345-34',
      paymentTerms: 'Payable within 14 days without deduction.',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      notes: 'Thank you for your business.',
    })
    const cii = await expectValid(eInvoiceOf(document))
    expect(cii).toContain('<ram:BuyerReference>04011000-12345-34</ram:BuyerReference>')
    expect(cii).toContain('<ram:LineTotalAmount>1205.00</ram:LineTotalAmount>')
    // 1205.00 + 2.33 at 19 % (tax 229.39), 59.97 at 7 % (tax 4.20): tax per category on its net sum, half up.
    expect(cii).toContain('<ram:GrandTotalAmount>1500.89</ram:GrandTotalAmount>')
  })

  it('an invoice in USD to a buyer outside the EU (export, G)', async () => {
    const document = v2Document(
      {
        buyer: usBuyer,
        lines: [{ description: 'Machine', quantity: '1', unitPrice: '2500', taxRate: '0', taxCategory: 'G' }],
        deliveryDate: '2026-11-20',
      },
      { currency: 'USD' },
    )
    const cii = await expectValid(eInvoiceOf(document))
    expect(cii).toContain('<ram:ExemptionReasonCode>VATEX-EU-G</ram:ExemptionReasonCode>')
  })

  it('an invoice in JPY, which has no minor unit', async () => {
    const japanese = {
      ...germanSeller,
      country: 'JP',
      postcode: '100-0001',
      city: 'Tokyo',
      vatId: '',
      taxId: 'T1234567890123',
    }
    const document = v2Document(
      {
        buyer: { ...germanBuyer, country: 'JP', vatId: '', postcode: '150-0002', city: 'Shibuya' },
        lines: [
          { description: 'Translation', quantity: '3', unitPrice: '12345.5', taxRate: '10' },
          { description: 'Rush fee', quantity: '1', unitPrice: '999', taxRate: '10' },
        ],
        rounding: 'line',
      },
      { seller: japanese, currency: 'JPY', minorDigits: 0 },
    )
    const cii = await expectValid(eInvoiceOf(document))
    expect(cii).toContain('<ram:LineTotalAmount>37037</ram:LineTotalAmount>')
  })

  it('reverse charge (AE) to a French business', async () => {
    const document = v2Document({
      buyer: frenchBuyer,
      lines: [
        { description: 'Software development', quantity: '40', unitPrice: '85', taxRate: '0', taxCategory: 'AE' },
      ],
      exemptionReason: 'Autoliquidation — reverse charge, Article 196 VAT Directive',
    })
    const cii = await expectValid(eInvoiceOf(document))
    expect(cii).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>')
  })

  it('an intra-community supply (K) with its delivery date', async () => {
    const document = v2Document({
      buyer: frenchBuyer,
      lines: [{ description: 'Printed manuals', quantity: '500', unitPrice: '4.2', taxRate: '0', taxCategory: 'K' }],
      deliveryDate: '2026-11-18',
    })
    await expectValid(eInvoiceOf(document))
  })

  it('the small-business exemption (E, § 19 UStG) of a seller with a tax number only', async () => {
    const small = { ...germanSeller, vatId: '' }
    const document = v2Document(
      {
        lines: [{ description: 'Website', quantity: '1', unitPrice: '800', taxRate: '0', taxCategory: 'E' }],
        exemptionReason: 'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG',
        buyerReference: '991-01234-56',
      },
      { seller: small },
    )
    const cii = await expectValid(eInvoiceOf(document))
    expect(cii).toContain(
      '<ram:ExemptionReason>Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG</ram:ExemptionReason>',
    )
  })

  it('not subject to VAT (O), with no VAT id on either side', async () => {
    const document = v2Document(
      {
        buyer: { ...germanBuyer, vatId: '' },
        lines: [{ description: 'Membership fee', quantity: '1', unitPrice: '60', taxRate: '0', taxCategory: 'O' }],
      },
      { seller: { ...germanSeller, vatId: '' } },
    )
    await expectValid(eInvoiceOf(document))
  })

  it('a paid invoice carries each transaction as a supporting document with its explorer link', async () => {
    const document = v2Document()
    const invoice = eInvoiceOf(document, {
      paidAmount: 142800n,
      payments: [
        {
          chainId: 8453,
          chainName: 'Base',
          txHash: '0x8a3c61e5c7d4c5b1f0a2e9d3b7c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8',
          blockNumber: 23_456_789n,
          amount: 1_428_000_000n,
          symbol: 'USDC',
          decimals: 6,
          explorerUrl: 'https://basescan.org',
        },
      ],
    })
    const cii = await expectValid(invoice)
    expect(cii).toContain(
      '<ram:IssuerAssignedID>0x8a3c61e5c7d4c5b1f0a2e9d3b7c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8</ram:IssuerAssignedID>',
    )
    expect(cii).toContain(
      '<ram:URIID>https://basescan.org/tx/0x8a3c61e5c7d4c5b1f0a2e9d3b7c6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8</ram:URIID>',
    )
    expect(cii).toContain('<ram:TotalPrepaidAmount>1428.00</ram:TotalPrepaidAmount>')
    expect(cii).toContain('<ram:DuePayableAmount>0.00</ram:DuePayableAmount>')
    expect(ublXml(invoice)).toContain('<cbc:URI>https://basescan.org/tx/0x8a3c61e5')
  })

  it('a credit note (381) names the invoice it corrects', async () => {
    const document = v2Document({
      lines: [{ description: 'Refund: consulting', quantity: '2', unitPrice: '120', taxRate: '19' }],
    })
    const invoice = eInvoiceOf(document, { creditNoteOf: { number: 'RE-2026-0041', issueDate: '2026-11-02' } })
    const cii = await expectValid(invoice)
    expect(cii).toContain('<ram:TypeCode>381</ram:TypeCode>')
    expect(cii).toContain('<ram:IssuerAssignedID>RE-2026-0041</ram:IssuerAssignedID>')
    const ubl = ublXml(invoice)
    expect(ubl).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"')
    expect(ubl).toContain('<cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity>')
  })
})

describe('a broken e-invoice is named by the rule it breaks', () => {
  it('a seller without a country breaks BR-09', async () => {
    const invoice = eInvoiceOf(v2Document())
    const rules = await en16931CiiFindings(ciiXml({ ...invoice, seller: { ...invoice.seller, country: '' } }))
    expect(fatal(rules).map((r) => r.split(':')[0])).toEqual(['BR-09'])
  })

  it('an XRechnung without the buyer reference (Leitweg-ID) breaks BR-DE-15, in CII and in UBL', async () => {
    const invoice = { ...eInvoiceOf(v2Document()), buyerReference: '' }
    expect(fatal(await xrechnungCiiFindings(ciiXml(invoice, 'xrechnung'))).map((r) => r.split(':')[0])).toEqual([
      'BR-DE-15',
    ])
    expect(fatal(await xrechnungUblFindings(ublXml(invoice))).map((r) => r.split(':')[0])).toEqual(['BR-DE-15'])
  })

  it('a total that is not net plus tax breaks BR-CO-15, in CII and in UBL', async () => {
    const invoice = eInvoiceOf(v2Document())
    const wrong = { ...invoice, grandTotal: invoice.grandTotal + 1n }
    expect(fatal(await en16931CiiFindings(ciiXml(wrong))).map((r) => r.split(':')[0])).toContain('BR-CO-15')
    expect(fatal(await en16931UblFindings(ublXml(wrong))).map((r) => r.split(':')[0])).toContain('BR-CO-15')
  })
})
