import type { JournalEntry, JournalRow } from '../../../db/changeJournal/journalEntries.ts'
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/webhookEvents.ts'
import type { NotificationFacts } from '../notifications.ts'

/** Journal entries and facts as the consumer would hand them to the decision. */
export const ALICE = '0xA11CE00000000000000000000000000000000001'
export const AT = '2026-11-26T13:48:08.123456+00:00'

export const request = (fields: JournalRow = {}): JournalRow => ({
  id: 'req_1',
  payee: ALICE,
  status: 'pending',
  amount: '1000000',
  received: '0',
  refunded: '0',
  created_block: '12',
  decimals: 6,
  asset: '0xToken',
  symbol: 'USDC',
  priced_request_id: null,
  schedule_id: null,
  ...fields,
})

let nextId = 1
export const entry = (
  table: JournalEntry['table'],
  operation: JournalEntry['operation'],
  old: JournalRow | null,
  row: JournalRow | null,
): JournalEntry => ({
  id: nextId++,
  tx: '700',
  table,
  operation,
  old,
  new: row,
  at: AT,
})

/** A payee listening for everything, by webhook and e-mail; `overrides` replaces any part. */
export const facts = (overrides: Partial<NotificationFacts> = {}): NotificationFacts => ({
  requests: new Map(),
  endpoints: new Map([[ALICE, [{ id: 'we_1', events: [...WEBHOOK_EVENT_TYPES] }]]]),
  notices: new Map([
    [ALICE, ['paid', 'partially_paid', 'overpaid', 'expired', 'unmatched', 'refunded', 'relayer_paused']],
  ]),
  payerEmails: new Map(),
  schedulePayers: new Map(),
  subscriptionPayers: new Map(),
  ...overrides,
})

export const statusChange = (from: string, to: string, fields: JournalRow = {}) =>
  entry('payment_requests', 'UPDATE', request({ status: from, ...fields }), request({ status: to, ...fields }))
