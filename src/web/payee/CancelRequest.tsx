import { useStore } from '@nanostores/react'
import { sameAddress } from '../../domain/sameAddress.ts'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useCan, useSession } from '../auth/useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { mutate } from '../graphql/apiClient.ts'
import { CancelPaymentRequestMutation, requestKey, type PaymentRequestData } from '../requests/requestOperations.ts'
import { cancelText } from './payeeMessages.ts'

/** Cancel, confirmed in a dialog; offered only while nothing has been received. */
export function CancelRequest({ request }: { request: PaymentRequestData }) {
  const client = useQueryClient()
  const session = useSession()
  const can = useCan()
  const [open, setOpen] = useState(false)
  const t = useStore(cancelText)
  const cancel = useMutation({
    mutationFn: async () => (await mutate(CancelPaymentRequestMutation, { id: request.id })).cancelPaymentRequest,
    onSuccess: (updated) => {
      client.setQueryData(requestKey(request.id), updated)
      setOpen(false)
    },
  })
  // The business's request, for a role that may cancel it (the owner or an admin, not its accountant).
  if (!sameAddress(session.data?.business, request.payee) || !can('requests:cancel')) return null
  if (request.payments.length > 0 || !['open', 'expired'].includes(request.status)) return null
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button type="button" className="button danger">
          {t.button}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{t.title}</AlertDialog.Title>
          <AlertDialog.Description className="hint">{t.explain}</AlertDialog.Description>
          <ErrorNotice error={cancel.error} />
          <div className="actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {t.keep}
              </button>
            </AlertDialog.Cancel>
            <button type="button" className="button danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? t.cancelling : t.confirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
