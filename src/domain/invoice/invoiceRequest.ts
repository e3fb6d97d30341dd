import { formatUnits, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { fiatCurrency } from '../currencies.ts'
import { checkPaymentRequestDraft, type Asset, type PaymentRequestTerms } from '../paymentRequest.ts'
import { checkPricedRequestDraft, type PricedRequestTerms } from '../pricedRequest.ts'
import { checkInvoiceDraft, invoiceDueAt, type InvoiceDraft } from './invoiceDraft.ts'
import {
  invoiceDocument,
  invoiceDocumentHash,
  invoiceDocumentText,
  invoiceTypedData,
  pricedInvoiceTypedData,
  type InvoiceDocument,
} from './invoiceDocument.ts'
import type { InvoiceParty } from './invoiceParty.ts'
import { taxCategoryProblems } from './taxCategory.ts'

/** How an invoice is paid: a price in a currency (paid at quotes in the listed tokens), or an amount of one token. */
export type InvoicePricing =
  { currency: string; acceptedAssets: readonly string[]; tolerance: string } | { asset: string }

export type InvoiceRequestDraft = InvoiceDraft & { chainId: string; payer: string; pricing: InvoicePricing }

export type InvoiceRequest = {
  document: InvoiceDocument
  text: string
  hash: Hex
  /** What the payee's wallet signs (EIP-712 `Invoice` or `PricedInvoice`). */
  typedData: TypedDataDefinition
} & ({ priced: PricedRequestTerms; token?: undefined } | { token: PaymentRequestTerms; priced?: undefined })

/** The request's own field names as the invoice's form knows them: its total is the lines', its due date the invoice's. */
const REQUEST_FIELD = { price: 'lines', amount: 'lines', dueAt: 'dueDate', memo: 'number' } as Record<string, string>

/**
 * An invoice as one thing to sign: its document (numbered `number`, from `seller`) and the request
 * that asks for its total, the document's hash as the last field of the typed data. Every rule of
 * both is applied; errors are keyed by the invoice's field names.
 */
export function invoiceRequest(
  draft: InvoiceRequestDraft,
  context: {
    number: string
    seller: InvoiceParty
    payee: Address
    reference: Hex
    assets: readonly Asset[]
    quotable: readonly Asset[]
    currenciesOn?: (chainId: number) => readonly string[]
    now?: Date
  },
): { ok: true; invoice: InvoiceRequest } | { ok: false; errors: Record<string, string> } {
  const { pricing } = draft
  const token =
    'asset' in pricing
      ? context.assets.find(
          (a) => a.chainId === Number(draft.chainId) && a.address.toLowerCase() === pricing.asset.toLowerCase(),
        )
      : undefined
  const unit = 'currency' in pricing ? fiatCurrency(pricing.currency.trim().toUpperCase()) : token
  const minorDigits = unit && ('minorDigits' in unit ? unit.minorDigits : unit.decimals)
  if (minorDigits === undefined)
    return {
      ok: false,
      errors:
        'currency' in pricing
          ? { currency: `Currency ${pricing.currency} is not one Billfold prices in.` }
          : { asset: 'Asset is not available on this chain.' },
    }
  const checked = checkInvoiceDraft(draft, { minorDigits })
  if (!checked.ok) return checked
  const categoryErrors = taxCategoryProblems(checked.invoice, context.seller)
  if (Object.keys(categoryErrors).length > 0) return { ok: false, errors: categoryErrors }
  const currency = 'code' in unit! ? unit.code : unit!.symbol
  const document = invoiceDocument(checked.invoice, {
    number: context.number,
    currency,
    minorDigits,
    seller: context.seller,
  })
  const total = formatUnits(BigInt(document.totals.total), minorDigits)
  const basics = {
    chainId: draft.chainId,
    payer: draft.payer,
    memo: `Invoice ${context.number}`,
    dueAt: invoiceDueAt(checked.invoice.dueDate).toISOString(),
  }
  const request =
    'currency' in pricing
      ? checkPricedRequestDraft(
          { ...basics, currency, price: total, acceptedAssets: pricing.acceptedAssets, tolerance: pricing.tolerance },
          { ...context, payee: context.payee },
        )
      : checkPaymentRequestDraft(
          { ...basics, asset: pricing.asset, amount: total },
          { ...context, payee: context.payee },
        )
  if (!request.ok)
    return {
      ok: false,
      errors: Object.fromEntries(
        Object.entries(request.errors).map(([field, message]) => [
          REQUEST_FIELD[field] ?? field,
          field === 'price' || field === 'amount'
            ? `The invoice's total ${message!.replace(/^(the |a )?(price|amount) /i, '')}`
            : message!,
        ]),
      ),
    }
  const text = invoiceDocumentText(document)
  const hash = invoiceDocumentHash(text)
  const parties = { payee: context.payee, reference: context.reference }
  if ('currency' in request.terms) {
    const priced = { ...request.terms, ...parties } as PricedRequestTerms
    return {
      ok: true,
      invoice: { document, text, hash, priced, typedData: pricedInvoiceTypedData(priced, hash) as TypedDataDefinition },
    }
  }
  const terms = { ...request.terms, ...parties } as PaymentRequestTerms
  return {
    ok: true,
    invoice: { document, text, hash, token: terms, typedData: invoiceTypedData(terms, hash) as TypedDataDefinition },
  }
}
