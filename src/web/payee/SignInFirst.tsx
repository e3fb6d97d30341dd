import { sameAddress } from '../../domain/sameAddress.ts'
import { useSession } from '../auth/useSession.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { useSignIn } from '../auth/useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { useRef } from 'react'
import { ConnectButton } from '../components/ConnectButton.tsx'

/**
 * Whether a payee is signed in. The session alone decides, so the dashboard need not wait for the
 * wallet to reconnect; a wallet connected to another account signs the session out (see App).
 */
export function useSignedInPayee() {
  const connection = useConnection()
  const session = useSession()
  const address = session.data?.address
  const signedIn = Boolean(address) && (connection.status !== 'connected' || sameAddress(address, connection.address))
  return { connection, signedIn }
}

/**
 * Right after connecting, the next step is offered where the person is looking, its button focused
 * (as RainbowKit's authentication step does): one click, and the wallet asks for the signature.
 */
function SignInStep() {
  const connection = useConnection()
  const { chains } = useWalletCore()
  const signIn = useSignIn()
  const button = useRef<HTMLButtonElement>(null)
  useRescueFocus(button)
  if (connection.status !== 'connected') return null
  const supported = chains.some((c) => c.id === connection.chainId)
  return (
    <div className="card sign-in-step" data-testid="sign-in-step">
      <h2>Sign in to see your requests</h2>
      <p>
        Your wallet will ask you to sign a message that proves this account is yours. It is free: no transaction,
        nothing is sent.
        {!supported && ' First switch your wallet to a network this Billfold accepts.'}
      </p>
      <button
        ref={button}
        type="button"
        className="button primary"
        disabled={signIn.isPending || !supported}
        onClick={() => signIn.mutate({ address: connection.address, chainId: connection.chainId })}
      >
        {signIn.isPending ? 'Check your wallet…' : 'Sign message'}
      </button>
      <ErrorNotice error={signIn.error} />
    </div>
  )
}

/**
 * The start page for someone not signed in: what Billfold is, what it takes, how to try it. A
 * payee's page shows it in its place until its payee is signed in (see RouteScreen).
 */
export function SignInFirst({ connected }: { connected: boolean }) {
  const { chains } = useWalletCore()
  const testnet = chains.find((c) => c.testnet)
  return (
    <div className="landing">
      <h1>Request crypto payments, paid straight from a wallet</h1>
      <p className="lead">
        Create a signed payment request, share a link or a QR code, and watch it turn paid on chain. No custody, no
        fees, no middleman.
      </p>
      {connected ? (
        <SignInStep />
      ) : (
        <div className="next-step cluster">
          <ConnectButton cta="Connect a wallet to start" />
          <p className="hint">Then sign in: a signature in your wallet, with no transaction and no fee.</p>
        </div>
      )}
      <div className="landing-grid">
        <section aria-labelledby="how-title">
          <h2 id="how-title">How it works</h2>
          <ol>
            <li>Connect your wallet and sign in.</li>
            <li>
              Create a request: amount, token, due date. Your wallet signs it, so payers can check it really comes from
              you.
            </li>
            <li>
              Share the link or QR code. The page turns paid by itself when the payment is on chain; the money goes
              straight to your address.
            </li>
          </ol>
        </section>
        <section aria-labelledby="need-title">
          <h2 id="need-title">What you need</h2>
          <p>
            A browser wallet such as MetaMask, Rabby or Coinbase Wallet, or a mobile wallet through the QR code in the
            connect dialog. Payers need no account here: they pay from their own wallet, or from any wallet or exchange
            by sending the exact amount shown.
          </p>
        </section>
        {testnet && (
          <section aria-labelledby="try-title">
            <h2 id="try-title">Try it with test money</h2>
            <p>
              Requests here can use {testnet.name}, a test network whose coins have no value: connect a wallet with test
              funds on it and try every step, paying included, for free.
            </p>
          </section>
        )}
      </div>
    </div>
  )
}
