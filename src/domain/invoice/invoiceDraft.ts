import { deceptiveTextProblem } from '../displayText.ts'
import { LANGUAGES, type Locale } from '../locales.ts'
import {
  EXTRA_PRICE_DECIMALS,
  QUANTITY_DECIMALS,
  TAX_RATE_DECIMALS,
  type InvoiceLineUnits,
  type TaxRounding,
} from './invoiceTotals.ts'
import { checkParty, type InvoiceParty, type PartyDraft } from './invoiceParty.ts'
import { defaultTaxCategory, isTaxCategory, TAX_CATEGORIES, type TaxCategory } from './taxCategory.ts'

export const MAX_INVOICE_LINES = 1000
export const MAX_LINE_DESCRIPTION = 200
export const MAX_INVOICE_NOTES = 1000

export const MAX_BUYER_REFERENCE = 100
export const MAX_PAYMENT_TERMS = 300

export type InvoiceLineDraft = {
  description: string
  quantity: string
  unitPrice: string
  taxRate: string
  /** EN 16931's VAT category; empty: S above 0 %, Z at 0 %. */
  taxCategory?: string
}

/** What the payee typed for an invoice's document (the request's chain, price and payer are checked apart). */
export type InvoiceDraft = {
  buyer: PartyDraft
  lines: readonly InvoiceLineDraft[]
  rounding: string
  issueDate: string
  dueDate: string
  notes: string
  language: string
  /** The buyer's reference (BT-10), such as a German public buyer's Leitweg-ID. */
  buyerReference?: string
  /** Payment terms in words (BT-20). */
  paymentTerms?: string
  /** The day delivered (BT-72), or the service period (BT-73, BT-74); YYYY-MM-DD or empty. */
  deliveryDate?: string
  periodStart?: string
  periodEnd?: string
  /** Why exempt lines carry no tax (BT-120), and its VATEX code (BT-121). */
  exemptionReason?: string
  exemptionCode?: string
}

export type InvoiceLine = { description: string; taxCategory: TaxCategory } & InvoiceLineUnits

export type CheckedInvoice = {
  buyer: InvoiceParty
  lines: InvoiceLine[]
  rounding: TaxRounding
  issueDate: string
  dueDate: string
  notes: string
  language: Locale
  buyerReference: string
  paymentTerms: string
  deliveryDate: string
  periodStart: string
  periodEnd: string
  exemptionReason: string
  exemptionCode: string
}

/** Errors keyed by the field's path as the API names it: `buyer.name`, `lines[2].quantity`. */
export type InvoiceFieldErrors = Record<string, string>

const DATE = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 24 * 3600 * 1000

/** A plain non-negative decimal with at most `decimals` places, as an integer of 10^-decimals; or why not. */
export function parseDecimal(input: string, decimals: number, label: string): bigint | string {
  const text = input.trim()
  if (text === '') return `${label} is required.`
  if (text.startsWith('-')) return `${label} cannot be negative.`
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text)
  if (!match) return `${label} must be a plain number such as 2 or 12.50.`
  const fraction = match[2] ?? ''
  if (fraction.length > decimals)
    return decimals === 0 ? `${label} must be a whole number.` : `${label} can have at most ${decimals} decimals.`
  return BigInt(match[1]! + fraction.padEnd(decimals, '0'))
}

function checkLine(line: InvoiceLineDraft, minorDigits: number, at: string, errors: InvoiceFieldErrors) {
  const description = line.description.trim()
  const descriptionProblem = !description
    ? 'Description is required.'
    : [...description].length > MAX_LINE_DESCRIPTION
      ? `Description can be at most ${MAX_LINE_DESCRIPTION} characters.`
      : deceptiveTextProblem('Description', description)
  if (descriptionProblem) errors[`${at}.description`] = descriptionProblem
  const quantity = parseDecimal(line.quantity, QUANTITY_DECIMALS, 'Quantity')
  if (typeof quantity === 'string') errors[`${at}.quantity`] = quantity
  else if (quantity === 0n) errors[`${at}.quantity`] = 'Quantity must be more than zero.'
  const unitPrice = parseDecimal(line.unitPrice, minorDigits + EXTRA_PRICE_DECIMALS, 'Unit price')
  if (typeof unitPrice === 'string') errors[`${at}.unitPrice`] = unitPrice
  const taxRate = parseDecimal(line.taxRate || '0', TAX_RATE_DECIMALS, 'Tax rate')
  if (typeof taxRate === 'string') errors[`${at}.taxRate`] = taxRate
  else if (taxRate > 10_000n) errors[`${at}.taxRate`] = 'Tax rate must be a percentage from 0 to 100.'
  const category = (line.taxCategory ?? '').trim().toUpperCase()
  if (category && !isTaxCategory(category))
    errors[`${at}.taxCategory`] = `Tax category must be one of ${TAX_CATEGORIES.join(', ')}.`
  if (typeof quantity === 'string' || typeof unitPrice === 'string' || typeof taxRate === 'string') return undefined
  const taxCategory = isTaxCategory(category) ? category : defaultTaxCategory(taxRate)
  return { description, quantity, unitPrice, taxRate, taxCategory }
}

/**
 * Every rule of an invoice's document, as the form and the server apply them: a buyer with a name,
 * 1–200 lines each with a description, a positive quantity, a unit price and a rate of 0–100 %,
 * dates in order, notes, a language. `minorDigits` is the currency's (or the token's) decimals.
 */
export function checkInvoiceDraft(
  draft: InvoiceDraft,
  { minorDigits }: { minorDigits: number },
): { ok: true; invoice: CheckedInvoice } | { ok: false; errors: InvoiceFieldErrors } {
  const errors: InvoiceFieldErrors = {}
  const buyer = checkParty(draft.buyer, 'buyer', errors)
  const lines: InvoiceLine[] = []
  if (draft.lines.length === 0) errors.lines = 'An invoice needs at least one line.'
  else if (draft.lines.length > MAX_INVOICE_LINES)
    errors.lines = `An invoice can have at most ${MAX_INVOICE_LINES} lines; this one has ${draft.lines.length}.`
  else
    draft.lines.forEach((line, i) => {
      const checked = checkLine(line, minorDigits, `lines[${i}]`, errors)
      if (checked) lines.push(checked)
    })
  if (draft.rounding !== 'line' && draft.rounding !== 'total')
    errors.rounding = 'Rounding must be "line" (tax rounded on each line) or "total" (once per rate).'
  if (!(draft.language in LANGUAGES)) errors.language = `Language must be one of ${Object.keys(LANGUAGES).join(', ')}.`
  const notes = draft.notes.trim()
  const notesProblem =
    [...notes].length > MAX_INVOICE_NOTES
      ? `Notes can be at most ${MAX_INVOICE_NOTES} characters.`
      : deceptiveTextProblem('Notes', notes.replace(/\r?\n/g, ' '))
  if (notesProblem) errors.notes = notesProblem
  const issue = DATE.test(draft.issueDate) ? Date.parse(`${draft.issueDate}T00:00:00Z`) : NaN
  const due = DATE.test(draft.dueDate) ? Date.parse(`${draft.dueDate}T00:00:00Z`) : NaN
  if (Number.isNaN(issue)) errors.issueDate = 'Issue date must be a date written YYYY-MM-DD.'
  if (Number.isNaN(due)) errors.dueDate = 'Due date must be a date written YYYY-MM-DD.'
  else if (due < issue) errors.dueDate = 'Due date cannot be before the issue date.'
  else if (due - issue > 5 * 365 * DAY_MS) errors.dueDate = 'Due date must be within five years of the issue date.'
  const more = checkEInvoiceFields(draft, errors)
  if (Object.keys(errors).length > 0 || !buyer) return { ok: false, errors }
  return {
    ok: true,
    invoice: {
      buyer,
      lines,
      rounding: draft.rounding as TaxRounding,
      issueDate: draft.issueDate,
      dueDate: draft.dueDate,
      notes,
      language: draft.language as Locale,
      ...more,
    },
  }
}

function oneLineText(label: string, input: string | undefined, max: number, at: string, errors: InvoiceFieldErrors) {
  const text = (input ?? '').trim()
  const problem =
    [...text].length > max ? `${label} can be at most ${max} characters.` : deceptiveTextProblem(label, text)
  if (problem) errors[at] = problem
  return text
}

function optionalDate(label: string, input: string | undefined, at: string, errors: InvoiceFieldErrors) {
  const text = (input ?? '').trim()
  if (text && (!DATE.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`))))
    errors[at] = `${label} must be a date written YYYY-MM-DD.`
  return text
}

/** The fields an e-invoice takes from the payee beyond the printed invoice's; all may be left empty. */
function checkEInvoiceFields(draft: InvoiceDraft, errors: InvoiceFieldErrors) {
  const deliveryDate = optionalDate('Delivery date', draft.deliveryDate, 'deliveryDate', errors)
  const periodStart = optionalDate('Service period start', draft.periodStart, 'periodStart', errors)
  const periodEnd = optionalDate('Service period end', draft.periodEnd, 'periodEnd', errors)
  if (Boolean(periodStart) !== Boolean(periodEnd) && !errors.periodStart && !errors.periodEnd)
    errors[periodStart ? 'periodEnd' : 'periodStart'] = 'A service period needs both its first and its last day.'
  else if (periodStart && periodEnd && periodEnd < periodStart && !errors.periodEnd)
    errors.periodEnd = 'The service period cannot end before it starts.'
  const exemptionCode = (draft.exemptionCode ?? '').trim().toUpperCase()
  if (exemptionCode && !/^VATEX-[A-Z]{2}-[A-Z0-9-]{1,12}$/.test(exemptionCode))
    errors.exemptionCode = 'Exemption code must be a VATEX code such as VATEX-EU-132.'
  return {
    buyerReference: oneLineText('Buyer reference', draft.buyerReference, MAX_BUYER_REFERENCE, 'buyerReference', errors),
    paymentTerms: oneLineText('Payment terms', draft.paymentTerms, MAX_PAYMENT_TERMS, 'paymentTerms', errors),
    deliveryDate,
    periodStart,
    periodEnd,
    exemptionReason: oneLineText(
      'Exemption reason',
      draft.exemptionReason,
      MAX_PAYMENT_TERMS,
      'exemptionReason',
      errors,
    ),
    exemptionCode,
  }
}

/** A day as an invoice writes it (YYYY-MM-DD, UTC). */
export const isoDate = (at: Date) => at.toISOString().slice(0, 10)

/** The day `days` after `issueDate` (payment terms), or '' when the issue date is not a date. */
export function dueDateAfter(issueDate: string, days: number): string {
  const issued = DATE.test(issueDate) ? Date.parse(`${issueDate}T00:00:00Z`) : NaN
  return Number.isNaN(issued) ? '' : isoDate(new Date(issued + days * DAY_MS))
}

/** The moment an invoice falls due: the end of its due date in UTC, so it can be paid all that day anywhere west of Greenwich. */
export const invoiceDueAt = (dueDate: string) => new Date(Date.parse(`${dueDate}T23:59:59Z`))
