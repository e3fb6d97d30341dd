import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { invoiceRequest } from '../domain/invoice/invoiceRequest.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import { invoiceRequestDraft, sellerParty, type InvoiceInput } from '../payments/invoices/invoiceInput.ts'
import { invoiceToStore } from '../payments/invoices/invoiceRequestRow.ts'
import { issueInvoice, type InvoiceIdempotency } from '../payments/invoices/issueInvoice.ts'
import { pricedCurrencies } from '../payments/quotes/quotePrice.ts'
import type { ApiKeyRow } from './apiKeys.ts'
import { assertDelegationUsable } from './merchantRequest.ts'
import type { DelegateSignature } from './signing/delegateSignature.ts'
import { badInput, fieldErrors } from '../domain/errors/input.ts'

const FIELDS = ['chainId', 'currency', 'acceptedAssets', 'tolerance', 'asset', 'payer', 'buyer', 'lines']
const TEXT_FIELDS = [
  'rounding',
  'issueDate',
  'dueDate',
  'notes',
  'language',
  'buyerReference',
  'paymentTerms',
  'deliveryDate',
  'periodStart',
  'periodEnd',
  'exemptionReason',
  'exemptionCode',
]

/** An invoice from a merchant's JSON body: each field of the wrong type named; amounts are strings (a JSON number can lose digits). */
export function readInvoiceBody(body: unknown): InvoiceInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('body', 'must be a JSON object.')
  const b = body as Record<string, unknown>
  const errors: Record<string, string> = {}
  const unknown = Object.keys(b).filter((k) => ![...FIELDS, ...TEXT_FIELDS].includes(k))
  if (unknown.length) errors[unknown[0]!] = `${unknown[0]} is not a field of an invoice.`
  if (typeof b.chainId !== 'number' || !Number.isSafeInteger(b.chainId) || b.chainId <= 0)
    errors.chainId = 'chainId must be a positive integer, e.g. 8453.'
  for (const field of ['currency', 'tolerance', 'asset', 'payer', ...TEXT_FIELDS])
    if (b[field] !== undefined && b[field] !== null && typeof b[field] !== 'string')
      errors[field] = `${field} must be a string.`
  if (
    b.acceptedAssets !== undefined &&
    (!Array.isArray(b.acceptedAssets) || b.acceptedAssets.some((a) => typeof a !== 'string'))
  )
    errors.acceptedAssets = 'acceptedAssets must be a list of token addresses or "native".'
  const buyer = b.buyer as Record<string, unknown> | undefined
  if (typeof buyer !== 'object' || buyer === null || typeof buyer.name !== 'string')
    errors['buyer.name'] = 'buyer must be an object with at least a name, e.g. {"name": "Acme GmbH"}.'
  else
    for (const field of ['address', 'postcode', 'city', 'country', 'taxId', 'vatId', 'email'])
      if (buyer[field] !== undefined && typeof buyer[field] !== 'string')
        errors[`buyer.${field}`] = `buyer.${field} must be a string.`
  if (!Array.isArray(b.lines)) errors.lines = 'lines must be a list of {description, quantity, unitPrice, taxRate}.'
  else
    b.lines.forEach((line: Record<string, unknown>, i) => {
      for (const field of ['description', 'quantity', 'unitPrice', 'taxRate', 'taxCategory'])
        if (typeof line?.[field] !== 'string' && !(field.startsWith('tax') && line?.[field] === undefined))
          errors[`lines[${i}].${field}`] =
            `lines[${i}].${field} must be a string${field === 'description' ? '' : ' of a decimal, e.g. "12.50": a JSON number can lose digits'}.`
    })
  if (Object.keys(errors).length) throw fieldErrors(errors)
  return b as unknown as InvoiceInput
}

/** The head of the invoice's chain, from which its payments are looked for: a change reads it before its transaction. */
export const invoiceHead = async (
  client: (chainId: number) => PublicClient | undefined,
  input: InvoiceInput,
): Promise<bigint | undefined> => client(input.chainId)?.getBlockNumber()

/**
 * An invoice as a merchant's server issues it: the rules of the app's form, numbered in the issuing
 * transaction and signed there by the key's delegate (also the quote key of an invoice in a currency).
 */
export async function issueMerchantInvoice(
  db: Db,
  parameters: {
    input: InvoiceInput
    key: ApiKeyRow
    signAsDelegate: DelegateSignature
    assets: readonly Asset[]
    quotable: readonly Asset[]
    /** The chain's head, read by `invoiceHead` before the transaction. */
    createdBlock: bigint | undefined
    idempotency?: InvoiceIdempotency | undefined
  },
) {
  const { input, key, createdBlock } = parameters
  assertDelegationUsable(key)
  return issueInvoice(
    db,
    key.payee,
    async (seller, number) => {
      const made = invoiceRequest(invoiceRequestDraft(input, seller), {
        number,
        seller: sellerParty(seller),
        payee: getAddress(key.payee),
        reference: newPaymentReference(),
        assets: parameters.assets,
        quotable: parameters.quotable,
        currenciesOn: pricedCurrencies,
      })
      if (!made.ok) throw fieldErrors(made.errors)
      const signature = await parameters.signAsDelegate(key, made.invoice.typedData)
      return invoiceToStore(made.invoice, {
        signature,
        createdBlock: createdBlock ?? 0n,
        assets: parameters.assets,
        quoteKeyId: key.id,
        issuedByKeyId: key.id,
      })
    },
    { idempotency: parameters.idempotency },
  )
}
