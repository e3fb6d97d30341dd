import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { groupAmount } from '../../domain/amount.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { formatDateTime, PayeeName, TestNetworkBadge } from './RequestSummary.tsx'
import { usePaymentRequest } from './requestOperations.ts'

/** Proof of payment for payer and payee, laid out to print or save as PDF from the browser. */
export function ReceiptPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  useDocumentTitle('Receipt')
  if (request.isPending) return <p role="status">Loading the receipt…</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const r = request.data
  const chain = chains.find((c) => c.id === r.chainId)
  if (!r.paidAt)
    return (
      <p role="alert" className="notice warning">
        This request is not paid yet, so it has no receipt.
      </p>
    )
  const payers = [...new Set(r.payments.map((p) => p.from))]
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <div className="receipt-head">
        <h1 id="receipt-title">Receipt</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <p className="amount" data-testid="receipt-amount">
        {groupAmount(r.receivedDecimal)} {r.symbol}
      </p>
      <dl className="summary">
        <div>
          <dt>Paid by</dt>
          <dd className="mono" data-testid="receipt-payer">
            {payers.join(', ')}
          </dd>
        </div>
        <div>
          <dt>Paid to</dt>
          <dd>
            {r.payeeProfile && <PayeeName profile={r.payeeProfile} />}
            <span className="mono" data-testid="receipt-payee">
              {r.payee}
            </span>
          </dd>
        </div>
        <div>
          <dt>Paid on</dt>
          <dd>
            {formatDateTime(r.paidAt)}
            {r.paidLate ? ' (after the due date)' : ''}
          </dd>
        </div>
        <div>
          <dt>Chain</dt>
          <dd>
            {chain?.name ?? `Chain ${r.chainId}`} (id {r.chainId}){chain?.testnet && <TestNetworkBadge />}
          </dd>
        </div>
        <div>
          <dt>Asset</dt>
          <dd>
            {r.symbol} <span className="mono small">{r.asset}</span>
          </dd>
        </div>
        {r.memo && (
          <div>
            <dt>Memo</dt>
            <dd className="memo">{r.memo}</dd>
          </div>
        )}
      </dl>
      <h2>Transactions</h2>
      <ul className="payments">
        {r.payments.map((p) => (
          <li key={`${p.txHash}:${p.logIndex}`}>
            {groupAmount(p.amountDecimal)} {r.symbol} on {formatDateTime(p.blockTime)}, block {p.blockNumber}: <TransactionLink chain={chain} hash={p.txHash} />
          </li>
        ))}
      </ul>
      <h2>The signed request</h2>
      <dl className="summary small">
        <div>
          <dt>Request</dt>
          <dd className="mono">{r.id}</dd>
        </div>
        <div>
          <dt>Amount asked</dt>
          <dd>
            {groupAmount(r.amountDecimal)} {r.symbol} ({r.amount} base units)
          </dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{formatDateTime(r.dueAt)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="mono">{r.reference}</dd>
        </div>
        <div>
          <dt>Payee's EIP-712 signature</dt>
          <dd className="mono break">{r.signature}</dd>
        </div>
      </dl>
    </article>
  )
}
