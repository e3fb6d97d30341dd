import type { IncomingMessage, ServerResponse } from 'node:http'
import { actorOfKey } from '../../merchants/business/actor.ts'
import { readMerchantRequestInput } from '../../merchants/merchantRequest.ts'
import { cancelRequest, listRequests, makeKeyRequest, readRequest } from '../../merchants/requests/requestUseCases.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { gaslessAvailability } from '../../relayer/gaslessAvailability.ts'
import { readIdempotencyKey } from '../../merchants/idempotency.ts'
import { openApiDocument } from './openApiDocument.ts'
import { signingKeyOf } from '../../merchants/business/signingKey.ts'
import { clientIp } from '../../http/clientIp.ts'
import { sendJson, sendRestError } from './restErrors.ts'
import { isDatabaseUnavailable } from '../../domain/databaseUnavailable.ts'
import { authenticate, readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { webhookEndpointRoutes } from './webhookEndpointRoutes.ts'
import { invoiceRoutes } from './invoiceRoutes.ts'
import { creditNoteRoutes } from './creditNoteRoutes.ts'
import { refundRoutes } from './refundRoutes.ts'
import { payerListRoutes } from './payerListRoutes.ts'
import { scheduleRoutes } from './scheduleRoutes.ts'
import { subscriptionRoutes } from './subscriptionRoutes.ts'
import { tillRoutes } from './tillRoutes.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { DatabaseUnavailableError, DATABASE_UNAVAILABLE_MESSAGE } from '../../domain/errors/database.ts'
import { NotFoundError, RateLimitedError } from '../../domain/errors/access.ts'
import { MethodNotAllowedError } from '../../domain/errors/request.ts'
import { badInput } from '../../domain/errors/input.ts'

export const REST_PREFIX = '/api/v1/'

/**
 * The REST API for merchants' servers, under /api/v1: payment requests made, read, listed and
 * cancelled with an API key (`Authorization: Bearer <secret>`), within its scopes. The domain rules
 * are the app's own; errors are `{ "error": { "code", "message", "field" } }` with GraphQL's codes.
 */
export function createRestApi(options: RestApiOptions) {
  const { db } = options
  // The answer also says whether the payer can pay without gas (a page asks the payee's relayer once).
  const show = async (row: PaymentRequestRow, relayers?: Parameters<typeof gaslessAvailability>[2]) => ({
    ...publicPaymentRequest(row, options.publicUrl),
    gasless: await gaslessAvailability(options.relayer, row, relayers),
  })

  async function create({ req, res, key, actor }: RestContext) {
    const { raw, json } = await readJson(req)
    const { replayed, row } = await makeKeyRequest(actor, options, {
      request: {
        input: readMerchantRequestInput(json, { webhooksAllowPrivate: options.webhooksAllowPrivate }),
        key: await signingKeyOf(db, key),
        signAsDelegate: options.signAsDelegate,
        assets: options.assets,
        quotable: options.quotable ?? [],
        client: (id: number) => options.clients.get(id),
      },
      apiKeyId: key.id,
      idempotencyKey: readIdempotencyKey(req.headers['idempotency-key']),
      raw,
    })
    sendJson(res, replayed ? 200 : 201, await show(row), {
      location: `${REST_PREFIX}payment-requests/${row.id}`,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
  }

  async function list({ res, url, actor }: RestContext) {
    const status = url.searchParams.get('status')
    const after = url.searchParams.get('after')
    const limitText = url.searchParams.get('limit') ?? '25'
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= 100)) throw badInput('limit', 'must be a whole number from 1 to 100.')
    const page = await listRequests(actor, options, {
      filter: { statuses: status ? status.split(',') : null, search: url.searchParams.get('search') },
      first: limit,
      after,
    })
    const relayers = new Map()
    const data = await Promise.all(page.items.map((row) => show(row, relayers)))
    sendJson(res, 200, { data, nextCursor: page.nextCursor })
  }

  async function read({ res, actor }: RestContext, id: string) {
    sendJson(res, 200, await show(await readRequest(actor, options, { id })))
  }

  async function cancel({ res, actor }: RestContext, id: string) {
    sendJson(res, 200, await show(await cancelRequest(actor, options, { id })))
  }

  const routes: RestRoute[] = [
    ['POST', /^\/api\/v1\/payment-requests$/, makeKeyRequest, create],
    ['GET', /^\/api\/v1\/payment-requests$/, listRequests, list],
    ['GET', /^\/api\/v1\/payment-requests\/([^/]+)$/, readRequest, read],
    ['POST', /^\/api\/v1\/payment-requests\/([^/]+)\/cancel$/, cancelRequest, cancel],
    ...webhookEndpointRoutes(options),
    ...invoiceRoutes(options),
    ...creditNoteRoutes(options),
    ...refundRoutes(options),
    ...scheduleRoutes(options),
    ...subscriptionRoutes(options),
    ...tillRoutes(options),
    ...payerListRoutes(options),
  ]

  // The route table is part of the handler: the role table test walks it.
  return Object.assign(handle, { routes })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    try {
      if (url.pathname === `${REST_PREFIX}openapi.json` && req.method === 'GET')
        return sendJson(res, 200, openApiDocument(options.publicUrl))
      const matching = routes.filter(([, pattern]) => pattern.test(url.pathname))
      if (matching.length === 0)
        throw new NotFoundError({
          shortMessage: `There is no ${url.pathname} in this API; see ${REST_PREFIX}openapi.json.`,
        })
      const route = matching.find(([method]) => method === req.method)
      if (!route)
        throw new MethodNotAllowedError({
          shortMessage: `${url.pathname} takes ${matching.map(([m]) => m).join(' or ')}, not ${req.method}.`,
        })
      const key = await authenticate(options.apiKeys, req)
      const allowance = await options.limit(`apikey:${key.id}`)
      if (!allowance.allowed) {
        return sendRestError(
          res,
          new RateLimitedError({
            shortMessage: `Too many requests with this key. Retry in ${allowance.retryAfterSeconds} s.`,
          }),
          { 'retry-after': String(allowance.retryAfterSeconds) },
        )
      }
      const [, pattern, , handleRoute] = route
      const actor = await actorOfKey(db, key, clientIp(req, options.trustProxy ?? false))
      await handleRoute({ req, res, url, key, actor }, pattern.exec(url.pathname)![1] ?? '')
    } catch (error) {
      if (error instanceof ApiError) return sendRestError(res, error)
      if (isDatabaseUnavailable(error))
        return sendRestError(res, new DatabaseUnavailableError({ shortMessage: DATABASE_UNAVAILABLE_MESSAGE }), {
          'retry-after': '2',
        })
      throw error
    }
  }
}
