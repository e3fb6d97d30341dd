import { useStore } from '@nanostores/react'
import { installLink, walletRegistry } from '../../wallet/registry/walletRegistry.ts'
import { fillText } from '../i18n/fill.tsx'
import { connectText } from '../i18n/messages.ts'

const suggested = ['metamask', 'coinbase', 'rabby'].map((id) => walletRegistry.find((w) => w.id === id)!)

/** Shown when the wait ran out with no wallet: how to get one, try again, or use a phone. */
export function NoWalletPanel({ onRetry, onMobile }: { onRetry: () => void; onMobile: (() => void) | undefined }) {
  const t = useStore(connectText)
  return (
    <section className="notice no-wallet" aria-labelledby="no-wallet-title">
      <h3 id="no-wallet-title">{t.noWalletTitle}</h3>
      <p>{t.noWalletText}</p>
      <ul className="install-links">
        {suggested.map((w) => (
          <li key={w.id}>
            <a href={installLink(w)} target="_blank" rel="noopener noreferrer">
              {fillText(t.installWallet, { wallet: w.name })}
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="button primary" onClick={onRetry}>
          {t.tryAgain}
        </button>
        {onMobile && (
          <button type="button" className="button" onClick={onMobile}>
            {t.useMobileShort}
          </button>
        )}
      </div>
    </section>
  )
}
