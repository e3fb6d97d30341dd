import type { MerchantSecrets } from '../api/graphql/context.ts'
import type { ActiveChain } from '../chain/chains.ts'
import type { Database } from '../db/createDatabase.ts'
import { createRelayMonitor, type RelayMonitorSettings } from '../relayer/relayMonitor.ts'
import type { RelayerServices } from '../relayer/relayerServices.ts'
import type { PublicClient } from 'viem'
import { createApiKeyStore } from '../merchants/apiKeyStore.ts'
import { createDelegateSignature } from '../merchants/signing/delegateSignature.ts'
import { createSecretBox } from '../secrets/secretBox.ts'
import { createSigningPool } from '../merchants/signing/signingPool.ts'
import { createWebhookDelivery, type DeliverySettings } from '../notifications/webhooks/deliveryWorker.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import { createEmailServices, type EmailOptions } from './emailServices.ts'

export type MerchantServiceOptions = EmailOptions & {
  /** SECRET_KEY: seals the secrets kept to use again. */
  secretKey: string
  /** Webhooks may go to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate?: boolean | undefined
  /** Deliver webhooks from this process (every server does by default). */
  deliverWebhooks?: boolean | undefined
  /** Retry schedule and limits of webhook delivery (tests shorten them). */
  webhookDelivery?: Partial<DeliverySettings> | undefined
  /** How the relay monitor follows relays (tests shorten it). */
  relayMonitor?: Partial<RelayMonitorSettings> | undefined
}

/**
 * What merchants' integrations need on every server: API keys (cached), the secrets sealed with
 * SECRET_KEY, the threads delegates sign on, payees' relayers, and the webhook delivery and relay
 * monitor workers (not started here).
 */
export async function startMerchantServices(
  options: MerchantServiceOptions,
  {
    database,
    publicUrl,
    log,
    chains,
    announceRequestUpdate,
  }: {
    database: Database
    publicUrl: string
    log: (line: string) => void
    chains: { chains: readonly ActiveChain[]; clients: ReadonlyMap<number, PublicClient>; assets: readonly Asset[] }
    announceRequestUpdate(id: string, payee?: string): Promise<void>
  },
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
  const relayer: RelayerServices = {
    db: database.db,
    box: createSecretBox(secretKey, 'relayer keys'),
    chains: chains.chains,
    clients: chains.clients,
    announce: announceRequestUpdate,
    log,
  }
  const relayMonitor = createRelayMonitor(relayer, options.relayMonitor)
  const email = createEmailServices(options, { database, secretKey, publicUrl, assets: chains.assets, relayer, log })
  return { apiKeys, secrets, relayer, webhookDelivery, relayMonitor, email, close: () => signingPool.close() }
}
