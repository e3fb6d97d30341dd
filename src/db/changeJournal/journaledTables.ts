import {
  paymentRequests,
  payments,
  refundTransfers,
  relayers,
  schedules,
  subscriptionCharges,
  subscriptions,
  unmatchedTransfers,
} from '../schema.ts'

/**
 * The tables whose changes may be followed by a notification, and which changes: the journal
 * trigger is generated from this list and the tables' columns (journalTriggers.ts).
 */
export const journaledTables = [
  // Made, paid, expired, cancelled, refunded: any change of a request is announced to live views.
  { table: paymentRequests, on: ['INSERT', 'UPDATE'] },
  { table: payments, on: ['INSERT', 'DELETE'] },
  { table: refundTransfers, on: ['INSERT', 'DELETE'] },
  { table: unmatchedTransfers, on: ['INSERT'] },
  { table: relayers, on: ['UPDATE'], columns: [relayers.pausedAt], omit: [relayers.keySealed] },
  { table: schedules, on: ['INSERT', 'UPDATE'], columns: [schedules.activatedAt, schedules.pausedAt] },
  // Started, cancelled, resumed; a period charged or past due.
  { table: subscriptions, on: ['INSERT', 'UPDATE'], columns: [subscriptions.state], omit: [subscriptions.permission] },
  { table: subscriptionCharges, on: ['UPDATE'], columns: [subscriptionCharges.state] },
] as const

export type JournaledTable = (typeof journaledTables)[number]['table']['_']['name']
