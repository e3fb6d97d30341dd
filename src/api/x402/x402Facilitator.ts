import type { IncomingMessage, ServerResponse } from 'node:http'
import { isPaymentPayloadV2, PaymentRequirementsV2Schema } from '@x402/core/schemas'
import type { PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types'
import { formatUnits, getAddress, type Address, type Hex, type PublicClient } from 'viem'
import type { ActiveChain } from '../../chain/chains.ts'
import type { TokenProfile } from '../../chain/tokens.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { ApiKeyRow } from '../../merchants/apiKeys.ts'
import { signMerchantRequest } from '../../merchants/merchantRequest.ts'
import { relayersOf } from '../../relayer/relayerStore.ts'
import type { DelegateSignature } from '../../merchants/signing/delegateSignature.ts'
import { networkOf, X402_VERSION } from '../../merchants/x402/exactRequirements.ts'
import { unsavedRequest, type PaymentTarget } from '../../merchants/x402/paymentTarget.ts'
import { settleExact, verifyExact } from '../../merchants/x402/settleExact.ts'
import { sendJson } from '../rest/restErrors.ts'
import { readJson } from '../rest/restRequest.ts'
import type { X402Options } from './x402Resource.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'

export type FacilitatorOptions = X402Options & {
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
}

type FacilitatorBody = { x402Version: number; paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements }

/** The body of /verify and /settle: the client's payment and the merchant's requirements, or a 400 naming what is missing. */
async function readFacilitatorBody(req: IncomingMessage): Promise<FacilitatorBody> {
  const { json } = await readJson(req)
  const body = json as Partial<FacilitatorBody> | null
  if (!body || typeof body !== 'object' || !body.paymentPayload || !body.paymentRequirements)
    throw new BadUserInputError({
      shortMessage: 'The body must be { x402Version, paymentPayload, paymentRequirements }.',
      field: 'body',
    })
  // The merchant's requirements are read field by field below: x402's own schema checks their shape first.
  if (!PaymentRequirementsV2Schema.safeParse(body.paymentRequirements).success)
    throw new BadUserInputError({
      shortMessage:
        'paymentRequirements must be x402 v2 requirements: scheme, network, asset, amount, payTo, maxTimeoutSeconds, extra.',
      field: 'paymentRequirements',
    })
  return body as FacilitatorBody
}

/**
 * The merchant's requirements as a request of the key's payee would carry them: `payTo` must be
 * the payee, the network a chain offered, the asset one of its ERC-3009 tokens.
 */
type Invalid = { invalid: string; message: string }
type Found = { chain: ActiveChain; token: TokenProfile; chainId: number; amount: bigint }

function requestOf(options: FacilitatorOptions, key: ApiKeyRow, required: PaymentRequirements): Invalid | Found {
  const chainId = Number(/^eip155:(\d+)$/.exec(required.network)?.[1] ?? NaN)
  const chain = options.relayer.chains.find((c) => c.chain.id === chainId)
  if (!chain)
    return {
      invalid: 'invalid_exact_evm_network_mismatch',
      message: `${required.network} is not a chain this Billfold offers.`,
    }
  const token = chain.tokens.find((t) => t.address.toLowerCase() === required.asset.toLowerCase())
  if (!token || token.authorization !== 'erc3009')
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
function settleTarget(options: FacilitatorOptions, key: ApiKeyRow, found: Found, body: FacilitatorBody): PaymentTarget {
  const required = body.paymentRequirements
  const resource = isPaymentPayloadV2(body.paymentPayload) ? body.paymentPayload.resource : undefined
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

export async function supported(options: FacilitatorOptions, key: ApiKeyRow, res: ServerResponse) {
  const chains = options.relayer.chains.filter((c) => c.tokens.some((t) => t.authorization === 'erc3009'))
  const relayers = await relayersOf(
    options.db,
    options.relayer.box,
    key.payee as Address,
    chains.map((c) => c.chain.id),
  )
  const body: SupportedResponse = {
    kinds: chains.map((c) => ({ x402Version: X402_VERSION, scheme: 'exact', network: networkOf(c.chain.id) })),
    extensions: [],
    signers: Object.fromEntries(relayers.map((r) => [networkOf(r.chainId), [r.address]])),
  }
  sendJson(res, 200, body)
}

export async function verify(options: FacilitatorOptions, key: ApiKeyRow, req: IncomingMessage, res: ServerResponse) {
  const body = await readFacilitatorBody(req)
  const found = requestOf(options, key, body.paymentRequirements)
  if ('invalid' in found)
    return sendJson(res, 200, { isValid: false, invalidReason: found.invalid, invalidMessage: found.message })
  sendJson(
    res,
    200,
    await verifyExact(
      options.relayer,
      settleTarget(options, key, found, body),
      body.paymentRequirements,
      body.paymentPayload,
    ),
  )
}

/**
 * Settles a merchant's x402 payment: checked in full as the request it is recorded as, then that
 * request stored, relayed, and answered after the route's confirmations (`extra.confirmations`,
 * else the chain's). A refused payment stores nothing; the same payment settled again or at once
 * gets the one settlement; a replay for another route settles nothing.
 */
export async function settle(options: FacilitatorOptions, key: ApiKeyRow, req: IncomingMessage, res: ServerResponse) {
  const body = await readFacilitatorBody(req)
  const required = body.paymentRequirements
  const found = requestOf(options, key, required)
  if ('invalid' in found)
    return sendJson(res, 200, {
      success: false,
      errorReason: found.invalid,
      errorMessage: found.message,
      transaction: '',
      network: required.network,
    })
  const extra = required.extra?.confirmations
  const confirmations =
    typeof extra === 'number' && Number.isSafeInteger(extra) && extra >= 0 ? extra : found.chain.confirmations
  sendJson(
    res,
    200,
    await settleExact(
      options.relayer,
      settleTarget(options, key, found, body),
      required,
      body.paymentPayload,
      confirmations,
    ),
  )
}
