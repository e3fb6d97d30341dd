import { useStore } from '@nanostores/react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { walletRegistry } from '../../wallet/registry/walletRegistry.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { fillText } from '../i18n/fill.tsx'
import { connectText } from '../i18n/messages.ts'
import { QrCode } from './QrCode.tsx'

const mobileWallets = walletRegistry.filter((w) => w.openInWallet)
// Fetched only when a WalletConnect project id is configured and this panel opens.
const WalletConnectPairing = lazy(() => import('../walletconnect/WalletConnectPairing.tsx'))

/**
 * Connect from a phone: WalletConnect's pairing code when configured, and a code that opens this page
 * inside a mobile wallet's in-app browser when a phone can reach it (`unavailable` says why not).
 */
export default function MobileConnect({
  phonePage,
  unavailable,
}: {
  phonePage: URL | undefined
  unavailable: ReactNode
}) {
  const { walletConnect } = useWalletCore()
  const t = useStore(connectText)
  return (
    <section className="mobile-connect" aria-label={t.mobileSection}>
      {walletConnect && (
        <Suspense fallback={<p role="status">{t.preparingWalletConnect}</p>}>
          <WalletConnectPairing projectId={walletConnect.projectId} relayUrl={walletConnect.relayUrl} />
        </Suspense>
      )}
      {phonePage ? <OpenInWallet page={phonePage} /> : unavailable}
    </section>
  )
}

/** A code that opens the page in the chosen wallet's in-app browser, and the same as a link. */
function OpenInWallet({ page }: { page: URL }) {
  const [walletId, setWalletId] = useState(mobileWallets.find((w) => w.id === 'metamask')?.id ?? mobileWallets[0]!.id)
  const wallet = mobileWallets.find((w) => w.id === walletId)!
  const link = wallet.openInWallet!(page)
  const t = useStore(connectText)
  return (
    <>
      <div className="field">
        <label htmlFor="mobile-wallet">{t.openIn}</label>
        <select id="mobile-wallet" value={walletId} onChange={(e) => setWalletId(e.target.value)}>
          {mobileWallets.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
      </div>
      <QrCode value={link} label={fillText(t.qrOpenIn, { wallet: wallet.name })} />
      <p className="hint">{fillText(t.scanHint, { wallet: wallet.name })}</p>
      <p className="link-line">
        <a href={link} target="_blank" rel="noopener noreferrer">
          {link}
        </a>
      </p>
    </>
  )
}
