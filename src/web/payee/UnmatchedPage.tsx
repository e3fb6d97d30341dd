import { useStore } from '@nanostores/react'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { BackToRequests } from './BackToRequests.tsx'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { formatDateTime } from '../components/formatDateTime.ts'
import { AssignTransferDialog } from './AssignTransferDialog.tsx'
import { DismissMutation, RestoreMutation, UnmatchedQuery, type Transfer } from './unmatchedOperations.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { dashboardText, unmatchedText } from './payeeMessages.ts'
import { plural } from '../../i18n/plural.ts'
import { locale } from '../i18n/i18n.ts'

const PAGE_SIZE = 50

/**
 * Money that reached the payee without paying a request by itself: no reference, and an amount that
 * fits no single open request. The payee assigns each to a request or dismisses it (and can undo that).
 */
export function UnmatchedPage() {
  const t = useStore(unmatchedText)
  useDocumentTitle(t.title)
  const [dismissed, setDismissed] = useState(false)
  const list = useInfiniteQuery({
    queryKey: ['unmatched', dismissed],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (await query(UnmatchedQuery, { dismissed, first: PAGE_SIZE, after: pageParam })).myUnmatchedTransfers,
    getNextPageParam: (page) => page.nextCursor,
  })
  const { chains } = useWalletCore()
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section aria-labelledby="unmatched-title">
      <BackToRequests />
      <h1 id="unmatched-title">{t.title}</h1>
      <p className="hint">{t.hint}</p>
      <label className="toggle">
        <input type="checkbox" checked={dismissed} onChange={(e) => setDismissed(e.target.checked)} /> {t.showDismissed}
      </label>
      <ErrorNotice error={list.error} />
      {list.isPending ? (
        <p role="status">{t.loading}</p>
      ) : items.length === 0 ? (
        <p className="empty">{dismissed ? t.noneDismissed : t.nothingToReview}</p>
      ) : (
        <ul className="unmatched-list">
          {items.map((transfer) => (
            <li key={transfer.id} data-testid="unmatched-transfer">
              <div>
                {fill(t.fromOn, {
                  amount: (
                    <strong>
                      {transfer.amountDecimal} {transfer.symbol}
                    </strong>
                  ),
                  from: <span className="mono">{transfer.from}</span>,
                  chain:
                    chains.find((c) => c.id === transfer.chainId)?.name ??
                    fillText(t.chainFallback, { id: transfer.chainId }),
                })}{' '}
                <time dateTime={transfer.blockTime}>{formatDateTime(transfer.blockTime)}</time>
                <br />
                <TransactionLink chain={chains.find((c) => c.id === transfer.chainId)} hash={transfer.txHash} />
              </div>
              <TransferActions transfer={transfer} />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t.loading : t.older}
        </button>
      )}
    </section>
  )
}

function TransferActions({ transfer }: { transfer: Transfer }) {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: ['unmatched'] })
  const t = useStore(unmatchedText)
  const toggle = useMutation({
    mutationFn: async () => {
      if (transfer.dismissedAt) await mutate(RestoreMutation, { transferId: transfer.id })
      else await mutate(DismissMutation, { transferId: transfer.id })
    },
    onSuccess: refresh,
  })
  return (
    <div className="actions">
      {!transfer.dismissedAt && <AssignTransferDialog transfer={transfer} onAssigned={refresh} />}
      <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
        {transfer.dismissedAt ? t.restore : t.dismiss}
      </button>
      <ErrorNotice error={toggle.error} />
    </div>
  )
}

export function UnmatchedCount() {
  const t = useStore(dashboardText)
  const code = useStore(locale)
  const count = useQuery({
    queryKey: ['unmatched', 'count'],
    queryFn: async () => (await query(UnmatchedQuery, { dismissed: false, first: 1 })).myUnmatchedTransfers.total,
  })
  if (!count.data) return null
  return (
    <p className="notice warning" data-testid="unmatched-count">
      {fillText(plural(code, count.data, { one: t.unmatchedOne, other: t.unmatchedOther }), { count: count.data })}{' '}
      <Link href="/unmatched">{t.reviewUnmatched}</Link>
    </p>
  )
}
