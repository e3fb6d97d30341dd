import { createTransport } from 'nodemailer'
import type { MerchantSecrets } from '../api/graphql/context.ts'
import type { Database } from '../db/createDatabase.ts'
import type { Clock } from '../domain/clock.ts'
import type { Logger } from '../domain/logger.ts'
import { createApiKeyStore, type ApiKeyStore } from '../merchants/apiKeyStore.ts'
import { createDelegateSignature } from '../merchants/signing/delegateSignature.ts'
import { createSigningPool } from '../merchants/signing/signingPool.ts'
import type { MailTransport } from '../notifications/email/emailDelivery.ts'
import { createEmailTokens, type EmailTokens } from '../notifications/email/emailTokens.ts'
import type { RelayerServices } from '../relayer/relayerServices.ts'
import { createSecretBox } from '../secrets/secretBox.ts'
import type { ChainConnections } from './chainConnections.ts'
import type { LiveUpdates } from './liveUpdates.ts'

export type MailSettings = {
  /** SMTP_URL: the operator's SMTP server; unset turns e-mail off. */
  smtpUrl?: string | undefined
  /** EMAIL_FROM: the sender; by default billfold@ the public host. */
  emailFrom?: string | undefined
}

export type SecretSettings = {
  /** SECRET_KEY: seals the secrets kept to use again. */
  secretKey: string
  /** Webhooks may go to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE). */
  webhooksAllowPrivate?: boolean | undefined
}

/** E-mail through the operator's own SMTP server: the signed links' tokens always, sending when SMTP_URL is set. */
export type Mail = { tokens: EmailTokens } & (
  { enabled: false } | { enabled: true; transport: MailTransport; from: string }
)

/**
 * What the server builds once and hands whole to the transports and the workers: the database, the
 * chains, the secrets and the threads delegates sign on, API keys, payees' relayers, mail, live
 * updates, the clock and the logger.
 */
export type Services = {
  logger: Logger
  clock: Clock
  database: Database
  chains: ChainConnections
  live: LiveUpdates
  /** Sealing for the secrets kept to use again, and signing as an API key's delegate. */
  secrets: MerchantSecrets
  apiKeys: ApiKeyStore
  /** Payees' relayers: their keys (sealed), the chains, and a way to tell pay pages. */
  relayer: RelayerServices
  mail: Mail
  /** The origin people use to reach the app. */
  publicUrl: URL
  /** Lets go of the signing threads. */
  close(): Promise<void>
}

export async function buildServices(
  settings: SecretSettings & MailSettings,
  parts: Pick<Services, 'logger' | 'clock' | 'database' | 'chains' | 'live' | 'publicUrl'>,
): Promise<Services> {
  const { secretKey } = settings
  const { database, chains, live, publicUrl } = parts
  const delegateKeys = createSecretBox(secretKey, 'api key delegates')
  const signingPool = createSigningPool()
  const relayer: RelayerServices = {
    db: database.db,
    box: createSecretBox(secretKey, 'relayer keys'),
    chains: chains.chains,
    clients: chains.clients,
    announce: live.announceRequestUpdate,
    logger: parts.logger,
  }
  return {
    ...parts,
    secrets: {
      delegateKeys,
      signAsDelegate: createDelegateSignature(delegateKeys, signingPool.sign),
      webhookSecrets: createSecretBox(secretKey, 'webhook secrets'),
      webhooksAllowPrivate: settings.webhooksAllowPrivate ?? false,
    },
    apiKeys: await createApiKeyStore(database),
    relayer,
    mail: mailOf(settings, secretKey, publicUrl),
    close: () => signingPool.close(),
  }
}

function mailOf(settings: MailSettings, secretKey: string, publicUrl: URL): Mail {
  const tokens = createEmailTokens(secretKey)
  if (!settings.smtpUrl) return { enabled: false, tokens }
  const from = settings.emailFrom ?? `Billfold <billfold@${publicUrl.hostname}>`
  return { enabled: true, tokens, transport: createTransport(settings.smtpUrl), from }
}
