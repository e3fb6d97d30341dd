import {
  amountText,
  date102,
  decimalText,
  GUIDELINE,
  type EInvoice,
  type EInvoiceParty,
  type Guideline,
} from './eInvoice.ts'
import { el, XML_DECLARATION } from './xmlText.ts'
import { QUANTITY_DECIMALS, EXTRA_PRICE_DECIMALS } from '../../../domain/invoice/invoiceTotals.ts'

const NAMESPACES = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
}

const dateTime = (name: string, isoDate: string, type = 'udt') =>
  isoDate ? el(name, [el(`${type}:DateTimeString`, date102(isoDate), { format: '102' })]) : undefined

/** Up to three street lines; more are joined into the third, as the norm has no fourth (BT-162). */
export function streetLines(lines: readonly string[]): string[] {
  return lines.length <= 3 ? [...lines] : [lines[0]!, lines[1]!, lines.slice(2).join(', ')]
}

function address(party: EInvoiceParty) {
  const [one, two, three] = streetLines(party.addressLines)
  return el('ram:PostalTradeAddress', [
    el('ram:PostcodeCode', party.postcode),
    el('ram:LineOne', one ?? ''),
    el('ram:LineTwo', two ?? ''),
    el('ram:LineThree', three ?? ''),
    el('ram:CityName', party.city),
    el('ram:CountryID', party.country),
  ])
}

function tradeParty(name: string, party: EInvoiceParty, role: 'seller' | 'buyer') {
  return el(name, [
    party.id && el('ram:ID', party.id),
    el('ram:Name', party.name),
    role === 'seller' &&
      (party.phone || party.email) &&
      el('ram:DefinedTradeContact', [
        el('ram:PersonName', party.name),
        el('ram:TelephoneUniversalCommunication', [el('ram:CompleteNumber', party.phone)]),
        el('ram:EmailURIUniversalCommunication', [el('ram:URIID', party.email)]),
      ]),
    address(party),
    el('ram:URIUniversalCommunication', [el('ram:URIID', party.email, { schemeID: 'EM' })]),
    el('ram:SpecifiedTaxRegistration', [el('ram:ID', party.vatId, { schemeID: 'VA' })]),
    role === 'seller' && el('ram:SpecifiedTaxRegistration', [el('ram:ID', party.taxId, { schemeID: 'FC' })]),
  ])
}

/**
 * The e-invoice in UN/CEFACT CII D16B, the syntax inside Factur-X and ZUGFeRD: `en16931` declares
 * Factur-X's EN 16931 profile, `xrechnung` the German CIUS. Elements follow the schema's order.
 */
export function ciiXml(invoice: EInvoice, guideline: Guideline = 'en16931'): string {
  const digits = invoice.minorDigits
  const money = (minor: bigint) => amountText(minor, digits)
  const lines = invoice.lines.map((line) =>
    el('ram:IncludedSupplyChainTradeLineItem', [
      el('ram:AssociatedDocumentLineDocument', [el('ram:LineID', line.id)]),
      el('ram:SpecifiedTradeProduct', [el('ram:Name', line.name)]),
      el('ram:SpecifiedLineTradeAgreement', [
        el('ram:NetPriceProductTradePrice', [
          el('ram:ChargeAmount', decimalText(line.unitPrice, digits + EXTRA_PRICE_DECIMALS)),
        ]),
      ]),
      el('ram:SpecifiedLineTradeDelivery', [
        el('ram:BilledQuantity', decimalText(line.quantity, QUANTITY_DECIMALS), { unitCode: 'C62' }),
      ]),
      el('ram:SpecifiedLineTradeSettlement', [
        el('ram:ApplicableTradeTax', [
          el('ram:TypeCode', 'VAT'),
          el('ram:CategoryCode', line.category),
          line.category !== 'O' && el('ram:RateApplicablePercent', decimalText(line.rate, 2)),
        ]),
        el('ram:SpecifiedTradeSettlementLineMonetarySummation', [el('ram:LineTotalAmount', money(line.net))]),
      ]),
    ]),
  )
  const delivers = invoice.lines.some((l) => l.category === 'K')
  const delivery =
    el('ram:ApplicableHeaderTradeDelivery', [
      delivers &&
        el('ram:ShipToTradeParty', [
          el('ram:Name', invoice.buyer.name),
          el('ram:PostalTradeAddress', [el('ram:CountryID', invoice.buyer.country)]),
        ]),
      invoice.deliveryDate &&
        el('ram:ActualDeliverySupplyChainEvent', [dateTime('ram:OccurrenceDateTime', invoice.deliveryDate)]),
    ]) || '<ram:ApplicableHeaderTradeDelivery/>'
  const taxes = invoice.taxes.map((t) =>
    el('ram:ApplicableTradeTax', [
      el('ram:CalculatedAmount', money(t.tax)),
      el('ram:TypeCode', 'VAT'),
      el('ram:ExemptionReason', t.exemptionReason),
      el('ram:BasisAmount', money(t.basis)),
      el('ram:CategoryCode', t.category),
      el('ram:ExemptionReasonCode', t.exemptionCode),
      // Even for O (0): XRechnung wants every breakdown's rate (BR-DE-14); only O's lines go without (BR-O-05).
      el('ram:RateApplicablePercent', decimalText(t.rate, 2)),
    ]),
  )
  const due = invoice.grandTotal - invoice.paidAmount
  const settlement = el('ram:ApplicableHeaderTradeSettlement', [
    el('ram:PaymentReference', invoice.paymentMeans.reference),
    el('ram:InvoiceCurrencyCode', invoice.currency),
    el('ram:SpecifiedTradeSettlementPaymentMeans', [
      el('ram:TypeCode', invoice.paymentMeans.code),
      el('ram:Information', invoice.paymentMeans.information),
    ]),
    ...taxes,
    invoice.periodStart &&
      el('ram:BillingSpecifiedPeriod', [
        dateTime('ram:StartDateTime', invoice.periodStart),
        dateTime('ram:EndDateTime', invoice.periodEnd),
      ]),
    el('ram:SpecifiedTradePaymentTerms', [
      el('ram:Description', invoice.paymentTerms),
      dateTime('ram:DueDateDateTime', invoice.dueDate),
    ]),
    el('ram:SpecifiedTradeSettlementHeaderMonetarySummation', [
      el('ram:LineTotalAmount', money(invoice.netTotal)),
      el('ram:TaxBasisTotalAmount', money(invoice.netTotal)),
      el('ram:TaxTotalAmount', money(invoice.taxTotal), { currencyID: invoice.currency }),
      el('ram:GrandTotalAmount', money(invoice.grandTotal)),
      invoice.paidAmount > 0n && el('ram:TotalPrepaidAmount', money(invoice.paidAmount)),
      el('ram:DuePayableAmount', money(due)),
    ]),
    invoice.precedingInvoice &&
      el('ram:InvoiceReferencedDocument', [
        el('ram:IssuerAssignedID', invoice.precedingInvoice.number),
        dateTime('ram:FormattedIssueDateTime', invoice.precedingInvoice.issueDate, 'qdt'),
      ]),
  ])
  const agreement = el('ram:ApplicableHeaderTradeAgreement', [
    el('ram:BuyerReference', invoice.buyerReference),
    tradeParty('ram:SellerTradeParty', invoice.seller, 'seller'),
    tradeParty('ram:BuyerTradeParty', invoice.buyer, 'buyer'),
    ...invoice.supportingDocuments.map((d) =>
      el('ram:AdditionalReferencedDocument', [
        el('ram:IssuerAssignedID', d.id),
        el('ram:URIID', d.uri),
        el('ram:TypeCode', '916'),
        el('ram:Name', d.description),
      ]),
    ),
  ])
  return (
    XML_DECLARATION +
    el(
      'rsm:CrossIndustryInvoice',
      [
        el('rsm:ExchangedDocumentContext', [
          el('ram:GuidelineSpecifiedDocumentContextParameter', [el('ram:ID', GUIDELINE[guideline])]),
        ]),
        el('rsm:ExchangedDocument', [
          el('ram:ID', invoice.number),
          el('ram:TypeCode', invoice.typeCode),
          dateTime('ram:IssueDateTime', invoice.issueDate),
          ...invoice.notes.map((n) => el('ram:IncludedNote', [el('ram:Content', n)])),
        ]),
        el('rsm:SupplyChainTradeTransaction', [...lines, agreement, delivery, settlement]),
      ],
      NAMESPACES,
    ) +
    '\n'
  )
}
