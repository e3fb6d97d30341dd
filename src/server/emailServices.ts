import { createTransport } from 'nodemailer'
import type { Database } from '../db/createDatabase.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import { createEmailChecks, type EmailCheckSettings } from '../notifications/email/emailChecks.ts'
import { createEmailDelivery, type EmailDeliverySettings } from '../notifications/email/emailDelivery.ts'
import { createEmailTokens } from '../notifications/email/emailTokens.ts'
import type { RelayerServices } from '../relayer/relayerServices.ts'

export type EmailOptions = {
  /** SMTP_URL: the operator's SMTP server; unset turns e-mail off. */
  smtpUrl?: string | undefined
  /** EMAIL_FROM: the sender; by default billfold@ the public host. */
  emailFrom?: string | undefined
  /** Retries and polling of the e-mail outbox (tests shorten them). */
  emailDelivery?: Partial<EmailDeliverySettings> | undefined
  /** How often and after how long the daily notices are looked for (tests shorten them). */
  emailChecks?: Partial<EmailCheckSettings> | undefined
}

/**
 * E-mail through the operator's own SMTP server, when SMTP_URL is set: the signed links' tokens,
 * the outbox's delivery worker and the checks for notices no single change causes. Off, the
 * workers are absent and the API says what e-mail would add.
 */
export function createEmailServices(
  options: EmailOptions,
  parts: {
    database: Database
    secretKey: string
    publicUrl: string
    assets: readonly Asset[]
    relayer: RelayerServices
    log: (line: string) => void
  },
) {
  const tokens = createEmailTokens(parts.secretKey)
  if (!options.smtpUrl) return { enabled: false, tokens, workers: [] }
  const from = options.emailFrom ?? `Billfold <billfold@${new URL(parts.publicUrl).hostname}>`
  const delivery = createEmailDelivery(parts.database, {
    db: parts.database.db,
    tokens,
    publicUrl: parts.publicUrl,
    assets: parts.assets,
    transport: createTransport(options.smtpUrl),
    from,
    log: parts.log,
    settings: options.emailDelivery,
  })
  return {
    enabled: true,
    tokens,
    workers: [delivery, createEmailChecks(parts.relayer, parts.log, options.emailChecks)],
  }
}
