import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseUnits, type Hex } from 'viem'
import { linkAmount, linkMemo, linkRequestParameters } from '../../merchants/linkPayer.ts'
import { signMerchantRequest } from '../../merchants/merchantRequest.ts'
import { findUsableLink, linkNotFound } from '../../merchants/paymentLinks.ts'
import { authorizableToken } from '../../relayer/prepareRelay.ts'
import { exactRequirements } from '../../merchants/x402/exactRequirements.ts'
import { unsavedRequest } from '../../merchants/x402/paymentTarget.ts'
import { sendJson } from '../rest/restErrors.ts'
import type { FacilitatorOptions } from './x402Facilitator.ts'
import { answerPayment } from './x402Resource.ts'

/**
 * GET /x402/l/{linkId} (with `?amount=` for a link whose payer chooses): the link as an x402
 * resource. The 402 quotes its terms; a paid try becomes a fresh request of the link, as a visit
 * does (signed by the link's delegate), settled and answered with its receipt. The payment is
 * checked against the request it would make before that is stored: a try that fails leaves nothing.
 * The same payment again (or at once) is the same visit, answered with the same request.
 */
export async function linkResource(options: FacilitatorOptions, req: IncomingMessage, res: ServerResponse, id: string) {
  const found = await findUsableLink(options.db, id)
  if (!found) throw linkNotFound()
  const { link, key } = found
  const asset = options.assets.find((a) => a.chainId === link.chainId && a.address === link.asset)
  const token = authorizableToken(options.relayer, link, 'erc3009')
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
  const visit = linkRequestParameters({ ...options, client: (chainId) => options.clients.get(chainId) }, found, chosen)
  await answerPayment(options, req, res, {
    required,
    resource,
    confirmations: token.chain.confirmations,
    target: {
      chainId: link.chainId,
      token: token.token.address,
      make: {
        draft: (requestId, reference) =>
          unsavedRequest({
            id: requestId,
            chainId: link.chainId,
            asset: link.asset,
            symbol: asset.symbol,
            decimals: asset.decimals,
            amount: String(amount),
            payee: link.payee,
            memo: linkMemo(link),
            reference,
            metadata: visit.input.metadata,
            issuedByKeyId: key.id,
          }),
        sign: (draft) => signMerchantRequest({ ...visit, reference: draft.reference as Hex }),
      },
      owns: (earlier) =>
        (earlier.metadata as { paymentLinkId?: unknown } | null)?.paymentLinkId === link.id &&
        earlier.amount === String(amount),
    },
  })
}
