import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { EMAIL_CHANNEL } from '../../db/notificationChannels.ts'
import { resultRows, driverRow } from '../../db/rawStatements.ts'
import { emailOutbox } from '../../db/schema.ts'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Logger } from '../../domain/logger.ts'
import { createOutboxWorker } from '../outboxWorker.ts'
import { composeEmail, NoRecipient, type ComposeContext } from './composeEmail.ts'

/** What sends a message: nodemailer's SMTP transport in production, the same in tests against a real SMTP server. */
export type MailTransport = {
  sendMail(message: {
    from: string
    to: string
    subject: string
    text: string
    html: string
    headers?: Record<string, string>
  }): Promise<unknown>
}

export type EmailDeliverySettings = {
  /** Waits before each retry; when they are spent the e-mail is marked failed. */
  retryDelaysMs: number[]
  pollMs: number
  lockMs: number
  batch: number
}

export const DEFAULT_EMAIL_SETTINGS: EmailDeliverySettings = {
  retryDelaysMs: [30_000, 120_000, 600_000, 3_600_000, 14_400_000, 43_200_000],
  pollMs: 5_000,
  lockMs: 60_000,
  batch: 10,
}

/**
 * Sends the e-mail outbox, on every server, as webhooks are delivered: each claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lock that lapses if it dies, composes each message as things are
 * now (`composeEmail`), sends it through the operator's SMTP server, and records the outcome; a
 * refusal (a 4xx, a server away) is retried with back-off, then marked failed.
 */
export function createEmailDelivery(
  database: Database,
  options: ComposeContext & {
    transport: MailTransport
    from: string
    logger: Logger
    settings?: Partial<EmailDeliverySettings> | undefined
  },
): BackgroundWorker {
  const settings = { ...DEFAULT_EMAIL_SETTINGS, ...options.settings }
  const { db } = database

  async function claim() {
    const claimed = await db.execute(sql`
      update email_outbox set locked_until = now() + ${`${settings.lockMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from email_outbox
        where ended_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at, created_at limit ${settings.batch} for update skip locked
      )
      returning *`)
    return resultRows<Record<string, unknown>>(claimed).map((raw) => driverRow(emailOutbox, raw))
  }

  async function send(row: typeof emailOutbox.$inferSelect) {
    // A message sent after refusals keeps the last refusal's words, for the record.
    const end = (outcome: 'sent' | 'failed' | 'skipped', lastError?: string) =>
      db
        .update(emailOutbox)
        .set({ endedAt: new Date(), outcome, lockedUntil: null, ...(lastError === undefined ? {} : { lastError }) })
        .where(eq(emailOutbox.id, row.id))
    const email = await composeEmail(options, row)
    if (email instanceof NoRecipient) return end('skipped', email.reason)
    try {
      await options.transport.sendMail({
        from: options.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: {
          'List-Unsubscribe': `<${email.unsubscribeLink}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })
      await end('sent')
    } catch (error) {
      const words = error instanceof Error ? error.message.split('\n')[0]! : String(error)
      const retryIn = settings.retryDelaysMs[row.attempts - 1]
      if (retryIn === undefined) {
        options.logger.warn(`[e-mail] gave up on ${row.kind} e-mail ${row.id} after ${row.attempts} attempts: ${words}`)
        return end('failed', words)
      }
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() + retryIn), lastError: words, lockedUntil: null })
        .where(eq(emailOutbox.id, row.id))
    }
  }

  return createOutboxWorker({
    name: 'e-mail',
    database,
    channel: EMAIL_CHANNEL,
    pollMs: settings.pollMs,
    batch: settings.batch,
    logger: options.logger,
    async step() {
      const batch = await claim()
      for (const row of batch)
        await send(row).catch((error: unknown) =>
          options.logger.warn(`[e-mail] ${row.id} could not be sent: ${String(error)}`),
        )
      return batch.length
    },
  })
}
