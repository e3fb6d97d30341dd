import { useState } from 'react'
import { QrCode } from '../components/QrCode.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { RequestSummary, formatDateTime } from './RequestSummary.tsx'
import { usePaymentRequest, useLiveUpdates } from './requestOperations.ts'

/** The payee's view of one request: how to share it, and its payments as they arrive. */
export function RequestPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  const [copied, setCopied] = useState(false)
  useLiveUpdates(id)
  if (request.isPending) return <p role="status">Loading the request…</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const payLink = new URL(`/pay/${data.id}`, window.location.origin).href
  const chainName = chains.find((c) => c.id === data.chainId)?.name ?? `Chain ${data.chainId}`
  return (
    <section className="card" aria-labelledby="request-title">
      <h1 id="request-title">Payment request</h1>
      <RequestSummary request={data} chainName={chainName} />
      <h2>Share</h2>
      <div className="share">
        <QrCode value={payLink} label="QR code of the pay link" size={176} />
        <div className="share-link">
          <label htmlFor="pay-link">Pay link</label>
          <input id="pay-link" readOnly value={payLink} onFocus={(e) => e.target.select()} />
          <button
            type="button"
            className="button"
            onClick={async () => {
              await navigator.clipboard.writeText(payLink)
              setCopied(true)
            }}
          >
            Copy link
          </button>
          <span role="status">{copied ? 'Link copied' : ''}</span>
        </div>
      </div>
      <h2>Payments</h2>
      {data.payments.length === 0 ? (
        <p>None yet. This page updates by itself when a payment arrives.</p>
      ) : (
        <ul className="payments">
          {data.payments.map((p) => (
            <li key={`${p.txHash}:${p.logIndex}`}>
              {p.amountDecimal} {data.symbol} from <span className="mono">{p.from}</span> on {formatDateTime(p.blockTime)}, {p.confirmations} confirmation
              {p.confirmations === 1 ? '' : 's'} <TransactionLink chain={chains.find((c) => c.id === data.chainId)} hash={p.txHash} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
