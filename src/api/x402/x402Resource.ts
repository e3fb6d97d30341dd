import type { IncomingMessage, ServerResponse } from 'node:http'
import { decodePaymentSignatureHeader, encodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http'
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types'
import type { Db } from '../../db/createDatabase.ts'
import { authorizableToken } from '../../relayer/prepareRelay.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import { exactRequirements, paymentRequired } from '../../merchants/x402/exactRequirements.ts'
import type { PaymentTarget } from '../../merchants/x402/paymentTarget.ts'
import { settleExact } from '../../merchants/x402/settleExact.ts'
import { SETTLEMENT_PENDING } from '../../merchants/x402/x402Reasons.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { findPaymentRequest, isPaymentRequestId } from '../../payments/repository/paymentRequests.ts'
import { sendJson } from '../rest/restErrors.ts'

export type X402Options = { db: Db; relayer: RelayerServices; publicUrl: string }

/** A 402: what to pay, in the PAYMENT-REQUIRED header (base64 JSON) and as the body. */
export function sendPaymentRequired(res: ServerResponse, required: PaymentRequired, message?: string) {
  sendJson(
    res,
    402,
    { ...required, ...(message ? { message } : {}) },
    {
      'payment-required': encodePaymentRequiredHeader(required),
    },
  )
}

const refusal = (code: string, message: string) => ({ error: { code, message } })

/**
 * GET /x402/payment-requests/{id}: the request as an x402 resource. Unpaid, a 402 says what is due
 * (`exact`, ERC-3009, the token's EIP-712 domain in `extra`, the memo as the description); with a
 * PAYMENT-SIGNATURE it is settled through the payee's relayer, after the chain's confirmations, and
 * answered 200 with the receipt and PAYMENT-RESPONSE. Paid, it answers its receipt; cancelled or
 * expired, why not.
 */
export async function requestResource(options: X402Options, req: IncomingMessage, res: ServerResponse, id: string) {
  const request = isPaymentRequestId(id) ? await findPaymentRequest(options.db, id) : undefined
  if (!request) return sendJson(res, 404, refusal('NOT_FOUND', 'There is no payment request with this id.'))
  const receipt = () => ({ request: publicPaymentRequest(request, options.publicUrl) })
  if (request.status === 'paid' || request.status === 'overpaid') return sendJson(res, 200, receipt())
  if (request.status === 'cancelled' || request.status === 'expired')
    return sendJson(
      res,
      410,
      refusal(`REQUEST_${request.status.toUpperCase()}`, `This request is ${request.status}: it cannot be paid.`),
    )
  if (request.status === 'pending')
    return sendJson(res, 202, { ...receipt(), message: 'A payment was seen on chain and is being confirmed.' })
  const found = authorizableToken(options.relayer, request, 'erc3009')
  if (!found)
    return sendJson(
      res,
      409,
      refusal('AUTHORIZATION_UNSUPPORTED', `${request.symbol} cannot be paid by a signed authorization (x402 exact).`),
    )
  const required = exactRequirements(
    request.chainId,
    found.token,
    request.payee,
    BigInt(request.amount) - BigInt(request.received),
  )
  const resource = {
    url: new URL(`/x402/payment-requests/${id}`, options.publicUrl).href,
    description: request.memo || `Payment request ${id}`,
  }
  await answerPayment(options, req, res, {
    required,
    resource,
    confirmations: found.chain.confirmations,
    target: {
      chainId: request.chainId,
      token: found.token.address,
      request,
      owns: (earlier) => earlier.id === request.id,
    },
  })
}

/**
 * The payment a PAYMENT-SIGNATURE carries, settled against `required` for its target (a request, or
 * the one a link makes once the payment passed every check): without a payment, or one that cannot
 * be read or fails, a 402 with what is required (and why), and nothing stored; settled, a 200 with
 * the receipt and PAYMENT-RESPONSE; on its way (another try of the same payment sent it), a 202 to
 * ask again.
 */
export async function answerPayment(
  options: X402Options,
  req: IncomingMessage,
  res: ServerResponse,
  {
    required,
    resource,
    confirmations,
    target,
  }: {
    required: PaymentRequirements
    resource: { url: string; description: string }
    confirmations: number
    target: PaymentTarget
  },
) {
  const header = req.headers['payment-signature']
  if (typeof header !== 'string') return sendPaymentRequired(res, paymentRequired(required, resource))
  let payment: PaymentPayload
  try {
    payment = decodePaymentSignatureHeader(header)
  } catch {
    return sendPaymentRequired(
      res,
      paymentRequired(required, resource, 'invalid_payload'),
      'PAYMENT-SIGNATURE is not base64 JSON of a payment payload.',
    )
  }
  const settled = await settleExact(options.relayer, target, required, payment, confirmations)
  const pending = !settled.success && settled.errorReason === SETTLEMENT_PENDING
  if (!settled.success && !pending)
    return sendPaymentRequired(res, paymentRequired(required, resource, settled.errorReason), settled.errorMessage)
  const request = await findPaymentRequest(options.db, String(settled.extra?.requestId))
  sendJson(
    res,
    pending ? 202 : 200,
    {
      ...(request ? { request: publicPaymentRequest(request, options.publicUrl) } : {}),
      settlement: settled,
      ...(pending ? { message: settled.errorMessage } : {}),
    },
    { 'payment-response': encodePaymentResponseHeader(settled), ...(pending ? { 'retry-after': '1' } : {}) },
  )
}
