import { useStore } from '@nanostores/react'
import { sameAddress } from '../../domain/sameAddress.ts'
import type { Address } from 'viem'
import { useSession, useSignIn, useSignOut, useSignOutEverywhere } from './useSession.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { showNotice } from '../components/NoticeRegion.tsx'
import { accountText } from '../i18n/messages.ts'

/** For when a cookie may have been copied (a shared or lost computer): ends the address's sessions in every browser. */
export function SignOutEverywhere() {
  const t = useStore(accountText)
  const signOutEverywhere = useSignOutEverywhere()
  return (
    <div className="stack">
      <p className="hint">{t.signOutEverywhereHint}</p>
      <div>
        <button
          type="button"
          className="button"
          onClick={() => signOutEverywhere.mutate()}
          disabled={signOutEverywhere.isPending}
        >
          {t.signOutEverywhere}
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
  const t = useStore(accountText)
  const session = useSession()
  const signIn = useSignIn()
  if (session.isPending) return null
  if (sameAddress(session.data?.address, address))
    return (
      <span className="badge installed" data-testid="signed-in">
        {t.signedIn}
      </span>
    )
  return (
    <button
      type="button"
      className="button primary"
      onClick={() => signIn.mutate({ address, chainId }, { onError: showNotice })}
      disabled={signIn.isPending || !chainSupported}
      title={chainSupported ? undefined : t.switchToSignIn}
    >
      {signIn.isPending ? t.signingIn : t.signIn}
    </button>
  )
}

/** In the account menu, when signed in: sign out, saying that the wallet stays connected. */
export function SessionMenuItem({ address }: { address: Address }) {
  const t = useStore(accountText)
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
        {t.signOut}
      </button>
      <p className="hint">{t.signOutHint}</p>
    </div>
  )
}
