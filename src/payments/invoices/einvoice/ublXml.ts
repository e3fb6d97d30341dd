import { EXTRA_PRICE_DECIMALS, QUANTITY_DECIMALS } from '../../../domain/invoice/invoiceTotals.ts'
import { streetLines } from './ciiXml.ts'
import { amountText, decimalText, GUIDELINE, type EInvoice, type EInvoiceParty, type Guideline } from './eInvoice.ts'
import { el, XML_DECLARATION } from './xmlText.ts'

const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
}

const vat = el('cac:TaxScheme', [el('cbc:ID', 'VAT')])

function party(p: EInvoiceParty, role: 'seller' | 'buyer') {
  const [street, additional, line] = streetLines(p.addressLines)
  return el('cac:Party', [
    el('cbc:EndpointID', p.email, { schemeID: 'EM' }),
    p.id && el('cac:PartyIdentification', [el('cbc:ID', p.id)]),
    el('cac:PostalAddress', [
      el('cbc:StreetName', street ?? ''),
      el('cbc:AdditionalStreetName', additional ?? ''),
      el('cbc:CityName', p.city),
      el('cbc:PostalZone', p.postcode),
      el('cac:AddressLine', [el('cbc:Line', line ?? '')]),
      el('cac:Country', [el('cbc:IdentificationCode', p.country)]),
    ]),
    p.vatId && el('cac:PartyTaxScheme', [el('cbc:CompanyID', p.vatId), vat]),
    role === 'seller' &&
      p.taxId &&
      el('cac:PartyTaxScheme', [el('cbc:CompanyID', p.taxId), el('cac:TaxScheme', [el('cbc:ID', 'FC')])]),
    el('cac:PartyLegalEntity', [el('cbc:RegistrationName', p.name)]),
    role === 'seller' &&
      el('cac:Contact', [
        el('cbc:Name', p.phone || p.email ? p.name : ''),
        el('cbc:Telephone', p.phone),
        el('cbc:ElectronicMail', p.email),
      ]),
  ])
}

/**
 * The e-invoice in UBL 2.1 (an `Invoice`, or a `CreditNote` for type 381), as XRechnung and Peppol
 * take it; `guideline` is declared as its customization (BT-24). Elements follow the schema's order.
 */
export function ublXml(invoice: EInvoice, guideline: Guideline = 'xrechnung'): string {
  const credit = invoice.typeCode === '381'
  const digits = invoice.minorDigits
  const currencyID = invoice.currency
  const money = (name: string, minor: bigint) => el(name, amountText(minor, digits), { currencyID })
  // A line in O has no rate (BR-O-05); every breakdown has one, 0 for O (XRechnung's BR-DE-14).
  const category = (name: string, code: string, rate: bigint, reason = '', reasonCode = '') =>
    el(name, [
      el('cbc:ID', code),
      (code !== 'O' || name === 'cac:TaxCategory') && el('cbc:Percent', decimalText(rate, 2)),
      el('cbc:TaxExemptionReasonCode', reasonCode),
      el('cbc:TaxExemptionReason', reason),
      vat,
    ])
  const delivers = invoice.lines.some((l) => l.category === 'K')
  const lines = invoice.lines.map((l) =>
    el(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', [
      el('cbc:ID', l.id),
      el(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', decimalText(l.quantity, QUANTITY_DECIMALS), {
        unitCode: 'C62',
      }),
      money('cbc:LineExtensionAmount', l.net),
      el('cac:Item', [el('cbc:Name', l.name), category('cac:ClassifiedTaxCategory', l.category, l.rate)]),
      el('cac:Price', [el('cbc:PriceAmount', decimalText(l.unitPrice, digits + EXTRA_PRICE_DECIMALS), { currencyID })]),
    ]),
  )
  const root = credit ? 'CreditNote' : 'Invoice'
  return (
    XML_DECLARATION +
    el(
      root,
      [
        el('cbc:CustomizationID', GUIDELINE[guideline]),
        el('cbc:ProfileID', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
        el('cbc:ID', invoice.number),
        el('cbc:IssueDate', invoice.issueDate),
        !credit && el('cbc:DueDate', invoice.dueDate),
        el(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', invoice.typeCode),
        ...invoice.notes.map((n) => el('cbc:Note', n)),
        el('cbc:DocumentCurrencyCode', invoice.currency),
        el('cbc:BuyerReference', invoice.buyerReference),
        invoice.periodStart &&
          el('cac:InvoicePeriod', [el('cbc:StartDate', invoice.periodStart), el('cbc:EndDate', invoice.periodEnd)]),
        invoice.precedingInvoice &&
          el('cac:BillingReference', [
            el('cac:InvoiceDocumentReference', [
              el('cbc:ID', invoice.precedingInvoice.number),
              el('cbc:IssueDate', invoice.precedingInvoice.issueDate),
            ]),
          ]),
        ...invoice.supportingDocuments.map((d) =>
          el('cac:AdditionalDocumentReference', [
            el('cbc:ID', d.id),
            el('cbc:DocumentDescription', d.description),
            d.uri && el('cac:Attachment', [el('cac:ExternalReference', [el('cbc:URI', d.uri)])]),
          ]),
        ),
        el('cac:AccountingSupplierParty', [party(invoice.seller, 'seller')]),
        el('cac:AccountingCustomerParty', [party(invoice.buyer, 'buyer')]),
        (invoice.deliveryDate || delivers) &&
          el('cac:Delivery', [
            el('cbc:ActualDeliveryDate', invoice.deliveryDate),
            delivers &&
              el('cac:DeliveryLocation', [
                el('cac:Address', [el('cac:Country', [el('cbc:IdentificationCode', invoice.buyer.country)])]),
              ]),
            delivers && el('cac:DeliveryParty', [el('cac:PartyName', [el('cbc:Name', invoice.buyer.name)])]),
          ]),
        el('cac:PaymentMeans', [
          el('cbc:PaymentMeansCode', invoice.paymentMeans.code, { name: invoice.paymentMeans.information }),
          credit && el('cbc:PaymentDueDate', invoice.dueDate),
          el('cbc:PaymentID', invoice.paymentMeans.reference),
        ]),
        el('cac:PaymentTerms', [el('cbc:Note', invoice.paymentTerms)]),
        el('cac:TaxTotal', [
          money('cbc:TaxAmount', invoice.taxTotal),
          ...invoice.taxes.map((t) =>
            el('cac:TaxSubtotal', [
              money('cbc:TaxableAmount', t.basis),
              money('cbc:TaxAmount', t.tax),
              category('cac:TaxCategory', t.category, t.rate, t.exemptionReason, t.exemptionCode),
            ]),
          ),
        ]),
        el('cac:LegalMonetaryTotal', [
          money('cbc:LineExtensionAmount', invoice.netTotal),
          money('cbc:TaxExclusiveAmount', invoice.netTotal),
          money('cbc:TaxInclusiveAmount', invoice.grandTotal),
          invoice.paidAmount > 0n && money('cbc:PrepaidAmount', invoice.paidAmount),
          money('cbc:PayableAmount', invoice.grandTotal - invoice.paidAmount),
        ]),
        ...lines,
      ],
      {
        xmlns: `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
        'xmlns:cac': NAMESPACES.cac,
        'xmlns:cbc': NAMESPACES.cbc,
      },
    ) +
    '\n'
  )
}
