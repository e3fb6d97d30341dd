import { useStore } from '@nanostores/react'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { groupAmount } from '../../domain/amount.ts'
import { useFlash } from '../components/useFlash.ts'
import { QrCode } from '../components/QrCode.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { Link } from 'wouter'
import type { Address } from 'viem'
import { sameAddress } from '../../domain/sameAddress.ts'
import { useSession } from '../auth/useSession.ts'
import { BackToRequests } from './BackToRequests.tsx'
import { CancelRequest } from './CancelRequest.tsx'
import { PayerListLink } from './PayerListLink.tsx'
import { RequestTimeline } from './RequestTimeline.tsx'
import { ReceivedOnChains } from './ReceivedOnChains.tsx'
import { BringUsdc } from './bridge/BringUsdc.tsx'
import { RefundPanel } from './refunds/RefundPanel.tsx'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { RequestSummary } from '../requests/RequestSummary.tsx'
import { usePaymentRequest, useLiveUpdates } from '../requests/requestOperations.ts'
import { fillText } from '../i18n/fill.tsx'
import { requestPageText } from './payeeMessages.ts'

/** The payee's view of one request: how to share it, and its payments as they arrive. */
export function RequestPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  const [copied, flashCopied] = useFlash()
  const session = useSession()
  useLiveUpdates(id)
  const t = useStore(requestPageText)
  useDocumentTitle(
    request.data
      ? fillText(t.titleFor, {
          amount: `${groupAmount(request.data.amountDecimal, undefined, request.data.symbol)} ${request.data.symbol}`,
        })
      : t.title,
  )
  if (request.isPending) return <p role="status">{t.loading}</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const payLink = new URL(`/pay/${data.id}`, window.location.origin).href
  const chain = chains.find((c) => c.id === data.chainId)
  const chainName = chain?.name ?? fillText(t.chainFallback, { id: data.chainId })
  const payable = ['open', 'partially_paid', 'pending'].includes(data.status)
  return (
    <>
      <BackToRequests />
      <section className="card" aria-labelledby="request-title">
        <h1 id="request-title">{t.title}</h1>
        <RequestSummary request={data} chainName={chainName} chain={chain} testnet={chain?.testnet === true} />
        {/* Sharing matters while the request can be paid; after that the link is kept, folded away. */}
        <details className="share-panel" open={payable}>
          <summary>
            <h2>{t.share}</h2>
          </summary>
          <div className="share">
            <QrCode value={payLink} label={t.qrLabel} size={176} />
            <div className="share-link">
              <label htmlFor="pay-link">{t.payLink}</label>
              <input id="pay-link" readOnly value={payLink} onFocus={(e) => e.target.select()} />
              <button
                type="button"
                className="button"
                onClick={async () => {
                  await navigator.clipboard.writeText(payLink)
                  flashCopied()
                }}
              >
                {t.copyLink}
              </button>
              <span role="status">{copied ? t.linkCopied : ''}</span>
            </div>
          </div>
          {data.payer && payable && sameAddress(session.data?.business, data.payee) && (
            <PayerListLink payer={data.payer} />
          )}
        </details>
        <h2 className="timeline-title">{t.timeline}</h2>
        <ReceivedOnChains request={data} />
        {/* The business's own wallet holds its USDC: only it sends the moves. */}
        {session.data?.role === 'owner' && sameAddress(session.data.address, data.payee) && (
          <BringUsdc
            payee={data.payee as Address}
            offer={data.acceptedChains.length > 1 && data.receivedByChain.length > 0}
            defaultDestination={data.chainId}
          />
        )}
        <RequestTimeline request={data} chain={chain} />
        {sameAddress(session.data?.business, data.payee) && <RefundPanel request={data} />}
        <div className="actions">
          {['paid', 'overpaid'].includes(data.status) && (
            <Link href={`/receipts/${data.id}`} className="button">
              {t.receipt}
            </Link>
          )}
          {data.invoice && (
            <a href={data.invoice.pdfPath} className="button" target="_blank" rel="noreferrer">
              {fillText(t.invoicePdf, { number: data.invoice.number })}
            </a>
          )}
          <CancelRequest request={data} />
        </div>
      </section>
    </>
  )
}
