import { isPaymentPayloadV2 } from '@x402/core/schemas'
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types'
import { formatUnits, getAddress, type Hex, type PublicClient } from 'viem'
import type { ActiveChain } from '../../chain/chains.ts'
import type { TokenProfile } from '../../chain/tokens.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { supports } from '../../payments/methods/registry.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { signMerchantRequest } from '../merchantRequest.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import { unsavedRequest, type PaymentTarget } from './paymentTarget.ts'
import { settleExact, verifyExact } from './settleExact.ts'

export type FacilitatorServices = {
  relayer: RelayerServices
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
}
/** What a merchant's server hands the facilitator: the client's payment and its own requirements. */
export type FacilitatorPayment = { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }

/**
 * The merchant's requirements as a request of the key's payee would carry them: `payTo` must be
 * the payee, the network a chain offered, the asset one of its ERC-3009 tokens.
 */
type Invalid = { invalid: string; message: string }
type Found = { chain: ActiveChain; token: TokenProfile; chainId: number; amount: bigint }

function requestOf(options: FacilitatorServices, key: ApiKeyRow, required: PaymentRequirements): Invalid | Found {
  const chainId = Number(/^eip155:(\d+)$/.exec(required.network)?.[1] ?? NaN)
  const chain = options.relayer.chains.find((c) => c.chain.id === chainId)
  if (!chain)
    return {
      invalid: 'invalid_exact_evm_network_mismatch',
      message: `${required.network} is not a chain this Billfold offers.`,
    }
  const token = chain.tokens.find((t) => t.address.toLowerCase() === required.asset.toLowerCase())
  if (!token || !supports(token, 'erc3009'))
    return {
      invalid: 'invalid_exact_evm_eip3009_not_supported',
      message: `${required.asset} takes no ERC-3009 authorization here.`,
    }
  if (required.payTo.toLowerCase() !== key.payee.toLowerCase())
    return { invalid: 'invalid_exact_evm_recipient_mismatch', message: "payTo must be this API key's payee." }
  if (!/^\d{1,78}$/.test(required.amount) || BigInt(required.amount) === 0n)
    return { invalid: 'invalid_payment_requirements', message: 'amount must be a whole number of base units above 0.' }
  return { chain, token, chainId, amount: BigInt(required.amount) }
}

/**
 * The request a settled payment is recorded as (signed by the key's delegate, the route as its memo,
 * the resource in its metadata), checked as it will be before it is stored. The same payment for
 * the same route is the same request; for another route, a replay.
 */
function settleTarget(
  options: FacilitatorServices,
  key: ApiKeyRow,
  found: Found,
  { paymentPayload, paymentRequirements: required }: FacilitatorPayment,
): PaymentTarget {
  const resource = isPaymentPayloadV2(paymentPayload) ? paymentPayload.resource : undefined
  const memo = (resource?.url ?? resource?.description ?? 'x402 payment').slice(0, 280)
  const payee = getAddress(key.payee)
  const input = {
    chainId: found.chainId,
    asset: found.token.address,
    amount: formatUnits(found.amount, found.token.decimals),
    memo,
    dueAt: new Date(Date.now() + 86_400_000).toISOString(),
    payer: null,
    redirectUrl: null,
    metadata: { x402: { resource: resource ?? null, scheme: required.scheme, network: required.network } },
  }
  return {
    chainId: found.chainId,
    token: found.token.address,
    make: {
      draft: (id, reference) =>
        unsavedRequest({
          id,
          chainId: found.chainId,
          asset: found.token.address,
          symbol: found.token.symbol,
          decimals: found.token.decimals,
          amount: String(found.amount),
          payee,
          memo,
          reference,
          metadata: input.metadata,
          issuedByKeyId: key.id,
        }),
      sign: (draft) =>
        signMerchantRequest({
          input,
          key,
          signAsDelegate: options.signAsDelegate,
          assets: options.assets,
          client: (id) => options.clients.get(id),
          reference: draft.reference as Hex,
        }),
    },
    owns: (earlier) => earlier.payee === payee && earlier.memo === memo && earlier.amount === String(found.amount),
  }
}

/** Checks a merchant's x402 payment in full as the request it would be recorded as; nothing is stored. */
export async function verifyFacilitatorPayment(
  services: FacilitatorServices,
  key: ApiKeyRow,
  payment: FacilitatorPayment,
): Promise<VerifyResponse> {
  const found = requestOf(services, key, payment.paymentRequirements)
  if ('invalid' in found) return { isValid: false, invalidReason: found.invalid, invalidMessage: found.message }
  return verifyExact(
    services.relayer,
    settleTarget(services, key, found, payment),
    payment.paymentRequirements,
    payment.paymentPayload,
  )
}

/**
 * Settles a merchant's x402 payment: checked in full as the request it is recorded as, then that
 * request stored, relayed, and answered after the route's confirmations (`extra.confirmations`,
 * else the chain's). A refused payment stores nothing; the same payment settled again or at once
 * gets the one settlement; a replay for another route settles nothing.
 */
export async function settleFacilitatorPayment(
  services: FacilitatorServices,
  key: ApiKeyRow,
  payment: FacilitatorPayment,
): Promise<SettleResponse> {
  const required = payment.paymentRequirements
  const found = requestOf(services, key, required)
  if ('invalid' in found)
    return {
      success: false,
      errorReason: found.invalid,
      errorMessage: found.message,
      transaction: '',
      network: required.network,
    }
  const extra = required.extra?.confirmations
  const confirmations =
    typeof extra === 'number' && Number.isSafeInteger(extra) && extra >= 0 ? extra : found.chain.confirmations
  return settleExact(
    services.relayer,
    settleTarget(services, key, found, payment),
    required,
    payment.paymentPayload,
    confirmations,
  )
}
