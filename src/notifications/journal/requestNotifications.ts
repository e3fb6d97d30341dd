import type { JournalEntry, JournalRow } from '../../db/changeJournal/journalEntries.ts'
import { REQUEST_UPDATED_CHANNEL } from '../../db/notificationChannels.ts'
import type { NotificationFacts, NotificationsBuilder } from './notifications.ts'

/** The statuses a webhook event reports, and those a payee may hear of by e-mail. */
const EVENT_STATUSES = ['paid', 'partially_paid', 'overpaid', 'expired', 'cancelled'] as const
const NOTICE_STATUSES = ['paid', 'partially_paid', 'overpaid', 'expired'] as const
/** A payer's receipt follows these. */
const RECEIPT_STATUSES = ['paid', 'overpaid']

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => list.includes(value as T)

/** The live views of a request hear of it ("<id> <payee>"). */
export const announceRequest = (notify: NotificationsBuilder, request: JournalRow) =>
  notify.live(REQUEST_UPDATED_CHANNEL, `${String(request.id)} ${String(request.payee)}`)

/**
 * A request made or changed: its live views hear of any change; a request made, and a status it
 * reached, are webhook events; a status may be the payee's e-mail and a payment the payers' receipts;
 * a schedule's new period goes to its payers. A quote's own request is how its priced request is
 * paid, not a request of its own: it is neither announced as made nor reported.
 */
export function requestNotifications(entry: JournalEntry, facts: NotificationFacts, notify: NotificationsBuilder) {
  const request = entry.new!
  const id = String(request.id)
  const payee = String(request.payee)
  const quote = request.priced_request_id !== null && request.priced_request_id !== undefined
  if (entry.operation === 'INSERT') {
    if (quote) return
    announceRequest(notify, request)
    notify.webhook({ payee, type: 'payment_request.created', requestId: id, payload: { request }, at: entry.at })
    if (typeof request.schedule_id === 'string')
      for (const payer of facts.schedulePayers.get(request.schedule_id) ?? [])
        notify.mail({
          dedupeKey: `scheduled:${id}:${payer.address.toLowerCase()}`,
          kind: 'scheduled',
          toAddress: payer.address,
          language: payer.language,
          requestId: id,
          payload: null,
        })
    return
  }
  announceRequest(notify, request)
  const status = request.status
  if (quote || status === entry.old?.status) return
  if (isOneOf(EVENT_STATUSES, status))
    notify.webhook({ payee, type: `payment_request.${status}`, requestId: id, payload: { request }, at: entry.at })
  if (isOneOf(NOTICE_STATUSES, status))
    notify.notice({ dedupeKey: `${status}:${id}`, kind: status, payee, requestId: id, payload: null })
  if (RECEIPT_STATUSES.includes(String(status)))
    for (const payer of facts.payerEmails.get(id) ?? [])
      notify.mail({
        dedupeKey: `receipt:${id}:${payer.address.toLowerCase()}`,
        kind: 'receipt',
        toAddress: payer.address,
        language: payer.language,
        requestId: id,
        payload: null,
      })
}
