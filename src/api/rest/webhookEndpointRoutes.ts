import type { WebhookEndpointRow } from '../../notifications/webhooks/webhookEndpoints.ts'
import {
  addEndpoint,
  disableEndpoint,
  listEndpoints,
  type WebhookServices,
} from '../../merchants/webhooks/webhookUseCases.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'
import { badInput } from '../../domain/errors/input.ts'

/** The webhook endpoints of the key's payee: listed, added (the signing secret shown once), disabled. */
export function webhookEndpointRoutes(options: WebhookServices): RestRoute[] {
  const services = {
    db: options.db,
    webhookSecrets: options.webhookSecrets,
    webhooksAllowPrivate: options.webhooksAllowPrivate,
  }
  async function list({ res, actor }: RestContext) {
    sendJson(res, 200, { data: (await listEndpoints(actor, services)).map(showEndpoint) })
  }

  async function add({ req, res, actor }: RestContext) {
    const { json } = await readJson(req)
    const body = (typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}) as {
      url?: unknown
      events?: unknown
    }
    if (typeof body.url !== 'string') throw badInput('url', 'must be a string: the https URL to send events to.')
    if (!Array.isArray(body.events) || body.events.some((e) => typeof e !== 'string'))
      throw badInput('events', 'must be a list of event names.')
    const created = await addEndpoint(actor, services, { url: body.url, events: body.events as string[] })
    sendJson(res, 201, { ...showEndpoint(created.endpoint), secret: created.secret })
  }

  async function remove({ res, actor }: RestContext, id: string) {
    sendJson(res, 200, showEndpoint(await disableEndpoint(actor, services, { id })))
  }

  return [
    ['GET', /^\/api\/v1\/webhook-endpoints$/, listEndpoints, list],
    ['POST', /^\/api\/v1\/webhook-endpoints$/, addEndpoint, add],
    ['DELETE', /^\/api\/v1\/webhook-endpoints\/([^/]+)$/, disableEndpoint, remove],
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
