import { Link } from 'wouter'
import { sameAddress } from '../auth/SessionControl.tsx'
import { useSession } from '../auth/useSession.ts'
import { useConnection } from '../wallet/WalletProvider.tsx'
import { lazy } from 'react'
import { deferredModule } from '../components/deferredModule.ts'

// Fetched just after the first paint, while the session is being checked.
const useDashboardModule = deferredModule(() => import('./Dashboard.tsx'))
const useUnmatchedModule = deferredModule(() => import('./UnmatchedPage.tsx'))
// The form (and the request rules and EIP-712 code it needs) is fetched when it is first shown.
const CreateRequestForm = lazy(() => import('./CreateRequestForm.tsx').then((m) => ({ default: m.CreateRequestForm })))

/**
 * Whether a payee is signed in. The session alone decides, so the dashboard need not wait for the
 * wallet to reconnect; a wallet connected to another account signs the session out (see App).
 */
function useSignedInPayee() {
  const connection = useConnection()
  const session = useSession()
  const address = session.data?.address
  const signedIn = Boolean(address) && (connection.status !== 'connected' || sameAddress(address, connection.address))
  return { connection, signedIn }
}

function SignInFirst({ connected }: { connected: boolean }) {
  return (
    <>
      <h1>Request crypto payments, paid straight from a wallet</h1>
      <p className="lead">
        Create a signed payment request, share a link or a QR code, and watch it turn paid on chain. No custody, no fees, no middleman.
      </p>
      <p>{connected ? 'Sign in with your wallet to see your requests and create new ones.' : 'Connect a wallet and sign in to begin.'}</p>
    </>
  )
}

export function HomePage() {
  const { connection, signedIn } = useSignedInPayee()
  const dashboard = useDashboardModule()
  if (!signedIn) return <SignInFirst connected={connection.status === 'connected'} />
  return dashboard ? <dashboard.Dashboard /> : <p role="status">Loading your requests…</p>
}

export function NewRequestPage() {
  const { connection, signedIn } = useSignedInPayee()
  if (!signedIn || connection.status !== 'connected') return <SignInFirst connected={connection.status === 'connected'} />
  return (
    <>
      <p>
        <Link href="/">← Your requests</Link>
      </p>
      <CreateRequestForm payee={connection.address} walletChainId={connection.chainId} />
    </>
  )
}

export function UnmatchedRoute() {
  const { connection, signedIn } = useSignedInPayee()
  const unmatched = useUnmatchedModule()
  if (!signedIn) return <SignInFirst connected={connection.status === 'connected'} />
  return unmatched ? <unmatched.UnmatchedPage /> : <p role="status">Loading…</p>
}
