import type { JournaledTable } from '../../db/changeJournal/journaledTables.ts'
import type { JournalEntry } from '../../db/changeJournal/journalEntries.ts'
import {
  createNotifications,
  type NotificationFacts,
  type Notifications,
  type NotificationsBuilder,
} from './notifications.ts'
import { requestNotifications } from './requestNotifications.ts'
import { relayerNotifications, scheduleNotifications } from './settingNotifications.ts'
import { chargeNotifications, subscriptionNotifications } from './subscriptionNotifications.ts'
import { paymentNotifications, refundNotifications, unmatchedNotifications } from './transferNotifications.ts'

type Decide = (entry: JournalEntry, facts: NotificationFacts, notify: NotificationsBuilder) => void

/** What each journaled table's changes may be followed by. */
const deciders: Record<JournaledTable, Decide> = {
  payment_requests: requestNotifications,
  payments: paymentNotifications,
  refund_transfers: refundNotifications,
  unmatched_transfers: unmatchedNotifications,
  relayers: relayerNotifications,
  schedules: scheduleNotifications,
  subscriptions: subscriptionNotifications,
  subscription_charges: chargeNotifications,
}

/**
 * The webhook events, e-mails and live updates that follow these changes, in their order: pure, so
 * every rule is tested without a database (the facts are what it would have read).
 */
export function decideNotifications(entries: readonly JournalEntry[], facts: NotificationFacts): Notifications {
  const notify = createNotifications(facts)
  for (const entry of entries) deciders[entry.table](entry, facts, notify)
  return notify.out
}
