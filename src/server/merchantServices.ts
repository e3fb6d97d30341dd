import type { MerchantSecrets } from '../api/graphql/context.ts'
import type { Database } from '../db/createDatabase.ts'
import { createApiKeyStore } from '../merchants/apiKeyStore.ts'
import { createDelegateSignature } from '../merchants/signing/delegateSignature.ts'
import { createSecretBox } from '../merchants/secrets/secretBox.ts'
import { createSigningPool } from '../merchants/signing/signingPool.ts'
import { createWebhookDelivery, type DeliverySettings } from '../merchants/webhooks/deliveryWorker.ts'

export type MerchantServiceOptions = {
  /** SECRET_KEY: seals the secrets kept to use again. */
  secretKey: string
  /** Webhooks may go to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate?: boolean | undefined
  /** Deliver webhooks from this process (every server does by default). */
  deliverWebhooks?: boolean | undefined
  /** Retry schedule and limits of webhook delivery (tests shorten them). */
  webhookDelivery?: Partial<DeliverySettings> | undefined
}

/**
 * What merchants' integrations need on every server: API keys (cached), the secrets sealed with
 * SECRET_KEY, the threads delegates sign on, and the webhook delivery worker (not started here).
 */
export async function startMerchantServices(
  options: MerchantServiceOptions,
  { database, publicUrl, log }: { database: Database; publicUrl: string; log: (line: string) => void },
) {
  const { secretKey } = options
  const webhooksAllowPrivate = options.webhooksAllowPrivate ?? false
  const apiKeys = await createApiKeyStore(database)
  const delegateKeys = createSecretBox(secretKey, 'api key delegates')
  const signingPool = createSigningPool()
  const secrets: MerchantSecrets = {
    delegateKeys,
    signAsDelegate: createDelegateSignature(delegateKeys, signingPool.sign),
    webhookSecrets: createSecretBox(secretKey, 'webhook secrets'),
    webhooksAllowPrivate,
  }
  const webhookDelivery =
    options.deliverWebhooks !== false
      ? createWebhookDelivery({
          database,
          secrets: secrets.webhookSecrets,
          publicUrl,
          webhooksAllowPrivate,
          log,
          settings: options.webhookDelivery,
        })
      : undefined
  return { apiKeys, secrets, webhookDelivery, close: () => signingPool.close() }
}
