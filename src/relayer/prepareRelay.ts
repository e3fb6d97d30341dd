import { and, eq } from 'drizzle-orm'
import { formatEther, getAddress, type Address, type Hex } from 'viem'
import type { TokenProfile } from '../chain/tokens.ts'
import { relays } from '../db/schema.ts'
import type { PaymentMethodId } from '../domain/paymentMethods.ts'
import { isOpenForSignedPayment } from '../domain/paymentStatus.ts'
import {
  PAY_PAGE_RULES,
  type PaymentMethod,
  type RelayCall,
  type RelayedMethod,
  type SignedPaymentRules,
} from '../payments/methods/paymentMethod.ts'
import { relayedMethodsOf, supports } from '../payments/methods/registry.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { requestsByReference } from '../payments/repository/watchedRequests.ts'
import { endsBeforeInclusion, latestBlock } from './chainClock.ts'
import { currentFees, worstCost, type Fees } from './relayFees.ts'
import { findRelayer, type RelayerRow } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import type { RelayRow } from './sendRelay.ts'
import { pausedReason, refusePayerAfterRevert } from './revertBudget.ts'
import {
  AuthorizationUnsupportedError,
  AuthorizationExpiredError,
  AuthorizationMismatchError,
} from '../domain/errors/authorization.ts'
import { GaslessUnavailableError } from '../domain/errors/relayer.ts'
import { NotPayableError } from '../domain/errors/paymentRequest.ts'

/** Head room over the simulation's gas: state can change a little between the simulation and the block. */
const GAS_MARGIN_PERCENT = 120n

/** The token of a request, if a payer may pay it by this signed method (by any a relayer sends, without one). */
export function authorizableToken(
  services: Pick<RelayerServices, 'chains'>,
  request: Pick<PaymentRequestRow, 'chainId' | 'asset'>,
  method?: PaymentMethodId,
) {
  const chain = services.chains.find((c) => c.chain.id === request.chainId)
  const token = chain?.tokens.find((k) => k.address === request.asset)
  const takes = token && (method ? supports(token, method) : relayedMethodsOf(token).length > 0)
  return takes && token.eip712 ? { token, chain: chain! } : undefined
}

/** A payer's signed payment as an API client sends it, with the method that reads it. */
export type SignedPayment<Input> = {
  method: PaymentMethod<Input> & { relay: RelayedMethod<Input> }
  input: Input
  signature: string
}

/**
 * A relay checked in full and ready to store: its method, the call, its gas, today's fees, whether
 * they pass the cap, and the payer's balance the simulation saw, about the head it was checked at.
 */
export type PreparedRelay = {
  method: PaymentMethodId
  token: TokenProfile
  call: RelayCall
  payerBalance: bigint
  checkedAtBlock: bigint
  relayer: RelayerRow
  gasLimit: bigint
  fees: Fees
  aboveCap: boolean
}

/**
 * Everything checked before a relay is stored or sent: the token takes the method, the request is
 * open, the signed terms (the method's `check`), the payee's relayer (on, not paused), the payer (no
 * relay of theirs reverted within the hour), then the chain: the window by its clock, the exact
 * call simulated from the relayer (the method's `simulate`), which must be able to pay the fee. A
 * payment already relayed comes back as that relay.
 */
export async function prepareRelay<Input>(
  services: RelayerServices,
  request: PaymentRequestRow,
  { method, input, signature }: SignedPayment<Input>,
  rules: SignedPaymentRules = PAY_PAGE_RULES,
): Promise<{ existing: RelayRow } | { prepared: PreparedRelay }> {
  const { relay } = method
  const found = authorizableToken(services, request, method.id)
  if (!found)
    throw new AuthorizationUnsupportedError({
      field: 'requestId',
      shortMessage: `${request.symbol} has no ${relay.name}: pay it with a transaction.`,
    })
  if (!isOpenForSignedPayment(request.status))
    throw new NotPayableError({
      field: 'requestId',
      shortMessage: `This request is ${request.status.replace('_', ' ')}: there is nothing to pay.`,
    })
  const chainTokens = found.chain.tokens
  const call = await relay.check(request, found.token, { input, signature, chainTokens }, rules)
  if (!rules.nonceCarriesReference)
    await refuseAnotherRequestsReference(services, request, relay.referenceOfKey(call.key))
  const existing = await findRelayOf(services, request.chainId, found.token.address, call.payer, call.key)
  if (existing) return { existing }

  const relayer = await findRelayer(services.db, getAddress(request.payee), request.chainId)
  if (!relayer?.enabled)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage: 'The payee has not turned on payments without gas: pay with a transaction.',
    })
  if (relayer.pausedAt) throw new GaslessUnavailableError({ field: 'requestId', shortMessage: pausedReason(relayer) })
  await refusePayerAfterRevert(services.db, request.chainId, call.payer)
  const client = clientOf(services, request.chainId)
  const chainNow = latestBlock(client)
  const checks = Promise.all([
    relay.simulate(client, call, { token: found.token.address, relayer: relayer.address as Address }),
    currentFees(client),
    client.getBalance({ address: relayer.address as Address }),
  ])
  // Asked at once, but the chain's clock speaks first: a signature past it also fails the simulation.
  checks.catch(() => {})
  if (endsBeforeInclusion(call.validBefore, (await chainNow).timestamp))
    throw new AuthorizationExpiredError({
      field: relay.fields.validBefore,
      shortMessage: "The authorization ends before a relay could be mined, by the chain's clock: sign a new one.",
    })
  const [{ gas, payerBalance }, fees, funds] = await checks
  const checkedAtBlock = (await chainNow).number
  const gasLimit = (gas * GAS_MARGIN_PERCENT) / 100n
  const cost = worstCost(gasLimit, fees)
  if (funds < cost)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage: "The payee's relayer cannot pay the network fee now: pay with a transaction.",
      details: `relayer ${relayer.address} holds ${formatEther(funds)}, a relay may cost ${formatEther(cost)}`,
    })
  const aboveCap = relayer.feeCap !== null && cost > BigInt(relayer.feeCap)
  return {
    prepared: {
      method: method.id,
      token: found.token,
      call,
      payerBalance,
      checkedAtBlock,
      relayer,
      gasLimit,
      fees,
      aboveCap,
    },
  }
}

/**
 * A key the client drew must not name another request's reference: the watcher would credit that
 * request with the transfer. (The relay row binds a random key to its own request.)
 */
async function refuseAnotherRequestsReference(services: RelayerServices, request: PaymentRequestRow, reference: Hex) {
  const named = (await requestsByReference(services.db, request.chainId, [reference])).values().next().value
  if (named && named.id !== request.id)
    throw new AuthorizationMismatchError({
      field: 'authorization.nonce',
      shortMessage: "authorization.nonce begins with another request's reference: draw a new nonce.",
    })
}

export async function findRelayOf(
  services: RelayerServices,
  chainId: number,
  token: Address,
  payer: Address,
  nonce: string,
) {
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
