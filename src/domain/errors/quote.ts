import { ApiError } from './apiError.ts'

// A request priced in a currency, paid in a token at a quoted rate.

/** The request asks for a token amount, not a price: it takes no quote. */
export class NotPricedError extends ApiError {
  static override readonly code = 'NOT_PRICED'
  declare readonly code: typeof NotPricedError.code
  override name = 'NotPricedError'
}

/** The payee has not authorised a key to sign quotes (or withdrew it). */
export class QuoteKeyMissingError extends ApiError {
  static override readonly code = 'QUOTE_KEY_MISSING'
  declare readonly code: typeof QuoteKeyMissingError.code
  override name = 'QuoteKeyMissingError'
}

/** No rate can be given now: a price feed refused or is stale. */
export class QuoteUnavailableError extends ApiError {
  static override readonly code = 'QUOTE_UNAVAILABLE'
  declare readonly code: typeof QuoteUnavailableError.code
  override name = 'QuoteUnavailableError'
}
