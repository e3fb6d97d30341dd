import type { Db } from '../../db/createDatabase.ts'
import {
  createWebhookEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  redeliver,
  sendTestEvent,
} from '../../notifications/webhooks/webhookEndpoints.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

/** The business's webhook endpoints: whoever holds webhooks:manage (owner, admin, developer) runs them. */
export type WebhookServices = { db: Db; webhookSecrets: SecretBox; webhooksAllowPrivate: boolean }

export const listEndpoints = defineUseCase({
  action: 'myWebhookEndpoints',
  permission: 'webhooks:manage',
  run: (actor: Actor, { db }: { db: Db }) => listWebhookEndpoints(db, actor.address),
})

/** An endpoint for the chosen events; its signing secret is answered this once. */
export const addEndpoint = defineUseCase({
  action: 'createWebhookEndpoint',
  permission: 'webhooks:manage',
  audited: (_, { endpoint }) => endpoint.id,
  run: (
    actor: Actor,
    { db, webhookSecrets, webhooksAllowPrivate }: WebhookServices,
    draft: { url: string; events: readonly string[] },
  ) => createWebhookEndpoint(db, webhookSecrets, actor.address, draft, { webhooksAllowPrivate }),
})

export const disableEndpoint = defineUseCase({
  action: 'disableWebhookEndpoint',
  permission: 'webhooks:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => disableWebhookEndpoint(db, actor.address, id),
})

export const sendTestWebhook = defineUseCase({
  action: 'sendTestWebhookEvent',
  permission: 'webhooks:manage',
  audited: ({ endpointId }) => endpointId,
  run: (actor: Actor, { db }: { db: Db }, { endpointId }: { endpointId: string }) =>
    sendTestEvent(db, actor.address, endpointId),
})

export const redeliverWebhook = defineUseCase({
  action: 'redeliverWebhook',
  permission: 'webhooks:manage',
  audited: ({ deliveryId }) => deliveryId,
  run: (actor: Actor, { db }: { db: Db }, { deliveryId }: { deliveryId: string }) =>
    redeliver(db, actor.address, deliveryId),
})
