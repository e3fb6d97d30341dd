import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseUnits } from 'viem'
import { createLinkPayer, linkAmount } from '../../merchants/linkPayer.ts'
import { findUsableLink, linkNotFound } from '../../merchants/paymentLinks.ts'
import { authorizableToken } from '../../merchants/relayer/prepareRelay.ts'
import { exactRequirements } from '../../merchants/x402/exactRequirements.ts'
import { cancelUnpaidRequest } from '../../payments/repository/paymentRequests.ts'
import { sendJson } from '../rest/restErrors.ts'
import type { FacilitatorOptions } from './x402Facilitator.ts'
import { answerPayment } from './x402Resource.ts'

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
  await answerPayment(options, req, res, {
    required,
    resource,
    confirmations: token.chain.confirmations,
    requestFor: () => createLinkPayer({ ...options, client: (chainId) => options.clients.get(chainId) })(id, chosen),
    onFailure: (request) => cancelUnpaidRequest(options.db, request.id),
  })
}
