import { useStore } from '@nanostores/react'
import * as Dialog from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import { lazy, Suspense, useRef, useState, type RefObject } from 'react'
import { installLink } from '../../wallet/registry/walletRegistry.ts'
import { walletLogo } from '../../wallet/registry/walletLogos.ts'
import { buildWalletList, type WalletListItem } from '../../wallet/walletListing.ts'
import { fillText } from '../i18n/fill.tsx'
import { connectText } from '../i18n/messages.ts'
import { useConnection, useDetection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { ErrorNotice } from './ErrorNotice.tsx'
import { NoWalletPanel } from './NoWalletPanel.tsx'
import { WalletIcon } from './WalletIcon.tsx'
import { useMobileReach } from './phonePage.tsx'

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
  const t = useStore(connectText)
  const items = buildWalletList({ detected: detection.wallets, lastUsedRdns: core.lastUsedRdns(), query })
  const installed = items.filter((i) => i.kind === 'installed')
  const others = items.filter((i) => i.kind === 'registry')
  const busy = connection.status === 'connecting'
  const { phonePage, mobile, mobileUnavailable } = useMobileReach()

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
            <Dialog.Title>{view === 'list' ? t.title : t.titleMobile}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t.close}>
              ×
            </Dialog.Close>
          </div>
          <Dialog.Description id="connect-dialog-description" className="hint">
            {view === 'list' ? t.description : t.descriptionMobile}
          </Dialog.Description>

          {view === 'mobile' ? (
            <>
              <Suspense fallback={<p role="status">{t.loadingQr}</p>}>
                <MobileConnect phonePage={phonePage} unavailable={mobileUnavailable} />
              </Suspense>
              <button type="button" className="button" onClick={() => setView('list')}>
                {t.backToWallets}
              </button>
            </>
          ) : (
            <>
              {detectionNotice()}
              <ConnectionNotice />
              <Command label={t.search} shouldFilter={false} loop className="wallet-command">
                <Command.Input
                  ref={searchRef}
                  value={query}
                  onValueChange={setQuery}
                  placeholder={t.search}
                  aria-label={t.search}
                  className="search"
                />
                <Command.List className="wallet-list" aria-label={t.wallets}>
                  <Command.Empty>{fillText(t.noMatch, { query })}</Command.Empty>
                  {installed.length > 0 && (
                    <Command.Group heading={t.inThisBrowser}>
                      {installed.map((item) => (
                        <WalletRow key={item.key} item={item} busy={busy} onSelect={select} />
                      ))}
                    </Command.Group>
                  )}
                  {others.length > 0 && (
                    <Command.Group heading={t.getAWallet}>
                      {others.map((item) => (
                        <WalletRow key={item.key} item={item} busy={busy} onSelect={select} />
                      ))}
                    </Command.Group>
                  )}
                </Command.List>
              </Command>
              {detection.status !== 'not-found' &&
                (mobile ? (
                  <button type="button" className="button" onClick={() => setView('mobile')}>
                    {t.useMobile}
                  </button>
                ) : (
                  mobileUnavailable
                ))}
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
          {t.detecting}
        </p>
      )
    if (detection.status === 'not-found')
      return (
        <>
          <NoWalletPanel
            onRetry={() => core.detector.retry()}
            onMobile={mobile ? () => setView('mobile') : undefined}
          />
          {!mobile && mobileUnavailable}
        </>
      )
    if (detection.status === 'unsupported')
      return (
        <p role="alert" className="notice warning">
          {t.unsupported}
        </p>
      )
    return null
  }
}

/** While the wallet is asked, say so; when it refused or failed, say what it answered. */
function ConnectionNotice() {
  const connection = useConnection()
  const t = useStore(connectText)
  if (connection.status === 'connecting')
    return (
      <p role="status" className="notice">
        {fillText(t.waiting, { wallet: connection.wallet.name })}
      </p>
    )
  if (connection.status === 'rejected' || connection.status === 'error')
    return <ErrorNotice error={connection.error} tone={connection.status === 'rejected' ? 'warning' : 'error'} />
  return null
}

function WalletRow({
  item,
  busy,
  onSelect,
}: {
  item: WalletListItem
  busy: boolean
  onSelect: (item: WalletListItem) => void
}) {
  const installed = item.kind === 'installed'
  const unusable = installed && !item.usable
  const t = useStore(connectText)
  return (
    <Command.Item
      value={item.key}
      disabled={unusable || (installed && busy)}
      onSelect={() => onSelect(item)}
      className="wallet-row"
      data-kind={item.kind}
    >
      <WalletIcon name={item.name} icon={installed ? item.wallet.icon : walletLogo(item.entry.id)} />
      <span className="wallet-name">{item.name}</span>
      {item.lastUsed && <span className="badge">{t.lastUsed}</span>}
      {installed && item.usable && <span className="badge installed">{t.installed}</span>}
      {unusable && (
        <span className="badge unsupported">
          {fillText(t.lacks, { methods: item.wallet.missingMethods.join(', ') })}
        </span>
      )}
      {item.kind === 'registry' && <span className="install-hint">{t.install}</span>}
    </Command.Item>
  )
}
