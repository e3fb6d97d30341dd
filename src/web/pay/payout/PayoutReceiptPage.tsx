import { useStore } from '@nanostores/react'
import { useQuery } from '@tanstack/react-query'
import en from '../../../i18n/catalogs/payer/payout/en.ts'
import { ErrorNotice } from '../../components/ErrorNotice.tsx'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { useDocumentTitle } from '../../components/useDocumentTitle.ts'
import { query } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'
import { i18n } from '../../i18n/i18n.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'

const receiptText = i18n('payer/payout/receipt', en['payer/payout/receipt'])

const PayoutLineQuery = graphql(`
  query PayoutLine($id: String!) {
    payoutLine(id: $id) {
      id
      chainId
      from
      to
      symbol
      amountDecimal
      note
      reference
      paid
      txHash
      blockTime
    }
  }
`)

// Asked again while the transfer is not on chain yet: the link may be opened before it is.
const UNPAID_POLL_MS = 3_000

/** `/payout/:id`: a payout's recipient's receipt, public to whoever has the link, paid only once the chain shows it. */
export function PayoutReceiptPage({ id }: { id: string }) {
  const t = useStore(receiptText)
  const format = useFormat()
  const { chains } = useWalletCore()
  useDocumentTitle(t.title)
  const line = useQuery({
    queryKey: ['payoutLine', id],
    queryFn: async () => (await query(PayoutLineQuery, { id })).payoutLine,
    refetchInterval: (q) => (q.state.data && !q.state.data.paid ? UNPAID_POLL_MS : false),
  })
  if (line.isPending) return <p role="status">{t.loading}</p>
  if (line.error) return <ErrorNotice error={line.error} />
  const l = line.data
  const chain = chains.find((c) => c.id === l.chainId)
  return (
    <article className="card receipt stack" aria-labelledby="payout-receipt-title" data-testid="payout-receipt">
      <div className="card-head">
        <h1 id="payout-receipt-title">{t.title}</h1>
        <button type="button" className="button no-print" onClick={() => window.print()}>
          {t.print}
        </button>
      </div>
      {!l.paid && (
        <p role="status" className="notice warning" data-testid="payout-receipt-unpaid">
          {t.notPaid}
        </p>
      )}
      <p className="amount" data-testid="payout-receipt-amount">
        {format.asset(l.amountDecimal, l.symbol)}
      </p>
      <dl className="kv">
        <div>
          <dt>{t.from}</dt>
          <dd className="mono">{l.from}</dd>
        </div>
        <div>
          <dt>{t.to}</dt>
          <dd className="mono">{l.to}</dd>
        </div>
        {l.blockTime && (
          <div>
            <dt>{t.on}</dt>
            <dd>{format.dateTime(l.blockTime)}</dd>
          </div>
        )}
        <div>
          <dt>{t.chain}</dt>
          <dd>{chain?.name ?? String(l.chainId)}</dd>
        </div>
        {l.note && (
          <div>
            <dt>{t.note}</dt>
            <dd dir="auto">{l.note}</dd>
          </div>
        )}
        {l.txHash && (
          <div>
            <dt>{t.transaction}</dt>
            <dd>
              <TransactionLink chain={chain} hash={l.txHash} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t.reference}</dt>
          <dd className="mono small">{l.reference}</dd>
        </div>
      </dl>
    </article>
  )
}
