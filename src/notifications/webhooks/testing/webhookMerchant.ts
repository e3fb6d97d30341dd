import { alice, graphql, signIn } from '../../../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek } from '../../../api/testing/merchantClient.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import type { TestApp } from '../../../../testing/startTestApp.ts'
import { WEBHOOK_EVENT_TYPES } from '../webhookEvents.ts'

/** Makes a webhook endpoint: its secret (shown once) and id. */
export const ENDPOINT =
  'mutation($url: String!, $events: [String!]!) { createWebhookEndpoint(url: $url, events: $events) { secret endpoint { id } } }'
/** Retries and polls in milliseconds, not minutes. */
export const fast = { retryDelaysMs: [300, 300], pollMs: 100, lockMs: 2000, timeoutMs: 2000 }
/** A shop's order as the REST API takes it. */
export const order = (overrides: Record<string, unknown> = {}) => ({
  chainId: 31337,
  asset: DEV_USDC_ADDRESS,
  amount: '5',
  memo: 'Order',
  dueAt: inAWeek(),
  ...overrides,
})

/** alice as a merchant: signed in, an API key, and a webhook endpoint at the receiver for `events`. */
export async function merchant(app: TestApp, receiverUrl: string, events: readonly string[] = WEBHOOK_EVENT_TYPES) {
  const { cookie } = await signIn(app.url, alice)
  const apiKey = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
  const created = await graphql<{ createWebhookEndpoint: { secret: string; endpoint: { id: string } } }>(
    app.url,
    ENDPOINT,
    { variables: { url: `${receiverUrl}/hooks`, events }, cookie },
  )
  if (!created.data) throw new Error(JSON.stringify(created.errors))
  return {
    cookie,
    apiKey,
    secret: created.data.createWebhookEndpoint.secret,
    endpointId: created.data.createWebhookEndpoint.endpoint.id,
  }
}
