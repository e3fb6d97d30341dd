import type { PaymentPayload, PaymentRequirements } from '@x402/core/types'
import { isPaymentPayloadV2 } from '@x402/core/schemas'
import type { AuthorizationInput } from '../../payments/methods/erc3009/checkAuthorization.ts'
import type { SignedPaymentRules } from '../../payments/methods/paymentMethod.ts'
import { requirementsMismatch } from './exactRequirements.ts'

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
export const x402Rules = (required: PaymentRequirements): SignedPaymentRules => ({
  nonceCarriesReference: false,
  maxValiditySeconds: BigInt(required.maxTimeoutSeconds) + 30n,
})

type Checked = { exact: ExactPayload } | { invalid: string; message: string }

/** The payment as x402 says it must be for these requirements, or why it is not: read before anything is asked of the chain. */
export function checkExactPayload(payment: PaymentPayload, required: PaymentRequirements): Checked {
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
