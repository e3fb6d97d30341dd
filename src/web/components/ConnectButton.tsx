import { useStore } from '@nanostores/react'
import { useRef, useState } from 'react'
import { connectText } from '../i18n/messages.ts'
import { readLastUsedWallet } from '../../wallet/lastUsedWallet.ts'
import { safeLocalStorage } from '../wallet/walletCore.ts'
import { deferredModule } from './deferredModule.ts'

// The dialog (Radix, cmdk, the wallet list) is fetched right after the first paint, not in it: a
// click before it has arrived opens the dialog as soon as it does. A returning visitor's wallet
// reconnects by itself, so for them it waits until the pointer or focus comes to the button.
const useConnectDialogModule = deferredModule(() => import('./ConnectDialog.tsx'), {
  prefetch: () => readLastUsedWallet(safeLocalStorage()) === undefined,
})

/** Opens the connect dialog; `cta` is the start page's larger call to action, in its own words. */
export function ConnectButton({ cta }: { cta?: string }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const dialog = useConnectDialogModule(wanted || open)
  const want = () => setWanted(true)
  const t = useStore(connectText)
  return (
    <>
      <button
        ref={opener}
        type="button"
        className={cta ? 'button primary large' : 'button primary'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => setOpen(true)}
      >
        {cta ?? t.button}
      </button>
      {dialog && <dialog.ConnectDialog open={open} onOpenChange={setOpen} opener={opener} />}
    </>
  )
}
