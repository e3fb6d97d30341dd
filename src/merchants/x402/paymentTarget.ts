import { and, eq, or, sql } from 'drizzle-orm'
import { getAddress, isAddress, type Address, type Hex } from 'viem'
import { paymentRequests, relays } from '../../db/schema.ts'
import { isRandomLookingReference } from '../../domain/paymentReference.ts'
import { referenceOfAuthorizationNonce } from '../../domain/transferReference.ts'
import type { NewPaymentRequest, PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import type { AuthorizationInput } from '../../payments/methods/erc3009/checkAuthorization.ts'
import { findRelayOf } from '../../relayer/prepareRelay.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'

/**
 * What an x402 payment pays: a request that exists (`/x402/payment-requests/{id}`), or the request a
 * link's visit or a facilitator settle makes for it. A made request takes its reference from the
 * payment's nonce (its first 16 bytes, as the pay page's authorizations carry theirs): one payment
 * is one request, whichever try or server stores it first.
 */
export type PaymentTarget = {
  chainId: number
  token: Address
  /** The request paid, for a request resource. */
  request?: PaymentRequestRow
  /** For a link or the facilitator: the request the payment would make, unsaved (checked first), and its signed terms. */
  make?: {
    draft(id: string, reference: Hex): PaymentRequestRow
    /** The draft's terms with its reference, signed by the delegate: what is stored once the payment passed. */
    sign(draft: PaymentRequestRow): Promise<NewPaymentRequest>
  }
  /** Whether a request this payment already made or paid is the one this try is for; another one makes the try a replay. */
  owns(request: PaymentRequestRow): boolean
}

/**
 * The request this authorization already pays or was made for: the one its relay pays, else the one
 * whose reference its nonce begins with. Undefined when none (or the authorization cannot be read:
 * the full check names what is wrong).
 */
export async function earlierRequest(
  services: RelayerServices,
  target: PaymentTarget,
  input: AuthorizationInput,
): Promise<PaymentRequestRow | undefined> {
  const nonce = nonceOf(input)
  if (!nonce) return undefined
  const from = String(input.from).trim()
  const payer = isAddress(from, { strict: false }) ? getAddress(from) : undefined
  // One round trip: the request the authorization's relay pays, else the one its nonce names.
  const paid = payer
    ? sql`${paymentRequests.id} = (select ${relays.requestId} from ${relays} where ${and(
        eq(relays.chainId, target.chainId),
        eq(relays.token, target.token),
        eq(relays.payer, payer),
        eq(relays.authorizationNonce, nonce),
      )})`
    : sql`false`
  const named = referenceOfAuthorizationNonce(nonce)
  const rows = await services.db
    .select()
    .from(paymentRequests)
    .where(or(paid, eq(paymentRequests.reference, named)))
  return rows.find((r) => r.reference !== named) ?? rows[0]
}

/** The relay of this authorization on the target's chain and token, if one was stored. */
export async function relayOfPayment(services: RelayerServices, target: PaymentTarget, input: AuthorizationInput) {
  const from = String(input.from).trim()
  const nonce = nonceOf(input)
  if (!nonce || !isAddress(from, { strict: false })) return undefined
  return findRelayOf(services, target.chainId, target.token, getAddress(from), nonce)
}

function nonceOf(input: AuthorizationInput): Hex | undefined {
  const nonce = String(input.nonce).trim().toLowerCase()
  return /^0x[0-9a-f]{64}$/.test(nonce) ? (nonce as Hex) : undefined
}

/** The reference a request made for this authorization takes: its nonce's first 16 bytes, which must look random. */
export function referenceOfPayment(input: AuthorizationInput): Hex {
  const nonce = nonceOf(input)
  const reference = nonce && referenceOfAuthorizationNonce(nonce)
  if (!reference || !isRandomLookingReference(reference))
    throw new BadUserInputError({
      field: 'authorization.nonce',
      shortMessage: 'authorization.nonce must be 32 random bytes in hex: draw a new one.',
    })
  return reference
}

/** A request as it will be stored, before it is: what the checks read (terms, payee, what is due). */
export function unsavedRequest(
  row: Pick<
    PaymentRequestRow,
    'id' | 'chainId' | 'asset' | 'symbol' | 'decimals' | 'amount' | 'payee' | 'memo' | 'reference' | 'metadata'
  > &
    Partial<PaymentRequestRow>,
): PaymentRequestRow {
  const now = new Date()
  return {
    payer: null,
    memoFolded: row.memo.toLowerCase(),
    dueAt: now,
    signature: '',
    status: 'open',
    received: '0',
    createdBlock: 0n,
    createdAt: now,
    paidAt: null,
    cancelledAt: null,
    issuedByKeyId: null,
    redirectUrl: null,
    currency: null,
    acceptedAssets: null,
    toleranceBps: null,
    quoteKeyId: null,
    pricedRequestId: null,
    refunded: '0',
    scheduleId: null,
    schedulePeriod: null,
    acceptedChains: null,
    ...row,
  }
}
