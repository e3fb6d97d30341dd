import type { TaxCategory } from '../../../domain/invoice/taxCategory.ts'

/** A party as an e-invoice names it (BG-4 seller, BG-7 buyer). */
export type EInvoiceParty = {
  name: string
  /** Street lines (BT-35/36/162, BT-50/51/163): at most three are used. */
  addressLines: string[]
  postcode: string
  city: string
  /** ISO 3166-1 alpha-2 (BT-40, BT-55). */
  country: string
  vatId: string
  /** The seller's tax number (BT-32); a buyer's has no place in the norm. */
  taxId: string
  email: string
  phone: string
  /** The seller's identifier (BT-29): Billfold's, the payee's address. */
  id?: string
}

export type EInvoiceLine = {
  id: string
  name: string
  /** In 1/10⁴. */
  quantity: bigint
  /** In 1/10^(minorDigits + 4). */
  unitPrice: bigint
  /** In minor units. */
  net: bigint
  category: TaxCategory
  /** In 1/100 of a percent. */
  rate: bigint
}

/** One line of the VAT breakdown (BG-23), amounts in minor units. */
export type EInvoiceTax = {
  category: TaxCategory
  rate: bigint
  basis: bigint
  tax: bigint
  exemptionReason: string
  exemptionCode: string
}

/** An additional supporting document (BG-24): here, a payment's transaction on its chain. */
export type SupportingDocument = { id: string; description: string; uri: string }

/**
 * An invoice or credit note in EN 16931's terms, independent of the syntax (CII or UBL) it is written
 * in. Amounts are bigints in the currency's minor units, so each builder writes the same figures.
 */
export type EInvoice = {
  /** 380 commercial invoice, 381 credit note. */
  typeCode: '380' | '381'
  number: string
  issueDate: string
  /** BT-9; empty when nothing is due. */
  dueDate: string
  /** ISO 4217 (BT-5). */
  currency: string
  minorDigits: number
  notes: string[]
  buyerReference: string
  seller: EInvoiceParty
  buyer: EInvoiceParty
  deliveryDate: string
  periodStart: string
  periodEnd: string
  paymentTerms: string
  /** BG-16: UNTDID 4461 code, the means in words (BT-82) and the remittance information (BT-83). */
  paymentMeans: { code: string; information: string; reference: string }
  /** BT-25/BT-26: the invoice a credit note corrects. */
  precedingInvoice?: { number: string; issueDate: string }
  lines: EInvoiceLine[]
  taxes: EInvoiceTax[]
  netTotal: bigint
  taxTotal: bigint
  grandTotal: bigint
  /** BT-113: what was paid before this document was made (the payments on chain). */
  paidAmount: bigint
  supportingDocuments: SupportingDocument[]
}

/** The guideline (BT-24) each e-invoice declares. */
export const GUIDELINE = {
  en16931: 'urn:cen.eu:en16931:2017',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
} as const
export type Guideline = keyof typeof GUIDELINE

/** An amount in minor units as the norm writes it: a plain decimal with the currency's digits ("1234.50", "980"). */
export function amountText(minor: bigint, digits: number): string {
  const sign = minor < 0n ? '-' : ''
  const text = (minor < 0n ? -minor : minor).toString().padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`
}

/** A decimal in 10^-digits, its trailing zeros dropped ("2", "1.5", "19", "7.7"). */
export function decimalText(units: bigint, digits: number): string {
  const full = amountText(units, digits)
  return digits === 0 ? full : full.replace(/\.?0+$/, '')
}

/** YYYY-MM-DD as CII's format 102 (YYYYMMDD). */
export const date102 = (isoDate: string) => isoDate.replaceAll('-', '')
