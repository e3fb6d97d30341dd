import { builder } from '../builder.ts'
import type { ApiContext } from '../context.ts'
import { runs } from '../runsUseCase.ts'
import {
  addEndpoint,
  disableEndpoint,
  listEndpoints,
  redeliverWebhook,
  sendTestWebhook,
} from '../../../merchants/webhooks/webhookUseCases.ts'
import {
  attemptsOf,
  recentDeliveries,
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

const webhookServices = (ctx: ApiContext) => ({
  db: ctx.db,
  webhookSecrets: ctx.merchants.secrets.webhookSecrets,
  webhooksAllowPrivate: ctx.merchants.secrets.webhooksAllowPrivate,
})

builder.queryFields((t) => ({
  myWebhookEndpoints: t.field({
    type: [WebhookEndpoint],
    ...runs(listEndpoints),
    resolve: async (_, __, ctx) => listEndpoints(await ctx.actor(), { db: ctx.db }),
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
    ...runs(addEndpoint),
    resolve: async (_, args, ctx) => addEndpoint(await ctx.actor(), webhookServices(ctx), args),
  }),
  disableWebhookEndpoint: t.field({
    type: WebhookEndpoint,
    args: { id: t.arg.string({ required: true }) },
    ...runs(disableEndpoint),
    resolve: async (_, args, ctx) => disableEndpoint(await ctx.actor(), { db: ctx.db }, args),
  }),
  sendTestWebhookEvent: t.field({
    type: WebhookDelivery,
    args: { endpointId: t.arg.string({ required: true }) },
    ...runs(sendTestWebhook),
    resolve: async (_, args, ctx) => sendTestWebhook(await ctx.actor(), { db: ctx.db }, args),
  }),
  redeliverWebhook: t.field({
    type: WebhookDelivery,
    args: { deliveryId: t.arg.string({ required: true }) },
    ...runs(redeliverWebhook),
    resolve: async (_, args, ctx) => redeliverWebhook(await ctx.actor(), { db: ctx.db }, args),
  }),
}))
