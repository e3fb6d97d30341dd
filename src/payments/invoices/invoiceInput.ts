import type { InvoiceRequestDraft } from '../../domain/invoice/invoiceRequest.ts'
import { invoiceDefaults } from './invoiceDefaults.ts'
import type { SellerDetailsRow } from './sellerDetails.ts'

type Maybe<T> = T | null | undefined

/** An invoice as the API takes it (GraphQL's input and REST's body alike). */
export type InvoiceInput = {
  chainId: number
  /** For an invoice in a currency: its code, the tokens the payer may pay in, the tolerance in percent. */
  currency?: Maybe<string>
  acceptedAssets?: Maybe<readonly string[]>
  tolerance?: Maybe<string>
  /** For an invoice in a token: its address or "native". */
  asset?: Maybe<string>
  payer?: Maybe<string>
  buyer: {
    name: string
    address?: Maybe<string>
    postcode?: Maybe<string>
    city?: Maybe<string>
    country?: Maybe<string>
    taxId?: Maybe<string>
    vatId?: Maybe<string>
    email?: Maybe<string>
  }
  lines: readonly {
    description: string
    quantity: string
    unitPrice: string
    taxRate?: Maybe<string>
    taxCategory?: Maybe<string>
  }[]
  rounding?: Maybe<string>
  issueDate?: Maybe<string>
  dueDate?: Maybe<string>
  notes?: Maybe<string>
  language?: Maybe<string>
  buyerReference?: Maybe<string>
  paymentTerms?: Maybe<string>
  deliveryDate?: Maybe<string>
  periodStart?: Maybe<string>
  periodEnd?: Maybe<string>
  exemptionReason?: Maybe<string>
  exemptionCode?: Maybe<string>
}

/** The draft the invoice rules check: what was given, the seller's defaults for the rest. */
export function invoiceRequestDraft(input: InvoiceInput, seller: SellerDetailsRow, now?: Date): InvoiceRequestDraft {
  return {
    chainId: String(input.chainId),
    payer: input.payer ?? '',
    pricing: input.currency
      ? { currency: input.currency, acceptedAssets: input.acceptedAssets ?? [], tolerance: input.tolerance ?? '' }
      : { asset: input.asset ?? '' },
    buyer: {
      name: input.buyer.name,
      address: input.buyer.address ?? '',
      taxId: input.buyer.taxId ?? '',
      email: input.buyer.email ?? '',
      postcode: input.buyer.postcode ?? '',
      city: input.buyer.city ?? '',
      country: input.buyer.country ?? '',
      vatId: input.buyer.vatId ?? '',
    },
    lines: input.lines.map((l) => ({ ...l, taxRate: l.taxRate ?? '0', taxCategory: l.taxCategory ?? '' })),
    notes: input.notes ?? '',
    language: input.language ?? 'en',
    buyerReference: input.buyerReference ?? '',
    paymentTerms: input.paymentTerms ?? '',
    deliveryDate: input.deliveryDate ?? '',
    periodStart: input.periodStart ?? '',
    periodEnd: input.periodEnd ?? '',
    exemptionReason: input.exemptionReason ?? '',
    exemptionCode: input.exemptionCode ?? '',
    ...invoiceDefaults(seller, input, now),
  }
}

/** The seller as an invoice names them, from their saved details. */
export const sellerParty = (seller: SellerDetailsRow) => ({
  name: seller.legalName,
  address: seller.address,
  taxId: seller.taxId,
  email: seller.email,
  postcode: seller.postcode,
  city: seller.city,
  country: seller.country,
  vatId: seller.vatId,
  phone: seller.phone,
})
