import type { JournalEntry } from '../../db/changeJournal/journalEntries.ts'
import { SUBSCRIPTIONS_CHANNEL } from '../../db/notificationChannels.ts'
import type { NotificationFacts, NotificationsBuilder } from './notifications.ts'

const CANCELLED = ['cancelled_by_payer', 'cancelled_by_payee']

/**
 * A subscription started, cancelled or resumed: `subscription.started` and `subscription.cancelled`
 * for the payee's endpoints; a start or a resume wakes every server's charger at once.
 */
export function subscriptionNotifications(
  entry: JournalEntry,
  _facts: NotificationFacts,
  notify: NotificationsBuilder,
) {
  const subscription = entry.new!
  const payee = String(subscription.payee)
  const state = String(subscription.state)
  if (state === 'active') notify.live(SUBSCRIPTIONS_CHANNEL, String(subscription.id))
  if (entry.operation === 'INSERT')
    notify.webhook({ payee, type: 'subscription.started', requestId: '', payload: { subscription }, at: entry.at })
  else if (CANCELLED.includes(state) && entry.old?.state !== state)
    notify.webhook({ payee, type: 'subscription.cancelled', requestId: '', payload: { subscription }, at: entry.at })
}

/**
 * A period charged (its request paid), or past due for the first time: `subscription.charged`,
 * `subscription.past_due`, and then the e-mail to the payer's address with the period's pay link.
 */
export function chargeNotifications(entry: JournalEntry, facts: NotificationFacts, notify: NotificationsBuilder) {
  const charge = entry.new!
  const was = entry.old?.state
  const payee = String(charge.payee)
  const requestId = String(charge.request_id)
  if (charge.state === 'paid' && was !== 'paid')
    notify.webhook({ payee, type: 'subscription.charged', requestId, payload: { charge }, at: entry.at })
  // A claim moves a past-due charge to charging and back: only the first failure is the event.
  if (charge.state === 'past_due' && was === 'charging' && Number(charge.attempts) === 1) {
    notify.webhook({ payee, type: 'subscription.past_due', requestId, payload: { charge }, at: entry.at })
    for (const payer of facts.subscriptionPayers.get(String(charge.subscription_id)) ?? [])
      notify.mail({
        dedupeKey: `subscription_past_due:${String(charge.id)}`,
        kind: 'subscription_past_due',
        toAddress: payer.address,
        language: payer.language,
        // A priced plan's period is paid by hand at a quote of when the payer pays.
        requestId: String(charge.priced_request_id ?? requestId),
        payload: null,
      })
  }
}
