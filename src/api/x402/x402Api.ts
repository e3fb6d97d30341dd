import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ApiKeyStore } from '../../merchants/apiKeyStore.ts'
import { sendRestError } from '../rest/restErrors.ts'
import { authenticate } from '../rest/restRequest.ts'
import { settle, supported, verify, type FacilitatorOptions } from './x402Facilitator.ts'
import { linkResource } from './x402Link.ts'
import { requestResource } from './x402Resource.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { MethodNotAllowedError } from '../../domain/errors/request.ts'
import { NotFoundError, ForbiddenError } from '../../domain/errors/access.ts'

export const X402_PREFIX = '/x402/'

/**
 * HTTP 402 (x402 v2) for software that pays: each payment request is a resource
 * (`/x402/payment-requests/{id}`), so is each payment link (`/x402/l/{linkId}`), and Billfold is the merchant's own facilitator
 * (`/x402/facilitator/verify|settle|supported`, with an API key of scope `x402:settle`).
 */
export function createX402Api(options: FacilitatorOptions & { apiKeys: ApiKeyStore }) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    try {
      const resource = /^\/x402\/payment-requests\/([^/]+)$/.exec(path)
      if (resource) {
        if (req.method !== 'GET') throw new MethodNotAllowedError({ shortMessage: `${path} takes GET.` })
        return await requestResource(options, req, res, resource[1]!)
      }
      const link = /^\/x402\/l\/([^/]+)$/.exec(path)
      if (link) {
        if (req.method !== 'GET') throw new MethodNotAllowedError({ shortMessage: `${path} takes GET.` })
        return await linkResource(options, req, res, link[1]!)
      }
      const action = /^\/x402\/facilitator\/(verify|settle|supported)$/.exec(path)?.[1]
      if (!action)
        throw new NotFoundError({
          shortMessage: `There is no ${path}: x402 serves /x402/payment-requests/{id}, /x402/l/{linkId} and /x402/facilitator/.`,
        })
      const method = action === 'supported' ? 'GET' : 'POST'
      if (req.method !== method) throw new MethodNotAllowedError({ shortMessage: `${path} takes ${method}.` })
      const key = await authenticate(options.apiKeys, req)
      if (!key.scopes.includes('x402:settle'))
        throw new ForbiddenError({
          shortMessage: 'This API key lacks the x402:settle scope. Create a key with it in Billfold.',
        })
      if (action === 'supported') return await supported(options, key, res)
      return await (action === 'verify' ? verify : settle)(options, key, req, res)
    } catch (error) {
      if (error instanceof ApiError) return sendRestError(res, error)
      throw error
    }
  }
}
