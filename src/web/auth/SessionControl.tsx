import { sameAddress } from '../../domain/sameAddress.ts'
import type { Address } from 'viem'
import { useSession, useSignIn, useSignOut, useSignOutEverywhere } from './useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { showNotice } from '../components/NoticeRegion.tsx'

/** For when a cookie may have been copied (a shared or lost computer): ends the address's sessions in every browser. */
export function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere()
  return (
    <div className="stack">
      <p className="hint">
        Signed in on a computer you no longer use? This ends every Billfold session of your address, in every browser,
        this one included. Your wallet stays connected.
      </p>
      <div>
        <button
          type="button"
          className="button"
          onClick={() => signOutEverywhere.mutate()}
          disabled={signOutEverywhere.isPending}
        >
          Sign out everywhere
        </button>
      </div>
      <ErrorNotice error={signOutEverywhere.error} />
    </div>
  )
}

/** Sign in with the connected wallet; once signed in, a quiet mark that says so. */
export function SignInButton({
  address,
  chainId,
  chainSupported,
}: {
  address: Address
  chainId: number
  chainSupported: boolean
}) {
  const session = useSession()
  const signIn = useSignIn()
  if (session.isPending) return null
  if (sameAddress(session.data?.address, address))
    return (
      <span className="badge installed" data-testid="signed-in">
        Signed in
      </span>
    )
  return (
    <button
      type="button"
      className="button primary"
      onClick={() => signIn.mutate({ address, chainId }, { onError: showNotice })}
      disabled={signIn.isPending || !chainSupported}
      title={chainSupported ? undefined : 'Switch network to sign in'}
    >
      {signIn.isPending ? 'Check your wallet…' : 'Sign in'}
    </button>
  )
}

/** In the account menu, when signed in: sign out, saying that the wallet stays connected. */
export function SessionMenuItem({ address }: { address: Address }) {
  const session = useSession()
  const signOut = useSignOut()
  if (!sameAddress(session.data?.address, address)) return null
  return (
    <div className="account-menu-item">
      <button
        type="button"
        className="button"
        onClick={() => signOut.mutate(undefined, { onError: showNotice })}
        disabled={signOut.isPending}
      >
        Sign out
      </button>
      <p className="hint">Ends your Billfold session in this browser. Your wallet stays connected.</p>
    </div>
  )
}
