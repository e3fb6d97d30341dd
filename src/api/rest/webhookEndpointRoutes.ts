import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import {
  createWebhookEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  type WebhookEndpointRow,
} from '../../notifications/webhooks/webhookEndpoints.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { badInput } from '../../domain/errors/input.ts'

/** The webhook endpoints of the key's payee: listed, added (the signing secret shown once), disabled. */
export function webhookEndpointRoutes(options: {
  db: Db
  webhookSecrets: SecretBox
  webhooksAllowPrivate: boolean
}): RestRoute[] {
  const { db } = options
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

  return [
    ['GET', /^\/api\/v1\/webhook-endpoints$/, 'webhooks:manage', listEndpoints],
    ['POST', /^\/api\/v1\/webhook-endpoints$/, 'webhooks:manage', addEndpoint],
    ['DELETE', /^\/api\/v1\/webhook-endpoints\/([^/]+)$/, 'webhooks:manage', removeEndpoint],
  ]
}

/** A webhook endpoint as the API shows it (never its secret). */
const showEndpoint = (e: WebhookEndpointRow) => ({
  id: e.id,
  url: e.url,
  events: e.events,
  createdAt: e.createdAt.toISOString(),
  disabledAt: e.disabledAt?.toISOString() ?? null,
})
