import { getAddress } from 'viem'
import { fiatCurrency } from '../domain/currencies.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import type { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { checkPricedRequestDraft, pricedRequestTypedData } from '../domain/pricedRequest.ts'
import type { NewPaymentRequest } from '../payments/repository/paymentRequests.ts'
import type { MerchantRequestParameters, PricedInput } from './merchantRequestParameters.ts'
import { pricedCurrencies } from '../payments/quotes/quotePrice.ts'
import { fieldErrors } from '../domain/errors/input.ts'

export const PRICED_FIELDS = ['price', 'acceptedAssets', 'tolerance']

/** The price fields of a JSON body, each wrong type named in `errors`. */
export function readPricedInput(b: Record<string, unknown>, errors: Record<string, string | undefined>): PricedInput {
  const price = b.price as Record<string, unknown>
  if (typeof price !== 'object' || Array.isArray(price) || typeof price.currency !== 'string')
    errors.price = 'price must be an object such as {"currency": "EUR", "amount": "1500.00"}.'
  else if (typeof price.amount !== 'string')
    errors.price = 'price.amount must be a string of the decimal price, e.g. "1500.00": a JSON number can lose digits.'
  if (b.asset !== undefined || b.amount !== undefined)
    errors.asset = 'asset and amount are for a request in a token; a priced request names acceptedAssets instead.'
  const accepted = b.acceptedAssets
  if (!Array.isArray(accepted) || accepted.some((a) => typeof a !== 'string'))
    errors.acceptedAssets = 'acceptedAssets must be a list of token addresses or "native", e.g. ["native"].'
  if (b.tolerance !== undefined && typeof b.tolerance !== 'string')
    errors.tolerance = 'tolerance must be a string of a percentage, e.g. "0.5".'
  return {
    currency: String(price?.currency ?? ''),
    amount: String(price?.amount ?? ''),
    acceptedAssets: Array.isArray(accepted) ? (accepted as string[]) : [],
    tolerance: typeof b.tolerance === 'string' ? b.tolerance : '',
  }
}

/**
 * A priced request as a merchant's server asks for it: the rules of the app's form, signed by the key's
 * delegate, whose delegation also makes it the request's quote key (quotes are signed by the same delegate).
 */
export async function signPricedMerchantRequest(
  request: MerchantRequestParameters,
  priced: PricedInput,
): Promise<Omit<NewPaymentRequest, 'id'>> {
  const { input, key } = request
  const checked = checkPricedRequestDraft(
    {
      chainId: String(input.chainId),
      currency: priced.currency,
      price: priced.amount,
      acceptedAssets: priced.acceptedAssets,
      tolerance: priced.tolerance,
      payer: input.payer ?? '',
      memo: input.memo,
      dueAt: input.dueAt,
    },
    { assets: request.assets, quotable: request.quotable ?? [], currenciesOn: pricedCurrencies, payee: key.payee },
  )
  if (!checked.ok)
    throw fieldErrors(
      Object.fromEntries(
        Object.entries(checked.errors).map(([field, message]) => [field === 'price' ? 'price.amount' : field, message]),
      ),
    )
  const terms = { ...checked.terms, payee: getAddress(key.payee), reference: newPaymentReference() }
  const currency = fiatCurrency(terms.currency)!
  const client = request.client(terms.chainId)!
  const [signature, createdBlock] = await Promise.all([
    request.signAsDelegate(key, pricedRequestTypedData(terms)),
    client.getBlockNumber(),
  ])
  const asCurrency = currency.code as typeof NATIVE_ASSET
  return {
    terms: { ...terms, asset: asCurrency, amount: terms.price },
    asset: { chainId: terms.chainId, address: asCurrency, symbol: currency.code, decimals: currency.minorDigits },
    signature,
    createdBlock,
    issuedByKeyId: key.id,
    redirectUrl: input.redirectUrl,
    metadata: input.metadata,
    priced: {
      currency: currency.code,
      acceptedAssets: terms.acceptedAssets,
      toleranceBps: terms.toleranceBps,
      quoteKeyId: key.id,
    },
  }
}
