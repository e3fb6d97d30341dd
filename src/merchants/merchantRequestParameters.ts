import type { Hex, PublicClient } from 'viem'
import type { Asset } from '../domain/paymentRequest.ts'
import type { ApiKeyRow } from './apiKeys.ts'
import type { DelegateSignature } from './signing/delegateSignature.ts'

// The words of a merchant's request, shared by the request in a token and the one priced in a currency.

/** What a merchant's server sends for a price: `price: { currency, amount }`, the tokens, a tolerance in percent. */
export type PricedInput = { currency: string; amount: string; acceptedAssets: string[]; tolerance: string }

/** What a merchant's server sends to make a request (REST body, or a payment link's terms). */
export type MerchantRequestInput = {
  chainId: number
  asset: string
  amount: string
  memo: string
  dueAt: string
  payer: string | null
  redirectUrl: string | null
  metadata: Record<string, unknown> | null
  /** For a request priced in a currency, instead of `asset` and `amount`. */
  priced?: PricedInput | null
  /** Other chains the request may be paid on, each with the same token; none for `chainId` alone. */
  acceptedChains?: { chainId: number; asset: string }[] | null
}

export type MerchantRequestParameters = {
  input: MerchantRequestInput
  key: ApiKeyRow
  signAsDelegate: DelegateSignature
  assets: readonly Asset[]
  /** The assets a priced request may accept (those with a USD feed on their chain). */
  quotable?: readonly Asset[]
  client: (chainId: number) => PublicClient | undefined
  /** Each chain's head read already, for a caller that signs inside a transaction (a sale at a till): no chain is asked then. */
  heads?: ReadonlyMap<number, bigint>
  /** The reference to sign, when the caller has one already (an x402 payment's nonce carries it); drawn here otherwise. */
  reference?: Hex
}
