import { useStore } from '@nanostores/react'
import { ChainLagNotice } from '../components/ChainLagNotice.tsx'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { fillText } from '../i18n/fill.tsx'
import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { commonText, payText } from '../i18n/messages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { RequestSummary } from '../requests/RequestSummary.tsx'
import { useLiveUpdates, usePaymentRequest } from '../requests/requestOperations.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { DirectPayPanel } from './DirectPayPanel.tsx'
import { PayAction } from './PayAction.tsx'
import { SignatureCheck } from './SignatureCheck.tsx'

/** The payer's page: who asks, for what, verified; then one transaction from the payer's wallet. */
export function PayPage({ id }: { id: string }) {
  const request = usePaymentRequest(id)
  const { chains } = useWalletCore()
  useLiveUpdates(id)
  const t = useStore(payText)
  const common = useStore(commonText)
  const format = useFormat()
  useDocumentTitle(
    request.data
      ? fillText(t.pageTitle, { amount: format.amount(request.data.amountDecimal, request.data.symbol), symbol: request.data.symbol })
      : t.pageTitleLoading,
  )
  if (request.isPending) return <p role="status">{t.loading}</p>
  if (request.error) return <ErrorNotice error={request.error} />
  const data = request.data
  const chain = chains.find((c) => c.id === data.chainId)
  const chainName = chain?.name ?? fillText(common.chainFallback, { id: data.chainId })
  return (
    <section className="card" aria-labelledby="pay-title">
      <div className="card-head">
        <h1 id="pay-title">{t.title}</h1>
        <LanguagePicker />
      </div>
      <ChainLagNotice chainId={data.chainId} />
      <SignatureCheck request={data} />
      <RequestSummary request={data} chainName={chainName} chain={chain} testnet={chain?.testnet === true} />
      <PayAction request={data} chainName={chainName} />
      {(data.status === 'open' || data.status === 'partially_paid') && (
        <DirectPayPanel request={data} chainName={chainName} />
      )}
    </section>
  )
}
