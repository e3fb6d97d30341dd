import type { PaymentRequestData } from './requestOperations.ts'

export const statusText: Record<string, string> = {
  open: 'Awaiting payment',
  pending: 'Payment seen: confirming',
  paid: 'Paid',
  partially_paid: 'Partially paid',
  overpaid: 'Overpaid',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

export function StatusBadge({ status, paidLate }: { status: string; paidLate?: boolean }) {
  return (
    <span className={`status status-${status}`} data-testid="request-status" data-status={status}>
      {statusText[status] ?? status}
      {paidLate ? ' (late)' : ''}
    </span>
  )
}

/** Said wherever a test network's request is shown: paid there means nothing of value changed hands. */
export function TestNetworkBadge() {
  return (
    <span className="badge test-network" data-testid="test-network">
      Test network: no real money
    </span>
  )
}

export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** What was asked, by whom, and how far it got. The memo is someone's text: rendered as text only. */
export function RequestSummary({ request, chainName, testnet }: { request: PaymentRequestData; chainName: string; testnet: boolean }) {
  return (
    <dl className="summary">
      <div className="amount-line">
        <dt className="visually-hidden">Amount</dt>
        <dd className="amount" data-testid="request-amount">
          {request.amountDecimal} {request.symbol}
        </dd>
        <dt className="visually-hidden">Status</dt>
        <dd>
          <StatusBadge status={request.status} paidLate={request.paidLate} />
        </dd>
      </div>
      <div>
        <dt>Chain</dt>
        <dd>
          {chainName}
          {testnet && <TestNetworkBadge />}
        </dd>
      </div>
      <div>
        <dt>Pay to</dt>
        <dd className="mono" data-testid="request-payee">
          {request.payee}
        </dd>
      </div>
      {request.payer && (
        <div>
          <dt>Only from</dt>
          <dd className="mono">{request.payer}</dd>
        </div>
      )}
      {request.memo && (
        <div>
          <dt>Memo</dt>
          <dd className="memo" dir="auto" data-testid="request-memo">
            {request.memo}
          </dd>
        </div>
      )}
      <div>
        <dt>Due</dt>
        <dd>{formatDateTime(request.dueAt)}</dd>
      </div>
      {request.status !== 'open' && request.received !== '0' && (
        <div>
          <dt>Received</dt>
          <dd>
            {request.receivedDecimal} {request.symbol}
          </dd>
        </div>
      )}
    </dl>
  )
}
