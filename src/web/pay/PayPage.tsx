import { useStore } from '@nanostores/react'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { useLiveUpdates, usePaymentRequest } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { DirectPayPanel } from './DirectPayPanel.tsx'
import { PayAction } from './PayAction.tsx'
import { ReceiptByEmail } from './ReceiptByEmail.tsx'
import { PayeeHeading } from './PayeeHeading.tsx'
import { InvoicePanel } from './invoice/InvoicePanel.tsx'
import { PricedPayPage } from './priced/PricedPayPage.tsx'
import { QuotePanel } from './priced/QuotePanel.tsx'
import { PayTerms } from './PayTerms.tsx'
import { Verification } from './Verification.tsx'
import { useEffect } from 'react'
import { rememberOpened } from './batch/openedRequests.ts'
import { PaySeveralLink } from './batch/PaySeveralLink.tsx'

/**
 * The payer's page, payer first: who asks and for what, then Pay, all on a phone's first screen;
 * the proof one quiet line below, and paying from elsewhere folded last.
 */
export function PayPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  useLiveUpdates(id)
  useEffect(() => rememberOpened(id), [id])
  const t = useStore(payText)
  const common = useStore(commonText)
  const format = useFormat()
  useDocumentTitle(
    request.data
      ? fillText(t.pageTitle, {
          amount: format.amount(request.data.amountDecimal, request.data.symbol),
          symbol: request.data.symbol,
        })
      : t.pageTitleLoading,
  )
  if (request.isPending) return <p role="status">{t.loading}</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const chain = chains.find((c) => c.id === data.chainId)
  const chainName = chain?.name ?? fillText(common.chainFallback, { id: data.chainId })
  if (data.price) return <PricedPayPage request={data} chain={chain} chainName={chainName} />
  return (
    <section className="card pay-card" aria-labelledby="pay-title">
      <ChainLagNotice chainId={data.chainId} />
      <PayeeHeading request={data} />
      {data.invoice && <InvoicePanel invoice={data.invoice} />}
      {data.quote && <QuotePanel request={data} />}
      <PayTerms request={data} />
      <PayAction request={data} chainName={chainName} />
      <PaySeveralLink />
      <ReceiptByEmail request={data} />
      <Verification request={data} chain={chain} chainName={chainName} />
      {(data.status === 'open' || data.status === 'partially_paid') && <DirectPayPanel request={data} />}
    </section>
  )
}
