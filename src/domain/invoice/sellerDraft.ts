import { checkParty, type InvoiceParty } from './invoiceParty.ts'
import { numberPatternProblem } from './invoiceNumber.ts'
import type { TaxRounding } from './invoiceTotals.ts'

/** What a payee typed as a seller: their details as printed, their terms and how invoices are numbered. */
export type SellerDraft = {
  legalName: string
  address: string
  taxId: string
  email: string
  postcode?: string
  city?: string
  country?: string
  vatId?: string
  phone?: string
  paymentTermsDays: number
  numberPattern: string
  rounding: string
}

export type CheckedSeller = {
  party: InvoiceParty
  paymentTermsDays: number
  numberPattern: string
  rounding: TaxRounding
}

/** The rules of seller details; errors keyed by the field as the API names it (`legalName`, `numberPattern`…). */
export function checkSellerDraft(
  draft: SellerDraft,
): { ok: true; seller: CheckedSeller } | { ok: false; errors: Record<string, string> } {
  const partyErrors: Record<string, string> = {}
  const party = checkParty(
    {
      name: draft.legalName,
      address: draft.address,
      taxId: draft.taxId,
      email: draft.email,
      postcode: draft.postcode ?? '',
      city: draft.city ?? '',
      country: draft.country ?? '',
      vatId: draft.vatId ?? '',
      phone: draft.phone ?? '',
    },
    'seller',
    partyErrors,
  )
  const errors: Record<string, string> = {}
  for (const [key, message] of Object.entries(partyErrors)) {
    const field = key.slice('seller.'.length)
    errors[field === 'name' ? 'legalName' : field] = field === 'name' ? message.replace(/^Name/, 'Legal name') : message
  }
  if (!Number.isSafeInteger(draft.paymentTermsDays) || draft.paymentTermsDays < 0 || draft.paymentTermsDays > 365)
    errors.paymentTermsDays = 'Payment terms must be a whole number of days from 0 to 365.'
  const patternProblem = numberPatternProblem(draft.numberPattern.trim())
  if (patternProblem) errors.numberPattern = patternProblem
  if (draft.rounding !== 'line' && draft.rounding !== 'total')
    errors.rounding = 'Rounding must be "line" (tax rounded on each line) or "total" (once per rate).'
  if (Object.keys(errors).length > 0 || !party) return { ok: false, errors }
  return {
    ok: true,
    seller: {
      party,
      paymentTermsDays: draft.paymentTermsDays,
      numberPattern: draft.numberPattern.trim(),
      rounding: draft.rounding as TaxRounding,
    },
  }
}
