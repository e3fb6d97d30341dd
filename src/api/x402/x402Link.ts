import type { IncomingMessage, ServerResponse } from 'node:http'
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http'
import type { PaymentPayload } from '@x402/core/types'
import { parseUnits } from 'viem'
import { createLinkPayer, linkAmount } from '../../merchants/linkPayer.ts'
import { findUsableLink, linkNotFound } from '../../merchants/paymentLinks.ts'
import { authorizableToken } from '../../merchants/relayer/prepareRelay.ts'
import { exactRequirements, paymentRequired } from '../../merchants/x402/exactRequirements.ts'
import { settleExact } from '../../merchants/x402/settleExact.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { cancelUnpaidRequest } from '../../payments/repository/paymentRequests.ts'
import { sendJson } from '../rest/restErrors.ts'
import type { FacilitatorOptions } from './x402Facilitator.ts'
import { sendPaymentRequired } from './x402Resource.ts'

/**
 * GET /x402/l/{linkId} (with `?amount=` for a link whose payer chooses): the link as an x402
 * resource. The 402 quotes its terms; a paid try becomes a fresh request of the link, as a visit
 * does (signed by the link's delegate), settled and answered with its receipt. A try that fails
 * leaves no request behind.
 */
export async function linkResource(options: FacilitatorOptions, req: IncomingMessage, res: ServerResponse, id: string) {
  const found = await findUsableLink(options.db, id)
  if (!found) throw linkNotFound()
  const { link } = found
  const asset = options.assets.find((a) => a.chainId === link.chainId && a.address === link.asset)
  const token = authorizableToken(options.relayer, link)
  if (!asset || !token)
    return sendJson(res, 409, {
      error: {
        code: 'AUTHORIZATION_UNSUPPORTED',
        message: `This link's token cannot be paid by a signed authorization (x402 exact).`,
      },
    })
  const url = new URL(req.url ?? '/', 'http://x')
  const chosen = url.searchParams.get('amount')
  const amount = parseUnits(linkAmount(link, asset, chosen), asset.decimals)
  const required = exactRequirements(link.chainId, token.token, link.payee, amount)
  const resource = { url: new URL(url.pathname + url.search, options.publicUrl).href, description: link.title }
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
  const request = await createLinkPayer({ ...options, client: (chainId) => options.clients.get(chainId) })(id, chosen)
  const settled = await settleExact(options.relayer, request, required, payment, token.chain.confirmations)
  if (!settled.success) {
    await cancelUnpaidRequest(options.db, request.id)
    return sendPaymentRequired(res, paymentRequired(required, resource, settled.errorReason), settled.errorMessage)
  }
  sendJson(
    res,
    200,
    { request: publicPaymentRequest(request, options.publicUrl), settlement: settled },
    { 'payment-response': encodePaymentResponseHeader(settled) },
  )
}
