import { sameAddress } from '../../domain/sameAddress.ts'
import type { Address } from 'viem'
import { useSession, useSignIn, useSignOut, useSignOutEverywhere } from './useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { showNotice } from '../components/NoticeRegion.tsx'

/** For when a cookie may have been copied (a shared or lost computer): ends the address's sessions in every browser. */
export function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere()
  return (
    <p className="account-footer">
      Signed in on a computer you no longer use?{' '}
      <button
        type="button"
        className="button link"
        onClick={() => signOutEverywhere.mutate()}
        disabled={signOutEverywhere.isPending}
      >
        Sign out everywhere
      </button>
      <ErrorNotice error={signOutEverywhere.error} />
    </p>
  )
}

/** Sign in with the connected wallet, or show that it is signed in and offer to sign out. */
export function SessionControl({
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
  const signOut = useSignOut()
  if (session.isPending) return null
  if (sameAddress(session.data?.address, address))
    return (
      <>
        <span className="badge installed" data-testid="signed-in">
          Signed in
        </span>
        <button
          type="button"
          className="button"
          onClick={() => signOut.mutate(undefined, { onError: showNotice })}
          disabled={signOut.isPending}
        >
          Sign out
        </button>
      </>
    )
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={() => signIn.mutate({ address, chainId }, { onError: showNotice })}
        disabled={signIn.isPending || !chainSupported}
        title={chainSupported ? undefined : 'Switch network to sign in'}
      >
        {signIn.isPending ? 'Check your wallet…' : 'Sign in'}
      </button>
    </>
  )
}
