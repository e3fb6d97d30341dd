import * as Dialog from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import { lazy, Suspense, useRef, useState, type RefObject } from 'react'
import { installLink } from '../../wallet/registry/walletRegistry.ts'
import { buildWalletList, type WalletListItem } from '../../wallet/walletListing.ts'
import { useConnection, useDetection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { NoWalletPanel } from './NoWalletPanel.tsx'
import { WalletIcon } from './WalletIcon.tsx'

const MobileConnect = lazy(() => import('./MobileConnect.tsx'))

/** The one dialog for connecting: search, the wallet list, and the mobile QR code. Opened by ConnectButton. */
export function ConnectDialog({
  open,
  onOpenChange: setOpen,
  opener,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The button that opened it, which gets focus back on close. */
  opener: RefObject<HTMLButtonElement | null>
}) {
  const core = useWalletCore()
  const detection = useDetection()
  const connection = useConnection()
  const [query, setQuery] = useState('')
  const [view, setView] = useState<'list' | 'mobile'>('list')
  const searchRef = useRef<HTMLInputElement>(null)
  const items = buildWalletList({ detected: detection.wallets, lastUsedRdns: core.lastUsedRdns(), query })
  const installed = items.filter((i) => i.kind === 'installed')
  const others = items.filter((i) => i.kind === 'registry')
  const busy = connection.status === 'connecting'

  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setView('list')
      setQuery('')
    }
  }

  const select = async (item: WalletListItem) => {
    if (item.kind === 'registry') {
      window.open(installLink(item.entry), '_blank', 'noopener,noreferrer')
      return
    }
    if (!item.usable || busy) return
    await core.connection.connect(item.wallet)
    if (core.connection.getState().status === 'connected') onOpenChange(false)
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby="connect-dialog-description"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            opener.current?.focus()
          }}
          onOpenAutoFocus={(event) => {
            // Keyboard-first: typing filters the list straight away.
            event.preventDefault()
            searchRef.current?.focus()
          }}
        >
          <div className="dialog-head">
            <Dialog.Title>{view === 'list' ? 'Connect a wallet' : 'Connect a mobile wallet'}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description id="connect-dialog-description" className="hint">
            {view === 'list'
              ? 'Choose the wallet you pay and sign with. Billfold never holds your funds.'
              : 'Scan the code with your phone to continue in your mobile wallet.'}
          </Dialog.Description>

          {view === 'mobile' ? (
            <>
              <Suspense fallback={<p role="status">Loading the QR code…</p>}>
                <MobileConnect pageUrl={window.location.href} />
              </Suspense>
              <button type="button" className="button" onClick={() => setView('list')}>
                Back to wallets
              </button>
            </>
          ) : (
            <>
              {detectionNotice()}
              {connectionNotice()}
              <Command label="Search wallets" shouldFilter={false} loop className="wallet-command">
                <Command.Input
                  ref={searchRef}
                  value={query}
                  onValueChange={setQuery}
                  placeholder="Search wallets"
                  aria-label="Search wallets"
                  className="search"
                />
                <Command.List className="wallet-list" aria-label="Wallets">
                  <Command.Empty>No wallet matches “{query}”.</Command.Empty>
                  {installed.length > 0 && (
                    <Command.Group heading="In this browser">
                      {installed.map((item) => (
                        <WalletRow key={item.key} item={item} busy={busy} onSelect={select} />
                      ))}
                    </Command.Group>
                  )}
                  {others.length > 0 && (
                    <Command.Group heading="Get a wallet">
                      {others.map((item) => (
                        <WalletRow key={item.key} item={item} busy={busy} onSelect={select} />
                      ))}
                    </Command.Group>
                  )}
                </Command.List>
              </Command>
              {detection.status !== 'not-found' && (
                <button type="button" className="button" onClick={() => setView('mobile')}>
                  Use a mobile wallet (QR code)
                </button>
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )

  function detectionNotice() {
    if (detection.status === 'detecting' && installed.length === 0)
      return (
        <p role="status" className="notice">
          Looking for wallets in this browser…
        </p>
      )
    if (detection.status === 'not-found')
      return <NoWalletPanel onRetry={() => core.detector.retry()} onMobile={() => setView('mobile')} />
    if (detection.status === 'unsupported')
      return (
        <p role="alert" className="notice warning">
          The wallet in this browser lacks methods Billfold needs to sign and pay. Install another wallet, or use a
          mobile wallet.
        </p>
      )
    return null
  }

  function connectionNotice() {
    if (connection.status === 'connecting')
      return (
        <p role="status" className="notice">
          Waiting for {connection.wallet.name}… Check your wallet to approve the connection.
        </p>
      )
    if (connection.status === 'rejected' || connection.status === 'error')
      return (
        <div role="alert" className={`notice ${connection.status === 'rejected' ? 'warning' : 'error'}`} data-code={connection.error.code}>
          <strong>{connection.error.shortMessage}</strong> {connection.error.action}
        </div>
      )
    return null
  }
}

function WalletRow({ item, busy, onSelect }: { item: WalletListItem; busy: boolean; onSelect: (item: WalletListItem) => void }) {
  const installed = item.kind === 'installed'
  const unusable = installed && !item.usable
  return (
    <Command.Item
      value={item.key}
      disabled={unusable || (installed && busy)}
      onSelect={() => onSelect(item)}
      className="wallet-row"
      data-kind={item.kind}
    >
      <WalletIcon name={item.name} icon={installed ? item.wallet.icon : undefined} />
      <span className="wallet-name">{item.name}</span>
      {item.lastUsed && <span className="badge">Last used</span>}
      {installed && item.usable && <span className="badge installed">Installed</span>}
      {unusable && (
        <span className="badge unsupported">Unsupported: lacks {item.wallet.missingMethods.join(', ')}</span>
      )}
      {item.kind === 'registry' && <span className="install-hint">Install ↗</span>}
    </Command.Item>
  )
}
