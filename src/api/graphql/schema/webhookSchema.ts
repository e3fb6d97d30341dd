import type { Address } from 'viem'
import { builder } from '../builder.ts'
import {
  attemptsOf,
  createWebhookEndpoint,
  disableWebhookEndpoint,
  listWebhookEndpoints,
  recentDeliveries,
  redeliver,
  sendTestEvent,
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../../notifications/webhooks/webhookEndpoints.ts'
import { WEBHOOK_EVENT_TYPES } from '../../../notifications/webhooks/webhookEvents.ts'

const WebhookAttempt = builder.objectRef<WebhookAttemptRow>('WebhookAttempt').implement({
  description: 'One try at sending an event: what the receiver answered and how fast, or why it could not be reached.',
  fields: (t) => ({
    attemptedAt: t.expose('attemptedAt', { type: 'DateTime' }),
    statusCode: t.exposeInt('statusCode', { nullable: true }),
    durationMs: t.exposeInt('durationMs'),
    responseExcerpt: t.exposeString('responseExcerpt', {
      nullable: true,
      description: 'The first KB of the answer: plain text, render as text.',
    }),
    error: t.exposeString('error', { nullable: true }),
  }),
})

const WebhookDelivery = builder.objectRef<WebhookDeliveryRow>('WebhookDelivery').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    eventId: t.exposeString('eventId', {
      description: 'The `webhook-id` header: the same for every attempt and redelivery of the event.',
    }),
    eventType: t.exposeString('eventType'),
    status: t.exposeString('status', {
      description: 'pending, delivered or failed (after about three days of retries).',
    }),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (d) => (d.status === 'pending' ? d.nextAttemptAt : null),
    }),
    deliveredAt: t.expose('deliveredAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attemptLog: t.field({
      type: [WebhookAttempt],
      description: 'Newest first.',
      resolve: (d, _, ctx) => attemptsOf(ctx.db, [d.id]),
    }),
  }),
})

const WebhookEndpoint = builder.objectRef<WebhookEndpointRow>('WebhookEndpoint').implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    deliveries: t.field({
      type: [WebhookDelivery],
      description: 'The latest deliveries, newest first.',
      args: { first: t.arg.int({ required: false, defaultValue: 20 }) },
      resolve: (e, { first }, ctx) => recentDeliveries(ctx.db, e.id, Math.min(Math.max(first ?? 20, 1), 100)),
    }),
  }),
})

const CreatedWebhookEndpoint = builder
  .objectRef<{ endpoint: WebhookEndpointRow; secret: string }>('CreatedWebhookEndpoint')
  .implement({
    fields: (t) => ({
      endpoint: t.field({ type: WebhookEndpoint, resolve: (c) => c.endpoint }),
      secret: t.string({
        description: 'The signing secret (whsec_…), shown this once: verify webhooks with it (Standard Webhooks).',
        resolve: (c) => c.secret,
      }),
    }),
  })

builder.queryFields((t) => ({
  myWebhookEndpoints: t.field({
    type: [WebhookEndpoint],
    resolve: async (_, __, ctx) => listWebhookEndpoints(ctx.db, (await ctx.signedIn()).address as Address),
  }),
  webhookEventTypes: t.stringList({
    description: 'The events an endpoint can receive.',
    resolve: () => [...WEBHOOK_EVENT_TYPES],
  }),
}))

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: CreatedWebhookEndpoint,
    description: 'An https URL on a public address to send the chosen events to, signed (Standard Webhooks).',
    args: { url: t.arg.string({ required: true }), events: t.arg.stringList({ required: true }) },
    resolve: async (_, { url, events }, ctx) =>
      createWebhookEndpoint(
        ctx.db,
        ctx.merchants.secrets.webhookSecrets,
        (await ctx.signedIn()).address as Address,
        { url, events },
        { webhooksAllowPrivate: ctx.merchants.secrets.webhooksAllowPrivate },
      ),
  }),
  disableWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => disableWebhookEndpoint(ctx.db, (await ctx.signedIn()).address as Address, id),
  }),
  sendTestWebhookEvent: t.field({
    type: WebhookDelivery,
    args: { endpointId: t.arg.string({ required: true }) },
    resolve: async (_, { endpointId }, ctx) =>
      sendTestEvent(ctx.db, (await ctx.signedIn()).address as Address, endpointId),
  }),
  redeliverWebhook: t.field({
    type: WebhookDelivery,
    args: { deliveryId: t.arg.string({ required: true }) },
    resolve: async (_, { deliveryId }, ctx) => redeliver(ctx.db, (await ctx.signedIn()).address as Address, deliveryId),
  }),
}))
