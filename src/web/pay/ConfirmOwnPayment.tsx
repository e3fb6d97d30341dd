import { useStore } from '@nanostores/react'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'

/** Asked before a payee pays their own request: it moves nothing but the network fee. */
export function ConfirmOwnPayment({
  open,
  onOpenChange,
  symbol,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  symbol: string
  onConfirm: () => void
}) {
  const t = useStore(payText)
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{t.ownTitle}</AlertDialog.Title>
          <AlertDialog.Description className="hint">{fillText(t.ownDescription, { symbol })}</AlertDialog.Description>
          <div className="actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button">
                {t.ownCancel}
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              className="button primary"
              onClick={() => {
                onOpenChange(false)
                onConfirm()
              }}
            >
              {t.ownConfirm}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
