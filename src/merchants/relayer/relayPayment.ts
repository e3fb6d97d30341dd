import { and, eq } from 'drizzle-orm'
import { formatEther, getAddress, type Address, type Hex } from 'viem'
import { relays } from '../../db/schema.ts'
import { ApiError } from '../../domain/apiErrors.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import {
  checkAuthorization,
  PAY_PAGE_RULES,
  type AuthorizationInput,
  type AuthorizationRules,
} from './checkAuthorization.ts'
import { requestsByReference } from '../../payments/repository/watchedRequests.ts'
import { referenceOfAuthorizationNonce } from '../../domain/transferReference.ts'
import { currentFees, worstCost } from './relayFees.ts'
import { findRelayer } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import { sendRelay, type RelayRow } from './sendRelay.ts'
import { relayCalldata, simulateRelay } from './simulateRelay.ts'

/** Head room over the simulation's gas: state can change a little between the simulation and the block. */
const GAS_MARGIN_PERCENT = 120n

/** The token of a request, if it is one a payer may authorise by signature (ERC-3009). */
export function authorizableToken(
  services: Pick<RelayerServices, 'chains'>,
  request: Pick<PaymentRequestRow, 'chainId' | 'asset'>,
) {
  const chain = services.chains.find((c) => c.chain.id === request.chainId)
  const token = chain?.tokens.find((k) => k.address === request.asset)
  return token?.authorization === 'erc3009' && token.eip712 ? { token, chain: chain! } : undefined
}

/**
 * A payer's signed authorization for a request, relayed by the payee's relayer: checked in full
 * (its terms, then the chain: used, balance, the exact call simulated, the relayer's funds) before
 * anything is stored or sent. The same authorization again is the same relay. Above the payee's fee
 * cap it waits (the monitor sends it when fees fall, or reports it expired).
 */
export async function relayPayment(
  services: RelayerServices,
  request: PaymentRequestRow,
  input: AuthorizationInput,
  signatureInput: string,
  rules: AuthorizationRules = PAY_PAGE_RULES,
): Promise<RelayRow> {
  const found = authorizableToken(services, request)
  if (!found)
    throw new ApiError({
      code: 'AUTHORIZATION_UNSUPPORTED',
      field: 'requestId',
      shortMessage: `${request.symbol} has no transfer by signature (ERC-3009): pay it with a transaction.`,
    })
  if (!['open', 'partially_paid'].includes(request.status))
    throw new ApiError({
      code: 'NOT_PAYABLE',
      field: 'requestId',
      shortMessage: `This request is ${request.status.replace('_', ' ')}: there is nothing to pay.`,
    })
  const others = found.chain.tokens.filter((t) => t.address !== found.token.address && t.authorization === 'erc3009')
  const { authorization, signature, recovered } = await checkAuthorization(
    request,
    found.token,
    input,
    signatureInput,
    others,
    rules,
  )
  if (!rules.nonceCarriesReference) await refuseAnotherRequestsReference(services, request, authorization.nonce)
  const existing = await findRelayOf(
    services,
    request.chainId,
    found.token.address,
    authorization.from,
    authorization.nonce,
  )
  if (existing) return existing

  const relayer = await findRelayer(services.db, getAddress(request.payee), request.chainId)
  if (!relayer?.enabled)
    throw new ApiError({
      code: 'GASLESS_UNAVAILABLE',
      field: 'requestId',
      shortMessage: 'The payee has not turned on payments without gas: pay with a transaction.',
    })
  const client = clientOf(services, request.chainId)
  const data = relayCalldata(authorization, signature, recovered)
  const [gas, fees, funds] = await Promise.all([
    simulateRelay(client, { token: found.token.address, relayer: relayer.address as Address, authorization, data }),
    currentFees(client),
    client.getBalance({ address: relayer.address as Address }),
  ])
  const gasLimit = (gas * GAS_MARGIN_PERCENT) / 100n
  const cost = worstCost(gasLimit, fees)
  if (funds < cost)
    throw new ApiError({
      code: 'GASLESS_UNAVAILABLE',
      field: 'requestId',
      shortMessage: "The payee's relayer cannot pay the network fee now: pay with a transaction.",
      details: `relayer ${relayer.address} holds ${formatEther(funds)}, a relay may cost ${formatEther(cost)}`,
    })
  const aboveCap = relayer.feeCap !== null && cost > BigInt(relayer.feeCap)
  const [inserted] = await services.db
    .insert(relays)
    .values({
      id: newShortId(),
      payee: getAddress(request.payee),
      chainId: request.chainId,
      relayer: relayer.address,
      kind: 'payment',
      requestId: request.id,
      token: found.token.address,
      payer: authorization.from,
      authorizationNonce: authorization.nonce,
      validBefore: new Date(Number(authorization.validBefore) * 1000),
      target: found.token.address,
      data,
      value: '0',
      gasLimit: String(gasLimit),
      state: 'waiting',
      reason: aboveCap ? feeAboveCapReason : null,
    })
    .onConflictDoNothing()
    .returning()
  if (!inserted) {
    // The same authorization is the same relay; another one of this request still on its way is refused.
    const same = await findRelayOf(
      services,
      request.chainId,
      found.token.address,
      authorization.from,
      authorization.nonce,
    )
    if (same) return same
    throw new ApiError({
      code: 'NOT_PAYABLE',
      field: 'requestId',
      shortMessage: 'A payment by signature for this request is already on its way: wait for it before signing again.',
    })
  }
  if (aboveCap) {
    await services.announce(request.id, request.payee)
    return inserted
  }
  return sendRelay(services, inserted, fees)
}

export const feeAboveCapReason =
  "Network fees are above the payee's cap for now: the payment is sent as soon as they fall, while the authorization is valid."

async function findRelayOf(services: RelayerServices, chainId: number, token: Address, payer: Address, nonce: string) {
  const [row] = await services.db
    .select()
    .from(relays)
    .where(
      and(
        eq(relays.chainId, chainId),
        eq(relays.token, token),
        eq(relays.payer, payer),
        eq(relays.authorizationNonce, nonce),
      ),
    )
  return row
}

/**
 * A nonce the client drew must not begin with another request's reference: the watcher would credit
 * that request with the transfer. (The relay row binds a random nonce to its own request.)
 */
async function refuseAnotherRequestsReference(services: RelayerServices, request: PaymentRequestRow, nonce: Hex) {
  const named = (await requestsByReference(services.db, request.chainId, [referenceOfAuthorizationNonce(nonce)]))
    .values()
    .next().value
  if (named && named.id !== request.id)
    throw new ApiError({
      code: 'AUTHORIZATION_MISMATCH',
      field: 'authorization.nonce',
      shortMessage: "authorization.nonce begins with another request's reference: draw a new nonce.",
    })
}
