import { requestAsLeftKey, type JournalEntry } from '../../db/changeJournal/journalEntries.ts'
import type { NotificationFacts, NotificationsBuilder } from './notifications.ts'
import { announceRequest } from './requestNotifications.ts'

/**
 * A payment recorded or dropped by a reorg: reported with its request as the transaction left it
 * (paid, or open again). A quote's payment is its priced request's, naming the token it was paid in.
 */
export function paymentNotifications(entry: JournalEntry, facts: NotificationFacts, notify: NotificationsBuilder) {
  const payment = (entry.new ?? entry.old)!
  const paid = facts.requests.get(requestAsLeftKey(entry.id, String(payment.request_id)))
  if (!paid) return
  const pricedId = paid.priced_request_id
  const request = typeof pricedId === 'string' ? facts.requests.get(requestAsLeftKey(entry.id, pricedId)) : paid
  if (!request) return
  announceRequest(notify, paid)
  announceRequest(notify, request)
  notify.webhook({
    payee: String(request.payee),
    type: entry.operation === 'INSERT' ? 'payment.detected' : 'payment.reverted',
    requestId: String(request.id),
    payload: { request, payment: { ...payment, asset: paid.asset, symbol: paid.symbol, decimals: paid.decimals } },
    at: entry.at,
  })
}

/** A refund found on chain (the payee's e-mail) or dropped by a reorg, with its request's refunded total as then written. */
export function refundNotifications(entry: JournalEntry, facts: NotificationFacts, notify: NotificationsBuilder) {
  const refund = (entry.new ?? entry.old)!
  const request = facts.requests.get(requestAsLeftKey(entry.id, String(refund.request_id)))
  if (!request) return
  const payee = String(request.payee)
  const requestId = String(request.id)
  announceRequest(notify, request)
  const found = entry.operation === 'INSERT'
  notify.webhook({
    payee,
    type: found ? 'payment_request.refunded' : 'refund.reverted',
    requestId,
    payload: { request, refund },
    at: entry.at,
  })
  if (found)
    notify.notice({
      dedupeKey: `refunded:${String(refund.chain_id)}:${String(refund.tx_hash)}:${String(refund.log_index)}`,
      kind: 'refunded',
      payee,
      requestId,
      payload: { txHash: refund.tx_hash, amount: refund.amount, to: refund.to_address },
    })
}

/** A transfer to a payee that matched none of its requests: the payee's e-mail. */
export function unmatchedNotifications(entry: JournalEntry, _facts: NotificationFacts, notify: NotificationsBuilder) {
  const transfer = entry.new!
  const id = String(transfer.id)
  notify.notice({
    dedupeKey: `unmatched:${id}`,
    kind: 'unmatched',
    payee: String(transfer.payee),
    requestId: null,
    payload: { transferId: id },
  })
}
