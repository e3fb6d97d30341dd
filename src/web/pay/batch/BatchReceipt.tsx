import { useStore } from '@nanostores/react'
import { useQueries } from '@tanstack/react-query'
import type { Address } from 'viem'
import { Link } from 'wouter'
import { shortAddress } from '../../components/shortAddress.ts'
import en from '../../../i18n/catalogs/payer/batch/en.ts'
import { TransactionLink } from '../../components/TransactionLink.tsx'
import { i18n } from '../../i18n/i18n.ts'
import { useFormat } from '../../i18n/useFormat.ts'
import { paymentRequestQuery } from '../../requests/paymentRequestQuery.ts'
import { StatusBadge } from '../../requests/RequestSummary.tsx'
import { useWalletCore } from '../../wallet/WalletProvider.tsx'

const receiptText = i18n('payer/batch/receipt', en['payer/batch/receipt'])

// Asked again until the chain shows each payment: the watcher records them, not the wallet's answer.
const UNPAID_POLL_MS = 2_000

/** One receipt for the requests paid together: each with its status from the chain and its own receipt. */
export function BatchReceipt({ ids }: { ids: readonly string[] }) {
  const t = useStore(receiptText)
  const format = useFormat()
  const { chains } = useWalletCore()
  const requests = useQueries({
    queries: ids.map((id) => ({
      ...paymentRequestQuery(id),
      refetchInterval: (q: { state: { data?: { paidAt: string | null } } }) =>
        q.state.data?.paidAt ? false : UNPAID_POLL_MS,
    })),
  })
  return (
    <section className="card stack" aria-labelledby="batch-receipt-title" data-testid="batch-receipt">
      <h1 id="batch-receipt-title">{t.title}</h1>
      <p className="hint">{t.intro}</p>
      <div className="table-scroll">
        <table className="requests" aria-labelledby="batch-receipt-title">
          <thead>
            <tr>
              <th scope="col">{t.request}</th>
              <th scope="col" className="num">
                {t.amount}
              </th>
              <th scope="col">{t.status}</th>
              <th scope="col">{t.transaction}</th>
            </tr>
          </thead>
          <tbody>
            {requests.map(({ data: r }, i) =>
              r ? (
                <tr key={r.id} data-testid="batch-receipt-line">
                  <td>
                    <span className="mono">{r.payeeProfile?.displayName ?? shortAddress(r.payee as Address)}</span>
                    {r.memo && <div dir="auto">{r.memo}</div>}
                    <Link href={`/receipts/${r.id}`}>{t.view}</Link>
                  </td>
                  <td className="num">{format.asset(r.amountDecimal, r.symbol)}</td>
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>
                    {r.payments.map((p) => (
                      <TransactionLink
                        key={`${p.txHash}-${p.logIndex}`}
                        chain={chains.find((c) => c.id === r.chainId)}
                        hash={p.txHash}
                      />
                    ))}
                  </td>
                </tr>
              ) : (
                <tr key={ids[i]}>
                  <td colSpan={4}>…</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </section>
  )
}
