import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { invoiceRequest } from '../domain/invoice/invoiceRequest.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import { invoiceRequestDraft, sellerParty, type InvoiceInput } from '../payments/invoices/invoiceInput.ts'
import type { InvoiceRow } from '../payments/invoices/invoiceReads.ts'
import { invoiceToStore } from '../payments/invoices/invoiceRequestRow.ts'
import { issueInvoice, sellerDetailsMissing } from '../payments/invoices/issueInvoice.ts'
import { sellerDetailsOf } from '../payments/invoices/sellerDetails.ts'
import { pricedCurrencies } from '../payments/quotes/quotePrice.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { assertPayeeSigned, assertSignedInput } from '../payments/requests/payeeSignature.ts'
import { authorisedQuoteKey } from './quoteKeys.ts'
import { ApiError } from '../domain/errors/apiError.ts'
import { QuoteKeyMissingError } from '../domain/errors/quote.ts'
import { SignatureMismatchError, fieldErrors } from '../domain/errors/input.ts'

export type IssuePayeeInvoiceServices = {
  db: Db
  assets: readonly Asset[]
  /** The assets a priced invoice may accept (those with a USD feed on their chain). */
  quotable: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
}
/** The invoice as the payee's wallet signed it, with the number they were shown. */
export type IssuePayeeInvoiceParameters = InvoiceInput & { number: string; reference: string; signature: string }
export type IssuePayeeInvoiceReturnType = InvoiceRow & { request: PaymentRequestRow }
/** BAD_USER_INPUT naming each wrong field, SELLER_DETAILS_MISSING, QUOTE_KEY_MISSING, SIGNATURE_MISMATCH, or the number taken. */
export type IssuePayeeInvoiceErrorType = ApiError

/** An invoice the payee signed, checked, for `storePayeeInvoice`. */
export type CheckedPayeeInvoice = Awaited<ReturnType<typeof checkPayeeInvoice>>

/**
 * Step one of issuing an invoice the payee signed (EIP-712 `Invoice` or `PricedInvoice`), before the
 * change's transaction: every rule and the signature are checked again (on chain for a contract
 * wallet) and the chain's head read.
 */
export async function checkPayeeInvoice(
  services: IssuePayeeInvoiceServices,
  payeeAddress: string,
  input: IssuePayeeInvoiceParameters,
) {
  const { db, assets } = services
  const payee = getAddress(payeeAddress)
  assertSignedInput(input)
  const seller = await sellerDetailsOf(db, payee)
  if (!seller) throw sellerDetailsMissing()
  const made = invoiceRequest(invoiceRequestDraft(input, seller), {
    number: input.number,
    seller: sellerParty(seller),
    payee,
    reference: input.reference,
    assets,
    quotable: services.quotable,
    currenciesOn: pricedCurrencies,
  })
  if (!made.ok) throw fieldErrors(made.errors)
  const quoteKey = made.invoice.priced ? await authorisedQuoteKey(db, payee) : undefined
  if (made.invoice.priced && !quoteKey)
    throw new QuoteKeyMissingError({
      field: 'quoteKey',
      shortMessage: 'Authorise price quotes in your wallet first: an invoice in a currency is paid at signed quotes.',
    })
  const client = services.clients.get(input.chainId)!
  await assertPayeeSigned(client, payee, made.invoice.typedData, input.signature, 'this invoice')
  const createdBlock = await client.getBlockNumber()
  return { payee, input, made: made.invoice, quoteKeyId: quoteKey?.id, createdBlock, seller }
}

/**
 * Step two: the number is taken in the same transaction as the invoice is stored, the seller's
 * details read again there: they must be the ones signed.
 */
export async function storePayeeInvoice(
  db: Db,
  assets: readonly Asset[],
  { payee, input, made, quoteKeyId, createdBlock, seller }: CheckedPayeeInvoice,
): Promise<IssuePayeeInvoiceReturnType> {
  const signedSeller = JSON.stringify(sellerParty(seller))
  const { request, invoice } = await issueInvoice(
    db,
    payee,
    (current) => {
      if (JSON.stringify(sellerParty(current)) !== signedSeller)
        throw new SignatureMismatchError({
          field: 'seller',
          shortMessage: 'Your seller details changed while this invoice was being signed. Sign it again.',
        })
      return invoiceToStore(made, {
        signature: input.signature,
        createdBlock,
        assets,
        quoteKeyId,
      })
    },
    { expected: input.number },
  )
  return { ...invoice, request }
}
