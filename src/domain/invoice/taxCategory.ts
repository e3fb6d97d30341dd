import type { InvoiceParty } from './invoiceParty.ts'

/**
 * EN 16931's VAT categories (UNTDID 5305): standard rate, zero rated, exempt, reverse charge,
 * intra-community supply, export outside the EU, not subject to VAT.
 */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const
export type TaxCategory = (typeof TAX_CATEGORIES)[number]

export const isTaxCategory = (value: string): value is TaxCategory =>
  (TAX_CATEGORIES as readonly string[]).includes(value)

/** The category of a line that names none: its rate decides (a version 1 line, or an API client that leaves it out). */
export const defaultTaxCategory = (taxRate: bigint): TaxCategory => (taxRate > 0n ? 'S' : 'Z')

/** The VATEX code a category's exemption carries when the payee gives none (E has no single code: § 19 UStG has none). */
export const DEFAULT_EXEMPTION_CODE: Partial<Record<TaxCategory, string>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
}

/** The reason printed for a category whose exemption the payee did not word. */
export const DEFAULT_EXEMPTION_REASON: Partial<Record<TaxCategory, string>> = {
  AE: 'Reverse charge',
  K: 'Intra-community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
}

type Categorised = {
  lines: readonly { taxCategory: TaxCategory; taxRate: bigint }[]
  buyer: InvoiceParty
  exemptionReason: string
  exemptionCode: string
  deliveryDate: string
  periodStart: string
}

/**
 * EN 16931's rules on VAT categories that a payee can break (BR-S-05, BR-Z-05, BR-E-05, BR-AE-02,
 * BR-IC-02, BR-IC-11, BR-G-02, BR-O-02, BR-O-11, BR-E-10), as sentences keyed by the invoice's field.
 */
export function taxCategoryProblems(invoice: Categorised, seller: InvoiceParty): Record<string, string> {
  const errors: Record<string, string> = {}
  const used = new Set(invoice.lines.map((l) => l.taxCategory))
  invoice.lines.forEach((l, i) => {
    if (l.taxCategory === 'S' && l.taxRate === 0n)
      errors[`lines[${i}].taxRate`] = 'A line at the standard rate (S) needs a tax rate above 0 %.'
    else if (l.taxCategory !== 'S' && l.taxRate !== 0n)
      errors[`lines[${i}].taxRate`] = `A line in tax category ${l.taxCategory} has a tax rate of 0 %.`
  })
  const sellerVat = Boolean(seller.vatId)
  const needsSellerVat = (['AE', 'K', 'G'] as const).filter((c) => used.has(c))
  if (needsSellerVat.length > 0 && !sellerVat)
    errors.seller = `Lines in tax category ${needsSellerVat.join(', ')} need your VAT id in your seller details.`
  if (used.has('E') && !sellerVat && !seller.taxId)
    errors.seller = 'Exempt lines (E) need your VAT id or tax number in your seller details.'
  if ((used.has('AE') || used.has('K')) && !invoice.buyer.vatId)
    errors['buyer.vatId'] = "Reverse charge and intra-community supplies need the buyer's VAT id."
  if (used.has('K') && !invoice.deliveryDate && !invoice.periodStart)
    errors.deliveryDate = 'An intra-community supply needs its delivery date or service period.'
  const firstO = invoice.lines.findIndex((l) => l.taxCategory === 'O')
  if (firstO >= 0) {
    const at = `lines[${firstO}].taxCategory`
    if (used.size > 1)
      errors[at] = 'Lines not subject to VAT (O) cannot share an invoice with lines of another category.'
    else if (sellerVat || invoice.buyer.vatId)
      errors[at] = "An invoice not subject to VAT (O) carries neither your VAT id nor the buyer's."
  }
  if (used.has('E') && !invoice.exemptionReason && !invoice.exemptionCode)
    errors.exemptionReason = 'Exempt lines (E) need the reason for the exemption, such as "Small business, § 19 UStG".'
  return errors
}
