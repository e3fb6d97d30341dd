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
import { fillText } from '../i18n/fill.tsx'
import { dashboardText } from './payeeMessages.ts'

const PAGE_SIZE = 50

/**
 * Money that reached the payee without paying a request by itself: no reference, and an amount that
 * fits no single open request. The payee assigns each to a request or dismisses it (and can undo that).
 */
export function UnmatchedPage() {
  useDocumentTitle('Transfers without a request')
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
      <h1 id="unmatched-title">Transfers without a request</h1>
      <p className="hint">
        These reached your address in an asset you ask for, but carry no request's reference and their amount fits no
        single open request. Assign each to the request it pays, or dismiss it if it is not a payment for Billfold.
      </p>
      <label className="toggle">
        <input type="checkbox" checked={dismissed} onChange={(e) => setDismissed(e.target.checked)} /> Show dismissed
        transfers
      </label>
      <ErrorNotice error={list.error} />
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : items.length === 0 ? (
        <p className="empty">
          {dismissed ? 'No dismissed transfers.' : 'Nothing to review: every transfer you received pays a request.'}
        </p>
      ) : (
        <ul className="unmatched-list">
          {items.map((t) => (
            <li key={t.id} data-testid="unmatched-transfer">
              <div>
                <strong>
                  {t.amountDecimal} {t.symbol}
                </strong>{' '}
                from <span className="mono">{t.from}</span> on{' '}
                {chains.find((c) => c.id === t.chainId)?.name ?? `chain ${t.chainId}`},{' '}
                <time dateTime={t.blockTime}>{formatDateTime(t.blockTime)}</time>
                <br />
                <TransactionLink chain={chains.find((c) => c.id === t.chainId)} hash={t.txHash} />
              </div>
              <TransferActions transfer={t} />
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
          {list.isFetchingNextPage ? 'Loading…' : 'Show older transfers'}
        </button>
      )}
    </section>
  )
}

function TransferActions({ transfer }: { transfer: Transfer }) {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: ['unmatched'] })
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
        {transfer.dismissedAt ? 'Restore' : 'Dismiss'}
      </button>
      <ErrorNotice error={toggle.error} />
    </div>
  )
}

export function UnmatchedCount() {
  const t = useStore(dashboardText)
  const count = useQuery({
    queryKey: ['unmatched', 'count'],
    queryFn: async () => (await query(UnmatchedQuery, { dismissed: false, first: 1 })).myUnmatchedTransfers.total,
  })
  if (!count.data) return null
  return (
    <p className="notice warning" data-testid="unmatched-count">
      {fillText(count.data === 1 ? t.unmatchedOne : t.unmatchedOther, { count: count.data })}{' '}
      <Link href="/unmatched">{t.reviewUnmatched}</Link>
    </p>
  )
}
