import { and, eq } from 'drizzle-orm'
import { formatEther, getAddress, type Address, type Hex } from 'viem'
import type { TokenProfile } from '../chain/tokens.ts'
import { relays } from '../db/schema.ts'
import { isOpenForSignedPayment } from '../domain/paymentStatus.ts'
import type { TransferAuthorization } from '../domain/transferAuthorization.ts'
import { referenceOfAuthorizationNonce } from '../domain/transferReference.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { requestsByReference } from '../payments/repository/watchedRequests.ts'
import {
  checkAuthorization,
  PAY_PAGE_RULES,
  type AuthorizationInput,
  type AuthorizationRules,
} from './checkAuthorization.ts'
import { endsBeforeInclusion, latestBlock } from './chainClock.ts'
import { currentFees, worstCost, type Fees } from './relayFees.ts'
import { findRelayer, type RelayerRow } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import type { RelayRow } from './sendRelay.ts'
import { pausedReason, refusePayerAfterRevert } from './revertBudget.ts'
import { relayCalldata, simulateRelay } from './simulateRelay.ts'
import {
  AuthorizationUnsupportedError,
  AuthorizationExpiredError,
  AuthorizationMismatchError,
} from '../domain/errors/authorization.ts'
import { GaslessUnavailableError } from '../domain/errors/relayer.ts'
import { NotPayableError } from '../domain/errors/paymentRequest.ts'

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
 * A relay checked in full and ready to store: the call, its gas, today's fees, whether they pass
 * the cap, and the payer's balance the simulation saw, about the head it was checked at.
 */
export type PreparedRelay = {
  token: TokenProfile
  authorization: TransferAuthorization
  payerBalance: bigint
  checkedAtBlock: bigint
  data: Hex
  relayer: RelayerRow
  gasLimit: bigint
  fees: Fees
  aboveCap: boolean
}

/**
 * Everything checked before a relay is stored or sent: the token takes signatures, the request is
 * open, the authorization's terms (`checkAuthorization`), the payee's relayer (on, not paused), the
 * payer (no relay of theirs reverted within the hour), then the chain: the window by its clock,
 * used, balance, the exact call simulated from the relayer, which must be able to pay the fee. An
 * authorization already relayed comes back as that relay.
 */
export async function prepareRelay(
  services: RelayerServices,
  request: PaymentRequestRow,
  input: AuthorizationInput,
  signatureInput: string,
  rules: AuthorizationRules = PAY_PAGE_RULES,
): Promise<{ existing: RelayRow } | { prepared: PreparedRelay }> {
  const found = authorizableToken(services, request)
  if (!found)
    throw new AuthorizationUnsupportedError({
      field: 'requestId',
      shortMessage: `${request.symbol} has no transfer by signature (ERC-3009): pay it with a transaction.`,
    })
  if (!isOpenForSignedPayment(request.status))
    throw new NotPayableError({
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
  if (existing) return { existing }

  const relayer = await findRelayer(services.db, getAddress(request.payee), request.chainId)
  if (!relayer?.enabled)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage: 'The payee has not turned on payments without gas: pay with a transaction.',
    })
  if (relayer.pausedAt) throw new GaslessUnavailableError({ field: 'requestId', shortMessage: pausedReason(relayer) })
  await refusePayerAfterRevert(services.db, request.chainId, authorization.from)
  const client = clientOf(services, request.chainId)
  const data = relayCalldata(authorization, signature, recovered)
  const chainNow = latestBlock(client)
  const checks = Promise.all([
    simulateRelay(client, { token: found.token.address, relayer: relayer.address as Address, authorization, data }),
    currentFees(client),
    client.getBalance({ address: relayer.address as Address }),
  ])
  // Asked at once, but the chain's clock speaks first: an authorization past it also fails the simulation.
  checks.catch(() => {})
  if (endsBeforeInclusion(authorization.validBefore, (await chainNow).timestamp))
    throw new AuthorizationExpiredError({
      field: 'authorization.validBefore',
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
      token: found.token,
      authorization,
      payerBalance,
      checkedAtBlock,
      data,
      relayer,
      gasLimit,
      fees,
      aboveCap,
    },
  }
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
