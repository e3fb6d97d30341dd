import { describe, expect, it } from 'vitest'
import type { JournalRow } from '../../db/changeJournal/journalEntries.ts'
import { SUBSCRIPTIONS_CHANNEL } from '../../db/notificationChannels.ts'
import { decideNotifications } from './decideNotifications.ts'
import { ALICE, entry, facts } from './testing/journalFixtures.ts'

const subscription = (state: string): JournalRow => ({ id: 'sub_1', payee: ALICE, state, next_period: 0 })
const charge = (state: string, attempts = 0): JournalRow => ({
  id: 'ch_1',
  payee: ALICE,
  subscription_id: 'sub_1',
  request_id: 'req_1',
  period: 0,
  state,
  attempts,
})
const types = (entries: Parameters<typeof decideNotifications>[0]) =>
  decideNotifications(entries, facts()).webhooks.map((w) => w.type)

describe('what follows a subscription and its periods', () => {
  it('a start is subscription.started and wakes every charger; a cancellation by either side is subscription.cancelled once', () => {
    const started = decideNotifications([entry('subscriptions', 'INSERT', null, subscription('active'))], facts())
    expect(started.webhooks.map((w) => w.type)).toEqual(['subscription.started'])
    expect(started.live).toEqual([{ channel: SUBSCRIPTIONS_CHANNEL, payload: 'sub_1' }])
    for (const by of ['cancelled_by_payer', 'cancelled_by_payee'])
      expect(types([entry('subscriptions', 'UPDATE', subscription('past_due'), subscription(by))])).toEqual([
        'subscription.cancelled',
      ])
    expect(types([entry('subscriptions', 'UPDATE', subscription('active'), subscription('paused'))])).toEqual([])
  })

  it('a period paid is subscription.charged; past due only at its first failed try, not at each retry', () => {
    expect(types([entry('subscription_charges', 'UPDATE', charge('sent'), charge('paid'))])).toEqual([
      'subscription.charged',
    ])
    expect(types([entry('subscription_charges', 'UPDATE', charge('charging'), charge('past_due', 1))])).toEqual([
      'subscription.past_due',
    ])
    expect(types([entry('subscription_charges', 'UPDATE', charge('charging', 1), charge('past_due', 2))])).toEqual([])
    expect(types([entry('subscription_charges', 'UPDATE', charge('due'), charge('charging'))])).toEqual([])
  })
})
