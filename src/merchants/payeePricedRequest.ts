import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { fiatCurrency } from '../domain/currencies.ts'
import type { Asset, NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { checkPricedRequestDraft, pricedRequestTypedData } from '../domain/pricedRequest.ts'
import { pricedCurrencies } from '../payments/quotes/quotePrice.ts'
import type { NewPaymentRequest } from '../payments/repository/paymentRequests.ts'
import { assertPayeeSigned, assertSignedInput } from '../payments/requests/payeeSignature.ts'
import { authorisedQuoteKey } from './quoteKeys.ts'
import { ApiError } from '../domain/errors/apiError.ts'
import { QuoteKeyMissingError } from '../domain/errors/quote.ts'
import { fieldErrors } from '../domain/errors/input.ts'

export type CreatePricedPaymentRequestServices = {
  db: Db
  assets: readonly Asset[]
  /** The assets a priced request may accept (those with a USD feed on their chain). */
  quotable: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
}
/** The priced terms as the payee's wallet signed them (EIP-712 `PricedPaymentRequest`). */
export type CreatePricedPaymentRequestParameters = {
  chainId: number
  currency: string
  price: string
  acceptedAssets: readonly string[]
  tolerance?: string | null | undefined
  payer?: string | null | undefined
  memo: string
  dueAt: string
  reference: string
  signature: string
}
/** BAD_USER_INPUT naming each wrong field, QUOTE_KEY_MISSING, SIGNATURE_MISMATCH. */
export type CreatePricedPaymentRequestErrorType = ApiError

/**
 * A request priced in a currency that the payee signed, checked against every rule, its signature
 * checked (on chain for a contract wallet) and the chain's head read: what a change does before its
 * transaction, which then stores it.
 */
export async function checkSignedPricedRequest(
  services: CreatePricedPaymentRequestServices,
  payeeAddress: string,
  input: CreatePricedPaymentRequestParameters,
): Promise<Omit<NewPaymentRequest, 'id'>> {
  const payee = getAddress(payeeAddress)
  const checked = checkPricedRequestDraft(
    {
      chainId: String(input.chainId),
      currency: input.currency,
      price: input.price,
      acceptedAssets: input.acceptedAssets,
      tolerance: input.tolerance ?? '',
      payer: input.payer ?? '',
      memo: input.memo,
      dueAt: input.dueAt,
    },
    {
      assets: services.assets,
      quotable: services.quotable,
      currenciesOn: pricedCurrencies,
      payee,
    },
  )
  if (!checked.ok) throw fieldErrors(checked.errors)
  assertSignedInput(input)
  const quoteKey = await authorisedQuoteKey(services.db, payee)
  if (!quoteKey)
    throw new QuoteKeyMissingError({
      field: 'quoteKey',
      shortMessage: 'Authorise price quotes in your wallet first: a priced request is paid at signed quotes.',
    })
  const terms = { ...checked.terms, payee, reference: input.reference }
  const client = services.clients.get(terms.chainId)!
  await assertPayeeSigned(client, payee, pricedRequestTypedData(terms), input.signature)
  const currency = fiatCurrency(terms.currency)!
  return {
    terms: {
      chainId: terms.chainId,
      asset: currency.code as typeof NATIVE_ASSET,
      amount: terms.price,
      payee,
      payer: terms.payer,
      memo: terms.memo,
      dueAt: terms.dueAt,
      reference: terms.reference,
    },
    asset: {
      chainId: terms.chainId,
      address: currency.code as typeof NATIVE_ASSET,
      symbol: currency.code,
      decimals: currency.minorDigits,
    },
    signature: input.signature,
    createdBlock: await client.getBlockNumber(),
    priced: {
      currency: currency.code,
      acceptedAssets: terms.acceptedAssets,
      toleranceBps: terms.toleranceBps,
      quoteKeyId: quoteKey.id,
    },
  }
}
