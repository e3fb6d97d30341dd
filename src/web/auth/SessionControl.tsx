import type { Address } from 'viem'
import { useSession, useSignIn, useSignOut, useSignOutEverywhere } from './useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'

export const sameAddress = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()

/** Sign in with the connected wallet, or show that it is signed in and offer to sign out. */
export function SessionControl({ address, chainId, chainSupported }: { address: Address; chainId: number; chainSupported: boolean }) {
  const session = useSession()
  const signIn = useSignIn()
  const signOut = useSignOut()
  const signOutEverywhere = useSignOutEverywhere()
  if (session.isPending) return null
  if (sameAddress(session.data?.address, address))
    return (
      <>
        <span className="badge installed" data-testid="signed-in">
          Signed in
        </span>
        <button type="button" className="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
        <button
          type="button"
          className="button link"
          onClick={() => signOutEverywhere.mutate()}
          disabled={signOutEverywhere.isPending}
          title="Ends this address's sessions in every browser, e.g. after using a shared computer"
        >
          Sign out everywhere
        </button>
        <ErrorNotice error={signOut.error ?? signOutEverywhere.error} />
      </>
    )
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={() => signIn.mutate({ address, chainId })}
        disabled={signIn.isPending || !chainSupported}
        title={chainSupported ? undefined : 'Switch network to sign in'}
      >
        {signIn.isPending ? 'Check your wallet…' : 'Sign in'}
      </button>
      <ErrorNotice error={signIn.error} />
    </>
  )
}
