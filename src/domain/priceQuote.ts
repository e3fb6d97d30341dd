import { zeroAddress, type Address, type Hex } from 'viem'
import { NATIVE_ASSET } from './paymentRequest.ts'

/** How long a quote holds unless the operator says otherwise. */
export const DEFAULT_QUOTE_MINUTES = 15

/**
 * A request priced in a currency, quoted in one token: `amount` base units of `asset` for `price`
 * (the price, or what is still due of it)
 * minor units of `currency`, paid by a transfer carrying `paymentReference`, at the rounds named of the token's and the currency's USD feeds (no
 * currency feed for USD), until `expiresAt`. Anyone can check it: read those rounds from the feeds
 * (`getRoundData`) and compute the amount again.
 */
export type PriceQuoteTerms = {
  chainId: number
  /** The priced request's reference, which its payee signed. */
  reference: Hex
  /** The reference of the quote's own request: what the payer's transfer carries. */
  paymentReference: Hex
  currency: string
  price: bigint
  asset: Address | typeof NATIVE_ASSET
  amount: bigint
  tokenFeed: Address
  tokenRound: bigint
  currencyFeed: Address | null
  currencyRound: bigint
  expiresAt: Date
}

export const priceQuoteTypes = {
  PriceQuote: [
    { name: 'reference', type: 'bytes16' },
    { name: 'paymentReference', type: 'bytes16' },
    { name: 'currency', type: 'string' },
    { name: 'price', type: 'uint256' },
    { name: 'asset', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'tokenFeed', type: 'address' },
    { name: 'tokenRound', type: 'uint80' },
    { name: 'currencyFeed', type: 'address' },
    { name: 'currencyRound', type: 'uint80' },
    { name: 'expiresAt', type: 'uint64' },
  ],
} as const

/** EIP-712 typed data of a quote, signed by a delegate the payee authorised: on the request's chain. */
export function priceQuoteTypedData(terms: PriceQuoteTerms) {
  return {
    domain: { name: 'Billfold', version: '1', chainId: terms.chainId },
    types: priceQuoteTypes,
    primaryType: 'PriceQuote' as const,
    message: {
      reference: terms.reference,
      paymentReference: terms.paymentReference,
      currency: terms.currency,
      price: terms.price,
      asset: terms.asset === NATIVE_ASSET ? zeroAddress : terms.asset,
      amount: terms.amount,
      tokenFeed: terms.tokenFeed,
      tokenRound: terms.tokenRound,
      currencyFeed: terms.currencyFeed ?? zeroAddress,
      currencyRound: terms.currencyRound,
      expiresAt: BigInt(Math.floor(terms.expiresAt.getTime() / 1000)),
    },
  }
}
