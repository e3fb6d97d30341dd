import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types'
import { isPaymentPayloadV2 } from '@x402/core/schemas'
import type { Hash } from 'viem'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import type { AuthorizationInput, AuthorizationRules } from '../relayer/checkAuthorization.ts'
import { prepareRelay } from '../relayer/prepareRelay.ts'
import { relayPayment } from '../relayer/relayPayment.ts'
import { clientOf, type RelayerServices } from '../relayer/relayerServices.ts'
import { requirementsMismatch } from './exactRequirements.ts'
import { x402MessageOf, x402ReasonOf } from './x402Reasons.ts'

type ExactPayload = { authorization: AuthorizationInput; signature: string }

/** The `exact` EVM payload (`{ authorization, signature }`, uint256 values as decimal strings), or undefined when it is not one. */
function readExactPayload(payment: PaymentPayload): ExactPayload | undefined {
  const body = payment.payload as { authorization?: Record<string, unknown>; signature?: unknown }
  const a = body?.authorization
  const fields = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const
  if (!a || typeof body.signature !== 'string' || fields.some((f) => typeof a[f] !== 'string')) return undefined
  return { authorization: a as AuthorizationInput, signature: body.signature }
}

/** An x402 client draws its nonce; its window may not pass the requirement's `maxTimeoutSeconds` (30 s of clock skew allowed). */
const x402Rules = (required: PaymentRequirements): AuthorizationRules => ({
  nonceCarriesReference: false,
  maxValiditySeconds: BigInt(required.maxTimeoutSeconds) + 30n,
})

type Checked = { exact: ExactPayload } | { invalid: string; message: string }

function precheck(payment: PaymentPayload, required: PaymentRequirements): Checked {
  // Whatever a client sent: x402's own schema decides whether it is a payment payload at all.
  if (!isPaymentPayloadV2(payment))
    return { invalid: 'invalid_payload', message: 'PAYMENT-SIGNATURE is not an x402 v2 payment payload.' }
  const mismatch = requirementsMismatch(payment.accepted, required)
  if (mismatch)
    return {
      invalid: mismatch,
      message: 'The payment does not meet the requirements: scheme, network, token, amount and recipient must match.',
    }
  const exact = readExactPayload(payment)
  if (!exact)
    return {
      invalid: 'unsupported_payload_type',
      message: 'The payload is not an exact EVM authorization with its signature.',
    }
  return { exact }
}

/** Whether this payment would pay the request, checked in full (its terms, the chain, a simulation); nothing is stored or sent. */
export async function verifyExact(
  services: RelayerServices,
  request: PaymentRequestRow,
  required: PaymentRequirements,
  payment: PaymentPayload,
): Promise<VerifyResponse> {
  const checked = precheck(payment, required)
  if ('invalid' in checked) return { isValid: false, invalidReason: checked.invalid, invalidMessage: checked.message }
  const { authorization, signature } = checked.exact
  try {
    const prepared = await prepareRelay(services, request, authorization, signature, x402Rules(required))
    if ('existing' in prepared)
      return {
        isValid: false,
        invalidReason: 'invalid_exact_evm_nonce_already_used',
        invalidMessage: 'This authorization was already settled.',
        payer: authorization.from,
      }
    return { isValid: true, payer: prepared.prepared.authorization.from }
  } catch (error) {
    return {
      isValid: false,
      invalidReason: x402ReasonOf(error),
      invalidMessage: x402MessageOf(error),
      payer: authorization.from,
    }
  }
}

/**
 * Settles the payment through the payee's relayer and waits for `confirmations` blocks on top of
 * it (0: answers once the node has it). A payment already settled for another request (a replay) fails.
 */
export async function settleExact(
  services: RelayerServices,
  request: PaymentRequestRow,
  required: PaymentRequirements,
  payment: PaymentPayload,
  confirmations: number,
): Promise<SettleResponse> {
  const failed = (errorReason: string, errorMessage: string, payer?: string): SettleResponse => ({
    success: false,
    errorReason,
    errorMessage,
    transaction: '',
    network: required.network,
    ...(payer ? { payer } : {}),
  })
  const checked = precheck(payment, required)
  if ('invalid' in checked) return failed(checked.invalid, checked.message)
  const { authorization, signature } = checked.exact
  try {
    const relay = await relayPayment(services, request, authorization, signature, x402Rules(required))
    if (relay.requestId !== request.id)
      return failed(
        'invalid_exact_evm_nonce_already_used',
        'This authorization already paid something else.',
        relay.payer ?? undefined,
      )
    const hash = (relay.transactionHash ?? relay.transactionHashes.at(-1)) as Hash | undefined
    if (!hash || relay.state === 'waiting' || relay.state === 'expired')
      return failed('unexpected_settle_error', relay.reason ?? 'The relay could not be sent.', relay.payer ?? undefined)
    let transaction: string = hash
    if (confirmations > 0) {
      const receipt = await clientOf(services, request.chainId).waitForTransactionReceipt({
        hash,
        confirmations,
        pollingInterval: 100,
        timeout: required.maxTimeoutSeconds * 1000,
      })
      if (receipt.status !== 'success')
        return failed(
          'invalid_exact_evm_transaction_failed',
          'The token refused the transfer on chain.',
          relay.payer ?? undefined,
        )
      transaction = receipt.transactionHash
    }
    return {
      success: true,
      transaction,
      network: required.network,
      payer: authorization.from,
      extra: { confirmations, requestId: request.id },
    }
  } catch (error) {
    return failed(x402ReasonOf(error), x402MessageOf(error), authorization.from)
  }
}
