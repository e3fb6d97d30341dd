import { installLink, walletRegistry } from '../../wallet/registry/walletRegistry.ts'

const suggested = ['metamask', 'coinbase', 'rabby'].map((id) => walletRegistry.find((w) => w.id === id)!)

/** Shown when the wait ran out with no wallet: how to get one, try again, or use a phone. */
export function NoWalletPanel({ onRetry, onMobile }: { onRetry: () => void; onMobile: () => void }) {
  return (
    <section className="notice no-wallet" aria-labelledby="no-wallet-title">
      <h3 id="no-wallet-title">No browser wallet found</h3>
      <p>Install a wallet extension, then try again, or connect with a wallet on your phone.</p>
      <ul className="install-links">
        {suggested.map((w) => (
          <li key={w.id}>
            <a href={installLink(w)} target="_blank" rel="noopener noreferrer">
              Install {w.name}
            </a>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="button primary" onClick={onRetry}>
          Try again
        </button>
        <button type="button" className="button" onClick={onMobile}>
          Use a mobile wallet
        </button>
      </div>
    </section>
  )
}
