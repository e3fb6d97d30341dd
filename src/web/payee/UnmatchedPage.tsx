import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import * as Dialog from '@radix-ui/react-dialog'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { TransactionLink } from '../components/TransactionLink.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { graphql, type ResultOf } from '../graphql/graphql.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { formatDateTime } from '../requests/RequestSummary.tsx'

export const UnmatchedQuery = graphql(`
  query Unmatched($dismissed: Boolean, $first: Int, $after: String) {
    myUnmatchedTransfers(first: $first, after: $after, dismissed: $dismissed) {
      total
      nextCursor
      items {
        id
        chainId
        asset
        symbol
        amount
        amountDecimal
        from
        txHash
        blockTime
        dismissedAt
      }
    }
  }
`)
const AssignableQuery = graphql(`
  query Assignable($filter: PaymentRequestFilter) {
    myPaymentRequests(filter: $filter, first: 100) {
      items {
        id
        amountDecimal
        symbol
        memo
        status
        createdAt
      }
    }
  }
`)
const AssignMutation = graphql(`
  mutation Assign($transferId: String!, $requestId: String!) {
    assignUnmatchedTransfer(transferId: $transferId, requestId: $requestId) {
      id
      status
    }
  }
`)
const DismissMutation = graphql(`
  mutation Dismiss($transferId: String!) {
    dismissUnmatchedTransfer(transferId: $transferId) {
      id
    }
  }
`)
const RestoreMutation = graphql(`
  mutation Restore($transferId: String!) {
    restoreUnmatchedTransfer(transferId: $transferId) {
      id
    }
  }
`)

const PAGE_SIZE = 50

type Transfer = ResultOf<typeof UnmatchedQuery>['myUnmatchedTransfers']['items'][number]

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
      <p>
        <Link href="/">← Your requests</Link>
      </p>
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
      {!transfer.dismissedAt && <AssignDialog transfer={transfer} onAssigned={refresh} />}
      <button type="button" className="button" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
        {transfer.dismissedAt ? 'Restore' : 'Dismiss'}
      </button>
      <ErrorNotice error={toggle.error} />
    </div>
  )
}

function AssignDialog({ transfer, onAssigned }: { transfer: Transfer; onAssigned: () => void }) {
  const [open, setOpen] = useState(false)
  const [requestId, setRequestId] = useState('')
  const requests = useQuery({
    queryKey: ['assignable', transfer.chainId, transfer.asset],
    enabled: open,
    queryFn: async () =>
      (
        await query(AssignableQuery, {
          filter: {
            chainId: transfer.chainId,
            asset: transfer.asset,
            statuses: ['open', 'partially_paid', 'pending', 'expired'],
          },
        })
      ).myPaymentRequests.items,
  })
  const assign = useMutation({
    mutationFn: () => mutate(AssignMutation, { transferId: transfer.id, requestId }),
    onSuccess: () => {
      setOpen(false)
      onAssigned()
    },
  })
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button primary">
          Assign to request…
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            Assign {transfer.amountDecimal} {transfer.symbol} to a request
          </Dialog.Title>
          <Dialog.Description className="hint">
            The transfer then counts as a payment of that request, recorded as assigned by you. A transfer pays one
            request only.
          </Dialog.Description>
          {requests.isPending ? (
            <p role="status">Loading your requests…</p>
          ) : (requests.data ?? []).length === 0 ? (
            <p>You have no open request in {transfer.symbol} on this chain.</p>
          ) : (
            <label className="field">
              Request
              <select value={requestId} onChange={(e) => setRequestId(e.target.value)}>
                <option value="">Choose a request…</option>
                {requests.data!.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.amountDecimal} {r.symbol} · {r.memo || 'no memo'} · {formatDateTime(r.createdAt)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ErrorNotice error={assign.error ?? requests.error} />
          <div className="actions">
            <Dialog.Close asChild>
              <button type="button" className="button">
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button primary"
              disabled={!requestId || assign.isPending}
              onClick={() => assign.mutate()}
            >
              {assign.isPending ? 'Assigning…' : 'Assign'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** On the dashboard: how many transfers wait for the payee, with the way to them. */
export function UnmatchedCount() {
  const count = useQuery({
    queryKey: ['unmatched', 'count'],
    queryFn: async () => (await query(UnmatchedQuery, { dismissed: false, first: 1 })).myUnmatchedTransfers.total,
  })
  if (!count.data) return null
  return (
    <p className="notice warning" data-testid="unmatched-count">
      {count.data} transfer{count.data === 1 ? '' : 's'} reached you without a matching request.{' '}
      <Link href="/unmatched">Review them</Link>
    </p>
  )
}
