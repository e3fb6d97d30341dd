import type { Address, Hex, PublicClient } from 'viem'
import type { TokenProfile } from '../../chain/tokens.ts'
import type { PayerAction, PaymentMethodId } from '../../domain/paymentMethods.ts'
import type { PaymentRequestRow } from '../repository/paymentRequests.ts'

/** What a payer's call needs of a request: where the money goes, in what, with which reference. */
export type PayableRequest = { asset: string; payee: string; reference: string }

/**
 * What the watcher's read stage fetches for a method's payments to be attributed to their request:
 * - `transfer-logs`: the token's `Transfer` logs to payees, with their transaction's input (the reference in calldata);
 * - `native-transfers`: the native coin's transfers to payees, traced where the node can;
 * - `authorization-logs`: the token's `AuthorizationUsed` logs, whose nonce carries the reference.
 */
export type WatcherRead = 'transfer-logs' | 'native-transfers' | 'authorization-logs'

/**
 * How a signed payment is bound to its request. The pay page's one-time key (an ERC-3009 nonce)
 * carries the request's reference, and its window is at most a day (one that outlives a day is one
 * nobody meant); an x402 client draws a random key (the relay row binds it) and its window is the
 * requirement's `maxTimeoutSeconds`.
 */
export type SignedPaymentRules = { nonceCarriesReference: boolean; maxValiditySeconds: bigint }
export const PAY_PAGE_RULES: SignedPaymentRules = { nonceCarriesReference: true, maxValiditySeconds: 24n * 3600n }

/**
 * The call a payee's relayer sends for a signed payment, with what its table keeps generic: who pays,
 * the one-time key the chain consumes, until when it may be mined, and the value it moves.
 */
export type RelayCall = {
  payer: Address
  key: Hex
  value: bigint
  validBefore: bigint
  target: Address
  data: Hex
  /** What the payer signed, as stored in the relays table (`payload`). */
  payload: Record<string, string>
}

/** How the payee's relayer sends a method's payment: its checks, the call, its gas and what the chain says of it. */
export type RelayedMethod<Input> = {
  /** In the payer's words: "has no {name}" when a token does not offer it. */
  name: string
  /** The input fields a refusal about the payer or the window names. */
  fields: { payer: string; validBefore: string }
  /** Gas of one relay, for the relayer's warnings before any is simulated. */
  gasEstimate: bigint
  /** The signed payment read and held against its request (no chain asked): the call to send. */
  check(
    request: PaymentRequestRow,
    token: TokenProfile,
    signed: { input: Input; signature: string; chainTokens: readonly TokenProfile[] },
    rules: SignedPaymentRules,
  ): Promise<RelayCall>
  /** The request reference a one-time key names, if any (a drawn key must not name another request). */
  referenceOfKey(key: Hex): Hex
  /** The exact call run from the relayer: its gas and the payer's balance read; a refusal in the method's words. */
  simulate(
    client: PublicClient,
    call: RelayCall,
    { token, relayer }: { token: Address; relayer: Address },
  ): Promise<{ gas: bigint; payerBalance: bigint }>
  /** Whether the chain has consumed this payer's one-time key at `blockNumber`. */
  keyUsed(
    client: PublicClient,
    { token, payer, key }: { token: Address; payer: Address; key: Hex },
    blockNumber: bigint,
  ): Promise<boolean>
  /** The value a stored call moves. */
  valueOf(data: Hex): bigint
}

/**
 * A way to pay: what the payer signs or sends, what the watcher reads to attribute it, and for a
 * signed one how the relayer sends it. The pay page's screen for it is listed in `src/web/pay/methods/`.
 */
export type PaymentMethod<Input = never> = {
  id: PaymentMethodId
  payer: {
    action: PayerAction
    sends: string
    /** For a method the payer's wallet sends: the call that pays `amount` of a request, its reference in it. */
    call?: (request: PayableRequest, amount: bigint) => { to: Address; data: Hex; value?: bigint }
  }
  watcher: { reads: readonly WatcherRead[] }
  relay?: RelayedMethod<Input>
}
