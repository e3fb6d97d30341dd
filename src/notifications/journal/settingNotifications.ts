import type { JournalEntry } from '../../db/changeJournal/journalEntries.ts'
import { SCHEDULES_CHANNEL } from '../../db/notificationChannels.ts'
import type { NotificationFacts, NotificationsBuilder } from './notifications.ts'

/**
 * PostgreSQL's `extract(epoch from t)::text` of a timestamp as the journal keeps it
 * ("2026-11-26T13:48:08.12+00:00" gives "1795700888.120000"): a pause's key, the same on every server.
 */
export function epochText(timestamp: string): string {
  const [, whole = '', fraction = '', zone = ''] = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(timestamp) ?? []
  return `${Date.parse(whole + zone) / 1000}.${fraction.padEnd(6, '0')}`
}

/**
 * A relayer that paused (its reverts passed the payee's budget) tells its payee: an e-mail when they
 * want the notice, a webhook event when an endpoint listens for it; once per pause (the key carries its time).
 */
export function relayerNotifications(entry: JournalEntry, _facts: NotificationFacts, notify: NotificationsBuilder) {
  const relayer = entry.new!
  if (relayer.paused_at === null || (entry.old && entry.old.paused_at !== null)) return
  const payee = String(relayer.payee)
  const pausedAt = String(relayer.paused_at)
  const reason = (relayer.paused_reason ?? null) as string | null
  notify.notice({
    dedupeKey: `relayer_paused:${String(relayer.address)}:${epochText(pausedAt)}`,
    kind: 'relayer_paused',
    payee,
    requestId: null,
    payload: { chain: String(relayer.chain_id), address: relayer.address, reason },
  })
  const facts = {
    chainId: relayer.chain_id,
    address: relayer.address,
    reason,
    revertBudget: relayer.revert_budget,
    pausedAt,
  }
  notify.webhook({
    payee,
    type: 'relayer.paused',
    requestId: '',
    payload: { relayer: facts, message: reason },
    at: entry.at,
  })
}

/** A schedule authorised or resumed: whichever server hears it first issues its due period at once. */
export function scheduleNotifications(entry: JournalEntry, _facts: NotificationFacts, notify: NotificationsBuilder) {
  const schedule = entry.new!
  if (schedule.activated_at !== null && schedule.paused_at === null && schedule.stopped_at === null)
    notify.live(SCHEDULES_CHANNEL, String(schedule.id))
}
