import * as Dialog from '@radix-ui/react-dialog'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { mutate, query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { formatDateTime } from '../components/formatDateTime.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { fill, fillText } from '../i18n/fill.tsx'
import { useStore } from '@nanostores/react'
import { assignText } from './payeeMessages.ts'

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
  const t = useStore(assignText)
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
          {t.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            {fill(t.title, { amount: format.asset(transfer.amountDecimal, transfer.symbol) })}
          </Dialog.Title>
          <Dialog.Description className="hint">{t.description}</Dialog.Description>
          {requests.isPending ? (
            <p role="status">{t.loading}</p>
          ) : (requests.data ?? []).length === 0 ? (
            <p>{fillText(t.none, { symbol: transfer.symbol })}</p>
          ) : (
            <label className="field">
              {t.request}
              <select value={requestId} onChange={(e) => setRequestId(e.target.value)}>
                <option value="">{t.choose}</option>
                {requests.data!.map((r) => (
                  <option key={r.id} value={r.id}>
                    {format.asset(r.amountDecimal, r.symbol)} · {r.memo || t.noMemo} · {formatDateTime(r.createdAt)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <ErrorNotice error={assign.error ?? requests.error} />
          <div className="actions">
            <Dialog.Close asChild>
              <button type="button" className="button">
                {t.cancel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="button primary"
              disabled={!requestId || assign.isPending}
              onClick={() => assign.mutate()}
            >
              {assign.isPending ? t.assigning : t.assign}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** On the dashboard: how many transfers wait for the payee, with the way to them. */
