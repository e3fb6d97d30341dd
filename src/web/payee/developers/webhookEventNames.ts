/** Each webhook event as the payee would say it; an event this list does not know shows as its identifier. */
const EVENT_NAMES: Record<string, string> = {
  'payment_request.created': 'A request is made',
  'payment.detected': 'A payment is seen on chain',
  'payment_request.paid': 'A request is paid',
  'payment_request.partially_paid': 'A request is partly paid',
  'payment_request.overpaid': 'A request is paid more than asked',
  'payment_request.expired': 'A request expires unpaid',
  'payment_request.cancelled': 'A request is cancelled',
  'payment.reverted': 'A payment is undone (chain reorganisation)',
  'payment_request.refunded': 'A refund is seen on chain',
  'refund.reverted': 'A refund is undone (chain reorganisation)',
  'relayer.paused': 'A relayer pauses payments without gas (too many failed relays)',
  'webhook.test': 'Test event',
}

export const eventName = (type: string): string => EVENT_NAMES[type] ?? type
