import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { sameAddress } from '../auth/SessionControl.tsx'
import { useSession } from '../auth/useSession.ts'
import { query } from '../graphql/apiClient.ts'
import { useConnection } from '../wallet/WalletProvider.tsx'
import { CreateRequestForm } from './CreateRequestForm.tsx'
import { formatDateTime, StatusBadge } from './RequestSummary.tsx'
import { MyPaymentRequestsQuery } from './requestOperations.ts'

export function HomePage() {
  const connection = useConnection()
  const session = useSession()
  const signedIn = connection.status === 'connected' && sameAddress(session.data?.address, connection.address)
  if (!signedIn)
    return (
      <>
        <h1>Request crypto payments, paid straight from a wallet</h1>
        <p className="lead">
          Create a signed payment request, share a link or a QR code, and watch it turn paid on chain. No custody, no fees, no
          middleman.
        </p>
        <p>{connection.status === 'connected' ? 'Sign in with your wallet to create a request.' : 'Connect a wallet and sign in to begin.'}</p>
      </>
    )
  return (
    <>
      <CreateRequestForm payee={connection.address} walletChainId={connection.chainId} />
      <MyRequests />
    </>
  )
}

function MyRequests() {
  const mine = useQuery({ queryKey: ['myRequests'], queryFn: async () => (await query(MyPaymentRequestsQuery)).myPaymentRequests })
  if (!mine.data?.length) return null
  return (
    <section aria-labelledby="mine-title">
      <h2 id="mine-title">Your requests</h2>
      <ul className="request-list">
        {mine.data.map((r) => (
          <li key={r.id}>
            <Link href={`/requests/${r.id}`}>
              {r.amountDecimal} {r.symbol}
            </Link>{' '}
            <StatusBadge status={r.status} paidLate={r.paidLate} /> <span className="muted">due {formatDateTime(r.dueAt)}</span>{' '}
            <span className="memo">{r.memo}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
