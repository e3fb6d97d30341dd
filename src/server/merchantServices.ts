import { createApiKeyStore, createDelegateSignature } from '../merchants/apiKeys.ts'
import { createSigningPool } from '../merchants/signing/signingPool.ts'
import type { MerchantSecrets } from '../api/graphql/context.ts'
import type { Database } from '../db/createDatabase.ts'
import { startWebhookDelivery, type DeliverySettings } from '../merchants/webhooks/deliveryWorker.ts'
import { createSecretBox } from '../merchants/secrets/secretBox.ts'

/**
 * What merchants' integrations need on every server: API keys (cached), the secrets sealed with
 * SECRET_KEY, the threads delegates sign on, and the webhook delivery worker.
 */
export async function startMerchantServices(p: {
  database: Database
  secretKey: string
  webhooksAllowPrivate: boolean
  deliverWebhooks: boolean
  webhookDelivery: Partial<DeliverySettings> | undefined
  publicUrl: string
  log: (line: string) => void
}) {
  const apiKeys = await createApiKeyStore(p.database)
  const delegateKeys = createSecretBox(p.secretKey, 'api key delegates')
  const signingPool = createSigningPool()
  const secrets: MerchantSecrets = {
    delegateKeys,
    signAsDelegate: createDelegateSignature(delegateKeys, signingPool.sign),
    webhookSecrets: createSecretBox(p.secretKey, 'webhook secrets'),
    webhooksAllowPrivate: p.webhooksAllowPrivate,
  }
  const webhooks = p.deliverWebhooks
    ? startWebhookDelivery({
        database: p.database,
        secrets: secrets.webhookSecrets,
        publicUrl: p.publicUrl,
        allowPrivate: p.webhooksAllowPrivate,
        log: p.log,
        settings: p.webhookDelivery,
      })
    : undefined
  return {
    apiKeys,
    secrets,
    /** Finishes the deliveries in flight (a drain waits for it). */
    stopDelivering: async () => webhooks?.stop(),
    close: async () => {
      await webhooks?.stop()
      await signingPool.close()
    },
  }
}
