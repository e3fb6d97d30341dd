import { AccountControl } from './components/AccountControl.tsx'
import { ConnectDialog } from './components/ConnectDialog.tsx'
import { useConnection } from './wallet/WalletProvider.tsx'

export function App() {
  const connection = useConnection()
  return (
    <>
      <header className="site-header">
        <a className="brand" href="/">
          Billfold
        </a>
        {connection.status === 'connected' ? (
          <AccountControl address={connection.address} chainId={connection.chainId} />
        ) : (
          <ConnectDialog />
        )}
      </header>
      <main className="page">
        <h1>Request crypto payments, paid straight from a wallet</h1>
        <p className="lead">
          Create a signed payment request, share a link or a QR code, and watch it turn paid on chain. No custody, no
          fees, no middleman.
        </p>
        {connection.status === 'connected' ? (
          <p>You are connected. Payment requests come next.</p>
        ) : (
          <p>Connect a wallet to begin.</p>
        )}
      </main>
    </>
  )
}
