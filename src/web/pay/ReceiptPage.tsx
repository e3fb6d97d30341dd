import { RefundLines } from './RefundLines.tsx'
import { PaidOnChains, ReceiptPayments } from './ReceiptPayments.tsx'
import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { invoiceText, receiptText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { PayeeName } from '../requests/RequestSummary.tsx'
import { usePaymentRequest } from '../requests/requestOperations.ts'

/** Proof of payment for payer and payee, laid out to print or save as PDF from the browser. */
export function ReceiptPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  const t = useStore(receiptText)
  const invoice = useStore(invoiceText)
  const common = useStore(commonText)
  const format = useFormat()
  const proof = useRef<HTMLDetailsElement>(null)
  useDocumentTitle(t.title)
  // A printed receipt carries its proof: the folded details open for the printer.
  useEffect(() => {
    const open = () => proof.current?.setAttribute('open', '')
    window.addEventListener('beforeprint', open)
    return () => window.removeEventListener('beforeprint', open)
  }, [])
  if (request.isPending) return <p role="status">{t.loading}</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const r = request.data
  const chain = chains.find((c) => c.id === r.chainId)
  if (!r.paidAt)
    return (
      <p role="alert" className="notice warning">
        {t.notPaid}
      </p>
    )
  const payers = [...new Set(r.payments.map((p) => p.from))]
  return (
    <article className="card receipt" aria-labelledby="receipt-title">
      <div className="card-head">
        <h1 id="receipt-title">{t.title}</h1>
        <div className="cluster no-print">
          {r.invoice && (
            <a className="button" href={r.invoice.pdfPath} target="_blank" rel="noreferrer">
              {invoice.pdf}
            </a>
          )}
          <button type="button" className="button" onClick={() => window.print()}>
            {t.print}
          </button>
        </div>
      </div>
      <p className="amount" data-testid="receipt-amount">
        {r.price
          ? format.money(r.received, { code: r.price.currency, minorDigits: r.decimals })
          : `${format.amount(r.receivedDecimal, r.symbol)} ${r.symbol}`}
      </p>
      <dl className="kv">
        <div>
          <dt>{t.paidBy}</dt>
          <dd className="mono" data-testid="receipt-payer">
            {payers.join(', ')}
          </dd>
        </div>
        <div>
          <dt>{t.paidTo}</dt>
          <dd>
            {r.payeeProfile && <PayeeName profile={r.payeeProfile} />}
            <span className="mono" data-testid="receipt-payee">
              {r.payee}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t.paidOn}</dt>
          <dd data-testid="receipt-paid-on">
            {format.dateTime(r.paidAt)}
            {r.paidLate ? ` ${t.afterDue}` : ''}
          </dd>
        </div>
        <PaidOnChains request={r} />
        <div>
          <dt>{t.asset}</dt>
          <dd>{r.price ? [...new Set(r.payments.map((p) => p.symbol))].join(', ') : r.symbol}</dd>
        </div>
        {r.memo && (
          <div>
            <dt>{t.memo}</dt>
            <dd className="memo" dir="auto">
              {r.memo}
            </dd>
          </div>
        )}
      </dl>
      <h2>{t.transactions}</h2>
      <ReceiptPayments request={r} />
      <RefundLines request={r} chainOf={(id) => chains.find((c) => c.id === id)} />
      {/* The proof an accountant or the payer may want; opened for printing. */}
      <details className="disclosure boxed receipt-proof" ref={proof}>
        <summary>{t.proof}</summary>
        <h2 className="visually-hidden">{t.signedRequest}</h2>
        <dl className="kv compact">
          <div>
            <dt>{t.request}</dt>
            <dd className="mono">{r.id}</dd>
          </div>
          <div>
            <dt>{t.amountAsked}</dt>
            <dd>
              {fillText(t.amountAskedValue, {
                amount: format.amount(r.amountDecimal, r.symbol),
                symbol: r.symbol,
                units: r.amount,
              })}
            </dd>
          </div>
          <div>
            <dt>{t.due}</dt>
            <dd>{format.dateTime(r.dueAt)}</dd>
          </div>
          <div>
            <dt>{t.chain}</dt>
            <dd>
              {fillText(t.chainValue, {
                chain: chain?.name ?? fillText(common.chainFallback, { id: r.chainId }),
                id: r.chainId,
              })}
            </dd>
          </div>
          {r.asset !== NATIVE_ASSET && (
            <div>
              <dt>{t.asset}</dt>
              <dd className="mono">{r.asset}</dd>
            </div>
          )}
          <div>
            <dt>{t.reference}</dt>
            <dd className="mono">{r.reference}</dd>
          </div>
          <div>
            <dt>{t.signature}</dt>
            <dd className="mono break">{r.signature}</dd>
          </div>
        </dl>
      </details>
    </article>
  )
}
