import { useEffect, useState } from 'react'
import { sameAddress } from './auth/SessionControl.tsx'
import { useSession, useSignOut } from './auth/useSession.ts'
import { AccountControl, shortAddress } from './components/AccountControl.tsx'
import { ConnectDialog } from './components/ConnectDialog.tsx'
import { useConnection } from './wallet/WalletProvider.tsx'

export function App() {
  const connection = useConnection()
  const session = useSession()
  const { mutate: signOut } = useSignOut()
  const [switchedNotice, setSwitchedNotice] = useState(false)
  const signedInAs = session.data?.address
  const connectedAs = connection.status === 'connected' ? connection.address : undefined

  // A session belongs to one account: switching accounts in the wallet signs the old one out.
  useEffect(() => {
    if (signedInAs && connectedAs && !sameAddress(signedInAs, connectedAs)) {
      signOut(undefined, { onSuccess: () => setSwitchedNotice(true) })
    }
  }, [signedInAs, connectedAs, signOut])

  return (
    <>
      <header className="site-header">
        <a className="brand" href="/">
          Billfold
        </a>
        {connection.status === 'connected' ? (
          <AccountControl address={connection.address} chainId={connection.chainId} />
        ) : (
          <div className="account">
            {signedInAs && (
              <span className="badge installed" data-testid="signed-in">
                Signed in as {shortAddress(signedInAs as `0x${string}`)}
              </span>
            )}
            <ConnectDialog />
          </div>
        )}
      </header>
      {switchedNotice && (
        <p role="status" className="notice warning banner">
          You switched accounts in your wallet, so Billfold signed you out. Sign in again with this account.
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setSwitchedNotice(false)}>
            ×
          </button>
        </p>
      )}
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
