import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Verdict } from '../../http/rateLimiter.ts'
import type { Address, PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { readBody } from '../../http/readBody.ts'
import type { SecretBox } from '../../merchants/secrets/secretBox.ts'
import { ApiError, badInput } from '../../domain/apiErrors.ts'
import type { ApiKeyRow } from '../../merchants/apiKeys.ts'
import type { ApiKeyStore } from '../../merchants/apiKeyStore.ts'
import type { DelegateSignature } from '../../merchants/signing/delegateSignature.ts'
import { issueMerchantRequest, readMerchantRequestInput, signMerchantRequest } from '../../merchants/merchantRequest.ts'
import {
  cancelUnpaidRequest,
  findPaymentRequest,
  isPaymentRequestId,
  type PaymentRequestRow,
} from '../../payments/repository/paymentRequests.ts'
import { publicPaymentRequest } from '../../payments/publicPaymentRequest.ts'
import { gaslessAvailability } from '../../merchants/relayer/gaslessAvailability.ts'
import type { RelayerServices } from '../../merchants/relayer/relayerServices.ts'
import { listRequestPage } from '../../payments/repository/requestListing.ts'
import { checkRequestFilter, decodeCursor } from '../../payments/requestFilter.ts'
import {
  createWebhookEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  type WebhookEndpointRow,
} from '../../merchants/webhooks/webhookEndpoints.ts'
import { issueOnce, readIdempotencyKey, requestFingerprint } from '../../merchants/idempotency.ts'
import { openApiDocument } from './openApiDocument.ts'
import { restError, sendJson, sendRestError } from './restErrors.ts'

export const REST_PREFIX = '/api/v1/'
const MAX_BODY_BYTES = 16 * 1024

type RestContext = { req: IncomingMessage; res: ServerResponse; url: URL; key: ApiKeyRow }
type RestRoute = [
  method: string,
  pattern: RegExp,
  scope: ApiKeyScope,
  handle: (ctx: RestContext, id: string) => Promise<void>,
]

export type RestApiOptions = {
  db: Db
  apiKeys: ApiKeyStore
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
  webhookSecrets: SecretBox
  publicUrl: string
  /** Per key: the same allowance as a GraphQL client. */
  limit: (key: string) => Promise<Verdict>
  announceRequestUpdate: (id: string, payee?: string) => Promise<void>
  /** Payees' relayers: a single request's answer says whether its payer can pay without gas. */
  relayer: RelayerServices
  /** WEBHOOKS_ALLOW_PRIVATE: a shop on this machine may also be returned to over plain http. */
  webhooksAllowPrivate: boolean
}

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

  const requireScope = (key: ApiKeyRow, scope: ApiKeyScope) => {
    if (!key.scopes.includes(scope))
      throw restError('FORBIDDEN', `This API key lacks the ${scope} scope. Create a key with it in Billfold.`)
  }

  async function ownRequest(key: ApiKeyRow, id: string) {
    const row = isPaymentRequestId(id) ? await findPaymentRequest(db, id) : undefined
    // Another payee's request is "not found": its existence is not theirs to learn.
    if (!row || row.payee !== key.payee)
      throw restError('NOT_FOUND', 'There is no payment request with this id among this key’s payee’s requests.', 'id')
    return row
  }

  async function create({ req, res, key }: RestContext) {
    const { raw, json } = await readJson(req)
    const request = {
      input: readMerchantRequestInput(json, { webhooksAllowPrivate: options.webhooksAllowPrivate }),
      key,
      signAsDelegate: options.signAsDelegate,
      assets: options.assets,
      client: (id: number) => options.clients.get(id),
    }
    const idempotencyKey = readIdempotencyKey(req.headers['idempotency-key'])
    const { replayed, row } =
      idempotencyKey === undefined
        ? { replayed: false, row: await issueMerchantRequest(db, request) }
        : await issueOnce(db, {
            payee: key.payee,
            apiKeyId: key.id,
            idempotencyKey,
            fingerprint: requestFingerprint('POST /payment-requests', raw),
            signed: await signMerchantRequest(request),
          })
    sendJson(res, replayed ? 200 : 201, await show(row), {
      location: `${REST_PREFIX}payment-requests/${row.id}`,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
  }

  async function list({ res, url, key }: RestContext) {
    const status = url.searchParams.get('status')
    const after = url.searchParams.get('after')
    const limitText = url.searchParams.get('limit') ?? '25'
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= 100)) throw badInput('limit', 'must be a whole number from 1 to 100.')
    const filter = checkRequestFilter({ statuses: status ? status.split(',') : null })
    const page = await listRequestPage(db, key.payee, filter, {
      first: limit,
      ...(after ? { after: decodeCursor(after) } : {}),
    })
    const relayers = new Map()
    const data = await Promise.all(page.items.map((row) => show(row, relayers)))
    sendJson(res, 200, { data, nextCursor: page.nextCursor })
  }

  async function read({ res, key }: RestContext, id: string) {
    sendJson(res, 200, await show(await ownRequest(key, id)))
  }

  async function cancel({ res, key }: RestContext, id: string) {
    const found = await ownRequest(key, id)
    if (found.cancelledAt) return sendJson(res, 200, await show(found))
    const cancelled = await cancelUnpaidRequest(db, id)
    if (!cancelled)
      throw restError(
        'PAYMENT_RECEIVED',
        'A payment for this request has been seen on chain, so it can no longer be cancelled.',
        'id',
      )
    await options.announceRequestUpdate(id, cancelled.payee)
    sendJson(res, 200, await show(cancelled))
  }

  async function listEndpoints({ res, key }: RestContext) {
    sendJson(res, 200, { data: (await listWebhookEndpoints(db, key.payee as Address)).map(showEndpoint) })
  }

  async function addEndpoint({ req, res, key }: RestContext) {
    const { json } = await readJson(req)
    const body = (typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}) as {
      url?: unknown
      events?: unknown
    }
    if (typeof body.url !== 'string') throw badInput('url', 'must be a string: the https URL to send events to.')
    if (!Array.isArray(body.events) || body.events.some((e) => typeof e !== 'string'))
      throw badInput('events', 'must be a list of event names.')
    const created = await createWebhookEndpoint(
      db,
      options.webhookSecrets,
      key.payee as Address,
      { url: body.url, events: body.events as string[] },
      { webhooksAllowPrivate: options.webhooksAllowPrivate },
    )
    sendJson(res, 201, { ...showEndpoint(created.endpoint), secret: created.secret })
  }

  async function removeEndpoint({ res, key }: RestContext, id: string) {
    sendJson(res, 200, showEndpoint(await disableWebhookEndpoint(db, key.payee as Address, id)))
  }

  /** Each route: method, path pattern, the scope its key needs, handler (with the id when the path has one). */
  const routes: RestRoute[] = [
    ['POST', /^\/api\/v1\/payment-requests$/, 'requests:write', create],
    ['GET', /^\/api\/v1\/payment-requests$/, 'requests:read', list],
    ['GET', /^\/api\/v1\/payment-requests\/([^/]+)$/, 'requests:read', read],
    ['POST', /^\/api\/v1\/payment-requests\/([^/]+)\/cancel$/, 'requests:write', cancel],
    ['GET', /^\/api\/v1\/webhook-endpoints$/, 'webhooks:manage', listEndpoints],
    ['POST', /^\/api\/v1\/webhook-endpoints$/, 'webhooks:manage', addEndpoint],
    ['DELETE', /^\/api\/v1\/webhook-endpoints\/([^/]+)$/, 'webhooks:manage', removeEndpoint],
  ]

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    try {
      if (url.pathname === `${REST_PREFIX}openapi.json` && req.method === 'GET')
        return sendJson(res, 200, openApiDocument(options.publicUrl))
      const matching = routes.filter(([, pattern]) => pattern.test(url.pathname))
      if (matching.length === 0)
        throw restError('NOT_FOUND', `There is no ${url.pathname} in this API; see ${REST_PREFIX}openapi.json.`)
      const route = matching.find(([method]) => method === req.method)
      if (!route)
        throw restError(
          'METHOD_NOT_ALLOWED',
          `${url.pathname} takes ${matching.map(([m]) => m).join(' or ')}, not ${req.method}.`,
        )
      const key = await authenticate(options.apiKeys, req)
      const allowance = await options.limit(`apikey:${key.id}`)
      if (!allowance.allowed) {
        return sendRestError(
          res,
          restError('RATE_LIMITED', `Too many requests with this key. Retry in ${allowance.retryAfterSeconds} s.`),
          { 'retry-after': String(allowance.retryAfterSeconds) },
        )
      }
      const [, pattern, scope, handleRoute] = route
      requireScope(key, scope)
      await handleRoute({ req, res, url, key }, pattern.exec(url.pathname)![1] ?? '')
    } catch (error) {
      if (error instanceof ApiError) return sendRestError(res, error)
      throw error
    }
  }
}

/** The API key of a request's `Authorization: Bearer` header. */
async function authenticate(apiKeys: ApiKeyStore, req: IncomingMessage): Promise<ApiKeyRow> {
  const header = req.headers.authorization ?? ''
  const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  // Missing, malformed, unknown and revoked keys get the same words: nothing says whether a key exists.
  const key = secret ? await apiKeys.find(secret) : undefined
  if (!key)
    throw restError(
      'UNAUTHENTICATED',
      'Send a valid API key as "Authorization: Bearer <secret>". Keys are made in Billfold under API keys.',
    )
  return key
}

/** A JSON body of at most MAX_BODY_BYTES, sent as JSON. */
async function readJson(req: IncomingMessage): Promise<{ raw: Buffer; json: unknown }> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    throw restError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".')
  const raw = await readBody(req, MAX_BODY_BYTES)
  if (raw === 'too-large') throw restError('PAYLOAD_TOO_LARGE', `The body must be at most ${MAX_BODY_BYTES / 1024} KB.`)
  try {
    return { raw, json: JSON.parse(raw.toString('utf8')) }
  } catch {
    throw badInput('body', 'is not valid JSON.')
  }
}

/** A webhook endpoint as the API shows it (never its secret). */
const showEndpoint = (e: WebhookEndpointRow) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  createdAt: e.createdAt.toISOString(),
  disabledAt: e.disabledAt?.toISOString() ?? null,
})
