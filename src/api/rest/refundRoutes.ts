import { listRefundsOf, prepareRefundOf } from '../../merchants/refunds/refundUseCases.ts'
import { publicRefund } from '../../payments/refunds/publicRefund.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { badInput } from '../../domain/errors/input.ts'

/**
 * `/api/v1/payment-requests/{id}/refunds`: `POST` prepares a refund and answers the unsigned
 * transaction for the payee's wallet (the server never holds the payee's funds); `GET` lists them.
 */
export function refundRoutes(options: RestApiOptions): RestRoute[] {
  const services = { db: options.db, clients: options.clients }

  async function create({ req, res, actor }: RestContext, id: string) {
    const { json } = await readJson(req)
    const body = (json ?? {}) as Record<string, unknown>
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw badInput('body', 'must be a JSON object.')
    if (typeof body.amount !== 'string')
      throw badInput('amount', 'must be a decimal string in the request’s asset, such as "2.50".')
    if (body.to !== undefined && body.to !== null && typeof body.to !== 'string')
      throw badInput('to', 'must be an address, or left out for the address that paid.')
    const chainId = body.chainId ?? null
    if (chainId !== null && (typeof chainId !== 'number' || !Number.isSafeInteger(chainId)))
      throw badInput('chainId', 'must be a chain id such as 8453, or left out for the chain the recipient paid on.')
    const { refund, request } = await prepareRefundOf(actor, services, {
      requestId: id,
      amount: body.amount,
      to: body.to as string | undefined,
      chainId,
    })
    sendJson(res, 201, publicRefund({ ...refund, transfers: [] }, request), {
      location: `/api/v1/payment-requests/${request.id}/refunds`,
    })
  }

  async function list({ res, actor }: RestContext, id: string) {
    const { refunds, request } = await listRefundsOf(actor, services, { requestId: id })
    sendJson(res, 200, { data: refunds.map((r) => publicRefund(r, request)) })
  }

  return [
    ['POST', /^\/api\/v1\/payment-requests\/([^/]+)\/refunds$/, prepareRefundOf, create],
    ['GET', /^\/api\/v1\/payment-requests\/([^/]+)\/refunds$/, listRefundsOf, list],
  ]
}
