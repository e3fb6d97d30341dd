import { useStore } from '@nanostores/react'
import { sameAddress } from '../../domain/sameAddress.ts'
import { useSession } from '../auth/useSession.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { useSignIn } from '../auth/useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { useRescueFocus } from '../components/useRescueFocus.ts'
import { useRef } from 'react'
import { ConnectButton } from '../components/ConnectButton.tsx'
import { fillText } from '../i18n/fill.tsx'
import { signInText, startText } from './startMessages.ts'

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
  const t = useStore(signInText)
  useRescueFocus(button)
  if (connection.status !== 'connected') return null
  const supported = chains.some((c) => c.id === connection.chainId)
  return (
    <div className="card sign-in-step" data-testid="sign-in-step">
      <h2>{t.title}</h2>
      <p>
        {t.explain}
        {!supported && t.switchNetwork}
      </p>
      <button
        ref={button}
        type="button"
        className="button primary"
        disabled={signIn.isPending || !supported}
        onClick={() => signIn.mutate({ address: connection.address, chainId: connection.chainId })}
      >
        {signIn.isPending ? t.checkWallet : t.sign}
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
  const t = useStore(startText)
  return (
    <div className="landing">
      <h1>{t.heading}</h1>
      <p className="lead">{t.lead}</p>
      {connected ? (
        <SignInStep />
      ) : (
        <div className="next-step cluster">
          <ConnectButton cta={t.connect} />
          <p className="hint">{t.thenSignIn}</p>
        </div>
      )}
      <div className="landing-grid">
        <section aria-labelledby="how-title">
          <h2 id="how-title">{t.howTitle}</h2>
          <ol>
            <li>{t.howConnect}</li>
            <li>{t.howCreate}</li>
            <li>{t.howShare}</li>
          </ol>
        </section>
        <section aria-labelledby="need-title">
          <h2 id="need-title">{t.needTitle}</h2>
          <p>{t.needText}</p>
        </section>
        {testnet && (
          <section aria-labelledby="try-title">
            <h2 id="try-title">{t.tryTitle}</h2>
            <p>{fillText(t.tryText, { network: testnet.name })}</p>
          </section>
        )}
      </div>
    </div>
  )
}
