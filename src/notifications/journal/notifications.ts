import type { JournalRow } from '../../db/changeJournal/journalEntries.ts'
import type { EmailKind } from '../email/renderEmail.ts'
import type { WebhookEventType } from '../webhooks/webhookEvents.ts'

export type Recipient = { address: string; language: string }

/** What the decision reads besides the journal, gathered by the consumer in its transaction. */
export type NotificationFacts = {
  /** Payments' and refunds' requests as their transactions left them, by `requestAsLeftKey`. */
  requests: ReadonlyMap<string, JournalRow>
  /** Each payee's enabled endpoints, with the events each listens for. */
  endpoints: ReadonlyMap<string, readonly { id: string; events: readonly string[] }[]>
  /** The notices each payee hears by e-mail (from a confirmed address that did not refuse all e-mail). */
  notices: ReadonlyMap<string, readonly string[]>
  /** The addresses payers left on a request, for its receipts. */
  payerEmails: ReadonlyMap<string, readonly Recipient[]>
  /** Where a schedule's periods go: its payer's address first, then those its payers left. */
  schedulePayers: ReadonlyMap<string, readonly Recipient[]>
  /** The address a subscription's payer left when starting it, by subscription (past-due charges' only). */
  subscriptionPayers: ReadonlyMap<string, readonly Recipient[]>
}

/** A webhook event, for the endpoints of its payee that listen for it; `at` is when its change was made. */
export type WebhookEventNotice = {
  payee: string
  type: WebhookEventType
  requestId: string
  payload: JournalRow
  at: string
  endpointIds: string[]
}

/** An e-mail, queued at most once by its dedupe key. */
export type EmailNotice = {
  dedupeKey: string
  kind: EmailKind
  payee: string | null
  toAddress: string | null
  language: string | null
  requestId: string | null
  payload: JournalRow | null
}

/** A NOTIFY that live views (and the schedule issuer) hear. */
export type LiveUpdate = { channel: string; payload: string }

/** Everything that follows a run of journal entries. */
export type Notifications = { webhooks: WebhookEventNotice[]; emails: EmailNotice[]; live: LiveUpdate[] }

/** Collects what follows, asking the facts whether anyone listens: no listener, no notice. */
export function createNotifications(facts: NotificationFacts) {
  const out: Notifications = { webhooks: [], emails: [], live: [] }
  const seen = new Set<string>()
  return {
    out,
    webhook(event: Omit<WebhookEventNotice, 'endpointIds'>) {
      const endpointIds = (facts.endpoints.get(event.payee) ?? []).filter((e) => e.events.includes(event.type))
      if (endpointIds.length > 0) out.webhooks.push({ ...event, endpointIds: endpointIds.map((e) => e.id) })
    },
    /** A notice for the payee, if it hears this kind by e-mail. */
    notice(email: Omit<EmailNotice, 'toAddress' | 'language'> & { payee: string }) {
      if (facts.notices.get(email.payee)?.includes(email.kind))
        out.emails.push({ ...email, toAddress: null, language: null })
    },
    /** A message to an address (a receipt, a schedule's period). */
    mail(email: Omit<EmailNotice, 'payee'>) {
      out.emails.push({ ...email, payee: null })
    },
    /** Each live update once per run: a view reads the request again anyway. */
    live(channel: string, payload: string) {
      const key = `${channel} ${payload}`
      if (seen.has(key)) return
      seen.add(key)
      out.live.push({ channel, payload })
    },
  }
}

export type NotificationsBuilder = ReturnType<typeof createNotifications>
