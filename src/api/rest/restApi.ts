import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { and, eq } from 'drizzle-orm'
import type { Address, PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { idempotencyKeys } from '../../db/schema.ts'
import type { ApiKeyScope } from '../../domain/delegation.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { readBody } from '../../http/readBody.ts'
import type { SecretBox } from '../../merchants/secrets/secretBox.ts'
import { ApiError, badInput } from '../../domain/apiErrors.ts'
import type { ApiKeyRow, ApiKeyStore, DelegateSignature } from '../../merchants/apiKeys.ts'
import {
  issueMerchantRequest,
  readMerchantRequestInput,
  restPaymentRequest,
  signMerchantRequest,
} from '../../merchants/merchantRequest.ts'
import {
  cancelUnpaidRequest,
  findPaymentRequest,
  insertPaymentRequest,
  isPaymentRequestId,
  newPaymentRequestId,
} from '../../payments/repository/paymentRequests.ts'
import { listRequestPage } from '../../payments/repository/requestListing.ts'
import { checkRequestFilter, decodeCursor } from '../../payments/requestFilter.ts'
import {
  createWebhookEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  type WebhookEndpointRow,
} from '../../merchants/webhooks/webhookEndpoints.ts'
import { openApiDocument } from './openApiDocument.ts'
import { restError, sendJson, sendRestError } from './restErrors.ts'

export const REST_PREFIX = '/api/v1/'
const MAX_BODY_BYTES = 16 * 1024
const MAX_IDEMPOTENCY_KEY_LENGTH = 255

type RestContext = { req: IncomingMessage; res: ServerResponse; url: URL; key: ApiKeyRow }

/**
 * The REST API for merchants' servers, under /api/v1: payment requests made, read, listed and
 * cancelled with an API key (`Authorization: Bearer <secret>`), within its scopes. The domain rules
 * are the app's own; errors are `{ "error": { "code", "message", "field" } }` with GraphQL's codes.
 */
export function createRestApi(p: {
  db: Db
  apiKeys: ApiKeyStore
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
  webhookSecrets: SecretBox
  publicUrl: string
  /** Per key: the same allowance as a GraphQL client. */
  limit: (key: string) => { allowed: true } | { allowed: false; retryAfterSeconds: number }
  announceRequestUpdate: (id: string, payee?: string) => Promise<void>
  /** WEBHOOKS_ALLOW_PRIVATE: a shop on this machine may also be returned to over plain http. */
  allowPrivate: boolean
  log: (line: string) => void
}) {
  const show = (row: Parameters<typeof restPaymentRequest>[0]) => restPaymentRequest(row, p.publicUrl)

  async function authenticate(req: IncomingMessage): Promise<ApiKeyRow> {
    const header = req.headers.authorization ?? ''
    const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
    // Missing, malformed, unknown and revoked keys get the same words: nothing says whether a key exists.
    const key = secret ? await p.apiKeys.find(secret) : undefined
    if (!key)
      throw restError(
        'UNAUTHENTICATED',
        'Send a valid API key as "Authorization: Bearer <secret>". Keys are made in Billfold under API keys.',
      )
    return key
  }

  const requireScope = (key: ApiKeyRow, scope: ApiKeyScope) => {
    if (!key.scopes.includes(scope))
      throw restError('FORBIDDEN', `This API key lacks the ${scope} scope. Create a key with it in Billfold.`)
  }

  async function readJson(req: IncomingMessage): Promise<{ raw: Buffer; json: unknown }> {
    if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
      throw restError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with "Content-Type: application/json".')
    const raw = await readBody(req, MAX_BODY_BYTES)
    if (raw === 'too-large')
      throw restError('PAYLOAD_TOO_LARGE', `The body must be at most ${MAX_BODY_BYTES / 1024} KB.`)
    try {
      return { raw, json: JSON.parse(raw.toString('utf8')) }
    } catch {
      throw badInput('body', 'is not valid JSON.')
    }
  }

  async function ownRequest(key: ApiKeyRow, id: string) {
    const row = isPaymentRequestId(id) ? await findPaymentRequest(p.db, id) : undefined
    // Another payee's request is "not found": its existence is not theirs to learn.
    if (!row || row.payee !== key.payee)
      throw restError('NOT_FOUND', 'There is no payment request with this id among this key’s payee’s requests.', 'id')
    return row
  }

  async function create({ req, res, key }: RestContext) {
    requireScope(key, 'requests:write')
    const { raw, json } = await readJson(req)
    const idempotencyKey = req.headers['idempotency-key']
    const request = {
      input: readMerchantRequestInput(json, { allowLoopbackHttp: p.allowPrivate }),
      key,
      signAsDelegate: p.signAsDelegate,
      assets: p.assets,
      client: (id: number) => p.clients.get(id),
    }
    if (idempotencyKey === undefined) {
      const row = await issueMerchantRequest(p.db, request)
      return sendJson(res, 201, show(row), { location: `${REST_PREFIX}payment-requests/${row.id}` })
    }
    if (
      typeof idempotencyKey !== 'string' ||
      !idempotencyKey.trim() ||
      idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH ||
      /[^\x21-\x7e]/.test(idempotencyKey)
    )
      throw badInput(
        'Idempotency-Key',
        `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces, e.g. a UUID.`,
      )
    const fingerprint = createHash('sha256').update('POST /payment-requests\n').update(raw).digest('hex')
    // Signed before the transaction, so no connection is held while the delegate signs. The key is
    // claimed, naming the request, in the request's own transaction: a retry waits for the first to
    // commit, then replays it.
    const signed = await signMerchantRequest(request)
    const id = newPaymentRequestId()
    const outcome = await p.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ apiKeyId: key.id, key: idempotencyKey, fingerprint, requestId: id })
        .onConflictDoNothing()
        .returning()
      if (!claimed) {
        const [earlier] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.apiKeyId, key.id), eq(idempotencyKeys.key, idempotencyKey)))
        if (earlier!.fingerprint !== fingerprint)
          throw restError(
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with another body. Use a new key for a new request.',
            'Idempotency-Key',
          )
        if (!earlier!.requestId)
          throw restError(
            'IDEMPOTENCY_KEY_IN_USE',
            'A request with this Idempotency-Key is still being made. Retry in a moment.',
            'Idempotency-Key',
          )
        return { replayed: true, row: (await findPaymentRequest(tx, earlier!.requestId))! }
      }
      return { replayed: false, row: await insertPaymentRequest(tx, { ...signed, id }) }
    })
    sendJson(res, outcome.replayed ? 200 : 201, show(outcome.row), {
      location: `${REST_PREFIX}payment-requests/${outcome.row.id}`,
      ...(outcome.replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
  }

  async function list({ res, url, key }: RestContext) {
    requireScope(key, 'requests:read')
    const status = url.searchParams.get('status')
    const after = url.searchParams.get('after')
    const limitText = url.searchParams.get('limit') ?? '25'
    const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN
    if (!(limit >= 1 && limit <= 100)) throw badInput('limit', 'must be a whole number from 1 to 100.')
    const filter = checkRequestFilter({ statuses: status ? status.split(',') : null })
    const page = await listRequestPage(p.db, key.payee, filter, {
      first: limit,
      ...(after ? { after: decodeCursor(after) } : {}),
    })
    sendJson(res, 200, { data: page.items.map(show), nextCursor: page.nextCursor })
  }

  async function read({ res, key }: RestContext, id: string) {
    requireScope(key, 'requests:read')
    sendJson(res, 200, show(await ownRequest(key, id)))
  }

  async function cancel({ res, key }: RestContext, id: string) {
    requireScope(key, 'requests:write')
    const found = await ownRequest(key, id)
    if (found.cancelledAt) return sendJson(res, 200, show(found))
    const cancelled = await cancelUnpaidRequest(p.db, id)
    if (!cancelled)
      throw restError(
        'PAYMENT_RECEIVED',
        'A payment for this request has been seen on chain, so it can no longer be cancelled.',
        'id',
      )
    await p.announceRequestUpdate(id, cancelled.payee)
    sendJson(res, 200, show(cancelled))
  }

  const showEndpoint = (e: WebhookEndpointRow) => ({
    id: e.id,
    url: e.url,
    events: e.events,
    createdAt: e.createdAt.toISOString(),
    disabledAt: e.disabledAt?.toISOString() ?? null,
  })

  async function listEndpoints({ res, key }: RestContext) {
    requireScope(key, 'webhooks:manage')
    sendJson(res, 200, { data: (await listWebhookEndpoints(p.db, key.payee as Address)).map(showEndpoint) })
  }

  async function addEndpoint({ req, res, key }: RestContext) {
    requireScope(key, 'webhooks:manage')
    const { json } = await readJson(req)
    const body = (typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}) as {
      url?: unknown
      events?: unknown
    }
    if (typeof body.url !== 'string') throw badInput('url', 'must be a string: the https URL to send events to.')
    if (!Array.isArray(body.events) || body.events.some((e) => typeof e !== 'string'))
      throw badInput('events', 'must be a list of event names.')
    const created = await createWebhookEndpoint(
      p.db,
      p.webhookSecrets,
      key.payee as Address,
      { url: body.url, events: body.events as string[] },
      { allowPrivate: p.allowPrivate },
    )
    sendJson(res, 201, { ...showEndpoint(created.endpoint), secret: created.secret })
  }

  async function removeEndpoint({ res, key }: RestContext, id: string) {
    requireScope(key, 'webhooks:manage')
    sendJson(res, 200, showEndpoint(await disableWebhookEndpoint(p.db, key.payee as Address, id)))
  }

  /** Each route: method, path pattern, handler (with the id when the path has one). */
  const routes: [method: string, pattern: RegExp, handle: (ctx: RestContext, id: string) => Promise<void>][] = [
    ['POST', /^\/api\/v1\/payment-requests$/, create],
    ['GET', /^\/api\/v1\/payment-requests$/, list],
    ['GET', /^\/api\/v1\/payment-requests\/([^/]+)$/, read],
    ['POST', /^\/api\/v1\/payment-requests\/([^/]+)\/cancel$/, cancel],
    ['GET', /^\/api\/v1\/webhook-endpoints$/, listEndpoints],
    ['POST', /^\/api\/v1\/webhook-endpoints$/, addEndpoint],
    ['DELETE', /^\/api\/v1\/webhook-endpoints\/([^/]+)$/, removeEndpoint],
  ]

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    try {
      if (url.pathname === `${REST_PREFIX}openapi.json` && req.method === 'GET')
        return sendJson(res, 200, openApiDocument(p.publicUrl))
      const matching = routes.filter(([, pattern]) => pattern.test(url.pathname))
      if (matching.length === 0)
        throw restError('NOT_FOUND', `There is no ${url.pathname} in this API; see ${REST_PREFIX}openapi.json.`)
      const route = matching.find(([method]) => method === req.method)
      if (!route)
        throw restError(
          'METHOD_NOT_ALLOWED',
          `${url.pathname} takes ${matching.map(([m]) => m).join(' or ')}, not ${req.method}.`,
        )
      const key = await authenticate(req)
      const allowance = p.limit(`apikey:${key.id}`)
      if (!allowance.allowed) {
        return sendRestError(
          res,
          restError('RATE_LIMITED', `Too many requests with this key. Retry in ${allowance.retryAfterSeconds} s.`),
          { 'retry-after': String(allowance.retryAfterSeconds) },
        )
      }
      const [, pattern, handleRoute] = route
      await handleRoute({ req, res, url, key }, pattern.exec(url.pathname)![1] ?? '')
    } catch (error) {
      if (error instanceof ApiError) return sendRestError(res, error)
      throw error
    }
  }
}
