import * as Dialog from '@radix-ui/react-dialog'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { formatDateTime } from '../components/formatDateTime.ts'
import { useFormat } from '../i18n/useFormat.ts'

import type { Transfer } from './unmatchedOperations.ts'

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

/** Assigns a transfer to one of the payee's requests of the same chain and asset. */
export function AssignTransferDialog({ transfer, onAssigned }: { transfer: Transfer; onAssigned: () => void }) {
  const format = useFormat()
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
          <Dialog.Title>Assign {format.asset(transfer.amountDecimal, transfer.symbol)} to a request</Dialog.Title>
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
                    {format.asset(r.amountDecimal, r.symbol)} · {r.memo || 'no memo'} · {formatDateTime(r.createdAt)}
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
