import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { connectText } from '../i18n/messages.ts'
import { deferredModule } from './deferredModule.ts'

// The dialog (Radix, cmdk, the wallet list) is fetched right after the first paint, not in it: a
// click before it has arrived opens the dialog as soon as it does.
const useConnectDialogModule = deferredModule(() => import('./ConnectDialog.tsx'))

export function ConnectButton() {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const dialog = useConnectDialogModule()
  const t = useStore(connectText)
  return (
    <>
      <button ref={opener} type="button" className="button primary" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        {t.button}
      </button>
      {dialog && <dialog.ConnectDialog open={open} onOpenChange={setOpen} opener={opener} />}
    </>
  )
}
